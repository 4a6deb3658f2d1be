/**
 * What may import what (issue 22). The packages stand on one ground floor, shared/, the
 * vocabulary they all speak (locales, path rules, the site.json contract, the event clock), which
 * imports nothing of theirs. templates/, islands/ and functions/ import shared/ and their own
 * files; templates render islands through islands/index.ts, the islands' one public file. cli/,
 * the tool that builds and serves the rest, stands on top and may import any of them.
 * Inside templates/, lib/ < components/ < layouts/ < pages/ < the entry files: a file imports
 * only its own floor and the ones below it (a component that picked a layout was the circle).
 */
import type { Import, ImportGraph } from './graph.ts';

export interface ForbiddenImport {
  from: string;
  to: string;
  why: string;
}

const packageOf = (file: string): string => file.split('/')[0]!;

/** Packages each package may import besides itself; cli/ is absent: it may import anything. */
const GROUND: Record<string, readonly string[]> = {
  shared: [],
  functions: ['shared'],
  islands: ['shared'],
  templates: ['shared'],
};

/** Files of another package a package may import all the same. */
const PUBLIC: Record<string, readonly string[]> = { templates: ['islands/index.ts'] };

/**
 * The content model the build hands the templates, by type only (nothing of cli/ runs in a
 * template). Issue 20's helper is reshaping these files right now (kinds as data, cli/model):
 * once that settles they move to shared/ and this allowance goes.
 */
const PAGE_MODEL = [
  /^cli\/content\/(types|kinds)\.ts$/,
  /^cli\/content\/schemas\/[\w-]+\.ts$/,
  /^cli\/routes\/types\.ts$/,
];

/**
 * The floors of templates/, from the ground up. The share card's template imports nothing (satori
 * draws it), so lib/ may read its sizes; render-input.ts is the build's contract; runtime/ is what
 * every file's JSX compiles to (`react` in the templates' bundle), so it stands on the ground too
 * (a component may render a part of itself to a string once: MainMenu).
 */
const TEMPLATE_FLOORS: ReadonlyArray<{ name: string; holds: readonly string[] }> = [
  {
    name: 'lib/',
    holds: ['templates/lib/', 'templates/cards/', 'templates/render-input.ts', 'templates/runtime/'],
  },
  { name: 'components/', holds: ['templates/components/'] },
  { name: 'layouts/', holds: ['templates/layouts/', 'templates/document.tsx'] },
  { name: 'pages/', holds: ['templates/pages/'] },
];
/** Index of a template file's floor; entry.tsx, create-site.ts and shared-parts.tsx stand above them all. */
const floorOf = (file: string): number => {
  const floor = TEMPLATE_FLOORS.findIndex(({ holds }) => holds.some((start) => file.startsWith(start)));
  return floor === -1 ? TEMPLATE_FLOORS.length : floor;
};

/**
 * Inside cli/, one pipeline with two drivers: `site build` and `site dev` both drive the build's
 * stages (cli/build/, its incremental engine in cli/build/incremental/). cli/dev/ is only the
 * watcher, the server and the reload: nothing but the commands imports it, and the build knows
 * nothing of serving.
 */
function whyForbiddenInCli(from: string, target: string): string | undefined {
  if (target.startsWith('cli/dev/') && !from.startsWith('cli/dev/') && !from.startsWith('cli/commands/'))
    return 'cli/dev/ (watcher, server, reload) drives the build: only cli/commands/ starts it';
  if (from.startsWith('cli/build/') && (target.startsWith('cli/dev/') || target.startsWith('cli/serve/')))
    return 'cli/build/ is driven by site build and site dev alike: it imports neither the dev server nor site serve';
  return undefined;
}

function whyForbidden(from: string, edge: Import): string | undefined {
  const inCli = from.startsWith('cli/') ? whyForbiddenInCli(from, edge.target) : undefined;
  if (inCli) return inCli;
  const source = packageOf(from);
  const target = packageOf(edge.target);
  if (source === 'templates' && target === 'templates' && floorOf(edge.target) > floorOf(from)) {
    return `a file of templates' ${TEMPLATE_FLOORS[floorOf(from)]?.name ?? 'top'} floor imports from a floor above it`;
  }
  const ground = GROUND[source];
  if (!ground || source === target || ground.includes(target) || PUBLIC[source]?.includes(edge.target))
    return undefined;
  if (source === 'templates' && edge.typeOnly && PAGE_MODEL.some((pattern) => pattern.test(edge.target)))
    return undefined;
  if (source === 'shared') return 'shared/ is the ground floor: it imports nothing of the packages that stand on it';
  return `${source}/ imports ${target}/'s internals (allowed: its own files, ${[...ground, ...(PUBLIC[source] ?? [])].map((name) => (name.includes('.') ? name : `${name}/`)).join(', ')})`;
}

export function forbiddenImports(graph: ImportGraph): ForbiddenImport[] {
  const found: ForbiddenImport[] = [];
  for (const [from, edges] of graph) {
    for (const edge of edges) {
      const why = whyForbidden(from, edge);
      if (why) found.push({ from, to: edge.target, why });
    }
  }
  return found;
}
