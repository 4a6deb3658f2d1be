/**
 * The site's own search index (cli/build/search-index.ts, issue 21): what it reads of a page, the
 * files it makes (the same pages, the same bytes), the records remembered so that an edit reads
 * only its pages, and the browser's search over those files (islands/lib/site-index.ts), which
 * downloads the manifest, the query's shards and the records of the results, nothing more.
 */
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { link, mkdir, mkdtemp, readdir, readFile, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type SearchFile, searchFiles, searchLanguages } from '../../cli/build/search-files.ts';
import { patchedLanguage } from '../../cli/build/search-patch.ts';
import { PagesOnDisk } from '../../cli/build/search-pages.ts';
import { MemoLine, memoFolder, SHARDS, shardOf } from '../../cli/build/search-memo.ts';
import { memoLines } from '../helpers/search-memo.ts';
import { searchRoutes } from '../helpers/search-routes.ts';
import { buildSearchIndex } from '../../cli/build/search-index.ts';
import { FolderWriter } from '../../cli/build/folder-writer.ts';
import { isSiteError } from '../../cli/errors/site-error.ts';
import {
  forEachTerm,
  type IndexedPage,
  indexedPage,
  pageRecord,
  type TermCounts,
} from '../../cli/build/search-records.ts';
import { PAGES_PER_FILE } from '../../shared/search-words.ts';
import { recordBytes, renderedRecord } from '../../cli/build/search-rendered.ts';

/** A record's terms as an object: each term's [title, body] counts. */
function countsOf(terms: TermCounts): Record<string, [number, number]> {
  const counts: Record<string, [number, number]> = Object.create(null);
  forEachTerm(terms, (term, title, body) => {
    expect(Object.hasOwn(counts, term), `${term} once`).toBe(false);
    counts[term] = [title, body];
  });
  return counts;
}

const page = (title: string, main: string) =>
  `<!doctype html><html lang="nl"><head><title>${title}</title></head><body><header class="site-header">Menu tennis</header><main>${main}</main><footer>Footer tennis</footer></body></html>`;

describe('what the index reads of a page', () => {
  test.each([
    ['<h1>Padel &amp; Tennis</h1><p>Over de <em>baan</em>.</p>', 'Padel & Tennis', 'Over de baan.'],
    [
      '<nav class="crumbs">Home tennis</nav><h1>Kamp</h1><p>Tekst</p><div class="signup-call">Schrijf je in</div><footer class="article-foot">Delen</footer>',
      'Kamp',
      'Tekst.',
    ],
    [
      '<p>Vul in</p><form><label>Naam</label><input name="q"></form><site-island><p>Laden</p></site-island>',
      'Site &amp; titel',
      'Vul in.',
    ],
    [
      '<p>Ten<b>nis</b>baan</p><p>twee</p><ul><li>een</li><li>drie</li></ul>',
      'Site &amp; titel',
      'Tennisbaan. twee. een. drie.',
    ],
    [
      '<p>Code: &lt;script&gt;alert(1)&lt;/script&gt;</p><script>var x = "geheim";</script>',
      'Site &amp; titel',
      'Code: <script>alert(1)</script>',
    ],
    [
      '<h1>Jeugdkamp</h1><h2>Wanneer</h2><p>Zaterdag</p><h3>Waar?</h3><p>Utrecht!</p><dl><dt>Prijs</dt><dd><b>25</b> euro</dd><dt>Plaatsen:</dt><dd>12</dd></dl><p>Inclusief lunch.</p>',
      'Jeugdkamp',
      'Wanneer. Zaterdag. Waar? Utrecht! Prijs: 25 euro. Plaatsen: 12. Inclusief lunch.',
    ],
  ])('<main>%s</main>', (main, title, text) => {
    const record = pageRecord(page('Site &amp; titel', main));
    expect(record.title).toBe(title === 'Site &amp; titel' ? 'Site & titel' : title);
    expect(record.text).toBe(text);
  });

  test("words and tags named like Object.prototype's properties are words and tags like any other", () => {
    const record = pageRecord(
      page('x', '<h1>Constructor</h1><p>A constructor &constructor; <constructor>x</constructor> y</p>'),
    );
    expect(countsOf(record.terms).constructor).toEqual([1, 2]);
    expect(record.text).toBe('A constructor &constructor; x y.');
    expect(Object.hasOwn(Object, '0')).toBe(false);
  });

  test('each term with how often it is in the title and the body; nothing from the header or footer', () => {
    const record = pageRecord(page('x', '<h1>Tennis in Utrecht</h1><p>Tennis, tennis en café.</p>'));
    expect(countsOf(record.terms)).toEqual({ tennis: [1, 2], in: [1, 0], utrecht: [1, 0], en: [0, 1], cafe: [0, 1] });
    expect(countsOf(record.terms).menu).toBeUndefined();
    expect(countsOf(record.terms).footer).toBeUndefined();
  });
});

