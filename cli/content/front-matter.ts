import { problem, type Problem } from '../errors/site-error.ts';
import { parseYaml, type YamlSource } from '../source/yaml-source.ts';

export interface MarkdownSource {
  meta: YamlSource;
  body: string;
  /** Line in the file where the body starts (1-based). */
  bodyLine: number;
}

const OPENING = /^\uFEFF?---[ \t]*\r?\n/;
const CLOSING = /^---[ \t]*$/m;

/**
 * Split `---` front matter from a Markdown body. The front matter is read by parseYaml
 * (cli/source/yaml-source.ts), which keeps every field's line number for error messages.
 */
export function splitFrontMatter(text: string, file: string): MarkdownSource | Problem {
  const parts = frontMatterParts(text);
  if (!parts) return problem('FRONT_MATTER_MISSING', {}, { location: { file, line: 1 } });
  return { meta: parseYaml(parts.yaml, file, 1), body: parts.body, bodyLine: parts.bodyLine };
}

/** The front matter's YAML text and the body after it, unparsed; nothing when there is no front matter. */
export function frontMatterParts(text: string): { yaml: string; body: string; bodyLine: number } | undefined {
  const opening = OPENING.exec(text);
  if (!opening) return undefined;
  const rest = text.slice(opening[0].length);
  const closing = CLOSING.exec(rest);
  if (!closing) return undefined;
  const yaml = rest.slice(0, closing.index);
  const body = rest.slice(closing.index + closing[0].length).replace(/^\r?\n/, '');
  return { yaml, body, bodyLine: yaml.split('\n').length - 1 + 3 };
}
