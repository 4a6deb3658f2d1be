/**
 * The Markdown stage's two speed-ups (issue 21) change no HTML: linkify-it's test skipped for
 * text without a colon, @ or //, and the CLI's markdown-it with its class fields as plain
 * assignments (bin/plain-fields.mjs). Each is checked against markdown-it itself on the site's
 * own Markdown and on generated text full of links, addresses, entities and emphasis.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { build } from 'esbuild';
import MarkdownIt from 'markdown-it';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { quickLinkTest } from '../../cli/content/markdown.ts';
import { markdownItBundle, plainFields } from '../../bin/plain-fields.mjs';
import { projectRoot } from '../helpers/project-copy.ts';

const PARTS = [
  ...['*', '_', '**', '`', '```', '[', ']', '(', ')', '!', '#', '## ', ' ', '\n', '\n\n', '|', '| --- |', '- ', '~~'],
  ...['> ', '<', 'a', 'word', 'é', '&amp;', '&nbsp;', '&#123;', '&bogus;', '.', ',', ':', ';', '?', '@', '//'],
  ...['https://x.nl/a?b=c', 'http://user:pw@x.nl/', 'https://[::1]/p', 'HTTPS://X.NL', 'www.example.com'],
  ...['user@example.com', 'a.b@example.co.uk', 'mailto:a@b.nl', 'ftp://f.nl', '//x.nl', 'http://ü.de/ä'],
  ...['<div>', '</div>', '<!-- c -->', '<https://a.nl>', '<a@b.nl>', '[l](https://x.nl/ä ö)', '![i](a.png "t")'],
  ...['[x]: https://a.nl "t"', '[x]', 'javascript:alert(1)', '1. ', '    code', '---', '\\', '“', '😀', '\u00a0'],
];
const markdownish = fc.array(fc.constantFrom(...PARTS), { maxLength: 40 }).map((parts) => parts.join(''));

async function siteMarkdown(): Promise<string[]> {
  const dir = join(projectRoot, 'content');
  const files = (await readdir(dir, { recursive: true })).filter((file) => file.endsWith('.md'));
  return Promise.all(files.map((file) => readFile(join(dir, file), 'utf8')));
}

describe('linkify test skipped for text without a colon, @ or //', () => {
  const linkify = new MarkdownIt('default', { linkify: true }).linkify;
  const quick = quickLinkTest(linkify);

  it.each([
    ['plain words', 'Training on Tuesday, 19.00 sharp.', false],
    ['a web address', 'See https://www.knltb.nl for rules', true],
    ['an e-mail address', 'Mail info@baselinetennis.nl today', true],
    ['a protocol-relative address', 'at //example.com/x', true],
    ['a bare domain (no fuzzy links)', 'www.baselinetennis.nl', false],
  ])('%s', (_, text, found) => {
    expect(quick(text)).toBe(found);
    expect(linkify.test(text)).toBe(found);
  });

  it('answers as linkify-it does on generated text', () => {
    fc.assert(
      fc.property(markdownish, (text) => quick(text) === linkify.test(text)),
      { numRuns: 20_000 },
    );
  });
});

describe("the CLI's markdown-it, class fields as plain assignments", () => {
  let dir: string;
  let bundled: typeof MarkdownIt;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'markdown-it-'));
    const { outputFiles } = await build(markdownItBundle(projectRoot, dir));
    await Promise.all(outputFiles.map((file) => writeFile(file.path, file.contents)));
    bundled = (await import(pathToFileURL(join(dir, 'markdown-it.mjs')).href)).default;
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('rewrites every field the pinned markdown-it sets on `this` through its helper', async () => {
    const source = await readFile(join(projectRoot, 'node_modules/markdown-it/dist/markdown-it.mjs'), 'utf8');
    const { code, fields } = plainFields(source);
    expect(fields).toBeGreaterThan(40);
    expect(code).not.toMatch(/_defineProperty\(\s*this\b/);
    expect(await readFile(join(dir, 'markdown-it.mjs'), 'utf8')).not.toMatch(/_defineProperty\(\s*this\b/);
  });

  it('renders the same HTML as markdown-it', async () => {
    const options = { html: true, linkify: true, typographer: false } as const;
    const [original, plain] = [new MarkdownIt('default', options), new bundled('default', options)];
    for (const text of await siteMarkdown()) expect(plain.render(text)).toBe(original.render(text));
    fc.assert(
      fc.property(markdownish, (text) => plain.render(text) === original.render(text)),
      { numRuns: 3_000 },
    );
  });
});