const pages = [
  { url: '/en/b', locale: 'en', indexed: indexedPage(pageRecord(page('', '<h1>Bee court</h1><p>tennis court</p>'))) },
  {
    url: '/nieuws/a',
    locale: 'nl',
    indexed: indexedPage(pageRecord(page('', '<h1>Tennisbaan open</h1><p>De baan is open.</p>'))),
  },
  {
    url: '/en/a',
    locale: 'en',
    indexed: indexedPage(pageRecord(page('', '<h1>Tennis</h1><p>Tennis <b>today</b> &lt;script&gt;</p>'))),
  },
  ...Array.from({ length: 9 }, (_, at) => ({
    url: `/nieuws/z${at}`,
    locale: 'nl',
    indexed: indexedPage(pageRecord(page('', `<h1>Bericht ${at}</h1><p>Tekst over padel nummer ${at}.</p>`))),
  })),
];
/** The index of pages given with what they are indexed as. */
const indexOf = (given: ReadonlyArray<{ url: string; locale: string; indexed: IndexedPage }>): SearchFile[] => {
  const byUrl = new Map(given.map((one) => [one.url, one.indexed]));
  return searchFiles(given, (url) => byUrl.get(url)!);
};

describe('the index files', () => {
  test('one folder per language: a manifest, shards by two first characters, records of four pages a file', () => {
    const files = new Map(indexOf(pages).map((file) => [file.path, JSON.parse(file.content) as unknown]));
    expect(files.get('en/index.json')).toEqual({ pages: 2, perFile: PAGES_PER_FILE, shards: expect.any(Array) });
    expect(files.get('nl/index.json')).toMatchObject({ pages: 10 });
    // Pages of a language in the order of their URLs: /en/a is page 0, /en/b page 1.
    expect(files.get('en/pages/0.json')).toEqual([
      ['/en/a', 'Tennis', 'Tennis today <script>'],
      ['/en/b', 'Bee court', 'tennis court.'],
    ]);
    expect(files.get('en/terms/te.json')).toEqual({ tennis: [0, 1, 1, 1, 0, 1] });
    expect(files.get('nl/terms/te.json')).toMatchObject({ tennisbaan: [0, 1, 0] });
    expect([...files.keys()].filter((path) => path.startsWith('nl/pages/')).sort()).toEqual([
      'nl/pages/0.json',
      'nl/pages/1.json',
      'nl/pages/2.json',
    ]);
    expect(
      [...files.keys()].some((path) => path.startsWith('en/') && /padel|bericht/.test(String(files.get(path)))),
    ).toBe(false);
  });

  test("a shard holds its terms only: a one-character term beside the terms it begins, each shard's terms in order", () => {
    const given = [
      { url: '/en/x', locale: 'en', indexed: indexedPage(pageRecord(page('', '<h1>B</h1><p>ac a abc ab b a</p>'))) },
    ];
    const files = new Map(indexOf(given).map((file) => [file.path, file.content]));
    expect(JSON.parse(files.get('en/index.json')!)).toMatchObject({ shards: ['a', 'ab', 'ac', 'b'] });
    expect(files.get('en/terms/a.json')).toBe('{"a":[0,0,2]}');
    expect(files.get('en/terms/ab.json')).toBe('{"ab":[0,0,1],"abc":[0,0,1]}');
    expect(files.get('en/terms/ac.json')).toBe('{"ac":[0,0,1]}');
    expect(files.get('en/terms/b.json')).toBe('{"b":[0,1,1]}');
  });

  test('the same pages in another order give the same bytes', () => {
    expect(indexOf([...pages].reverse())).toEqual(indexOf(pages));
  });
});

