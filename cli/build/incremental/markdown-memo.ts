import { renderMarkdown } from '../../content/markdown.ts';

/**
 * Markdown to HTML, each text rendered once per dev session. Keyed by the text itself: V8 keeps
 * a string's hash in the string, so the 8,000 lookups of a full rebuild of unchanged texts are
 * cheap, where hashing their bytes (as the build's file cache does) would cost tens of ms.
 */
export class MarkdownMemo {
  private readonly known = new Map<string, string>();
  private readonly render: (markdown: string) => string;

  /** `render` may be the build's cached renderer (renderSiteMarkdown's html), seeded at start. */
  constructor(render: (markdown: string) => string = renderMarkdown) {
    this.render = render;
  }

  readonly html = (markdown: string): string => {
    let html = this.known.get(markdown);
    if (html === undefined) {
      html = this.render(markdown);
      this.known.set(markdown, html);
    }
    return html;
  };
}
