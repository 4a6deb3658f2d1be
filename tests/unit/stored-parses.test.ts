import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { ContentFiles } from '../../cli/content/read.ts';
import { dataFiles, kindOf } from '../../cli/content/kinds.ts';
import type { MarkdownSource } from '../../cli/content/front-matter.ts';
import { StoredParses } from '../../cli/content/stored-parses.ts';
import { markdownKeyOf } from '../../cli/content/markdown-key.ts';
import { validateContent } from '../../cli/content/validate.ts';
import { CLUBS, NEWS, change, formatted, lineOf, realContent, replace, text } from './fixtures/content.ts';
import { realConfig } from './fixtures/model.ts';

/**
 * The build keeps each file's own checks between runs (.site/cache/parses/, in shards): after an edit
 * only the edited files are parsed again. Whatever is kept, the result must be the one a run
 * without it gives, and an edit must never be hidden by what was kept of the file before.
 */
const config = realConfig();
const options = { strict: false, drafts: false, publishedBy: '2026-11-26' };
let content: ContentFiles;
let dir: string;
let count = 0;

beforeAll(async () => {
  content = await realContent();
  dir = await mkdtemp(join(tmpdir(), 'site-parses-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

interface Entries {
  files: object;
  yaml: Record<string, unknown>;
}
/** Every shard's text, by file name. */
async function shards(store: string): Promise<Map<string, string>> {
  const names = (await readdir(store)).filter((name) => name.endsWith('.json'));
  return new Map(
    await Promise.all(names.map(async (name) => [name, await readFile(join(store, name), 'utf8')] as const)),
  );
}
/** The store's entries, its shards together. */
async function entries(store: string): Promise<Entries> {
  const all: Entries = { files: {}, yaml: {} };
  for (const text of (await shards(store)).values()) {
    const shard = JSON.parse(text) as Entries;
    Object.assign(all.files, shard.files);
    Object.assign(all.yaml, shard.yaml);
  }
  return all;
}

/** Validates with a store in a fresh folder: once to fill it, then again from what it kept. */
async function twice(first: ContentFiles, second: ContentFiles, tool = 'tool-1') {
  const file = join(dir, `parses-${count++}`);
  const filling = await StoredParses.load(file, 'tool-1');
  validateContent(config, first, { ...options, memo: filling });
  await filling.save();
  const kept = await StoredParses.load(file, tool);
  const result = validateContent(config, second, { ...options, memo: kept });
  await kept.save();
  return { result, file };
}

describe('stored parses', () => {
  test('content read back from the store validates to what a run without it gives', async () => {
    const { result, file } = await twice(content, content);
    expect(result).toEqual(validateContent(config, content, options));
    expect(result.content).toBeDefined();
    // Every Markdown file was kept (all read without a problem), and the second run wrote nothing new.
    const stored = await entries(file);
    expect(Object.keys(stored.files).length).toBe(
      content.files.filter((f) => /^content\/(nl|en)\/.*\.md$/.test(f.path)).length,
    );
  });

  test('an edit is never hidden: the edited file is parsed again, its title and its mistake at their line', async () => {
    const retitled = change(content, replace(NEWS, /^title: .*$/m, 'title: Een nieuwe titel'));
    const { result } = await twice(content, retitled);
    expect(result.content!.news.find((item) => item.nl.file === NEWS)!.nl.data.title).toBe('Een nieuwe titel');

    const broken = change(content, replace(NEWS, /^date: .*$/m, 'date: "31 maart"'));
    const again = await twice(content, broken);
    expect(again.result.content).toBeUndefined();
    const messages = formatted(again.result.problems).join('\n');
    expect(messages).toContain(`${NEWS}:${lineOf(text(broken, NEWS), 'date: "31 maart"')}`);
    expect(again.result).toEqual(validateContent(config, broken, options));
  });

  test('a data file is read back as it was read, still says where a field stands, and an edit is read afresh', async () => {
    const file = join(dir, `parses-${count++}`);
    const clubs = text(content, CLUBS);
    const filling = await StoredParses.load(file, 'tool-1');
    const fresh = filling.yaml({ path: CLUBS, text: clubs });
    await filling.save();
    const stored = await entries(file);
    expect(Object.values(stored.yaml)).toEqual([fresh.data]);

    const kept = await StoredParses.load(file, 'tool-1');
    const read = kept.yaml({ path: CLUBS, text: clubs });
    expect(read.data).toEqual(fresh.data);
    expect(read.lineOf([0, 'city'])).toBe(lineOf(clubs, 'city: Veenendaal'));
    const edited = kept.yaml({ path: CLUBS, text: clubs.replace('city: Veenendaal', 'city: Ede') });
    expect((edited.data as { city: string }[])[0]?.city).toBe('Ede');
  });

  test("the data files' schemas are not run again for data as the store kept it, and an edited one is checked afresh", async () => {
    const schemas = [dataFiles.clubs.schema, dataFiles.lessons.schema, dataFiles.strings.schema];
    const checked = schemas.map((schema) => vi.spyOn(schema, 'safeParse'));
    const calls = () => checked.map((spy) => spy.mock.calls.length);
    try {
      const file = join(dir, `parses-${count++}`);
      const filling = await StoredParses.load(file, 'tool-1');
      const first = validateContent(config, content, { ...options, memo: filling });
      await filling.save();
      expect(calls()).toEqual([1, 1, 2]); // clubs, lessons, strings in two languages
      checked.forEach((spy) => spy.mockClear());
      const kept = await StoredParses.load(file, 'tool-1');
      expect(validateContent(config, content, { ...options, memo: kept })).toEqual(first);
      expect(calls()).toEqual([0, 0, 0]);
      // An edited club: its file's schema runs again, and the edit is in the content.
      const moved = change(content, replace(CLUBS, 'city: Veenendaal', 'city: Ede'));
      const result = validateContent(config, moved, { ...options, memo: kept });
      expect(calls()).toEqual([1, 0, 0]);
      expect(result.content!.clubs[0]!.city).toBe('Ede');
    } finally {
      checked.forEach((spy) => spy.mockRestore());
    }
  });

  test("each body's Markdown key comes with its file's parse, kept or new, so the Markdown stage hashes none again", async () => {
    const retitled = change(content, replace(NEWS, /^title: .*$/m, 'title: Weer een titel'));
    const bodies = (result: ReturnType<typeof validateContent>) =>
      Object.values(result.content!)
        .flatMap((items) =>
          Array.isArray(items)
            ? items.flatMap((item: { nl?: { body?: unknown }; en?: { body?: unknown } }) => [
                item.nl?.body,
                item.en?.body,
              ])
            : [],
        )
        .filter((body) => typeof body === 'string') as string[];
    const file = join(dir, `parses-${count++}`);
    const filling = await StoredParses.load(file, 'tool-1');
    const first = validateContent(config, content, { ...options, memo: filling });
    await filling.save();
    const kept = await StoredParses.load(file, 'tool-1');
    const second = validateContent(config, retitled, { ...options, memo: kept });
    for (const [parses, result] of [
      [filling, first],
      [kept, second],
    ] as const) {
      expect(bodies(result).length).toBeGreaterThan(40);
      for (const body of bodies(result)) expect(parses.markdownKeys.get(body)).toBe(markdownKeyOf(body));
    }
    // The edited file's entry is new, the others' read back: each with its key.
    const retitledBody = second.content!.news.find((item) => item.nl.file === NEWS)!.nl.body;
    expect(kept.markdownKeys.get(retitledBody)).toBe(markdownKeyOf(retitledBody));
  });

  test("a kept item's schema answer is found by its files: its data is not made (merged, written out as JSON) again", async () => {
    const file = join(dir, `parses-${count++}`);
    const news = { path: NEWS, text: text(content, NEWS) };
    const schema = kindOf('news').schema;
    const answer = async (run: number) => {
      const parses = await StoredParses.load(file, 'tool-1');
      const source = parses.frontMatter(news) as MarkdownSource;
      const made = vi.fn(() => source.meta.data);
      const result = parses.schemaOf('news', schema, [source], made);
      await parses.save();
      return { result, made: made.mock.calls.length, run };
    };
    const first = await answer(1);
    const second = await answer(2);
    expect(first.result.success).toBe(true);
    expect(second.result).toEqual(first.result);
    expect([first.made, second.made]).toEqual([1, 0]);
    // Each answer is the caller's own: a change to one is neither in the next answer nor kept.
    if (!second.result.success) throw new Error('no answer');
    (second.result.data as { title: string }).title = 'changed by the caller';
    const third = await answer(3);
    expect(third.result).toEqual(first.result);
    expect(third.made).toBe(0);
  });

  test('an edit of a Dutch field its translation does not set shows in the English item: its answer is kept by both files', async () => {
    const moved = change(content, replace(NEWS, /^date: .*$/m, 'date: "2025-03-05"'));
    const { result } = await twice(content, moved);
    const item = result.content!.news.find((news) => news.nl.file === NEWS)!;
    expect([item.nl.data.date, item.en.data.date]).toEqual(['2025-03-05', '2025-03-05']);
    expect(result).toEqual(validateContent(config, moved, options));
  });

  test("another tool's store, or a damaged one, is not read: everything is checked afresh", async () => {
    const broken = change(content, replace(NEWS, /^date: .*$/m, 'date: "31 maart"'));
    const { result } = await twice(content, broken, 'tool-2');
    expect(result).toEqual(validateContent(config, broken, options));
    const file = join(dir, 'damaged');
    await mkdir(file);
    await writeFile(join(file, '0.json'), '{"tool":"tool-1","files":');
    const damaged = await StoredParses.load(file, 'tool-1');
    expect(validateContent(config, content, { ...options, memo: damaged })).toEqual(
      validateContent(config, content, options),
    );
  });

  test('an edit writes again only the shards of the keys it changed; a torn shard costs only its entries', async () => {
    const retitled = change(content, replace(NEWS, /^title: .*$/m, 'title: Nog een titel'));
    const store = join(dir, `parses-${count++}`);
    const filling = await StoredParses.load(store, 'tool-1');
    validateContent(config, content, { ...options, memo: filling });
    await filling.save();
    const before = await shards(store);
    const kept = await StoredParses.load(store, 'tool-1');
    expect(validateContent(config, retitled, { ...options, memo: kept })).toEqual(
      validateContent(config, retitled, options),
    );
    await kept.save();
    const after = await shards(store);
    const rewritten = [...after].filter(([name, text]) => before.get(name) !== text);
    // The file's old and new keys, and its schema answers' (the Dutch item's, and the English one's,
    // kept by both files): at most six of the sixteen.
    expect(before.size).toBe(16);
    expect(rewritten.length).toBeGreaterThan(0);
    expect(rewritten.length).toBeLessThanOrEqual(6);
    const [torn] = rewritten[0]!;
    await writeFile(join(store, torn), after.get(torn)!.slice(0, 100));
    const mended = await StoredParses.load(store, 'tool-1');
    expect(validateContent(config, retitled, { ...options, memo: mended })).toEqual(
      validateContent(config, retitled, options),
    );
    await mended.save();
    // Its entries back (in the order this run met them), the other shards untouched.
    const parsed = (texts: Map<string, string>) => new Map([...texts].map(([name, text]) => [name, JSON.parse(text)]));
    expect(parsed(await shards(store))).toEqual(parsed(after));
  });
});
