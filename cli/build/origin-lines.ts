import type { ContentFiles } from '../content/read.ts';
import { splitFrontMatter } from '../content/front-matter.ts';
import { parseYaml, type YamlSource } from '../source/yaml-source.ts';
import type { Origin } from '../routes/types.ts';

/**
 * Lines of origins (a club's entry, an article's id) in the content files, for the problems of
 * the checks after validation, which see the model and no longer the YAML. A file is parsed
 * again only when a problem asks, which is rare.
 */
export function originLines(content: ContentFiles): (origin: Origin) => number | undefined {
  const sources = new Map<string, YamlSource | undefined>();
  const sourceOf = (file: string): YamlSource | undefined => {
    if (!sources.has(file)) {
      const text = content.files.find((candidate) => candidate.path === file)?.text;
      const split = text !== undefined && file.endsWith('.md') ? splitFrontMatter(text, file) : undefined;
      sources.set(
        file,
        text === undefined ? undefined : split ? ('meta' in split ? split.meta : undefined) : parseYaml(text, file),
      );
    }
    return sources.get(file);
  };
  return (origin) => (origin.at ? sourceOf(origin.file)?.lineOf(origin.at) : undefined);
}
