/**
 * `site check` as CI runs it: on the real site (no broken link), and on a copy with one broken
 * link, one broken anchor and one missing image in an article, plus a redirect and a sitemap
 * entry that lead nowhere, and island scripts gone from the build. Each is reported under the
 * page (or build file, or module) that holds it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdtemp, readFile, readdir, readlink, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copyProject, projectRoot, runSite } from '../helpers/project-copy.ts';
import { moduleImports } from '../../cli/check/module-imports.ts';

interface JsonReport {
  ok: boolean;
  pages: number;
  links: number;
  skipped: number;
  broken: number;
  groups: Array<{ source: string; links: Array<{ link: string; reason: string }> }>;
}

const ARTICLE = 'content/nl/news/3-inschrijving-najaarslessen-2025-geopend.md';
const ARTICLE_PATH = '/nieuws/3-inschrijving-najaarslessen-2025-geopend';
// A build plus a crawl of ~190 pages: seconds alone, a minute or more beside the rest of the suite.
const SLOW = 240_000;

describe('site check on the real site', () => {
  let out: string;
  beforeAll(async () => {
    out = await mkdtemp(join(tmpdir(), 'site-check-real-'));
  });
  afterAll(() => rm(out, { recursive: true, force: true }));

  test(
    'builds what is missing, finds every page, and no broken link',
    async () => {
      const run = await runSite(projectRoot, ['check', '--json', '--out', join(out, 'dist')]);
      expect(run.stderr).toMatch(/built \d+ pages/);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      const report = JSON.parse(run.stdout) as JsonReport;
      expect(report.groups).toEqual([]);
      expect(report).toMatchObject({ ok: true, broken: 0 });
      // Every page file, each page's images in every srcset width, stylesheet, scripts.
      expect(report.pages).toBeGreaterThanOrEqual(180);
      expect(report.links).toBeGreaterThan(report.pages + 100);
      // The footer's social links: skipped offline, and said so.
      expect(report.skipped).toBeGreaterThan(0);
    },
    SLOW,
  );
});

describe('site check on a site with broken links', () => {
  let project: string;
  const group = (report: JsonReport, source: string) => report.groups.find((g) => g.source === source)?.links ?? [];

  beforeAll(async () => {
    project = await copyProject();
    const article = join(project, ARTICLE);
    const text = await readFile(article, 'utf8');
    await writeFile(
      article,
      `${text}\nZie ook [de oude pagina](/bestaat-niet), [de kampprijzen](/kampen#bestaat-niet) en deze foto:\n\n![Een foto](/images/ontbreekt.webp)\n`,
    );
  });
  afterAll(() => rm(project, { recursive: true, force: true }));

  test(
    'reports each broken link under its page, with why, and exits 1',
    async () => {
      const run = await runSite(project, ['check', '--json']);
      expect(run.code, run.stderr).toBe(1);
      const report = JSON.parse(run.stdout) as JsonReport;
      expect(report.ok).toBe(false);
      // The anchor's page (/kampen) is reached through the navigation long before the article:
      // linkinator's own fragment check would miss it (cli/check/fragments.ts).
      const expected = [
        { link: '/bestaat-niet', reason: 'HTTP 404' },
        { link: '/images/ontbreekt.webp', reason: 'HTTP 404' },
        { link: '/kampen#bestaat-niet', reason: 'no element with id "bestaat-niet" on /kampen' },
      ];
      expect(group(report, ARTICLE_PATH)).toEqual(expected);
      // The same article under /nl has the same links; nothing else is broken.
      expect(group(report, `/nl${ARTICLE_PATH}`)).toEqual(expected);
      expect(report.groups.map((g) => g.source)).toEqual([ARTICLE_PATH, `/nl${ARTICLE_PATH}`]);
      expect(report.broken).toBe(6);
    },
    SLOW,
  );

  test(
    'prints page -> broken link -> why, and checks the build it already made',
    async () => {
      const run = await runSite(project, ['check']);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('dist is up to date');
      expect(run.stdout).toContain(
        [
          '6 broken links on 2 pages:',
          '',
          ARTICLE_PATH,
          '  /bestaat-niet           HTTP 404',
          '  /images/ontbreekt.webp  HTTP 404',
          '  /kampen#bestaat-niet    no element with id "bestaat-niet" on /kampen',
          '',
          `/nl${ARTICLE_PATH}`,
        ].join('\n'),
      );
    },
    SLOW,
  );

  test(
    'a redirect target or sitemap URL that leads nowhere is blamed on its build file',
    async () => {
      // Tamper with the build itself: the sources are unchanged, so check keeps this dist.
      const dist = join(project, await readlink(join(project, 'dist')));
      const redirects = JSON.parse(await readFile(join(dist, 'redirects.json'), 'utf8')) as { redirects: unknown[] };
      redirects.redirects.push({ from: '/oud-adres', to: '/nieuw-adres-bestaat-niet', status: 301 });
      await writeFile(join(dist, 'redirects.json'), JSON.stringify(redirects));
      const sitemap = join(dist, 'public', 'sitemap.xml');
      const xml = await readFile(sitemap, 'utf8');
      await writeFile(
        sitemap,
        xml.replace('</urlset>', '<url><loc>https://www.baselinetennis.nl/verdwenen</loc></url></urlset>'),
      );

      const run = await runSite(project, ['check', '--json']);
      expect(run.code).toBe(1);
      const report = JSON.parse(run.stdout) as JsonReport;
      expect(group(report, 'redirects.json')).toEqual([
        { link: '/nieuw-adres-bestaat-niet', reason: 'HTTP 404 (redirect from /oud-adres)' },
      ]);
      expect(group(report, 'sitemap.xml')).toEqual([{ link: '/verdwenen', reason: 'HTTP 404' }]);
    },
    SLOW,
  );

  test(
    'an island module or a chunk it imports that is gone is blamed on the page or the module that names it',
    async () => {
      // Tamper with the build: the contact form's module, and the chunk the login island fetches on demand.
      const publicDir = join(project, await readlink(join(project, 'dist')), 'public');
      const contactForm = /data-src="(\/islands\/contact-form-[^"]+)"/.exec(
        await readFile(join(publicDir, 'contact.html'), 'utf8'),
      )![1]!;
      const login = `/islands/${(await readdir(join(publicDir, 'islands'))).find((name) => name.startsWith('login-'))!}`;
      const onDemand = moduleImports(await readFile(join(publicDir, login), 'utf8')).lazy[0]!.replace(
        './',
        '/islands/',
      );
      await rm(join(publicDir, contactForm));
      await rm(join(publicDir, onDemand));

      const run = await runSite(project, ['check', '--json']);
      expect(run.code).toBe(1);
      const report = JSON.parse(run.stdout) as JsonReport;
      for (const page of ['/contact', '/nl/contact', '/en/contact'])
        expect(group(report, page)).toEqual([{ link: contactForm, reason: 'HTTP 404' }]);
      expect(group(report, login)).toEqual([{ link: onDemand, reason: 'HTTP 404' }]);
    },
    SLOW,
  );
});
