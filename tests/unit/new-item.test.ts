import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ContentFiles } from '../../cli/content/read.ts';
import { buildModel } from '../../cli/content/model.ts';
import { renderMarkdown } from '../../cli/content/markdown.ts';
import { buildRoutes } from '../../cli/routes/routes.ts';
import { newItem, nextFreeId } from '../../cli/editor/new-item.ts';
import { isSiteError } from '../../cli/errors/site-error.ts';
import { runSite } from '../helpers/project-copy.ts';
import { change, errorsOf, formatted, realContent, validate, write } from './fixtures/content.ts';
import { realConfig, repoRoot } from './fixtures/model.ts';

/** `site new <kind> "<title>"` (issue 20): files that are valid as written, with the next free id. */
const config = realConfig();
const TODAY = '2026-11-26';
let content: ContentFiles;
beforeAll(async () => {
  content = await realContent();
});

const highestId = (collection: string) =>
  Math.max(
    ...content.files
      .filter((file) => file.path.startsWith(`content/nl/${collection}/`))
      .map((file) => Number(/^id: (\d+)$/m.exec(file.text)?.[1] ?? 0)),
  );

describe('site new: the files of a new item', () => {
  test.each([
    { kind: 'news', title: 'Nieuw seizoen: gravel & hardcourt', route: 'news-article' },
    { kind: 'events', title: 'Herfstkamp 2027', route: 'event' },
    { kind: 'jobs', title: 'Tennistrainer regio Ede', route: undefined },
  ])('$kind: the next free id, both languages, valid as written, its pages in site dev', ({ kind, title, route }) => {
    const item = newItem(content, kind, title, TODAY, 1);
    expect(item.id).toBe(highestId(kind) + 1);
    expect(item.files.map((file) => file.path)).toEqual([
      `content/nl/${kind}/${item.id}-${kind === 'news' ? 'nieuw-seizoen-gravel-en-hardcourt' : kind === 'events' ? 'herfstkamp-2027' : 'tennistrainer-regio-ede'}.md`,
      `content/en/${kind}/${item.files[0]!.path.split('/').pop()}`,
    ]);
    const withItem = change(content, ...item.files.map((file) => write(file.path, file.text)));

    // As site dev sees it (drafts shown): no error, and the item is there in both languages.
    const shown = validate(config, withItem, { drafts: true });
    expect(formatted(errorsOf(shown.problems))).toEqual([]);
    const valid = shown.content![kind as 'news' | 'events' | 'jobs'].find((entry) => entry.nl.key === String(item.id))!;
    expect(valid.nl.data).toMatchObject({ id: item.id, title });
    expect(valid.en.fallback).toBe(false);
    const { model, problems } = buildModel(config, shown.content!, content.images, renderMarkdown);
    expect(problems).toEqual([]);
    if (route)
      expect(
        buildRoutes(model)
          .filter((page) => page.route === route && page.key === `${route}:${item.id}`)
          .flatMap((page) => page.paths),
      ).toHaveLength(3);

    // As site build sees it: a draft, left out, and nothing to fix first.
    const built = validate(config, withItem);
    expect(formatted(errorsOf(built.problems))).toEqual([]);
    expect(built.content![kind as 'news' | 'events' | 'jobs'].map((entry) => entry.nl.key)).not.toContain(
      String(item.id),
    );
  });

  test('published (its draft line removed), the new article builds with its own English title, text and address', () => {
    const item = newItem(content, 'news', 'Nieuw seizoen', TODAY, 1, 'New season');
    expect(item.files[1]!.path).toBe(`content/en/news/${item.id}-new-season.md`);
    const published = item.files.map((file) => write(file.path, file.text.replace(/^draft: true.*\n/m, '')));
    const { content: valid, problems } = validate(config, change(content, ...published));
    expect(formatted(errorsOf(problems))).toEqual([]);
    const article = valid!.news.find((entry) => entry.nl.key === String(item.id))!;
    expect(article.nl.data).toMatchObject({ title: 'Nieuw seizoen', date: TODAY, draft: false });
    expect(article.en.data).toMatchObject({
      title: 'New season',
      summary: expect.stringMatching(/^One or two sentences/) as unknown as string,
    });
    const { model } = buildModel(config, valid!, content.images, renderMarkdown);
    expect(
      buildRoutes(model)
        .filter((page) => page.key === `news-article:${item.id}`)
        .flatMap((page) => page.paths),
    ).toEqual([
      `/nieuws/${item.id}-nieuw-seizoen`,
      `/nl/nieuws/${item.id}-nieuw-seizoen`,
      `/en/news/${item.id}-new-season`,
    ]);
  });

  test('the next free id counts both languages and file names whose front matter does not read', () => {
    const en = write('content/en/news/40-later.md', '---\nid: 40\ntitle: Later\n---\n');
    const broken = write('content/nl/news/41-kapot.md', '---\nid: [41\n---\n');
    expect(nextFreeId(change(content, en), 'news')).toBe(41);
    expect(nextFreeId(change(content, en, broken), 'news')).toBe(42);
  });

  test.each([
    { kind: 'blog', title: 'Eerste bericht', code: 'NEW_KIND_UNKNOWN', message: 'site new cannot make a "blog".' },
    {
      kind: 'news',
      title: '🎾 !!',
      code: 'NEW_TITLE_INVALID',
      message: 'The title "🎾 !!" has no letters or digits to make the file name and URL from.',
    },
  ])('refused: $code', ({ kind, title, code, message }) => {
    const error = (() => {
      try {
        newItem(content, kind, title, TODAY, 1);
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(isSiteError(error)).toBe(true);
    expect((error as { problems: Array<{ code: string; message: string }> }).problems).toMatchObject([
      { code, message },
    ]);
  });
});

describe('the site new command', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'site-new-'));
    await cp(join(repoRoot, 'content'), join(root, 'content'), { recursive: true });
    await cp(join(repoRoot, 'site.config.yaml'), join(root, 'site.config.yaml'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  test('writes both files and says what it wrote; a usage error exits 2', async () => {
    const run = await runSite(repoRoot, ['new', 'news', 'Nieuw seizoen', '--en', 'New season', '--root', root]);
    const id = highestId('news') + 1;
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      `wrote content/nl/news/${id}-nieuw-seizoen.md\nwrote content/en/news/${id}-new-season.md\nnews ${id} is a draft: site dev shows it; remove its draft line to publish it with site build.\n`,
    );
    const expected = newItem(content, 'news', 'Nieuw seizoen', new Date().toISOString().slice(0, 10), 1, 'New season');
    expect(await readFile(join(root, expected.files[0]!.path), 'utf8')).toBe(expected.files[0]!.text);
    expect(await readFile(join(root, expected.files[1]!.path), 'utf8')).toBe(expected.files[1]!.text);

    const unknown = await runSite(repoRoot, ['new', 'blog', 'Eerste', '--root', root]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('error NEW_KIND_UNKNOWN');
    expect((await runSite(repoRoot, ['new', 'news'])).code).toBe(2);
  });
});
