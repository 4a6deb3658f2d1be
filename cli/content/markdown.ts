import MarkdownIt from 'markdown-it';
import { createRequire } from 'node:module';
import type * as Parse5 from 'parse5';

/** Names the pipeline below; cached HTML made by another pipeline is not reused. */
export const MARKDOWN_PIPELINE = 'markdown-it@15(commonmark+table+strikethrough+linkify)+parse5@8(when html)';

// markdown-it, not remark: at 8,000 articles remark's syntax tree cost about 2 ms of CPU per
// article, the largest part of a cold build; markdown-it renders the same text in about 0.1 ms
// (bench/RESULTS.md, "Build at scale"). Tables and ~~strikethrough~~ as in GFM; bare https:// and email addresses become links.
const markdown = new MarkdownIt('default', { html: true, linkify: true, typographer: false });
// Running text needs only & < > escaped; quotes stay quotes (as remark wrote them), which keeps
// pages smaller and their text readable in the source.
const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
markdown.renderer.rules.text = (tokens, index) =>
  tokens[index]!.content.replace(/[&<>]/g, (char) => TEXT_ESCAPES[char]!);

/** Text in which linkify-it (markdown-it's defaults: its schemes, fuzzyEmail, no fuzzyLink) can find a link. */
const MAY_HOLD_LINK = /[:@]|\/\//;

/**
 * linkify-it's `test`, skipped for text that cannot hold a link: markdown-it tests every
 * paragraph, and the test runs its scheme and e-mail expressions over the whole text (a tenth
 * of the Markdown stage's time). Every link starts with a scheme (http:, https:, ftp:, mailto:,
 * //) or is a bare e-mail address, so text without a colon, an @ or // has none: the same
 * answer (tests/unit/markdown.test.ts).
 */
export function quickLinkTest(linkify: { test(text: string): boolean }): (text: string) => boolean {
  const test = linkify.test.bind(linkify);
  return (text) => MAY_HOLD_LINK.test(text) && test(text);
}
markdown.linkify.test = quickLinkTest(markdown.linkify);

/** Something that Markdown would pass on as raw HTML: a tag, a comment, a declaration. */
const MAY_HOLD_HTML = /<[a-zA-Z!?/]/;

// parse5 and its entity tables (~40 ms of loading) are loaded when a text first holds HTML: most
// builds render no such text in their thread (a one-article edit, a worker given plain articles).
const require = createRequire(import.meta.url);
let parse5: typeof Parse5 | undefined;
const htmlParser = (): typeof Parse5 => (parse5 ??= require('parse5') as typeof Parse5);

/**
 * Markdown to HTML. Editors' inline HTML is published as written but parsed first (as a browser
 * would, parse5), so an unclosed or stray tag is repaired and cannot swallow the rest of the page.
 * Most text holds no HTML and skips the parser.
 */
export function renderMarkdown(text: string): string {
  const html = markdown.render(text);
  if (!MAY_HOLD_HTML.test(text)) return html;
  const { parseFragment, serialize } = htmlParser();
  return serialize(parseFragment(html));
}
