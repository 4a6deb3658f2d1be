import type { z } from 'zod';
import type { Problem } from '../errors/site-error.ts';
import { parseYaml, type YamlSource } from '../source/yaml-source.ts';
import type { RawItem } from './collection-items.ts';
import { splitFrontMatter, type MarkdownSource } from './front-matter.ts';
import { markdownLimitProblems } from './markdown-limits.ts';
import type { ParseReuse } from './parse-reuse.ts';
import type { SourceFile } from './read.ts';

/**
 * What validateContent works out for each file on its own, kept between runs by `site dev`
 * (issue 8), which validates the whole site again after a file is added or removed: parsing
 * 8,000 front matters and scanning their Markdown is most of that run, and all but one file are
 * as they were. An entry holds while its file's text is the same. (The build keeps its own on
 * disk: StoredParses.)
 */
export class ParseMemo implements ParseReuse {
  private readonly parsed = new Map<string, { text: string; value: MarkdownSource | Problem | YamlSource }>();
  private readonly limits = new WeakMap<MarkdownSource, Problem[]>();

  private remember<T extends MarkdownSource | Problem | YamlSource>(key: string, text: string, make: () => T): T {
    const hit = this.parsed.get(key);
    if (hit && hit.text === text) return hit.value as T;
    const value = make();
    this.parsed.set(key, { text, value });
    return value;
  }

  frontMatter({ path, text }: SourceFile): MarkdownSource | Problem {
    return this.remember(`md:${path}`, text, () => splitFrontMatter(text, path));
  }

  yaml({ path, text }: SourceFile): YamlSource {
    return this.remember(`yaml:${path}`, text, () => parseYaml(text, path));
  }

  /** Keyed by the parsed source, which is the same object while the file's text is. */
  markdownLimits(item: RawItem): Problem[] {
    let problems = this.limits.get(item.source);
    if (!problems) {
      problems = markdownLimitProblems(item);
      this.limits.set(item.source, problems);
    }
    return problems;
  }

  schema<T>(_kind: string, schema: z.ZodType<T>, data: unknown): z.ZodSafeParseResult<T> {
    return schema.safeParse(data);
  }
}
