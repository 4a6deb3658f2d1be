import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from './helpers.ts';

/**
 * cli/content/markdown.ts loads parse5 (the HTML parser for editors' inline HTML, ~40 ms of
 * loading) only when a text holds HTML: a one-article edit renders none in its thread. Told in a
 * process of its own: a loader hook sees parse5 imported, require.cache sees it required.
 */
let dir: string;
afterAll(() => dir && rm(dir, { recursive: true, force: true }));

describe('the HTML parser of Markdown', () => {
  it('is loaded by the first text that holds HTML, not before', async () => {
    dir = await mkdtemp(join(tmpdir(), 'markdown-parser-load-'));
    const seen = join(dir, 'imported.txt');
    const hooks = `import { appendFileSync } from 'node:fs';
      let file;
      export function initialize(data) { file = data.file; }
      export async function load(url, context, next) { appendFileSync(file, url + '\\n'); return next(url, context); }`;
    const script = `
      import { register, createRequire } from 'node:module';
      import { readFileSync, writeFileSync } from 'node:fs';
      writeFileSync(${JSON.stringify(seen)}, '');
      register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(hooks)}), import.meta.url, { data: { file: ${JSON.stringify(seen)} } });
      const required = createRequire(import.meta.url).cache;
      const parse5 = () =>
        [...readFileSync(${JSON.stringify(seen)}, 'utf8').split('\\n'), ...Object.keys(required)].some((url) => url.includes('/parse5/'));
      const { renderMarkdown } = await import('./cli/content/markdown.ts');
      const plain = renderMarkdown('# Nieuws\\n\\nEen *gewone* alinea met [een link](/nl/) en geen tags.');
      const loadedForPlain = parse5();
      const html = renderMarkdown('Een <b>vette alinea');
      console.log(JSON.stringify({ plain, loadedForPlain, html, loadedForHtml: parse5() }));`;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    const result = JSON.parse(out.trim().split('\n').at(-1)!);
    expect(result.plain).toContain('<h1>Nieuws</h1>');
    expect(result.loadedForPlain).toBe(false);
    // The unclosed tag is closed by parse5, as a browser would.
    expect(result.html).toBe('<p>Een <b>vette alinea</b></p><b>\n</b>');
    expect(result.loadedForHtml).toBe(true);
  }, 60_000);
});
