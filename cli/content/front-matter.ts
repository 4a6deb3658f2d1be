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
  const opening = OPENING.exec(text);
  if (!opening) return problem('FRONT_MATTER_MISSING', {}, { location: { file, line: 1 } });
  const rest = text.slice(opening[0].length);
  const closing = CLOSING.exec(rest);
  if (!closing) return problem('FRONT_MATTER_MISSING', {}, { location: { file, line: 1 } });
  const yamlText = rest.slice(0, closing.index);
  const yamlLines = yamlText.split('\n').length - 1;
  const body = rest.slice(closing.index + closing[0].length).replace(/^\r?\n/, '');
  return { meta: parseYaml(yamlText, file, 1), body, bodyLine: yamlLines + 3 };
}