describe('records remembered by page file', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'site-search-records-'));
    await writeFile(join(dir, 'a.html'), page('A', '<p>een</p>'));
    await writeFile(join(dir, 'b.html'), page('B', '<p>twee</p>'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const all = ['/a', '/b'].map((url) => ({ url, locale: 'nl' }));
  const notLinked = { linked: false, samePages: false };

  test('a page whose file is the one recorded is not read again; an edited one is; another tool reads all', async () => {
    const memo = join(dir, 'memo');
    const first = PagesOnDisk.open(dir, memo, 'tool 1');
    expect(first.changedPages(all, undefined, notLinked)).toEqual(new Set(['/a', '/b']));
    const before = all.map((one) => [first.shown(one.url), first.terms(one.url)]);
    first.save();
    expect(first.token).toBeDefined();

    const second = PagesOnDisk.open(dir, memo, 'tool 1');
    expect(second.changedPages(all, undefined, notLinked)).toEqual(new Set());
    expect(all.map((one) => [second.shown(one.url), second.terms(one.url)])).toEqual(before);
    second.save(); // nothing changed: the memo stays, and its version
    expect(second.token).toBe(first.token);

    await writeFile(join(dir, 'b.html'), page('B', '<p>drie</p>'));
    const third = PagesOnDisk.open(dir, memo, 'tool 1');
    expect(third.changedPages(all, undefined, notLinked)).toEqual(new Set(['/b']));
    expect(third.reads).toBe(1);
    expect(JSON.parse(third.shown('/b'))).toEqual(['B', 'drie.']);
    expect(third.termsBefore('/b')).toEqual(['b', 1, 0, 'twee', 0, 1]);
    expect(third.terms('/b')).toEqual(['b', 1, 0, 'drie', 0, 1]);

    const otherTool = PagesOnDisk.open(dir, memo, 'tool 2');
    expect(otherTool.changedPages(all, undefined, notLinked)).toEqual(new Set(['/a', '/b']));
    expect(otherTool.token).toBeUndefined();
  });

  test("a line whose text's length is not where its terms start is not remembered: that page is read again", async () => {
    const memo = join(dir, 'damaged');
    const first = PagesOnDisk.open(dir, memo, 'tool 1');
    first.changedPages(all, undefined, notLinked);
    first.save();
    const shard = join(memo, `${shardOf('b.html')}.lines`);
    const lines = (await readFile(shard, 'utf8')).split('\n');
    const at = lines.findIndex((line) => line.startsWith('b.html\t'));
    const fields = lines[at]!.split('\t');
    expect(Number(fields[2])).toBe(Buffer.byteLength(fields[3]!));
    fields[2] = String(Number(fields[2]) - 1);
    lines[at] = fields.join('\t');
    await writeFile(shard, lines.join('\n'));
    const second = PagesOnDisk.open(dir, memo, 'tool 1');
    expect(second.changedPages(all, undefined, notLinked)).toEqual(new Set(['/b']));
    expect(second.reads).toBe(1);
    expect(JSON.parse(second.shown('/b'))).toEqual(JSON.parse(first.shown('/b')));
  });

  test("a shard whose version is not the head's (a crash before the head, a build beside this one) has no lines: its pages are read again", async () => {
    const memo = join(dir, 'cut short');
    const first = PagesOnDisk.open(dir, memo, 'tool 1');
    first.changedPages(all, undefined, notLinked);
    first.save();
    expect(memoFolder.head(memo, 'tool 1')?.version).toBe(first.token);
    // a.html's shard written again, then a shard that cannot be written: the head is not.
    const [a, blocked] = [
      shardOf('a.html'),
      [...Array(SHARDS).keys()].find((one) => ![shardOf('a.html'), shardOf('b.html')].includes(one))!,
    ];
    await rm(join(memo, `${blocked}.lines`));
    await mkdir(join(memo, `${blocked}.lines`, 'in the way'), { recursive: true });
    const line = new MemoLine(Buffer.from('a.html\t1:2:3:4\t5\t["A"]\t[]\n'));
    const head = memoFolder.head(memo, 'tool 1');
    expect(() =>
      memoFolder.write(
        memo,
        'tool 1',
        head,
        new Map([
          [a, [line]],
          [blocked, []],
        ]),
      ),
    ).toThrow();
    expect(memoFolder.head(memo, 'tool 1')).toEqual(head);
    const second = PagesOnDisk.open(dir, memo, 'tool 1');
    expect(second.changedPages(all, undefined, notLinked)).toEqual(new Set(['/a']));
    expect(second.reads).toBe(1);
    expect(JSON.parse(second.shown('/a'))).toEqual(JSON.parse(first.shown('/a')));
  });
});

