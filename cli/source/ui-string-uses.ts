import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Strings } from '../content/schemas/data.ts';
import { problem, type Problem } from '../errors/site-error.ts';
import { didYouMean } from './suggest.ts';
import type { YamlSource } from './yaml-source.ts';

/** A UI string key the templates ask for by name, and where first (`templates/components/Footer.tsx:72`). */
export type UiStringUses = ReadonlyMap<string, string>;

// `t('footer.copyright')` or `t("…")`: a key written out. Keys put together at run time
// (`t(`nav.${route}`)`) are checked where their parts come from (menuLabelProblems) or, failing
// that, when the page renders.
const NAMED_KEY = /\bt\(\s*(['"])([A-Za-z][\w-]*(?:\.[\w-]+)*)\1/g;
// A file's own `t` for one part of the strings: `const t = (key: string) => site.t(`login.${key}`)`.
const PREFIXED_T = /const t = \(\w+(?:: string)?\) => \w+\.t\(`([\w.-]+)\.\$\{\w+\}`\)/;

/**
 * Every key the templates name, read from their sources (issue 22: a deleted string was 126
 * template failures, one per page, none naming the strings file). Reads templates/ only, when there is one.
 */
export function uiStringUses(root: string): UiStringUses {
  const uses = new Map<string, string>();
  const read = (folder: string): void => {
    for (const entry of readdirSync(join(root, folder), { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory()) read(path);
      else if (/\.tsx?$/.test(entry.name)) {
        const text = readFileSync(join(root, path), 'utf8');
        const prefix = PREFIXED_T.exec(text)?.[1];
        text.split('\n').forEach((line, index) => {
          for (const [call, , name] of line.matchAll(NAMED_KEY)) {
            // `site.t('x')` is always the whole key; a bare `t('x')` is under the file's own prefix.
            const key = prefix && !/\.t\($/.test(line.slice(0, line.indexOf(call) + 2)) ? `${prefix}.${name}` : name!;
            if (!uses.has(key)) uses.set(key, `${path}:${index + 1}`);
          }
        });
      }
    }
  };
  // A project of content alone (an editor's check of a content folder) has no templates to ask.
  if (existsSync(join(root, 'templates'))) read('templates');
  return uses;
}

const textAt = (strings: Strings, path: readonly string[]): string | Strings | undefined =>
  path.reduce<string | Strings | undefined>(
    (node, part) =>
      node !== undefined && typeof node === 'object' && Object.hasOwn(node, part) ? node[part] : undefined,
    strings,
  );

/**
 * One problem per key the templates name that the Dutch strings file lacks, at the line of the
 * nearest part of the key it has (`footer:` for a missing `footer.copyright`). The English file
 * falls back to the Dutch one key by key, so only Dutch needs every key.
 */
export function missingUiStrings(uses: UiStringUses, nl: Strings, source: YamlSource): Problem[] {
  const problems: Problem[] = [];
  for (const [key, usedAt] of uses) {
    const parts = key.split('.');
    if (typeof textAt(nl, parts) === 'string') continue;
    let found = parts.length - 1;
    while (found > 0 && typeof textAt(nl, parts.slice(0, found)) !== 'object') found--;
    const parent = textAt(nl, parts.slice(0, found));
    const siblings =
      parent && typeof parent === 'object'
        ? Object.keys(parent).map((name) => [...parts.slice(0, found), name].join('.'))
        : [];
    problems.push(
      problem(
        'UI_STRING_MISSING',
        { key, usedAt, file: source.file, suggestion: didYouMean(key, siblings) },
        {
          location: { file: source.file, line: (found > 0 ? source.lineOf(parts.slice(0, found)) : undefined) ?? 1 },
          field: key,
        },
      ),
    );
  }
  return problems;
}
