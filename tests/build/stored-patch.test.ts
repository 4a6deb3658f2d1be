import { beforeAll, describe, expect, test } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../cli/config/load.ts';
import type { SiteConfig } from '../../shared/config.ts';
import { readContent, type ContentFiles } from '../../cli/content/read.ts';
import type { Problem } from '../../cli/errors/site-error.ts';
import { parseYaml } from '../../cli/source/yaml-source.ts';
import { validateContent } from '../../cli/content/validate.ts';
import { StoredParses } from '../../cli/content/stored-parses.ts';
import { StageTimer } from '../../cli/build/timings.ts';
import { contentState, type ContentState } from '../../cli/build/incremental/content-state.ts';
import { knownClubs, patchItem, validClubs } from '../../cli/build/incremental/content-patch.ts';
import { MarkdownMemo } from '../../cli/build/incremental/markdown-memo.ts';
import {
  readState,
  restoredState,
  storableState,
  storedKeys,
  storedState,
} from '../../cli/build/incremental/stored-state.ts';
import { bodyKey } from '../../cli/build/markdown-stage.ts';
import { collections } from '../../cli/content/kinds.ts';
import type { SiteModel } from '../../cli/content/types.ts';
import { knownDigest, PagePrinter } from '../../cli/build/page-prints.ts';
import { pageId } from '../../cli/build/build-state.ts';
import type { CollectionOptions } from '../../cli/content/collection-items.ts';

/**
 * `site build` patches one edited item into the state the build before stored
 * (cli/build/incremental/stored-start.ts), under the build's validation: strict or not, drafts
 * left out, dated items waiting for their day, the parses stored on disk. What it comes to must
 * be what the build's full path comes to, as tests/dev/patch.test.ts holds it for `site dev`.
 */
let config: SiteConfig;
let files: ContentFiles;
const memo = new MarkdownMemo();
const today = new Date().toISOString().slice(0, 10);
const builds: Record<string, Omit<CollectionOptions, 'memo'>> = {
  build: { strict: false, drafts: false, publishedBy: today },
  'build --strict': { strict: true, drafts: false, publishedBy: today },
};

beforeAll(async () => {
  config = await loadConfig(process.cwd());
  const read = await readContent(process.cwd());
  // Its one untranslated article translated: a site without warnings, which --strict builds.
  const dutch = read.files.find((file) => file.path.startsWith('content/nl/news/9-'))!;
  const english = {
    path: 'content/en/news/9-new-clay-courts.md',
    text: dutch.text.replace(/^title: .*$/m, 'title: New clay courts'),
  };
  files = { ...read, files: [...read.files, english] };
});

