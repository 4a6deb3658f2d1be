import type { Problem } from '../errors/site-error.ts';
import type { YamlSource } from '../source/yaml-source.ts';
import type { RawItem, SchemaReuse } from './collection-items.ts';
import type { MarkdownSource } from './front-matter.ts';

/**
 * What validateContent may take from an earlier run instead of working it out again, file by
 * file: `site dev` keeps it in memory (ParseMemo), the build on disk (StoredParses). Each answer
 * must be the one working it out would give for this very text.
 */
export interface ParseReuse extends SchemaReuse {
  frontMatter(text: string, file: string): MarkdownSource | Problem;
  yaml(text: string, file: string): YamlSource;
  markdownLimits(item: RawItem): Problem[];
}
