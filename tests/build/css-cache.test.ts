import { access, mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildCss } from '../../cli/build/css.ts';
import type { SiteConfig } from '../../shared/config.ts';

/**
 * cli/build/css.ts keeps its esbuild result in the bundles' cache (cli/build/cached-esbuild.ts),
 * so a build whose stylesheets did not change starts no esbuild: a stylesheet edited, or the
 * theme changed, must still give the new stylesheet.
 */
let root: string;
const config = (accent: string) =>
  ({ theme: { primary: { 400: '#4a4a4a', 500: '#505050' }, accent } }) as unknown as SiteConfig;

async function writeStyle(name: string, text: string): Promise<void> {
  const file = join(root, 'templates', 'styles', name);
  await writeFile(file, text);
  const before = new Date(Date.now() - 60_000); // saved a minute ago, as an editor's are (see cached-esbuild.test.ts)
  await utimes(file, before, before);
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'css-cache-'));
  await mkdir(join(root, 'templates', 'styles'), { recursive: true });
  await writeStyle('site.css', "@import './parts.css';\nbody { margin: 0 }\n");
  await writeStyle('parts.css', '.card { color: red }\n');
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('the stylesheet from the bundles cache', () => {
  test('kept in the cache; the same stylesheet while nothing changed', async () => {
    const first = await buildCss(root, config('#ff0000'));
    await access(join(root, '.site', 'cache', 'bundles', 'css.json'));
    const again = await buildCss(root, config('#ff0000'));
    expect(again).toEqual(first);
    expect(first.contents).toContain('.card{color:red}');
  });

  test('an imported stylesheet edited: the new rules, under a new name', async () => {
    const before = await buildCss(root, config('#ff0000'));
    await writeStyle('parts.css', '.card { color: blue }\n');
    const after = await buildCss(root, config('#ff0000'));
    expect(after.contents).toContain('.card{color:#00f}');
    expect(after.path).not.toBe(before.path);
  });

  test('the theme changed (site.config.yaml, not a stylesheet): the new colours', async () => {
    const red = await buildCss(root, config('#ff0000'));
    const green = await buildCss(root, config('#00ff00'));
    expect(green.contents).toContain('--accent:#00ff00');
    expect(green.path).not.toBe(red.path);
  });
});
