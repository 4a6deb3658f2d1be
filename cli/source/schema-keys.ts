import type { z } from 'zod';
import type { FieldPath } from './yaml-source.ts';

/** The parts of zod's schema definitions that lead to the fields (zod 4's `_zod.def`). */
interface Definition {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  getter?: () => z.ZodType;
  valueType?: z.ZodType;
}
const definition = (schema: z.ZodType): Definition => (schema as unknown as { _zod: { def: Definition } })._zod.def;

/** The object schemas a value at this schema may be: through optional, default, pipe, union and lazy. */
function objectsOf(schema: z.ZodType, depth = 0): Definition[] {
  if (depth > 20) return [];
  const def = definition(schema);
  if (def.type === 'object') return [def];
  const next = [def.innerType, def.in, def.out, ...(def.options ?? []), def.getter?.()].filter(
    (s): s is z.ZodType => s !== undefined,
  );
  return next.flatMap((inner) => objectsOf(inner, depth + 1));
}

/** The schemas of the values at one step down: a field of an object, an item of a list or record. */
function childrenOf(schema: z.ZodType, key: PropertyKey, depth = 0): z.ZodType[] {
  if (depth > 20) return [];
  const def = definition(schema);
  if (def.type === 'object') return def.shape && Object.hasOwn(def.shape, String(key)) ? [def.shape[String(key)]!] : [];
  if (def.type === 'array') return def.element ? [def.element] : [];
  if (def.type === 'record') return def.valueType ? [def.valueType] : [];
  const next = [def.innerType, def.in, def.out, ...(def.options ?? []), def.getter?.()].filter(
    (s): s is z.ZodType => s !== undefined,
  );
  return next.flatMap((inner) => childrenOf(inner, key, depth + 1));
}

/**
 * The field names a schema allows in the mapping at `path`: what an unknown field is compared
 * with for "did you mean" (issue 20: `titel` -> `title`). Empty where the schema is not a mapping
 * of named fields (a record of free keys).
 */
export function knownKeys(schema: z.ZodType, path: FieldPath): string[] {
  let schemas = [schema];
  for (const key of path) schemas = schemas.flatMap((s) => childrenOf(s, key));
  return [...new Set(schemas.flatMap((s) => objectsOf(s)).flatMap((def) => Object.keys(def.shape ?? {})))];
}
