import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkRehype from 'remark-rehype';
import rehypeRaw from 'rehype-raw';
import rehypeStringify from 'rehype-stringify';

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
