import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkRehype from 'remark-rehype';
import rehypeRaw from 'rehype-raw';
import rehypeStringify from 'rehype-stringify';

/** Names the pipeline below; cached HTML made by another pipeline is not reused. */
export const MARKDOWN_PIPELINE = 'remark-parse@11+gfm@4+rehype@11+raw@7(when html)+stringify@10';

// Built once: a unified processor is reusable, and building one per document costs at scale.
const markdownOnly = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeStringify).freeze();
// Editors' inline HTML is parsed (rehype-raw), so broken HTML is repaired, not passed through.
const withHtml = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype, { allowDangerousHtml: true })
  .use(rehypeRaw)
  .use(rehypeStringify)
  .freeze();

/** Something that Markdown would pass on as raw HTML: a tag, a comment, a declaration. */
const MAY_HOLD_HTML = /<[a-zA-Z!?/]/;

/** Markdown to HTML. The HTML parser runs only for text that holds HTML: most text has none. */
export function renderMarkdown(markdown: string): string {
  return String((MAY_HOLD_HTML.test(markdown) ? withHtml : markdownOnly).processSync(markdown));
}
