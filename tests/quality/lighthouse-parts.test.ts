/** The Lighthouse script's pure parts: which pages it measures, and its section of bench/RESULTS.md. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error plain ES modules of scripts/, without type declarations
import { lighthousePages } from '../../scripts/lighthouse/pages.mjs';
// @ts-expect-error plain ES modules of scripts/, without type declarations
import { HEADING, section, writeSection } from '../../scripts/lighthouse/results.mjs';

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'site-lighthouse-'));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

const sitemap = (paths: string[]) =>
  `<urlset>${paths.map((p) => `<url><loc>https://x.nl${p}</loc></url>`).join('')}</urlset>`;

describe('pages', () => {
  test('one of each kind, item pages the first of their kind in the sitemap', async () => {
    const dist = join(tmp, 'dist');
    await mkdir(join(dist, 'public'), { recursive: true });
    await writeFile(
      join(dist, 'public', 'sitemap.xml'),
      sitemap([
        '/',
        '/en/clubs/1-a',
        '/verenigingen',
        '/verenigingen/1-a',
        '/verenigingen/2-b',
        '/nieuws/3-c',
        '/evenementen/4-d',
        '/evenementen/4-d/inschrijven',
      ]),
    );
    expect(await lighthousePages(dist)).toEqual([
      { name: 'home', path: '/' },
      { name: 'clubs', path: '/verenigingen' },
      { name: 'club', path: '/verenigingen/1-a' },
      { name: 'news article', path: '/nieuws/3-c' },
      { name: 'events', path: '/evenementen' },
      { name: 'event sign-up', path: '/evenementen/4-d/inschrijven' },
      { name: 'contact', path: '/contact' },
      { name: 'login', path: '/login' },
    ]);
  });

  test('a kind missing from the sitemap is an error, not a silently shorter run', async () => {
    const dist = join(tmp, 'empty');
    await mkdir(join(dist, 'public'), { recursive: true });
    await writeFile(join(dist, 'public', 'sitemap.xml'), sitemap(['/']));
    await expect(lighthousePages(dist)).rejects.toThrow('the sitemap has no club page');
  });
});

describe('bench/RESULTS.md', () => {
  const row = {
    name: 'home',
    path: '/',
    scores: { performance: 99, accessibility: 100, 'best-practices': 100, seo: 100 },
    lcp: 1580,
    bytes: { js: 9084, css: 6765 },
    runs: 2,
    benchmarkIndex: 700,
  };
  const text = section([row], { seconds: 120, chromium: 'Chrome 142', lighthouse: '12.8.2', min: 95 });

  test('a table row per page: scores, LCP in seconds, bytes in KB', () => {
    expect(text.startsWith(`${HEADING}\n`)).toBe(true);
    expect(text).toContain('| home | / | 99 | 100 | 100 | 100 | 1.6 s | 8.9 KB | 6.6 KB | 2 |');
  });

  test('replaces only its own section, wherever it is, and appends it when missing', async () => {
    const file = join(tmp, 'RESULTS.md');
    await writeFile(file, '# Benchmark results\n\n## Before\n\nkeep 1\n');
    await writeSection(file, text);
    await writeFile(file, `${await readFile(file, 'utf8')}\n## After\n\nkeep 2\n`);
    await writeSection(file, text.replace('| 99 |', '| 98 |'));
    const result = await readFile(file, 'utf8');
    expect(result.split(HEADING).length).toBe(2);
    expect(result).toContain('## Before\n\nkeep 1\n');
    expect(result).toContain('| home | / | 98 |');
    expect(result).toMatch(/\| home \| \/ \| 98 \|[^\n]*\n\n[^#]*\n\n## After\n\nkeep 2\n$/);
  });
});
