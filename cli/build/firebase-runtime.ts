import { createRequire } from 'node:module';
import { join } from 'node:path';
import { packageRoot } from '../paths.ts';

/**
 * The Cloud Functions runtime of dist/functions, read from the pinned firebase-tools itself: its
 * table of runtimes (with the dates it refuses them on) is what `firebase deploy` checks, so a
 * list kept here would only rot. Updating firebase-tools updates the choice.
 */
export interface RuntimeFacts {
  friendly: string;
  status: string;
  deprecationDate: string;
  decommissionDate: string;
}

export type RuntimeTable = Record<string, RuntimeFacts>;

const TABLE_MODULE = 'firebase-tools/lib/deploy/functions/runtimes/supported/types.js';

/** firebase-tools' runtime table, or undefined when firebase-tools is not installed. */
export function firebaseRuntimes(root = packageRoot()): RuntimeTable | undefined {
  const require = createRequire(join(root, 'package.json'));
  try {
    return (require(TABLE_MODULE) as { RUNTIMES: RuntimeTable }).RUNTIMES;
  } catch (error) {
    if ((error as { code?: string }).code === 'MODULE_NOT_FOUND') return undefined;
    throw error;
  }
}

const nodeMajor = (runtime: string): number => Number(runtime.slice('nodejs'.length));
const nodeRuntimes = (table: RuntimeTable) =>
  Object.keys(table)
    .filter((runtime) => /^nodejs\d+$/.test(runtime))
    .sort((a, b) => nodeMajor(a) - nodeMajor(b));

/** Whether firebase-tools deploys a runtime of these facts at `now` (its guardVersionSupport test). */
const deployableAt = (facts: RuntimeFacts, now: Date) =>
  new Date(facts.decommissionDate) > now && facts.status !== 'experimental';

const deployableNodeRuntimes = (table: RuntimeTable, now: Date) =>
  nodeRuntimes(table).filter((runtime) => deployableAt(table[runtime] as RuntimeFacts, now));

/** Why firebase-tools would refuse to deploy `runtime` at `now`, or undefined when it deploys it. */
export function runtimeRefusal(runtime: string, table: RuntimeTable, now = new Date()): string | undefined {
  const facts = table[runtime];
  const others = `firebase-tools deploys ${deployableNodeRuntimes(table, now).join(', ') || 'no Node.js runtime'}`;
  if (!facts) return `"${runtime}" is not a runtime firebase-tools knows (${others})`;
  if (new Date(facts.decommissionDate) <= now)
    return `${facts.friendly} was decommissioned on ${facts.decommissionDate} (${others})`;
  if (facts.status === 'experimental') return `${facts.friendly} is experimental (${others})`;
  return undefined;
}

/**
 * The oldest Node.js runtime that firebase-tools neither deprecates nor decommissions at `now`:
 * the most settled one, and the closest to the Node.js that loads the functions on the deploying
 * machine. When every runtime is deprecated, the newest still deployable (firebase-tools warns).
 */
export function chooseNodeRuntime(table: RuntimeTable, now = new Date()): string {
  const deployable = deployableNodeRuntimes(table, now);
  const current = deployable.find((runtime) => new Date((table[runtime] as RuntimeFacts).deprecationDate) > now);
  const chosen = current ?? deployable.at(-1);
  if (!chosen)
    throw new Error(
      `firebase-tools deploys no Node.js runtime on ${now.toISOString().slice(0, 10)}: update firebase-tools`,
    );
  return chosen;
}

/** `nodejs22` -> `22`, the form package.json's engines.node takes. */
export const runtimeNodeVersion = (runtime: string): string => String(nodeMajor(runtime));