/** The build's full path over these files: validation with the parses stored on disk, then the rest. */
async function fullPath(content: ContentFiles, validation: Omit<CollectionOptions, 'memo'>) {
  const dir = await mkdtemp(join(tmpdir(), 'site-parses-'));
  try {
    // Stored by a first run over the unedited files, read back by the run that is compared.
    const first = await StoredParses.load(dir, 'test');
    validateContent(config, files, { ...validation, memo: first });
    await first.save?.();
    const stored = await StoredParses.load(dir, 'test');
    const validated = validateContent(config, content, { ...validation, memo: stored });
    return contentState(config, content, validated, { markdown: memo.html, timer: new StageTimer() });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const textOf = (path: string) => files.files.find((file) => file.path === path)?.text;
const withEdit = (path: string, text: string): ContentFiles => ({
  ...files,
  files: files.files.map((file) => (file.path === path ? { path, text } : file)),
});
const clubs = () => parseYaml(textOf('content/data/clubs.yaml')!, 'content/data/clubs.yaml');
const about = (problems: Problem[], paths: string[]) =>
  problems
    .filter((p) => p.location && paths.includes(p.location.file))
    .map((p) => `${p.severity} ${p.code} ${p.location?.file}:${p.location?.line ?? ''} ${p.field ?? ''} ${p.message}`)
    .sort();
const replaceField = (field: string, value: string) => (text: string) =>
  text.replace(new RegExp(`^${field}:.*$`, 'm'), `${field}: ${value}`);
const appendBody = (text: string) => `${text}\n\nEen nieuwe alinea uit de test.\n`;
const dropQuestions = (text: string) => text.replace(/^questions:\n( {2}- .*\n)+/m, '');

/** Both paths on one edit of a file of the first translated item of a collection. */
async function bothPaths(
  validation: Omit<CollectionOptions, 'memo'>,
  collection: 'news' | 'events' | 'pages',
  locale: 'nl' | 'en',
  edit: (text: string) => string,
) {
  const base = (await fullPath(files, validation)).state as ContentState;
  const path = base.content[collection].find((item) => !item.en.fallback)![locale].file;
  const text = edit(textOf(path)!);
  expect(text).not.toBe(textOf(path));
  const read = (p: string) => (p === path ? text : textOf(p));
  // The clubs as a stored state has them (./stored-start.ts), not clubs.yaml parsed again.
  const fast = patchItem(base, path, read, memo.html, validClubs(base.content.clubs), undefined, validation);
  const full = await fullPath(withEdit(path, text), validation);
  return { fast, full };
}

describe.each(Object.entries(builds))('%s: the patch comes to what the full path comes to', (_, validation) => {
  test.each([
    ['news', 'nl', 'a new title', replaceField('title', 'Een andere titel uit de test')],
    ['news', 'en', 'a paragraph added', appendBody],
    ['events', 'nl', 'a new summary', replaceField('summary', '"Een andere samenvatting"')],
    ['pages', 'nl', 'a new title', replaceField('title', 'Een nieuwe titel')],
  ] as const)('%s (%s): %s', async (collection, locale, __, edit) => {
    const { fast, full } = await bothPaths(validation, collection, locale, edit);
    expect(fast.kind, fast.kind === 'full' ? fast.reason : '').toBe('patched');
    if (fast.kind !== 'patched') return;
    expect(fast.state.model).toEqual(full.state!.model);
    expect(fast.state.content).toEqual(full.state!.content);
    expect(fast.problems).toEqual([]);
    expect(about(full.problems, Object.values(fast.item.files))).toEqual([]);
  });

  test('an event at a club clubs.yaml does not have: the problems of the full path', async () => {
    const atClub = (text: string) => text.replace(/^location: \{ club: \d+ \}$/m, 'location: { club: 9999 }');
    const { fast, full } = await bothPaths(validation, 'events', 'nl', atClub);
    expect(fast.kind).toBe('broken');
    if (fast.kind !== 'broken') return;
    const files = Object.values(fast.item.files);
    expect(about(fast.problems, files)).toEqual(about(full.problems, files));
    expect(about(fast.problems, files).join('\n')).toMatch(/9999/);
  });

  test('a draft leaves the site: the full path', async () => {
    const { fast } = await bothPaths(validation, 'news', 'nl', (text) => text.replace(/^---\n/, '---\ndraft: true\n'));
    expect(fast.kind).toBe('full');
  });

  test('an English event without the Dutch questions: the problems of the full path', async () => {
    const { fast, full } = await bothPaths(validation, 'events', 'en', dropQuestions);
    const files = fast.kind === 'full' ? [] : Object.values(fast.item.files);
    expect(fast.kind).toBe(validation.strict ? 'broken' : 'patched');
    if (fast.kind === 'full') return;
    expect(about(fast.problems, files)).toEqual(about(full.problems, files));
    expect(about(fast.problems, files).join('\n')).toMatch(/TRANSLATION_INCOMPLETE/);
  });
});

/** The Markdown cache's part of a state: each text's HTML by the key of its Markdown. */
function htmlOf(state: ContentState): Map<string, string> {
  const html = new Map<string, string>();
  for (const collection of collections)
    for (const item of state.model[collection].values())
      for (const text of [item.nl, item.en]) html.set(bodyKey(text)!, text.html);
  return html;
}

describe('the state stored between builds', () => {
  test('its valid clubs name the clubs clubs.yaml names', async () => {
    const state = (await fullPath(files, builds.build!)).state!;
    expect(validClubs(state.content.clubs)).toEqual(knownClubs(clubs()));
  });

  test('reads back to the same state, with the same page prints, which a copy without its ties does not have', async () => {
    const state = (await fullPath(files, builds.build!)).state!;
    const storable = storableState(state);
    expect(storable).toBeDefined();
    const stored = storedState(storable!);
    const read = readState(stored)!;
    const html = htmlOf(state);
    expect([...storedKeys(read)].sort()).toEqual([...html.keys()].sort());
    const restored = restoredState(read, html)!;
    expect(restored.model).toEqual(state.model);
    expect(restored.pages).toEqual(state.pages);
    expect(restored.redirects).toEqual(state.redirects);
    expect(restored.warnings).toEqual(state.warnings);
    // What templates read: the lists whole (every item's body in them), and each page of text.
    const reads = [
      'news',
      'events',
      'jobs',
      'clubs',
      'config',
      ...[...state.model.pages.keys()].map((name) => `pages:${name}`),
    ];
    const printed = (model: SiteModel) =>
      new PagePrinter(model, 'global').printsOf(
        state.pages,
        Object.fromEntries(state.pages.map((page) => [pageId(page), reads])),
      );
    expect(printed(restored.model)).toEqual(printed(state.model));
    expect(printed(structuredClone(restored.model))).not.toEqual(printed(state.model));
    expect(restoredState(readState(stored)!, new Map([...html].slice(1)))).toBeUndefined();
    expect(readState(stored.subarray(0, stored.length / 2))).toBeUndefined();
  });

  test('keeps the digests the page prints took: read back, its items are not hashed again', async () => {
    const state = (await fullPath(files, builds.build!)).state!;
    const news = state.model.news.map((item) => item.nl.data.id);
    // The news pages of this build printed (each reads its article), then the state stored.
    const printer = new PagePrinter(state.model, 'global');
    const prints = printer.printsOf(
      state.pages,
      Object.fromEntries(state.pages.map((page, at) => [pageId(page), [`news@${news[at % news.length]}`]])),
    );
    const stored = storedState(storableState(state)!);
    const restored = restoredState(readState(stored)!, htmlOf(state))!;
    for (const [at, item] of restored.model.news.entries()) {
      expect(knownDigest(item)).toBeDefined();
      expect(knownDigest(item)).toBe(knownDigest(state.model.news[at]!));
    }
    // Nothing printed read the clubs: no digest of theirs was taken, none is made up.
    expect(restored.model.clubs.map((club) => knownDigest(club))).toEqual(restored.model.clubs.map(() => undefined));
    const again = new PagePrinter(restored.model, 'global').printsOf(
      restored.pages,
      Object.fromEntries(restored.pages.map((page, at) => [pageId(page), [`news@${news[at % news.length]}`]])),
    );
    expect(again).toEqual(prints);
  });

  test("takes each text's HTML when it is first read, once", async () => {
    const state = (await fullPath(files, builds.build!)).state!;
    const html = htmlOf(state);
    const taken: string[] = [];
    const bodies = { has: (key: string) => html.has(key), get: (key: string) => (taken.push(key), html.get(key)) };
    const restored = restoredState(readState(storedState(storableState(state)!))!, bodies)!;
    expect(taken).toEqual([]);
    const [article] = restored.model.news;
    expect([article!.nl.html, article!.nl.html]).toEqual([state.model.news[0]!.nl.html, state.model.news[0]!.nl.html]);
    expect(taken).toEqual([bodyKey(article!.nl)]);
    expect(Object.keys(article!.nl)).toEqual(Object.keys(state.model.news[0]!.nl));
  });
});
