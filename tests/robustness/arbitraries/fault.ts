import fc from 'fast-check';
import type { ErrorCode } from '../../../cli/errors/catalogue.ts';
import type { Problem } from '../../../cli/errors/site-error.ts';

/** What a fault must make the build say, when that is certain; otherwise any catalogue answer will do. */
export type Expectation =
  /**
   * An error located in `file` (with `code`, whose message names every one of `mentions`);
   * with `only`, no error located in any other file (the mistake is this file's alone).
   */
  | { kind: 'error'; file: string; code?: ErrorCode; mentions?: string[]; only?: boolean }
  /** The change is harmless (CRLF, a BOM, odd Markdown): nothing may be reported against `file`. */
  | { kind: 'clean'; file: string };

/** One generated mistake: the files it replaces (null: deletes), and what the build must say. */
export interface Fault {
  label: string;
  changes: Map<string, string | null>;
  expect?: Expectation;
}

/** fast-check prints a failing case with this: the label, not megabytes of changed files. */
const printable = (f: Fault): Fault => Object.assign(f, { [fc.toStringMethod]: () => f.label });

export const fault = (label: string, changes: Array<[string, string | null]>, expect?: Expectation): Fault =>
  printable({ label, changes: new Map(changes), ...(expect ? { expect } : {}) });

/** Several faults at once, in different files (a later one wins on the same file); expectations that still hold are kept. */
export function combine(faults: Fault[]): Fault {
  const changes = new Map<string, string | null>();
  for (const f of faults) for (const [path, text] of f.changes) changes.set(path, text);
  // A file is validated with the rest of its collection (a translation only once its Dutch
  // original reads), so a promise about one file holds only when no other fault touched that
  // collection; and 'clean' promises are dropped, since another fault may break the same file.
  const collection = (path: string) =>
    path
      .split('/')
      .slice(0, -1)
      .join('/')
      .replace(/^content\/(nl|en)\//, 'content/');
  const alone = (f: Fault, path: string) =>
    faults.every((g) => g === f || [...g.changes.keys()].every((other) => collection(other) !== collection(path)));
  const kept = faults.filter((f) => f.expect?.kind === 'error' && alone(f, f.expect.file));
  // 'only' cannot hold either: the other faults have errors of their own, in their own files.
  const first = kept[0]?.expect ? { ...kept[0].expect, only: false } : undefined;
  return printable({ label: faults.map((f) => f.label).join(' + '), changes, ...(first ? { expect: first } : {}) });
}

/** Whether the build's answer keeps the fault's promise; a sentence saying why not, or undefined. */
export function unmetExpectation(f: Fault, problems: readonly Problem[]): string | undefined {
  const expect = f.expect;
  if (!expect) return undefined;
  const errors = problems.filter((p) => p.severity === 'error');
  if (expect.kind === 'clean') {
    const found = errors.find((p) => p.location?.file === expect.file);
    return found ? `expected nothing against ${expect.file}, got ${found.code}: ${found.message}` : undefined;
  }
  const elsewhere = expect.only ? errors.find((p) => p.location?.file !== expect.file) : undefined;
  if (elsewhere)
    return `expected errors only in ${expect.file}, got ${elsewhere.code} in ${elsewhere.location?.file}: ${elsewhere.message}`;
  const match = errors.find(
    (p) =>
      (p.location?.file === expect.file || (expect.code === 'ROUTE_COLLISION' && p.message.includes(expect.file))) &&
      (!expect.code || p.code === expect.code) &&
      (expect.mentions ?? []).every((m) => p.message.includes(m)),
  );
  if (match) return undefined;
  const got = errors.map((p) => `${p.code} ${p.location?.file}: ${p.message}`).join('\n  ') || 'no error';
  return `expected ${expect.code ?? 'an error'} in ${expect.file}${expect.mentions ? ` naming ${expect.mentions.join(' and ')}` : ''}; got\n  ${got}`;
}
