import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { inlineScriptHashes } from '../../functions/csp.ts';
import { securityHeaders } from '../../functions/security-headers.ts';
import type { ProjectCopy } from './helpers/project.ts';
import type { DevProcess } from './helpers/dev-process.ts';
import { devOnCopy } from './helpers/dev-on-copy.ts';
import { getPage, isChangeOf, openEvents } from './helpers/events.ts';

/**
 * `site dev` on a copy of this site: files change on disk, pages change over HTTP, and the open
 * pages hear about it on the event stream. Real process, real watcher, real HTTP.
 */
let project: ProjectCopy;
let dev: DevProcess;

devOnCopy((copy, started) => {
  project = copy;
  dev = started;
});

const ARTICLE = 'content/nl/news/1-voorjaarslessen-starten-op-31-maart.md';
const ARTICLE_PATH = '/nieuws/1-voorjaarslessen-starten-op-31-maart';
const article = (id: number, slug: string, extra = '') =>
  `---\nid: ${id}\ntitle: ${slug.replace(/-/g, ' ')}\ndate: "2026-11-20"\nimage: court-clay-3\nsummary: "Een artikel uit de test van site dev."\n${extra}---\nTekst van artikel ${id}.\n`;

describe('site dev serves the site from memory', () => {
  test('pages carry the dev client, under the same Content-Security-Policy as site serve', async () => {
    const response = await fetch(`${dev.url}/kampen`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toMatch(
      /<script src="\/__site\/client\.js" data-page="camps\|nl" data-print="[\w-]+" defer><\/script><\/head>/,
    );
    // The policy site serve would send for this HTML: the dev client needs no exception.
    expect(response.headers.get('content-security-policy')).toBe(
      securityHeaders({ https: false, scriptHashes: inlineScriptHashes(html) })['content-security-policy'],
    );
    expect(/script-src ([^;]*)/.exec(response.headers.get('content-security-policy')!)?.[1]).not.toContain(
      'unsafe-inline',
    );
    const client = await fetch(`${dev.url}/__site/client.js`);
    expect(client.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await client.text()).toContain('new EventSource');
  });

  test('the redirect map, 404 pages and assets work as in site serve', async () => {
    const redirect = await fetch(`${dev.url}/nieuws/1`, { redirect: 'manual' });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe(ARTICLE_PATH);
    const missing = await getPage(dev.url, '/bestaat-niet');
    expect(missing.status).toBe(404);
    expect(missing.page).toBe('status:404|nl');
    const home = await getPage(dev.url, '/');
    const css = /href="(\/assets\/site\.[\w]+\.css)"/.exec(home.html)?.[1];
    expect(css).toBeDefined();
    expect((await fetch(`${dev.url}${css}`)).status).toBe(200);
    const image = /(\/images\/[\w.-]+\.webp)/.exec(home.html)?.[1];
    expect((await fetch(`${dev.url}${image}`)).headers.get('content-type')).toBe('image/webp');
    expect(await (await fetch(`${dev.url}/sitemap.xml`)).text()).toContain(`${ARTICLE_PATH}</loc>`);
  });
});

describe('a saved file reaches the open pages', () => {
  test('an edited article reloads its pages and the news list, not the others', async () => {
    const before = await getPage(dev.url, ARTICLE_PATH);
    await getPage(dev.url, '/nieuws');
    const camps = await getPage(dev.url, '/kampen');
    const events = await openEvents(dev.url, ARTICLE_PATH, before);
    const campsEvents = await openEvents(dev.url, '/kampen', camps);
    try {
      await project.edit(ARTICLE, /^summary: .*$/m, 'summary: "Een nieuwe samenvatting uit de test."');
      const change = await events.next(isChangeOf(ARTICLE_PATH));
      expect(change.data.paths).toEqual(expect.arrayContaining([ARTICLE_PATH, `/nl${ARTICLE_PATH}`, '/nieuws']));
      expect(change.data.paths).not.toContain('/kampen');
      expect(change.data.files).toEqual([ARTICLE]);
      const after = await getPage(dev.url, ARTICLE_PATH);
      expect(after.html).toContain('Een nieuwe samenvatting uit de test.');
      expect(after.print).not.toBe(before.print);
      expect((await getPage(dev.url, '/nieuws')).html).toContain('Een nieuwe samenvatting uit de test.');
      expect(campsEvents.events.filter(isChangeOf('/kampen'))).toEqual([]);
    } finally {
      events.close();
      campsEvents.close();
    }
  });

  test('a new article is served once saved; a 404 open at its path reloads, and so does the home page with its teaser', async () => {
    const path = '/nieuws/77-een-nieuw-artikel';
    const missing = await getPage(dev.url, path);
    expect(missing.status).toBe(404);
    const home = await getPage(dev.url, '/');
    const events = await openEvents(dev.url, path, missing);
    try {
      await project.write('content/nl/news/77-een-nieuw-artikel.md', article(77, 'een-nieuw-artikel'));
      const change = await events.next(isChangeOf(path));
      expect(change.data.paths).toContain('/');
      const page = await getPage(dev.url, path);
      expect(page.status).toBe(200);
      expect(page.html).toContain('Tekst van artikel 77.');
      expect((await getPage(dev.url, '/')).print).not.toBe(home.print);
    } finally {
      events.close();
    }
  });

  test('a deleted article: its open page reloads into the 404 page, and the server goes on', async () => {
    const path = '/nieuws/77-een-nieuw-artikel';
    const page = await getPage(dev.url, path);
    expect(page.status).toBe(200);
    const events = await openEvents(dev.url, path, page);
    try {
      await project.remove('content/nl/news/77-een-nieuw-artikel.md');
      await events.next(isChangeOf(path));
      expect((await getPage(dev.url, path)).status).toBe(404);
      expect((await getPage(dev.url, ARTICLE_PATH)).status).toBe(200);
    } finally {
      events.close();
    }
  });

  test('a stylesheet change swaps the stylesheet: the open page is not reloaded', async () => {
    const camps = await getPage(dev.url, '/kampen');
    const events = await openEvents(dev.url, '/kampen', camps);
    try {
      const css = await project.read('templates/styles/base.css');
      await project.write('templates/styles/base.css', `${css}\n.site-dev-test-rule{outline:1px solid #123456}\n`);
      const change = await events.next((event) => event.event === 'change' && Boolean(event.data.css));
      expect(change.data.paths).not.toContain('/kampen');
      const sheet = await fetch(`${dev.url}${change.data.css}`);
      expect(sheet.status).toBe(200);
      expect(await sheet.text()).toContain('.site-dev-test-rule');
      expect((await getPage(dev.url, '/kampen')).html).toContain(change.data.css!);
    } finally {
      events.close();
    }
  });

  test('a template change reloads the open pages that use it, and no other', async () => {
    const clubPath = (await fetch(`${dev.url}/verenigingen/1`, { redirect: 'manual' })).headers.get('location')!;
    const club = await getPage(dev.url, clubPath);
    const camps = await getPage(dev.url, '/kampen');
    const clubEvents = await openEvents(dev.url, clubPath, club);
    const campsEvents = await openEvents(dev.url, '/kampen', camps);
    try {
      await project.edit(
        'templates/pages/ClubPage.tsx',
        'export function ClubPage() {',
        'export function ClubPage() {\n  return <p>club page marker</p>;\n}\nexport function UnusedClubPage() {',
      );
      const change = await clubEvents.next(isChangeOf(clubPath));
      expect(change.data.paths).not.toContain('/kampen');
      expect((await getPage(dev.url, clubPath)).html).toContain('club page marker');
      expect(campsEvents.events.filter(isChangeOf('/kampen'))).toEqual([]);
    } finally {
      clubEvents.close();
      campsEvents.close();
    }
  });

  test('an island change rebuilds the island scripts, and the open pages that load them reload', async () => {
    const camps = await getPage(dev.url, '/kampen');
    const loader = /<script type="module" src="(\/islands\/loader-[\w-]+\.js)"/.exec(camps.html)?.[1];
    expect(loader).toBeDefined();
    const events = await openEvents(dev.url, '/kampen', camps);
    try {
      await project.write(
        'islands/loader.ts',
        `${await project.read('islands/loader.ts')}\n(globalThis as { siteDevTest?: number }).siteDevTest = 1;\n`,
      );
      await events.next(isChangeOf('/kampen'));
      const next = /<script type="module" src="(\/islands\/loader-[\w-]+\.js)"/.exec(
        (await getPage(dev.url, '/kampen')).html,
      )?.[1];
      expect(next).not.toBe(loader);
      expect(await (await fetch(`${dev.url}${next}`)).text()).toContain('siteDevTest');
    } finally {
      events.close();
    }
  });

  test('a template change every page reads reloads every open page', async () => {
    const camps = await getPage(dev.url, '/kampen');
    const events = await openEvents(dev.url, '/kampen', camps);
    try {
      await project.edit('templates/entry.tsx', '`<!doctype html>${', '`<!doctype html><!-- site dev test -->${');
      await events.next(isChangeOf('/kampen'));
      expect((await getPage(dev.url, '/kampen')).html).toContain('<!-- site dev test -->');
      expect((await getPage(dev.url, ARTICLE_PATH)).html).toContain('<!-- site dev test -->');
    } finally {
      events.close();
    }
  });
});

describe('drafts', () => {
  const draftFile = 'content/nl/news/78-een-concept.md';
  const draftPath = '/nieuws/78-een-concept';

  test('a draft shows in site dev', async () => {
    const missing = await getPage(dev.url, draftPath);
    const events = await openEvents(dev.url, draftPath, missing);
    try {
      await project.write(draftFile, article(78, 'een-concept', 'draft: true\n'));
      await events.next(isChangeOf(draftPath));
      const page = await getPage(dev.url, draftPath);
      expect(page.status).toBe(200);
      expect(page.html).toContain('Tekst van artikel 78.');
    } finally {
      events.close();
    }
  });

  test('and never in site build', async () => {
    await promisify(execFile)(
      process.execPath,
      [join(project.root, 'bin', 'site.mjs'), 'build', '--root', project.root],
      { cwd: project.root },
    );
    const publicDir = join(project.root, 'dist', 'public');
    expect(existsSync(join(publicDir, `${ARTICLE_PATH.slice(1)}.html`))).toBe(true);
    expect(existsSync(join(publicDir, `${draftPath.slice(1)}.html`))).toBe(false);
  }, 180_000);
});
