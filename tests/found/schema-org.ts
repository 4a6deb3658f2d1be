import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The schema.org vocabulary as schema-dts publishes it, read from its declaration file: each
 * type's own properties and the types it extends. The tests hold the site's JSON-LD to it
 * without trusting the builders' TypeScript types (which the same package wrote).
 */
export function schemaVocabulary(): { isType(name: string): boolean; allows(type: string, property: string): boolean } {
  const file = join(dirname(createRequire(import.meta.url).resolve('schema-dts/package.json')), 'dist', 'schema.d.ts');
  const text = readFileSync(file, 'utf8');
  const own = new Map<string, Set<string>>();
  const parents = new Map<string, string[]>();
  for (const match of text.matchAll(/^interface (\w+)Base extends ([^{]+)\{([\s\S]*?)^\}/gm)) {
    const [, type, extended, body] = match as unknown as [string, string, string, string];
    parents.set(
      type,
      extended
        .split(',')
        .map((name) => name.trim().replace(/Base$/, ''))
        .filter((name) => /^\w+$/.test(name)),
    );
    own.set(type, new Set([...body.matchAll(/^\s+"([\w@-]+)"\??:/gm)].map((property) => property[1]!)));
  }
  // A type with nothing of its own (BreadcrumbList) is a Leaf of its parent's Base.
  for (const match of text.matchAll(/^(?:export )?interface (\w+)Leaf extends (\w+)Base \{/gm)) {
    const [, type, parent] = match as unknown as [string, string, string];
    if (!own.has(type) && parent !== type) {
      own.set(type, new Set());
      parents.set(type, [parent]);
    }
  }
  const allows = (type: string, property: string, seen = new Set<string>()): boolean => {
    if (seen.has(type)) return false;
    seen.add(type);
    return (
      own.get(type)?.has(property) === true ||
      (parents.get(type) ?? []).some((parent) => allows(parent, property, seen))
    );
  };
  return { isType: (name) => own.has(name), allows: (type, property) => allows(type, property) };
}
