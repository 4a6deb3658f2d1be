import type { z } from 'zod';
import { problem, type Problem } from '../errors/site-error.ts';
import type { ErrorCode } from '../errors/catalogue.ts';
import type { FieldPath } from './yaml-source.ts';
import { knownKeys } from './schema-keys.ts';
import { closest as closestName } from './suggest.ts';

/** `hero.image`, `sections[2].title`: the way an editor reads a field name. */
export function fieldName(path: FieldPath): string {
  return path.reduce<string>(
    (name, key) => (typeof key === 'number' ? `${name}[${key}]` : name ? `${name}.${String(key)}` : String(key)),
    '',
  );
}

function valueAt(data: unknown, path: FieldPath): unknown {
  let value = data;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return `${typeof value} ${String(value)}`;
}

/**
 * The first problem of the union branch that came closest: the fewest problems, then the one that
 * got deepest into the value (a nested map's bad key beats "expected string" for the map).
 */
function closestBranchIssue(issue: z.core.$ZodIssueInvalidUnion): z.core.$ZodIssue | undefined {
  return issue.errors
    .filter((branch) => branch.length)
    .sort((a, b) => a.length - b.length || b[0]!.path.length - a[0]!.path.length)[0]?.[0];
}

/** A union whose closest branch failed inside the value is reported there, at that field's line. */
function innermost(issue: z.core.$ZodIssue): z.core.$ZodIssue {
  if (issue.code !== 'invalid_union') return issue;
  const closest = closestBranchIssue(issue);
  return closest?.path.length
    ? innermost({ ...closest, path: [...issue.path, ...closest.path] } as z.core.$ZodIssue)
    : issue;
}

/** What an unknown field may have meant: the closest allowed name, or the names allowed there. */
function unknownField(key: string, allowed: string[]): string {
  // Allowed in another form of the value (a link by route or by href): not a typo, a mix of forms.
  if (allowed.includes(key)) return `unknown field "${key}" (check the spelling)`;
  const meant = closestName(key, allowed);
  if (meant) return `unknown field "${key}" (did you mean "${meant}"?)`;
  return allowed.length && allowed.length <= 16
    ? `unknown field "${key}" (check the spelling; the fields here are ${allowed.join(', ')})`
    : `unknown field "${key}" (check the spelling)`;
}

/** One readable sentence per zod issue, always saying what was expected and what was found. */
export function describeIssue(issue: z.core.$ZodIssue, data: unknown, schema?: z.ZodType): string {
  const received = describeValue(valueAt(data, issue.path as FieldPath));
  switch (issue.code) {
    case 'invalid_type':
      return valueAt(data, issue.path as FieldPath) === undefined
        ? `required field is missing (expected ${issue.expected})`
        : `expected ${issue.expected}, received ${received}`;
    case 'invalid_value':
      return `expected ${issue.values.map((v) => JSON.stringify(v)).join(' | ')}, received ${received}`;
    case 'unrecognized_keys': {
      const allowed = schema ? knownKeys(schema, issue.path as FieldPath) : [];
      return issue.keys.map((key) => unknownField(key, allowed)).join('; ');
    }
    case 'invalid_union': {
      // Every branch failed (a link by route or by href): explain the branch that came closest,
      // instead of zod's bare "Invalid input". A discriminated union has no branches here.
      const closest = closestBranchIssue(issue);
      if (!closest) return `${issue.message}, received ${received}`;
      const inner = describeIssue(
        { ...closest, path: [...issue.path, ...closest.path] } as z.core.$ZodIssue,
        data,
        schema,
      );
      const where = fieldName(closest.path as FieldPath);
      return where ? `${where}: ${inner}` : inner;
    }
    case 'invalid_key': {
      // A record key that breaks its rule (legacy: { "oud/bieb": ... }): the key is what was received.
      const rule = issue.issues[0]?.message ?? issue.message;
      return `${rule}, received ${JSON.stringify(String(issue.path[issue.path.length - 1]))}`;
    }
    default:
      return `${issue.message}, received ${received}`;
  }
}

export interface IssueContext {
  /** Catalogue parameters besides field and problem (the collection's name). */
  params?: Record<string, string>;
  /** The schema the data was checked against: an unknown field is compared with its fields. */
  schema?: z.ZodType;
  /** A field as the editor reads it; default fieldName. A list of clubs names the club, not `[20]`. */
  label?: (path: FieldPath) => string;
}

/** Zod's result as catalogue problems, each pointing at the line of its field. */
export function zodProblems(
  issues: ReadonlyArray<z.core.$ZodIssue>,
  data: unknown,
  file: string,
  lineOf: (path: FieldPath) => number | undefined,
  code: ErrorCode,
  context: IssueContext = {},
): Problem[] {
  const label = context.label ?? fieldName;
  // An unknown field is named itself (`hero.imgae`, not `hero`), one problem per key at its own line.
  const split = issues.map(innermost).flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({
          issue: { ...issue, keys: [key] } as z.core.$ZodIssue,
          path: [...issue.path, key] as FieldPath,
        }))
      : [{ issue, path: issue.path as FieldPath }],
  );
  return split.map(({ issue, path }) => {
    const field = label(path) || '(file)';
    return problem(
      code,
      { ...context.params, field, problem: describeIssue(issue, data, context.schema) },
      { location: { file, line: lineOf(path) ?? 1 }, field },
    );
  });
}