describe("an edit build whose pages are the memo's", () => {
  let dir: string;
  const all = Array.from({ length: 40 }, (_, at) => ({ url: `/p${at}`, locale: at % 2 ? 'en' : 'nl' }));
  const html = (word: string) => page('', `<h1>Pagina</h1><p>${word} tennis</p>`);
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'site-search-shards-'));
    for (const [at, one] of all.entries()) await writeFile(join(dir, `${one.url.slice(1)}.html`), html(`woord${at}`));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const shardFiles = async (memo: string) =>
    new Map(
      await Promise.all((await readdir(memo)).map(async (name) => [name, (await stat(join(memo, name))).ino] as const)),
    );

  test('reads and writes the shards of the pages it changed only; the memo then holds what one written whole holds', async () => {
    const memo = join(dir, 'memo');
    const first = PagesOnDisk.open(dir, memo, 'tool 1');
    expect(first.changedPages(all, undefined, { linked: false, samePages: false }).size).toBe(40);
    first.save();
    const before = await shardFiles(memo);
    expect(before.size).toBe(SHARDS + 1); // and the head

    // p3 rendered again (a new file); the others linked from the folder the memo was written for.
    await unlink(join(dir, 'p3.html'));
    await writeFile(join(dir, 'p3.html'), html('anders'));
    const read = vi.spyOn(memoFolder, 'shard');
    const second = PagesOnDisk.open(dir, memo, 'tool 1');
    const rendered = new Map([['/p3', recordBytes(renderedRecord(html('anders')))]]);
    expect(second.changedPages(all, rendered, { linked: true, samePages: true })).toEqual(new Set(['/p3']));
    expect(second).toMatchObject({ tokenised: 1, reads: 0 });
    expect(countsOf(second.termsBefore('/p3')).woord3).toEqual([0, 1]);
    expect(countsOf(second.terms('/p3')).anders).toEqual([0, 1]);
    second.save();
    expect(read.mock.calls.map(([, shard]) => shard)).toEqual([shardOf('p3.html')]);
    read.mockRestore();
    expect(second.token).not.toBe(first.token);
    const after = await shardFiles(memo);
    const rewritten = [...after].filter(([name, ino]) => before.get(name) !== ino).map(([name]) => name);
    expect(rewritten.sort()).toEqual([`${shardOf('p3.html')}.lines`, 'head'].sort());

    // Each page's line as a memo made from the files whole has it.
    const third = PagesOnDisk.open(dir, memo, 'tool 1');
    expect(third.changedPages(all, undefined, { linked: false, samePages: false })).toEqual(new Set());
    const whole = PagesOnDisk.open(dir, join(dir, 'whole'), 'tool 1');
    whole.changedPages(all, undefined, { linked: false, samePages: false });
    expect(all.map((one) => [third.shown(one.url), third.terms(one.url)])).toEqual(
      all.map((one) => [whole.shown(one.url), whole.terms(one.url)]),
    );
  });
});

