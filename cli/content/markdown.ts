import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkRehype from 'remark-rehype';
import rehypeRaw from 'rehype-raw';
import rehypeStringify from 'rehype-stringify';

/** Names the pipeline below; cached HTML made by another pipeline is not reused. */
export const MARKDOWN_PIPELINE = 'remark-parse@11+gfm@4+rehype@11+raw@7+stringify@10';

// Built once: a unified processor is reusable and building it per document is measurable at scale.
const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype, { allowDangerousHtml: true })
  .use(rehypeRaw)
  .use(rehypeStringify);

/** Markdown (with editors' inline HTML, which is parsed, so broken HTML is repaired) to HTML. */
export function renderMarkdown(markdown: string): string {
  return String(processor.processSync(markdown));
}
