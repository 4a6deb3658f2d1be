import { beforeAll, describe, expect, test } from 'vitest';
import { validateSite } from '../../cli/build/content-stages.ts';
import { ParseMemo } from '../../cli/content/parse-memo.ts';
import { StageTimer } from '../../cli/build/timings.ts';
import type { ContentFiles, SourceFile } from '../../cli/content/read.ts';
import { runSteps, runStepsYielding, stepEvery, type Steps } from '../../cli/content/steps.ts';
import { validateContent, validationSteps } from '../../cli/content/validate.ts';
import { change, NEWS, realContent, replace, write, type Change } from './fixtures/content.ts';
import { realConfig } from './fixtures/model.ts';

/** Keeps this thread busy for `ms`. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

/** Steps that each take `ms` of this thread, and the number of them: their result. */
function* busySteps(count: number, ms: number): Steps<number> {
  for (let step = 0; step < count; step++) {
    busy(ms);
    yield;
  }
  return count;
}

/**
 * How many times a turn of the event loop came while `run` ran (a setImmediate chain started
 * before it), and how long after the start the first one came.
 */
async function turnsDuring<T>(run: () => Promise<T>): Promise<{ value: T; turns: number; firstAfter?: number }> {
  let turns = 0;
  let firstAfter: number | undefined;
  let running = true;
  const start = performance.now();
  const turn = () => {
    if (!running) return;
    turns++;
    firstAfter ??= performance.now() - start;
    setImmediate(turn);
  };
  setImmediate(turn);
  const value = await run();
  running = false;
  return { value, turns, ...(firstAfter === undefined ? {} : { firstAfter }) };
}

describe('steps run at once or with turns of the event loop', () => {
  test.each([
    // steps, ms each, first turn after, then every (ms), turns at least, turns at most
    { steps: 20, ms: 2, first: 0, slice: 5, least: 4, most: 21 },
    { steps: 10, ms: 0, first: 0, slice: 0, least: 10, most: 11 },
    { steps: 20, ms: 2, first: 20, slice: 0, least: 1, most: 21 },
    { steps: 5, ms: 0, first: 1_000, slice: 0, least: 0, most: 0 },
    { steps: 0, ms: 0, first: 0, slice: 0, least: 0, most: 0 },
  ])(
    '$steps steps of $ms ms, a turn after $first ms, then every $slice ms: $least to $most turns',
    async ({ steps, ms, first, slice, least, most }) => {
      expect(runSteps(busySteps(steps, ms))).toBe(steps);
      const { value, turns, firstAfter } = await turnsDuring(() =>
        runStepsYielding(busySteps(steps, ms), slice, first),
      );
      expect(value).toBe(steps);
      expect(turns).toBeGreaterThanOrEqual(least);
      // At most one turn a step (and the one already queued), none before `first` ms.
      expect(turns).toBeLessThanOrEqual(most);
      if (turns) expect(firstAfter).toBeGreaterThanOrEqual(first);
    },
  );
});

/** `count` more news articles in both languages, from id 1000 on: a site large enough to validate for a while. */
const moreNews =
  (count: number): Change =>
  (files) => {
    for (let id = 1000; id < 1000 + count; id++) {
      const front = (title: string) =>
        `---\nid: ${id}\ntitle: ${title} ${id}\ndate: "2025-03-04"\nimage: court-clay-3\nsummary: Kort.\n---\n`;
      files.set(`content/nl/news/${id}-bericht.md`, `${front('Bericht')}Tekst met *nadruk* en een [link](/nl/).\n`);
      files.set(`content/en/news/${id}-article.md`, `${front('Article')}Text with *emphasis*.\n`);
    }
  };

describe('validation in steps', () => {
  const config = realConfig();
  const options = { strict: false, drafts: false };
  let content: ContentFiles;
  beforeAll(async () => {
    content = await realContent();
  });

  // Valid content, and content with problems of several files and stages (their order is the result too).
  const cases: Array<[string, Change[]]> = [
    ['the real content', []],
    ['400 more articles', [moreNews(400)]],
    [
      'problems in several files',
      [
        moreNews(20),
        replace(NEWS, 'date: "2025-03-04"', 'date: "2025-13-04"'),
        write('content/en/news/1005-article.md', '---\nid: 1005\ntitle: [unclosed\n---\n'),
        write('content/en/news/4321-orphan.md', '---\nid: 4321\ntitle: Orphan\ndate: "2025-03-04"\n---\nText.\n'),
        write(
          'content/nl/news/1007-bericht.md',
          '---\nid: 1007\ntitle: Geen datum\nimage: court-clay-3\n---\nTekst.\n',
        ),
      ],
    ],
  ];

  test.each(cases)('%s: the same result driven at once and with a turn at every step', async (_, changes) => {
    const files = change(content, ...changes);
    const atOnce = validateContent(config, files, options);
    const { value, turns } = await turnsDuring(() => runStepsYielding(validationSteps(config, files, options), 0, 0));
    expect(value).toEqual(atOnce);
    // A step every 32 files: the event loop was not held from start to end.
    expect(turns).toBeGreaterThanOrEqual(Math.floor(files.files.length / 32));
  });

  test("the build's validation gives the event loop turns once it runs long, with the same result", async () => {
    // Each file's front matter read slowly (0.1 ms more): 2,000 more files take 200 ms at least.
    const slow = new (class extends ParseMemo {
      override frontMatter(file: SourceFile) {
        busy(0.1);
        return super.frontMatter(file);
      }
    })();
    const files = change(content, moreNews(1_000));
    const atOnce = validateContent(config, files, options);
    const { value, turns } = await turnsDuring(() =>
      validateSite(new StageTimer(), config, files, { ...options, memo: slow }),
    );
    expect(value).toEqual(atOnce);
    expect(turns).toBeGreaterThan(0);
  });

  test('a step every 32 calls', () => {
    const stepEnds = stepEvery();
    expect(Array.from({ length: 100 }, stepEnds).flatMap((ends, index) => (ends ? [index + 1] : []))).toEqual([
      32, 64, 96,
    ]);
  });
});