describe('an index mended from the last one', () => {
  let before: string;
  beforeAll(async () => {
    before = await mkdtemp(join(tmpdir(), 'site-search-mend-'));
    for (const file of indexOf(pages)) {
      await mkdir(dirname(join(before, file.path)), { recursive: true });
      await writeFile(join(before, file.path), file.content);
    }
  });
  afterAll(() => rm(before, { recursive: true, force: true }));

  const edited = (url: string, main: string) =>
    pages.map((one) => (one.url === url ? { ...one, indexed: indexedPage(pageRecord(page('', main))) } : one));

  test.each([
    ['a word changed in one page', edited('/nieuws/z3', '<h1>Bericht 3</h1><p>Tekst over squash nummer 3.</p>')],
    ['a title edited', edited('/nieuws/z3', '<h1>Nieuws 3</h1><p>Tekst over padel nummer 3.</p>')],
    ['a word moved from the body into the title', edited('/nieuws/z3', '<h1>Bericht 3 padel</h1><p>Tekst 3.</p>')],
    [
      'two pages, one losing a word of many pages, the other counting it twice',
      edited('/nieuws/z1', '<h1>Bericht 1</h1><p>Tekst over squash.</p>').map((one) =>
        one.url === '/nieuws/z6'
          ? { ...one, indexed: indexedPage(pageRecord(page('', '<h1>Padel 6</h1><p>Over padel nummer 6.</p>'))) }
          : one,
      ),
    ],
    ['a page that lost its only word of a shard (the shard goes)', edited('/en/b', '<h1>Bee</h1><p>tennis</p>')],
    ['a word new to the index (a new shard)', edited('/nieuws/a', '<h1>Tennisbaan open</h1><p>Quiz xylofoon!</p>')],
    ['only the text shown changed', edited('/en/a', '<h1>Tennis</h1><p>Tennis today &lt;script&gt; </p>')],
    [
      'several pages of both languages',
      edited('/nieuws/z0', '<h1>Anders</h1>').map((one) =>
        one.url === '/en/a' ? { ...one, indexed: indexedPage(pageRecord(page('', '<h1>Court</h1>'))) } : one,
      ),
    ],
    ['nothing', pages],
  ])('%s: the same bytes as the index made whole', async (_, now) => {
    const whole = indexOf(now);
    const byUrl = new Map(now.map((one) => [one.url, one.indexed]));
    const was = new Map(pages.map((one) => [one.url, one.indexed]));
    const changed = now.filter((one) => one.indexed !== was.get(one.url)).map((one) => one.url);
    const source = {
      terms: (url: string) => byUrl.get(url)!.terms,
      shown: (url: string) => byUrl.get(url)!.shown,
      termsBefore: (url: string) => was.get(url)!.terms,
    };
    const mended = new Map<string, string>();
    for (const language of searchLanguages(now)) {
      const { write, keep } = patchedLanguage(
        language,
        language.urls.filter((url) => changed.includes(url)),
        before,
        source,
      );
      for (const file of write) mended.set(file.path, file.content);
      for (const path of keep) mended.set(path, await readFile(join(before, path), 'utf8'));
      // Only what the changed pages are in is made again.
      if (!changed.some((url) => language.urls.includes(url)))
        expect(write.map((file) => file.path)).toEqual([`${language.language}/index.json`]);
    }
    expect(Object.fromEntries([...mended].sort())).toEqual(
      Object.fromEntries(whole.map((file) => [file.path, file.content] as const).sort()),
    );
  });

  test.each([
    [
      'a title edited: the shards of its old and new words',
      '<h1>Nieuws 3</h1><p>Tekst over padel nummer 3.</p>',
      ['be', 'ni'],
    ],
    [
      'a body edited: the shards of the words it lost or gained, or has more or less often',
      '<h1>Bericht 3</h1><p>Tekst over squash, squash nummer 3 en 3.</p>',
      ['3', 'en', 'pa', 'sq'],
    ],
    ['a word moved from the body into the title', '<h1>Bericht 3 padel</h1><p>Tekst over nummer 3.</p>', ['pa']],
  ])('%s are made again, no other shard', (_, main, shards) => {
    const byUrl = new Map(pages.map((one) => [one.url, one.indexed]));
    const now = edited('/nieuws/z3', main).find((one) => one.url === '/nieuws/z3')!.indexed;
    const was = pages.find((one) => one.url === '/nieuws/z3')!.indexed;
    const [nl] = searchLanguages(pages).filter((language) => language.language === 'nl');
    const { write } = patchedLanguage(nl!, ['/nieuws/z3'], before, {
      terms: (url) => (url === '/nieuws/z3' ? now : byUrl.get(url)!).terms,
      shown: (url) => (url === '/nieuws/z3' ? now : byUrl.get(url)!).shown,
      termsBefore: () => was.terms,
    });
    expect(write.map((file) => file.path).sort()).toEqual(
      [...shards.map((prefix) => `nl/terms/${prefix}.json`), 'nl/index.json', 'nl/pages/1.json'].sort(),
    );
  });
});

