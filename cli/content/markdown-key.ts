import { createHash } from 'node:crypto';
import { MARKDOWN_PIPELINE } from './markdown.ts';

/**
 * A Markdown text's key: the hash of the pipeline and the text. Its HTML is a function of it
 * alone: the Markdown cache keeps HTML by it (cli/build/markdown-cache.ts), a page print covers a
 * body by it (cli/build/page-prints.ts), and the stored parses keep each body's with its file.
 */
export const markdownKeyOf = (text: string): string =>
  createHash('sha1').update(MARKDOWN_PIPELINE).update(text).digest('base64url');
