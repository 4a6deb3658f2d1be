import MarkdownIt, { type MarkdownIt as Markdown } from 'markdown-it';
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
const TO_ESCAPE = /[&<>]/;
markdown.renderer.rules.text = (tokens, index) => {
  const text = tokens[index]!.content;
  return TO_ESCAPE.test(text) ? text.replace(/[&<>]/g, (char) => TEXT_ESCAPES[char]!) : text;
};

/**
 * A link address markdown-it would write as it is: a path of this site or a web address with a
 * plain host, in letters, digits and `- . _ ~ /` only. `normalizeLink` (the address parsed, its
 * host in punycode, each part percent-encoded, put together again) gives such an address back
 * unchanged; nearly every link of an article is one (tests/unit/markdown.test.ts).
 */
const PLAIN_LINK = /^(?:https?:\/\/[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){0,3}(?:\/[\w\-.~/]*)?|\/(?!\/)[\w\-.~/]*)$/;

/** markdown-it's `normalizeLink`, skipped for a plain address (`PLAIN_LINK`). */
export function quickNormalizeLink(normalize: (url: string) => string): (url: string) => string {
  return (url) => (PLAIN_LINK.test(url) ? url : normalize(url));
}
markdown.normalizeLink = quickNormalizeLink(markdown.normalizeLink.bind(markdown));

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

/**
 * markdown-it's linkify rule, with `quickLinkTest`, run only on the paragraphs (and headings,
 * table cells) with a text piece that may hold a link. The rule tests a paragraph's whole source
 * first, then each text piece outside links, and links what a piece's test finds: in a paragraph
 * whose Markdown link holds https:// (half the articles), the first test runs linkify-it's web
 * address expression, its slowest, and says yes, then no piece passes (the address is the link's,
 * not a piece's). Without such a piece the rule would change nothing whatever the first test said,
 * so leaving the paragraph out gives the same HTML (tests/unit/markdown.test.ts).
 */
export function quickLinkify(md: Markdown): void {
  const rule = md.core.ruler.__rules__.find((entry) => entry.name === 'linkify')!.fn;
  md.linkify.test = quickLinkTest(md.linkify);
  md.core.ruler.at('linkify', (state) => {
    const all = state.tokens;
    state.tokens = all.filter(
      (token) =>
        token.type === 'inline' &&
        token.children?.some((piece) => piece.type === 'text' && MAY_HOLD_LINK.test(piece.content)),
    );
    try {
      rule(state);
    } finally {
      state.tokens = all;
    }
  });
}
quickLinkify(markdown);

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
