import { beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../cli/config/load.ts';
import type { SiteConfig } from '../../shared/config.ts';
import { readContent, type ContentFiles } from '../../cli/content/read.ts';
import type { Problem } from '../../cli/errors/site-error.ts';
import { parseYaml } from '../../cli/source/yaml-source.ts';
import { knownClubs, patchItem } from '../../cli/build/incremental/content-patch.ts';
import type { ContentState } from '../../cli/build/incremental/content-state.ts';
import { devContentState } from '../helpers/dev-content.ts';
import { MarkdownMemo } from '../../cli/build/incremental/markdown-memo.ts';
import { ParseMemo } from '../../cli/content/parse-memo.ts';

/**
 * The fast path of `site dev` (one item checked on its own) must come to what the full path
 * (the whole site validated again) comes to: the same model, the same problems for that item,
 * or hand over to the full path when the edit reaches other items. Real content of this site.
 */
let config: SiteConfig;
let files: ContentFiles;
let base: ContentState;
const memo = new MarkdownMemo();

beforeAll(async () => {
  config = await loadConfig(process.cwd());
  files = await readContent(process.cwd());
  const checked = devContentState(config, files, { markdown: memo.html });
  if (!checked.state)
    throw new Error(`the site's content has errors:\n${checked.problems.map((p) => p.message).join('\n')}`);
  base = checked.state;
});

const textOf = (path: string) => files.files.find((file) => file.path === path)?.text;
const withEdit = (path: string, text: string): ContentFiles => ({
  ...files,
  files: files.files.map((file) => (file.path === path ? { path, text } : file)),
});
const clubs = () => parseYaml(textOf('content/data/clubs.yaml')!, 'content/data/clubs.yaml');
const describeProblem = (p: Problem) =>
  `${p.severity} ${p.code} ${p.location?.file}:${p.location?.line ?? ''} ${p.field ?? ''} ${p.message}`;
const about = (problems: Problem[], files: string[]) =>
  problems
    .filter((p) => p.location && files.includes(p.location.file))
    .map(describeProblem)
    .sort();

/** A file of the collection: the Dutch one, or the English one of a translated item. */
function itemFile(collection: 'news' | 'events' | 'jobs' | 'pages', locale: 'nl' | 'en'): string {
  const item = base.content[collection].find((candidate) => !candidate.en.fallback)!;
  return item[locale].file;
}

/** Run both paths on one edit. */
function bothPaths(path: string, edit: (text: string) => string) {
  const text = edit(textOf(path)!);
  expect(text).not.toBe(textOf(path));
  const fast = patchItem(base, path, (p) => (p === path ? text : textOf(p)), memo.html, knownClubs(clubs()));
  const full = devContentState(config, withEdit(path, text), { markdown: memo.html });
  return { fast, full };
}

const replaceField = (field: string, value: string) => (text: string) =>
  text.replace(new RegExp(`^${field}:.*$`, 'm'), `${field}: ${value}`);
const appendBody = (text: string) => `${text}\n\nEen nieuwe alinea uit de test.\n`;

describe('an edit within one item: the fast path equals the full path', () => {
  test.each([
    ['news', 'nl', 'a paragraph added', appendBody],
    ['news', 'en', 'a paragraph added', appendBody],
    ['news', 'nl', 'a new summary', replaceField('summary', '"A new summary from the test"')],
    ['news', 'nl', 'marked draft', (text: string) => text.replace(/^---\n/, '---\ndraft: true\n')],
    ['events', 'nl', 'a new summary', replaceField('summary', '"Een andere samenvatting"')],
    ['events', 'en', 'a paragraph added', appendBody],
    ['jobs', 'nl', 'a new summary', replaceField('summary', '"Een andere samenvatting"')],
    ['pages', 'nl', 'a new title', replaceField('title', 'Een nieuwe titel')],
    // The file name is the address (issue 20): a new title moves no page.
    ['news', 'nl', 'a new title', replaceField('title', 'Heel iets anders dan eerst')],
    ['pages', 'en', 'a paragraph added', appendBody],
  ] as const)('%s (%s): %s', (collection, locale, _, edit) => {
    const path = itemFile(collection, locale);
    const { fast, full } = bothPaths(path, edit);
    expect(fast.kind, fast.kind === 'full' ? fast.reason : '').toBe('patched');
    if (fast.kind !== 'patched') return;
    expect(full.state).toBeDefined();
    expect(fast.state.model).toEqual(full.state!.model);
    expect(fast.state.content).toEqual(full.state!.content);
    const own = Object.values(fast.item.files);
    expect(about(fast.problems, own)).toEqual(about(full.problems, own));
  });
});

describe('an edit that reaches other items goes to the full path', () => {
  test.each([
    ['a new id', 'news', replaceField('id', '987654')],
    ['a new date (the order of the lists)', 'news', replaceField('date', '"2020-01-02"')],
    [
      'a new slug field (a new URL)',
      'news',
      (text: string) => text.replace(/^title: .*$/m, '$&\nslug: een-ander-adres'),
    ],
    [
      'a new start (the order of the events)',
      'events',
      (text: string) => replaceField('start', /^deadline: (.*)$/m.exec(text)![1]!)(text),
    ],
  ] as const)('%s', (_, collection, edit) => {
    const path = itemFile(collection, 'nl');
    const { fast } = bothPaths(path, edit);
    expect(fast.kind).toBe('full');
  });
});

describe('a broken item: the fast path reports the errors the full path reports', () => {
  test.each([
    ['YAML syntax', 'news', (text: string) => text.replace(/^title:.*$/m, 'title: "unclosed')],
    ['no front matter', 'news', (text: string) => text.replace(/^---\n/, '')],
    ['schema: summary too long', 'news', replaceField('summary', `"${'x'.repeat(240)}"`)],
    ['unknown image', 'news', replaceField('image', 'no-such-image')],
    ['unknown club', 'events', (text: string) => text.replace(/club: \d+/, 'club: 9999')],
    ['Markdown too complex', 'news', (text: string) => `${text}\n${'*a '.repeat(1100)}\n`],
  ] as const)('%s', (_, collection, edit) => {
    const path = itemFile(collection, 'nl');
    const { fast, full } = bothPaths(path, edit);
    expect(fast.kind).toBe('broken');
    if (fast.kind !== 'broken') return;
    expect(full.state).toBeUndefined();
    const errors = (problems: Problem[]) =>
      about(
        problems.filter((p) => p.severity === 'error'),
        [path],
      );
    expect(errors(fast.problems).length).toBeGreaterThan(0);
    expect(errors(fast.problems)).toEqual(errors(full.problems));
  });
});

describe('the parse memo of site dev changes nothing but the time', () => {
  test('a full check with a memo warmed by an earlier run equals one without', () => {
    const memo = new ParseMemo();
    const path = itemFile('news', 'nl');
    devContentState(config, files, { markdown: new MarkdownMemo().html, memo });
    const edited = withEdit(path, appendBody(textOf(path)!));
    const withMemo = devContentState(config, edited, { markdown: new MarkdownMemo().html, memo });
    const without = devContentState(config, edited, { markdown: new MarkdownMemo().html });
    expect(withMemo.state!.model).toEqual(without.state!.model);
    expect(withMemo.problems).toEqual(without.problems);
  });
});
