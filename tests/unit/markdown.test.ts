/**
 * The Markdown stage's speed-ups (issue 21) change no HTML: linkify-it's test skipped for text
 * without a colon, @ or //, linkify's rule left out for paragraphs without a piece that may hold a
 * link, plain link addresses taken as they are, text escaped only when it has & < >, and the CLI's markdown-it
 * with its class fields as plain assignments (bin/plain-fields.mjs). Each is checked against
 * markdown-it itself on the site's own Markdown and on generated text full of links, addresses,
 * entities and emphasis.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { build } from 'esbuild';
import MarkdownIt from 'markdown-it';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { quickLinkify, quickLinkTest, quickNormalizeLink, renderMarkdown } from '../../cli/content/markdown.ts';
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

describe('linkify run on the paragraphs with a text piece that may hold a link', () => {
  const options = { html: true, linkify: true, typographer: false } as const;

  it('renders what markdown-it renders', async () => {
    const [original, quick] = [new MarkdownIt('default', options), new MarkdownIt('default', options)];
    quickLinkify(quick);
    for (const text of await siteMarkdown()) expect(quick.render(text)).toBe(original.render(text));
    fc.assert(
      fc.property(markdownish, (text) => quick.render(text) === original.render(text)),
      { numRuns: 5_000 },
    );
  });

  it("skips linkify-it's test of a paragraph whose only address is a Markdown link's", () => {
    const markdown = new MarkdownIt('default', options);
    const tested: string[] = [];
    const test = markdown.linkify.test.bind(markdown.linkify);
    markdown.linkify.test = (text) => tested.push(text) > 0 && test(text);
    quickLinkify(markdown);
    expect(markdown.render('Rules on [the site](https://www.knltb.nl/regels).')).toBe(
      '<p>Rules on <a href="https://www.knltb.nl/regels">the site</a>.</p>\n',
    );
    expect(markdown.render('Mail info@x.nl or see [the site](https://x.nl).')).toBe(
      '<p>Mail <a href="mailto:info@x.nl">info@x.nl</a> or see <a href="https://x.nl">the site</a>.</p>\n',
    );
    expect(tested).toEqual(['Mail info@x.nl or see [the site](https://x.nl).', 'Mail info@x.nl or see ']);
  });
});

describe('link addresses', () => {
  const markdown = new MarkdownIt('default', { html: true, linkify: true, typographer: false });
  const normalize = markdown.normalizeLink.bind(markdown);
  const quick = quickNormalizeLink(normalize);
  // A scheme or none, a host of sorts, a path of sorts: near the plain addresses and just past them.
  const start = fc.constantFrom('', 'https://', 'http://', 'HTTPS://', 'ftp://', 'mailto:', '//', '/', './', 'a:');
  const host = fc.constantFrom('a', 'Z', '0', 'xn--', '-', '.', '_', 'ü', ':8080', '@', 'a'.repeat(64));
  const path = fc.constantFrom(
    '/',
    '//',
    'a',
    'Z',
    '0',
    '-',
    '.',
    '_',
    '~',
    '%20',
    '%',
    ' ',
    'ü',
    ':',
    '@',
    '?',
    '#',
    "'",
    '(',
    '\\',
  );
  const address = fc
    .tuple(start, fc.array(host, { maxLength: 6 }), fc.array(path, { maxLength: 8 }))
    .map(([scheme, hostParts, pathParts]) => scheme + hostParts.join('') + pathParts.join(''));

  it("are written as markdown-it's normalizeLink writes them", async () => {
    const links = (await siteMarkdown()).flatMap((text) =>
      [...text.matchAll(/\]\(([^)\s]*)/g)].map((found) => found[1]!),
    );
    expect(links.filter((link) => quick(link) === link).length).toBeGreaterThan(links.length / 2);
    for (const link of links) expect(quick(link)).toBe(normalize(link));
    fc.assert(
      fc.property(address, (url) => quick(url) === normalize(url)),
      { numRuns: 50_000 },
    );
  });
});

describe('renderMarkdown', () => {
  // markdown-it with the site's options and text escapes, none of the speed-ups.
  const reference = new MarkdownIt('default', { html: true, linkify: true, typographer: false });
  const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
  reference.renderer.rules.text = (tokens, index) => tokens[index]!.content.replace(/[&<>]/g, (char) => escapes[char]!);
  const withoutHtml = markdownish.filter((text) => !/<[a-zA-Z!?/]/.test(text)); // HTML goes through parse5 too

  it('renders what markdown-it renders, for text without HTML', async () => {
    for (const text of await siteMarkdown())
      if (!/<[a-zA-Z!?/]/.test(text)) expect(renderMarkdown(text)).toBe(reference.render(text));
    fc.assert(
      fc.property(withoutHtml, (text) => renderMarkdown(text) === reference.render(text)),
      { numRuns: 5_000 },
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
