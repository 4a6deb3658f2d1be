import { problem, type Problem } from '../errors/site-error.ts';
import { fieldName } from '../source/zod-problems.ts';
import { closest, didYouMean } from '../source/suggest.ts';
import type { FieldPath } from '../source/yaml-source.ts';
import { fieldValues } from './field-values.ts';
import type { ReferenceTarget, References } from './kinds.ts';

/** Names a reference may use; `incomplete` says why the list may miss some (its file has a YAML error). */
export interface KnownList {
  /** Name (or id) to what an editor recognises it by (a club's name); '' when nothing more. */
  names: ReadonlyMap<string, string>;
  incomplete?: string;
}

export interface KnownNames {
  images: ReadonlyMap<string, string>;
  routes: Iterable<string>;
  /** Undefined when there is nothing to check against (the file is missing: its own problem). */
  clubs?: KnownList;
  regions?: KnownList;
}

/** One file whose fields name other things, as read (it may have schema mistakes of its own). */
export interface ReferringFile {
  file: string;
  data: unknown;
  references: References;
  lineOf(path: FieldPath): number | undefined;
  /** A field as the editor reads it (a club by name); default `sections[0].image`. */
  label?: (path: FieldPath) => string;
}

/** `file#field`: a field that already has a schema problem is not reported again as a reference. */
export const fieldKey = (file: string, field: string): string => `${file}#${field}`;

const listOf = (values: Iterable<string>, max = 12) => {
  const all = [...values];
  return all.length > max ? `${all.slice(0, max).join(', ')}, ... (${all.length} in all)` : all.join(', ');
};

const WHAT: Record<Exclude<ReferenceTarget, 'image'>, string> = {
  route: 'route',
  club: 'club with id',
  region: 'region',
};

/**
 * References between files (images, routes, clubs, regions): every dangling one is a problem,
 * with the closest known name. Checked on the data as read, so a file with a schema mistake
 * still has its references checked in the same run (issue 20).
 */
export function checkReferences(
  files: ReadonlyArray<ReferringFile>,
  known: KnownNames,
  reported: ReadonlySet<string> = new Set(),
): Problem[] {
  const problems: Problem[] = [];
  const lists: Record<Exclude<ReferenceTarget, 'image'>, KnownList | undefined> = {
    route: { names: new Map([...known.routes].map((name) => [name, ''])) },
    club: known.clubs,
    region: known.regions,
  };
  for (const source of files) {
    const label = source.label ?? fieldName;
    for (const [target, patterns] of Object.entries(source.references) as Array<[ReferenceTarget, string[]]>) {
      for (const { path, value } of patterns.flatMap((pattern) => fieldValues(source.data, pattern))) {
        const field = label(path);
        if (reported.has(fieldKey(source.file, field))) continue;
        // Lines only for problems: asking for one parses the file again with positions.
        const where = () => ({ location: { file: source.file, line: source.lineOf(path) ?? 1 }, field });
        if (target === 'image') {
          if (typeof value !== 'string' || known.images.has(value)) continue;
          const suggestion = didYouMean(value, known.images.keys());
          problems.push(
            problem(
              'IMAGE_NOT_FOUND',
              { field, name: value, suggestion, known: suggestion ? '' : listOf(known.images.keys(), 8) },
              where(),
            ),
          );
          continue;
        }
        const list = lists[target];
        if (!list || (typeof value !== 'string' && typeof value !== 'number') || list.names.has(String(value)))
          continue;
        problems.push(
          problem(
            'CONTENT_UNKNOWN_REFERENCE',
            {
              field,
              kind: WHAT[target],
              value: String(value),
              suggestion: suggest(String(value), list),
              known: listOf(list.names.keys()),
              incomplete: list.incomplete,
            },
            where(),
          ),
        );
      }
    }
  }
  return problems;
}

/** ` (did you mean 12, "TV Nieuwegein"?)`: the closest name, with what it stands for. */
function suggest(value: string, list: KnownList): string {
  const name = closest(value, list.names.keys());
  if (name === undefined) return '';
  const meaning = list.names.get(name);
  return meaning ? ` (did you mean ${name}, ${JSON.stringify(meaning)}?)` : ` (did you mean "${name}"?)`;
}