describe('builds one after another', () => {
  let root: string;
  const routes = searchRoutes(['/a', '/b', '/en/c']);
  const html = (word: string) => page('', `<h1>Pagina</h1><p>${word} tennis</p>`);
  /** A build folder with the pages; `from`: an earlier one whose unchanged pages are linked, as a build reuses them. */
  async function folder(name: string, pages: Record<string, string>, from?: string): Promise<string> {
    const dir = join(root, name);
    await mkdir(join(dir, 'en'), { recursive: true });
    for (const [file, text] of Object.entries(pages)) await writeFile(join(dir, file), text);
    for (const file of ['a.html', 'b.html', 'en/c.html'])
      if (from && !(file in pages)) await link(join(root, from, file), join(dir, file));
    return dir;
  }
  const index = async (dir: string) =>
    Object.fromEntries(
      await Promise.all(
        (await readdir(join(dir, 'search'), { recursive: true, withFileTypes: true }))
          .filter((entry) => entry.isFile())
          .map(async (entry) => {
            const path = join(entry.parentPath, entry.name);
            return [path.slice(dir.length), await readFile(path, 'utf8')] as const;
          }),
      ),
    );
  const build = (dir: string, cache = join(root, 'cache')) =>
    buildSearchIndex({ output: new FolderWriter(dir), pages: routes, cacheDir: cache });
  /** A first build of three pages ("appel", "bal", "court") into the folder `name`, its memo in `cache`. */
  async function builtOfThree(name: string, cache: string): Promise<string> {
    const dir = await folder(name, { 'a.html': html('appel'), 'b.html': html('bal'), 'en/c.html': html('court') });
    await build(dir, cache);
    return dir;
  }
  /** A build of `dir` in which b.html was rendered ("bord", its record given) and the other pages linked from `from`. */
  const withBordRendered = (dir: string, from: string, cache: string) =>
    buildSearchIndex({
      output: new FolderWriter(dir),
      pages: routes,
      rendered: new Map([['/b', recordBytes(renderedRecord(html('bord')))]]),
      linkedFrom: from,
      cacheDir: cache,
    });

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'site-search-builds-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  test('the index is made whole, then mended for an edit: the same bytes as made whole', async () => {
    const one = await folder('one', { 'a.html': html('appel'), 'b.html': html('bal'), 'en/c.html': html('court') });
    expect(await build(one)).toEqual({
      pages: 3,
      languages: ['en', 'nl'],
      files: expect.any(Number),
      tokenised: 3,
      readBack: 3,
      kept: 0,
    });
    const two = await folder('two', { 'b.html': html('bord') }, 'one');
    const mended = await build(two);
    expect(mended).toMatchObject({ tokenised: 1, kept: expect.any(Number) });
    expect(mended.kept).toBeGreaterThan(0);
    const whole = await folder('whole', {
      'a.html': html('appel'),
      'b.html': html('bord'),
      'en/c.html': html('court'),
    });
    expect(await build(whole, join(root, 'fresh cache'))).toMatchObject({ tokenised: 3, kept: 0 });
    expect(await index(two)).toEqual(await index(whole));
    expect(JSON.stringify(await index(two))).toContain('bord');
    expect(JSON.stringify(await index(two))).not.toContain('"bal"');
  });

  test("the records a build's render made are used, not the files read back: the same index; each is let go once used", async () => {
    const pages = { 'a.html': html('appel'), 'b.html': html('bal'), 'en/c.html': html('court') };
    const read = await folder('read', pages);
    const given = await folder('given', pages);
    const rendered = new Map(
      Object.entries(pages).map(([file, text]) => [`/${file.replace('.html', '')}`, recordBytes(renderedRecord(text))]),
    );
    const fromFiles = await build(read, join(root, 'cache read'));
    const fromRender = await buildSearchIndex({
      output: new FolderWriter(given),
      pages: routes,
      rendered,
      cacheDir: join(root, 'cache given'),
    });
    expect(fromRender).toEqual({ ...fromFiles, readBack: 0 });
    expect(rendered.size).toBe(0); // not held until the build ends: the memo lines have them now
    expect(await index(given)).toEqual(await index(read));
    const records = async (cache: string) =>
      (await memoLines(join(root, cache, 'search-records'))).map((line) => line.split('\t').slice(2).join('\t'));
    expect(await records('cache given')).toEqual(await records('cache read'));
  });

  test('pages linked from the folder the memo was written for keep their lines unlooked-at; from another, each file is looked at', async () => {
    const cache = join(root, 'cache linked');
    const first = await builtOfThree('linked 1', cache);
    const next = (dir: string, from: string) => withBordRendered(dir, from, cache);
    // A copy of a.html changed behind the build's back: the line kept still says "appel".
    const trusted = await folder('linked 2', { 'b.html': html('bord') }, 'linked 1');
    await unlink(join(trusted, 'a.html'));
    await writeFile(join(trusted, 'a.html'), html('aardbei'));
    expect(await next(trusted, first)).toMatchObject({ tokenised: 1, readBack: 0 });
    expect(JSON.stringify(await index(trusted))).toContain('appel');
    expect(JSON.stringify(await index(trusted))).not.toContain('aardbei');

    // Linked from a folder the memo was not written for: each file is looked at, the changed one read again.
    const looked = await folder('linked 3', { 'b.html': html('bord') }, 'linked 2');
    await unlink(join(looked, 'en', 'c.html'));
    await writeFile(join(looked, 'en', 'c.html'), html('baan'));
    expect(await next(looked, first)).toMatchObject({ tokenised: 3, readBack: 2 });
    expect(JSON.stringify(await index(looked))).toContain('baan');
  });

  test('a changed page whose memo line is not there (its shard rewritten by a build beside this one) is not mended: the index is made whole', async () => {
    const cache = join(root, 'cache lost line');
    const first = await builtOfThree('lost 1', cache);
    const shard = join(cache, 'search-records', `${shardOf('b.html')}.lines`);
    const [, ...lines] = (await readFile(shard, 'utf8')).split('\n');
    await writeFile(shard, ['another version', ...lines].join('\n'));
    const second = await folder('lost 2', { 'b.html': html('bord') }, 'lost 1');
    expect(await withBordRendered(second, first, cache)).toMatchObject({ tokenised: 1, kept: 0 });
    const whole = await folder('lost whole', {
      'a.html': html('appel'),
      'b.html': html('bord'),
      'en/c.html': html('court'),
    });
    await build(whole, join(root, 'cache lost whole'));
    expect(await index(second)).toEqual(await index(whole));
  });

  test('a last index that lost a file meanwhile is not mended: the index is made whole', async () => {
    const three = await folder('three', { 'a.html': html('aap') }, 'two');
    await unlink(join(root, 'two', 'search', 'en', 'index.json'));
    expect(await build(three)).toMatchObject({ tokenised: 1, kept: 0 });
    expect(JSON.stringify(await index(three))).toContain('aap');
  });

  test('an index that cannot be written is SEARCH_INDEX_FAILED, naming the file', async () => {
    const four = await folder('four', { 'a.html': html('x'), 'b.html': html('y'), 'en/c.html': html('z') });
    await writeFile(join(four, 'search'), 'in the way');
    for (const cache of ['cache', 'no cache']) {
      // Mended from the last index (its files linked first), and made whole.
      const failed = await build(four, join(root, cache)).catch((error: unknown) => error);
      expect(isSiteError(failed) && failed.problems.map((one) => one.code)).toEqual(['SEARCH_INDEX_FAILED']);
      expect(isSiteError(failed) && failed.problems[0]!.message).toMatch(
        new RegExp(`^The search index could not be written to ${four}/search/.+: ENOTDIR$`),
      );
    }
  });
});

