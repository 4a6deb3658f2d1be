import type { Problem } from '../errors/site-error.ts';
import type { YamlSource } from '../source/yaml-source.ts';
import type { RawItem, SchemaReuse } from './collection-items.ts';
import type { MarkdownSource } from './front-matter.ts';
import type { SourceFile } from './read.ts';

/**
 * What validateContent may take from an earlier run instead of working it out again, file by
 * file: `site dev` keeps it in memory (ParseMemo), the build on disk (StoredParses). Each answer
 * must be the one working it out would give for this very text.
 */
export interface ParseReuse extends SchemaReuse {
  frontMatter(file: SourceFile): MarkdownSource | Problem;
  yaml(file: SourceFile): YamlSource;
  markdownLimits(item: RawItem): Problem[];
  /** The Markdown key (./markdown-key.ts) of bodies read through it, by text, when it keeps them. */
  readonly markdownKeys?: ReadonlyMap<string, string>;
}
