/**
 * Markdown bodies rendered on the workers while the build validates (cli/build/markdown-stage.ts,
 * issue 21): the Markdown stage takes them from there and renders only the rest, with the same
 * HTML, the same counts and the same cache as without them; a build with a Markdown cache, or
 * without workers, sends nothing ahead.
 */
import { afterEach, beforeEach, expect, test } from 'vitest';
import { Worker } from 'node:worker_threads';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { markdownAhead, renderSiteMarkdown } from '../../cli/build/markdown-stage.ts';
import { renderMarkdown } from '../../cli/content/markdown.ts';
import { markdownKeyOf } from '../../cli/content/markdown-key.ts';
import { WorkerPool } from '../../cli/build/worker-pool.ts';
import { readShared, sharedTexts } from '../../cli/build/shared-bodies.ts';
import type { ValidContent } from '../../cli/content/validate.ts';
import { collections } from '../../cli/content/kinds.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'markdown-ahead-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const body = (n: number) => `## Kop ${n}\n\nTekst met *nadruk* en een [link](/nieuws/${n}).\n`;
/** Content of `n` news items (Dutch and English bodies); only what the Markdown stage reads of it. */
const content = (n: number) =>
  ({
    ...Object.fromEntries(collections.map((collection) => [collection, []])),
    news: Array.from({ length: n }, (_, at) => ({
      nl: { body: body(at), data: {} },
      en: { body: `${body(at)}\nEnglish.\n`, data: {} },
    })),
  }) as unknown as ValidContent;

test('the stage takes the bodies rendered ahead and renders the rest: the same HTML, counts and cache', async () => {
  const plain = await renderSiteMarkdown(content(30), join(dir, 'plain'), undefined);
  await plain.finish();
  const texts = [body(3), body(4), 'not in the content any more'];
  // Rendered into shared memory, as the workers do (marked here to tell them apart).
  const ahead = { items: texts, finish: async () => sharedTexts(texts.map((text) => `ahead:${renderMarkdown(text)}`)) };
  const early = await renderSiteMarkdown(content(30), join(dir, 'early'), undefined, ahead);
  expect([early.rendered, early.cached]).toEqual([plain.rendered, plain.cached]);
  // Until the stage is finished, a body sent ahead is rendered here if asked for; a text given it
  // (as the model makes its texts) reads it from shared memory once it is there.
  expect(early.html(body(3))).toBe(plain.html(body(3)));
  const text: { html?: string } = {};
  expect(early.html.shared?.(text, body(3))).toBe(true);
  expect(early.html.shared?.({}, body(5))).toBe(false);
  expect(text.html).toBe(plain.html(body(3)));
  await early.finish();
  // The bodies sent ahead come from there, every other from the renderer.
  expect([early.html(body(3)), text.html]).toEqual([`ahead:${plain.html(body(3))}`, `ahead:${plain.html(body(3))}`]);
  expect(early.html(body(5))).toBe(plain.html(body(5)));
  // Each cache keeps what its stage gave: a build after it renders nothing and gives the same HTML.
  for (const [folder, first] of [
    ['early', early],
    ['plain', plain],
  ] as const) {
    const again = await renderSiteMarkdown(content(30), join(dir, folder), undefined);
    await again.finish();
    expect([again.rendered, again.cached]).toEqual([0, plain.rendered]);
    for (const text of [body(3), body(5), `${body(7)}\nEnglish.\n`]) expect(again.html(text)).toBe(first.html(text));
  }
});

test("a text's Markdown key given by the stored parses is the one the stage looks its HTML up by", async () => {
  const first = await renderSiteMarkdown(content(3), join(dir, 'known'), undefined);
  await first.finish();
  expect(first.rendered).toBe(6);
  // Keys as the stored parses give them: body 0's under body 1's key, so its HTML is body 1's.
  const known = new Map([[body(0), markdownKeyOf(body(1))]]);
  const again = await renderSiteMarkdown(content(3), join(dir, 'known'), undefined, undefined, known);
  expect([again.rendered, again.cached]).toEqual([0, 6]);
  expect(again.html(body(0))).toBe(first.html(body(1)));
  expect(again.html(body(2))).toBe(first.html(body(2)));
});

const files = {
  files: [
    { path: 'content/data/clubs.yaml', text: 'clubs: []\n' },
    ...Array.from({ length: 200 }, (_, at) => ({
      path: `content/nl/news/${at}.md`,
      text: `---\nid: ${at}\n---\n${body(at)}`,
    })),
  ],
  images: new Map<string, string>(),
};

test('a cold build with workers sends the bodies of the Markdown files ahead, and takes back what they did not start', async () => {
  // A worker that answers as worker.ts's Markdown task would (each HTML in a shared buffer), marked,
  // and only for the batches this thread has not taken back; slow, so that this thread takes some.
  const pool = new WorkerPool(
    1,
    () =>
      new Worker(
        `require('node:worker_threads').parentPort.on('message', function ({ id, payload }) {
          if (Atomics.compareExchange(payload.claims, payload.at, 0, 1) !== 0) return this.postMessage({ id, ok: true, value: null });
          const until = Date.now() + 20;
          while (Date.now() < until);
          const html = payload.items.map((text) => 'html of ' + text);
          const buffer = new SharedArrayBuffer(html.reduce((size, text) => size + text.length, 0));
          let end = 0;
          const value = html.map((text) => {
            const start = end;
            end += Buffer.from(buffer).write(text, start, 'latin1');
            return { buffer, start, end, wide: false };
          });
          this.postMessage({ id, ok: true, value });
        });`,
        { eval: true },
      ),
  );
  try {
    const ahead = markdownAhead(files, dir, pool);
    const bodies = Array.from({ length: 200 }, (_, at) => body(at));
    expect(ahead?.items).toEqual(bodies);
    const html = (await ahead!.finish((batch) => sharedTexts(batch.map((text) => `here: ${text}`)))).map(readShared);
    expect(html.map((made, at) => made === `html of ${bodies[at]}` || made === `here: ${bodies[at]}`)).toEqual(
      bodies.map(() => true),
    );
    // This thread took the last batch at least: the worker had not started it.
    expect(html.at(-1)).toBe(`here: ${bodies.at(-1)}`);
  } finally {
    await pool.close();
  }
});

test('a build with a Markdown cache, or without workers, sends nothing ahead', async () => {
  expect(markdownAhead(files, dir, undefined)).toBeUndefined();
  const pool = new WorkerPool(1, () => {
    throw new Error('no worker may start');
  });
  await mkdir(join(dir, 'markdown'));
  expect(markdownAhead(files, dir, pool)).toBeUndefined();
});
