import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pagePath, sitemapUrls, toLocal } from '../../cli/check/start-points.ts';
import { fragmentFound, readAnchors } from '../../cli/check/fragments.ts';
import { crawlSite, sitePath } from '../../cli/check/crawl.ts';
import { readLinks, srcsetUrls } from '../../cli/check/page-links.ts';
import { formatReport, groupBroken } from '../../cli/check/report.ts';
import { moduleImports } from '../../cli/check/module-imports.ts';
import { checkModules, readModuleScripts } from '../../cli/check/scripts.ts';

/** A loopback HTTP server for the describe block it is made in; `requests` lists what it was asked for. */
function loopbackServer(answer: (url: string, response: ServerResponse) => void): {
  origin: string;
  requests: string[];
} {
  const state = { origin: '', requests: [] as string[] };
  let server: Server;
  beforeAll(async () => {
    server = createServer((request, response) => {
      state.requests.push(request.url!);
      answer(request.url!, response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  return state;
}

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

describe('links on a page', () => {
  test.each([
    ['/a.webp 320w, /b.webp 640w', ['/a.webp', '/b.webp']],
    ['/a.webp', ['/a.webp']],
    ['/a.webp 1x,/b.webp 2x', ['/a.webp', '/b.webp']],
    ['/a.webp,/b.webp 2x', ['/a.webp,/b.webp']], // HTML: a comma inside a URL belongs to it
    ['  /img,with,commas.webp 1x , /c.webp 2x ', ['/img,with,commas.webp', '/c.webp']],
    ['/a.webp (max-width: 1px, x) 1x, /d.webp', ['/a.webp', '/d.webp']],
    ['', []],
  ])('srcset %j names %j', (srcset, urls) => {
    expect(srcsetUrls(srcset)).toEqual(urls);
  });

  test('every URL a browser would follow or fetch, resolved against the page or its <base>; hints and non-URL meta are not', () => {
    const html = `<html><head><base href="/nieuws/"><link rel="stylesheet" href="/s.css"><link rel="preconnect" href="https://fonts.x">
      <link rel="alternate" hreflang="en" href="https://www.example.nl/en/news"><meta property="og:image" content="https://www.example.nl/og.webp">
      <meta name="description" content="Tennis: lessen"><meta http-equiv="refresh" content="5; url=/kampen"><script type="module" src="loader.js"></script></head>
      <body><a href="3-x">x</a><a href="#top">top</a><a href="mailto:a@b.nl">mail</a><a>none</a><AREA HREF="/b">
      <img src="/i.webp" srcset="/i-320.webp 320w, /i-640.webp 640w" alt=""><picture><source srcset="/p.avif"></picture>
      <video src="/v.mp4" poster="/v.webp"></video><iframe src="https://www.youtube.com/embed/x"></iframe><a href="http://[x">bad</a></body></html>`;
    const { links, invalid } = readLinks(html, 'http://h/kampen');
    expect(links.map(String)).toEqual([
      'http://h/s.css',
      'https://www.example.nl/en/news',
      'https://www.example.nl/og.webp',
      'http://h/kampen',
      'http://h/nieuws/loader.js',
      'http://h/nieuws/3-x',
      'http://h/nieuws/#top',
      'mailto:a@b.nl',
      'http://h/b',
      'http://h/i.webp',
      'http://h/i-320.webp',
      'http://h/i-640.webp',
      'http://h/p.avif',
      'http://h/v.mp4',
      'http://h/v.webp',
      'https://www.youtube.com/embed/x',
    ]);
    expect(invalid).toEqual(['http://[x']);
  });
});

describe('the crawl, over HTTP', () => {
  // A site in miniature: pages, a redirect chain and loop, a redirect off the site, a page read
  // at many queries (the login link of every page), a missing image and an invalid link.
  const pages: Record<string, string> = {
    '/': '<a href="/kampen">k</a><a href="/login?next=%2F">in</a><a href="/oud">o</a><a href="/rond-a">r</a><a href="/ver">v</a><a href="/weg">w</a><a href="https://www.example.nl/kampen#x">abs</a><a href="https://elders.example/">e</a>',
    '/kampen':
      '<h1 id="x">Kampen</h1><img src="/ontbreekt.webp" alt=""><a href="/login?next=%2Fkampen">in</a><a href="http://[x">kapot</a>',
    '/login': '<form>login</form><a href="/">home</a>',
  };
  const redirects: Record<string, string> = {
    '/oud': '/tussen',
    '/tussen': '/kampen',
    '/rond-a': '/rond-b',
    '/rond-b': '/rond-a',
    '/ver': 'https://elders.example/ver',
  };
  const site = loopbackServer((url, response) => {
    const path = new URL(url, 'http://x').pathname;
    if (redirects[path]) return void response.writeHead(301, { location: redirects[path] }).end();
    const page = pages[path];
    response.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(page ?? 'Niet gevonden');
  });

  test('each address once, redirects followed hop by hop, nothing off the site asked for offline', async () => {
    const { origin, requests } = site;
    const read: string[] = [];
    const result = await crawlSite({
      localOrigin: origin,
      productionOrigin: 'https://www.example.nl',
      starts: [
        { url: `${origin}/`, sources: [{ source: 'dist/public', note: 'index.html' }] },
        { url: `${origin}/weg`, sources: [{ source: 'sitemap.xml' }] },
      ],
      external: false,
      onPage: ({ landed }) => read.push(sitePath(landed, origin)),
    });
    expect(groupBroken(result.broken)).toEqual([
      {
        source: '/',
        links: [
          { link: '/rond-a', reason: 'more than 10 redirects' },
          { link: '/weg', reason: 'HTTP 404' },
        ],
      },
      {
        source: '/kampen',
        links: [
          { link: '/ontbreekt.webp', reason: 'HTTP 404' },
          { link: 'http://[x', reason: 'not a valid URL' },
        ],
      },
      { source: 'sitemap.xml', links: [{ link: '/weg', reason: 'HTTP 404' }] },
    ]);
    // The login page, asked for at two queries, is read once; /oud lands on /kampen, read once.
    expect(read.sort()).toEqual(['/', '/kampen', '/login?next=%2F']);
    expect(result.pages.map((page) => sitePath(page, origin))).toEqual(['/', '/kampen', '/login?next=%2F']);
    expect(result.visits.get(`${origin}/oud`)).toEqual({ ok: true, landed: `${origin}/kampen` });
    expect(result.visits.get(`${origin}/login?next=%2Fkampen`)?.landed).toBe(`${origin}/login?next=%2F`);
    // /kampen: asked for once by its own link (its production address is the same URL here)
    // and once more as the last hop of /oud's chain (each chain is followed anew).
    expect(requests.filter((url) => url === '/kampen')).toHaveLength(2);
    expect(requests.filter((url) => url === '/weg')).toHaveLength(1);
    expect(result.skipped).toBe(2); // https://elders.example/ and the redirect's target
  });
});

describe('the crawl with --external, over HTTP', () => {
  const elsewhere = loopbackServer(
    (url, response) => void response.writeHead(url === '/there' ? 200 : 404, { 'content-type': 'text/plain' }).end(),
  );
  const site = loopbackServer((url, response) => {
    const html = `<a href="${elsewhere.origin}/there">ok</a><a href="${elsewhere.origin}/gone">gone</a>`;
    response.writeHead(url === '/' ? 200 : 404, { 'content-type': 'text/html' }).end(html);
  });

  test.each([
    { external: true, reported: true, asked: ['/gone', '/there'], skipped: 0 },
    { external: false, reported: false, asked: [], skipped: 2 },
  ])(
    'links to other sites, external $external: asked for only when told',
    async ({ external, reported, asked, skipped }) => {
      elsewhere.requests.length = 0;
      const result = await crawlSite({
        localOrigin: site.origin,
        productionOrigin: 'https://www.example.nl',
        starts: [{ url: `${site.origin}/`, sources: [{ source: 'dist/public' }] }],
        external,
      });
      expect(result.broken).toEqual(
        reported ? [{ source: '/', link: `${elsewhere.origin}/gone`, reason: 'HTTP 404' }] : [],
      );
      expect(elsewhere.requests.sort()).toEqual(asked);
      expect(result.skipped).toBe(skipped);
    },
  );
});

describe('scripts', () => {
  test.each([
    ['import{a as b}from"./chunk-AB12.js";', ['./chunk-AB12.js'], []],
    ['import"./side-effect.js";import { x } from "../up.js"', ['./side-effect.js', '../up.js'], []],
    ['import("./lazy-1.js").then(m=>m.x);await import ( "./lazy-2.js" )', [], ['./lazy-1.js', './lazy-2.js']],
    ['import(boundary.dataset.src);import("react");from"preact"', [], []],
  ])('%s imports %j, on demand %j', (code, imports, lazy) => {
    expect(moduleImports(code)).toEqual({ imports, lazy });
  });

  test("a page starts from its module scripts and its islands' modules; other scripts and tags are not read", () => {
    const html = `<script type="module" src="/islands/loader.js"></script><script src="/old.js"></script>
      <site-island data-island="a" data-src="/islands/a.js"><p>x</p></site-island><site-island data-island="b"></site-island>
      <div data-src="/not-an-island.js"></div>`;
    expect(readModuleScripts(html, 'http://h/kampen').map(String)).toEqual([
      'http://h/islands/loader.js',
      'http://h/islands/a.js',
    ]);
  });

  describe('over HTTP', () => {
    // A served build in miniature: a.js imports a missing chunk, and on demand a file the server
    // answers with HTML (a catch-all rewrite would); ok.js and its chunk load.
    const files: Record<string, [string, string]> = {
      '/islands/a.js': ['text/javascript', 'import{x}from"./chunk-gone.js";import("./chunk-html.js");'],
      '/islands/chunk-html.js': ['text/html; charset=utf-8', '<!doctype html><title>Home</title>'],
      '/islands/ok.js': ['text/javascript; charset=utf-8', 'import"./chunk-ok.js";'],
      '/islands/chunk-ok.js': ['text/javascript', 'export const x=1;'],
    };
    const site = loopbackServer((url, response) => {
      const file = files[url];
      response.writeHead(file ? 200 : 404, { 'content-type': file?.[0] ?? 'text/html' }).end(file?.[1] ?? 'Not found');
    });

    test('a module that does not load is blamed on the page that names it, an import on its module; each module is fetched once', async () => {
      const { origin, requests } = site;
      const page = (path: string, ...scripts: string[]) =>
        scripts.map((src) => ({ page: `${origin}${path}`, src: new URL(src, origin) }));
      const result = await checkModules(
        [
          ...page('/kampen', '/islands/a.js', '/islands/ok.js'),
          ...page('/contact', '/islands/a.js', '/islands/missing.js'),
          ...page('/x', 'https://cdn.example/elsewhere.js'),
        ],
        origin,
      );
      expect(groupBroken(result.broken)).toEqual([
        { source: '/contact', links: [{ link: '/islands/missing.js', reason: 'HTTP 404' }] },
        {
          source: '/islands/a.js',
          links: [
            { link: '/islands/chunk-gone.js', reason: 'HTTP 404' },
            { link: '/islands/chunk-html.js', reason: 'served as text/html, not JavaScript' },
          ],
        },
      ]);
      expect(requests.sort()).toEqual([
        '/islands/a.js',
        '/islands/chunk-gone.js',
        '/islands/chunk-html.js',
        '/islands/chunk-ok.js',
        '/islands/missing.js',
        '/islands/ok.js',
      ]);
      expect(result.modules.size).toBe(6);
    });
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
      {
        source: '/nieuws/3',
        links: [
          { link: '/a#x', reason: 'no element with id "x" on /a' },
          { link: '/b', reason: 'HTTP 404' },
        ],
      },
      { source: 'sitemap.xml', links: [{ link: '/weg', reason: 'HTTP 404' }] },
    ]);
  });

  test('says how much was checked, and nothing more when all is well', () => {
    expect(formatReport({ pages: 1, links: 3, skipped: 0, broken: [], ms: 1234 })).toBe(
      'checked 1 page and 3 links in 1.2 s\nno broken links\n',
    );
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
    for (const command of site.commands)
      command.exitOverride().configureOutput({ writeOut: (text) => (output += text) });
    await expect(site.parseAsync(['node', 'site', 'check', '--help'])).rejects.toMatchObject({ exitCode: 0 });
    const help = output.replace(/\s+/g, ' ');
    expect(help).toContain('--root <dir> project folder (string) (default: current folder)');
    expect(help).toContain('--out <dir> build output folder, relative to --root (string) (default: "dist")');
    expect(help).toContain('--external also check links to other sites; needs a network (boolean) (default: false)');
    expect(help).toContain('--json print the report as JSON (boolean) (default: false)');
    expect(help).toContain(
      '--content only check site.config.yaml and content/ (no build, no links); print each problem as file:line:column: severity CODE message (boolean) (default: false)',
    );
  });
});
