import { describe, expect, test } from 'vitest';
import { pagePath, sitemapUrls, toLocal } from '../../cli/check/start-points.ts';
import { fragmentFound, readAnchors } from '../../cli/check/fragments.ts';
import { sitePath } from '../../cli/check/crawl.ts';
import { formatReport, groupBroken } from '../../cli/check/report.ts';

const rewrites = [{ source: '/evenementen/inschrijvingen/:id', destination: '/evenementen/inschrijvingen/[id].html' }];

describe('where the crawl starts', () => {
  test.each([
    ['index.html', '/'],
    ['kampen.html', '/kampen'],
    ['en.html', '/en'],
    ['en/404.html', '/en/404'],
    ['nieuws/3-x.html', '/nieuws/3-x'],
    ['en/clubs/index.html', '/en/clubs'],
    ['evenementen/inschrijvingen/[id].html', '/evenementen/inschrijvingen/site-check'],
  ])('page file %s is visited at %s', (file, path) => {
    expect(pagePath(file, rewrites)).toBe(path);
  });

  test('a shell page without a rewrite has no path to visit', () => {
    expect(pagePath('en/events/registrations/[id].html', rewrites)).toBeUndefined();
  });

  test.each([
    ['https://www.example.nl', 'http://127.0.0.1:9/'],
    ['https://www.example.nl/kampen?page=2#x', 'http://127.0.0.1:9/kampen?page=2#x'],
    ['/kampen', 'http://127.0.0.1:9/kampen'],
    ['https://www.example.nl.evil.com/x', 'https://www.example.nl.evil.com/x'],
    ['https://youtube.com/@x', 'https://youtube.com/@x'],
  ])('%s is checked at %s', (link, local) => {
    expect(toLocal(link, 'https://www.example.nl', 'http://127.0.0.1:9')).toBe(local);
  });

  test('the sitemap gives every <loc> and hreflang alternate, entities undone', () => {
    const xml = `<urlset><url><loc>https://x.nl/a?b=1&amp;c=2</loc><xhtml:link rel="alternate" hreflang="en" href="https://x.nl/en/a"/></url></urlset>`;
    expect(sitemapUrls(xml)).toEqual(['https://x.nl/a?b=1&c=2', 'https://x.nl/en/a']);
  });

  test('site paths for local URLs, whole URLs for others', () => {
    expect(sitePath('http://127.0.0.1:9', 'http://127.0.0.1:9')).toBe('/');
    expect(sitePath('http://127.0.0.1:9/a#b', 'http://127.0.0.1:9')).toBe('/a#b');
    expect(sitePath('http://127.0.0.1:99/a', 'http://127.0.0.1:9')).toBe('http://127.0.0.1:99/a');
  });
});

describe('fragments', () => {
  test('ids, named anchors and fragment links of <a> and <area> are read; other links are not', () => {
    const html = `<main id="main"><a name="oud"></a><h2 id="prijzen&amp;tijden">x</h2>
      <a href="#main">skip</a><a href="/kampen#prijzen">p</a><a href="/kampen">no fragment</a>
      <map><area href="/b#c" alt=""></map><link rel="x" href="/d#e"><img src="/f#g" alt=""></main>`;
    const { ids, links } = readAnchors(html, 'http://h/page');
    expect([...ids].sort()).toEqual(['main', 'oud', 'prijzen&tijden']);
    expect(links.map(String)).toEqual(['http://h/page#main', 'http://h/kampen#prijzen', 'http://h/b#c']);
  });

  test.each([
    ['main', true],
    ['', true],
    ['top', true],
    ['TOP', true],
    ['caf%C3%A9', true],
    ['mian', false],
    ['%E0%A4%A', false],
  ])('#%s found: %s', (fragment, found) => {
    expect(fragmentFound(fragment, new Set(['main', 'café']))).toBe(found);
  });
});

describe('the report', () => {
  const broken = [
    { source: 'sitemap.xml', link: '/weg', reason: 'HTTP 404' },
    { source: '/nieuws/3', link: '/b', reason: 'HTTP 404' },
    { source: '/nieuws/3', link: '/a#x', reason: 'no element with id "x" on /a' },
    { source: '/nieuws/3', link: '/b', reason: 'HTTP 404' },
    { source: '/en', link: '/c', reason: 'HTTP 500' },
  ];

  test('groups by page, pages before build files, each link once, in order', () => {
    expect(groupBroken(broken)).toEqual([
      { source: '/en', links: [{ link: '/c', reason: 'HTTP 500' }] },
      { source: '/nieuws/3', links: [{ link: '/a#x', reason: 'no element with id "x" on /a' }, { link: '/b', reason: 'HTTP 404' }] },
      { source: 'sitemap.xml', links: [{ link: '/weg', reason: 'HTTP 404' }] },
    ]);
  });

  test('says how much was checked, and nothing more when all is well', () => {
    expect(formatReport({ pages: 1, links: 3, skipped: 0, broken: [], ms: 1234 })).toBe('checked 1 page and 3 links in 1.2 s\nno broken links\n');
    expect(formatReport({ pages: 2, links: 9, skipped: 1, broken: broken.slice(0, 1), ms: 50 })).toBe(
      'checked 2 pages and 9 links in 0.1 s (1 external link not checked; --external checks them)\n1 broken link on 1 page:\n\nsitemap.xml\n  /weg  HTTP 404\n',
    );
  });
});

describe('site check (command line)', () => {
  test('help names every option with its type and default', async () => {
    const { Command } = await import('commander');
    const { registerCheckCommand } = await import('../../cli/commands/check.ts');
    let output = '';
    const site = new Command('site').exitOverride().configureOutput({ writeOut: (text) => (output += text) });
    registerCheckCommand(site);
    for (const command of site.commands) command.exitOverride().configureOutput({ writeOut: (text) => (output += text) });
    await expect(site.parseAsync(['node', 'site', 'check', '--help'])).rejects.toMatchObject({ exitCode: 0 });
    const help = output.replace(/\s+/g, ' ');
    expect(help).toContain('--root <dir> project folder (string) (default: current folder)');
    expect(help).toContain('--out <dir> build output folder, relative to --root (string) (default: "dist")');
    expect(help).toContain('--external also check links to other sites; needs a network (boolean) (default: false)');
    expect(help).toContain('--json print the report as JSON (boolean) (default: false)');
  });
});