describe('the search in the browser (islands/lib/site-index.ts)', () => {
  const files = new Map(indexOf(pages).map((file) => [`/search/${file.path}`, file.content]));
  const asked: string[] = [];
  let offline = false;
  beforeAll(() => {
    vi.stubGlobal('document', { documentElement: { lang: 'nl' } });
    vi.stubGlobal('fetch', async (url: string) => {
      if (offline) throw new TypeError('Failed to fetch');
      asked.push(url);
      const content = files.get(url);
      return { ok: content !== undefined, status: content ? 200 : 404, json: async () => JSON.parse(content!) };
    });
  });
  afterAll(() => vi.unstubAllGlobals());
  const searchSite = async (query: string) => (await import('../../islands/lib/site-index.ts')).searchSite(query);

  test('this language only; the manifest, the shard and the records of the results, nothing more', async () => {
    const found = await searchSite('tennisb');
    expect(found).toEqual([{ url: '/nieuws/a', title: 'Tennisbaan open', excerpt: 'De baan is open.' }]);
    expect(asked).toEqual(['/search/nl/index.json', '/search/nl/terms/te.json', '/search/nl/pages/0.json']);
    asked.length = 0;
    expect((await searchSite('nummer 3')).map((result) => result.url)).toEqual(['/nieuws/z3']);
    expect(asked).toEqual(['/search/nl/terms/nu.json', '/search/nl/terms/3.json', '/search/nl/pages/1.json']);
  });

  test('a failed load is tried again at the next search', async () => {
    offline = true;
    await expect(searchSite('bericht')).rejects.toThrow('Failed to fetch');
    offline = false;
    expect(await searchSite('bericht')).toHaveLength(9); // the shard "be", which no search asked for before
  });

  test('queries of markup find nothing and throw nothing', async () => {
    for (const query of ['<img src=x onerror=alert(1)>', '.*(', '\\', '']) expect(await searchSite(query)).toEqual([]);
  });
});
