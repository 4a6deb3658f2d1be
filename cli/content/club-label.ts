import { fieldName } from '../source/zod-problems.ts';
import type { FieldPath } from '../source/yaml-source.ts';

/**
 * A club of clubs.yaml as an editor finds it: by id and name (`club 21 "TV Nieuwegein"`), not by
 * its place in the list (`[20]`, issue 20). Read from the file's data as it is, so a club with
 * mistakes is named too; without a usable id or name, its place in words.
 */
export function clubLabel(clubs: unknown, index: number): string {
  const club: unknown = Array.isArray(clubs) ? clubs[index] : undefined;
  const { id, name } = club !== null && typeof club === 'object' ? (club as { id?: unknown; name?: unknown }) : {};
  const who =
    typeof id === 'number' || (typeof id === 'string' && id.trim())
      ? `club ${String(id)}`
      : `club number ${index + 1} in the list`;
  return typeof name === 'string' && name.trim() ? `${who} ${JSON.stringify(name.trim())}` : who;
}

/** A field of clubs.yaml: `club 21 "TV Nieuwegein", courts.clay`. */
export const clubField =
  (clubs: unknown) =>
  (path: FieldPath): string => {
    const [index, ...rest] = path;
    if (typeof index !== 'number') return fieldName(path);
    return rest.length ? `${clubLabel(clubs, index)}, ${fieldName(rest)}` : clubLabel(clubs, index);
  };
