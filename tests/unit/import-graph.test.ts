import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCircles, importGraph, type Import, type ImportGraph } from '../../scripts/imports/graph.ts';
import { forbiddenImports } from '../../scripts/imports/rules.ts';

// Issue 22: the packages' import graph (read with the TypeScript compiler's parser) has no circle,
// and templates/, islands/ and functions/ import only shared/ and their own files.

const root = resolve(import.meta.dirname, '../..');
const PACKAGES = ['shared', 'cli', 'templates', 'islands', 'functions'];

const graphOf = (edges: Record<string, Array<string | Import>>): ImportGraph =>
  new Map(
    Object.entries(edges).map(([file, targets]) => [
      file,
      targets.map((target) => (typeof target === 'string' ? { target, typeOnly: false } : target)),
    ]),
  );

describe('import circles', () => {
  it.each<{ name: string; edges: Record<string, string[]>; circles: string[][] }>([
    { name: 'a line', edges: { a: ['b'], b: ['c'], c: [] }, circles: [] },
    { name: 'two files', edges: { a: ['b'], b: ['a'] }, circles: [['a', 'b']] },
    {
      name: 'three files, entered in the middle',
      edges: { b: ['c'], c: ['a'], a: ['b'], d: ['a'] },
      circles: [['a', 'b', 'c']],
    },
    { name: 'a file importing itself', edges: { a: ['a'] }, circles: [['a']] },
    {
      name: 'two apart',
      edges: { a: ['b'], b: ['a'], c: ['d'], d: ['c'] },
      circles: [
        ['a', 'b'],
        ['c', 'd'],
      ],
    },
    { name: 'a diamond', edges: { a: ['b', 'c'], b: ['d'], c: ['d'], d: [] }, circles: [] },
  ])('$name', ({ edges, circles }) => {
    expect(importCircles(graphOf(edges))).toEqual(circles);
  });
});

describe('forbidden imports', () => {
  it.each([
    ['templates/lib/a.ts', 'cli/build/types.ts', false, true],
    ['templates/lib/a.ts', 'cli/content/types.ts', true, false],
    ['templates/lib/a.ts', 'cli/content/types.ts', false, true], // the page model by type only
    ['templates/lib/a.ts', 'islands/index.ts', false, false],
    ['templates/lib/a.ts', 'islands/lib/auth/errors.ts', true, true],
    ['templates/lib/a.ts', 'shared/paths.ts', false, false],
    ['templates/components/PageFrame.tsx', 'templates/layouts/index.ts', false, true],
    ['templates/layouts/PageFrame.tsx', 'templates/components/Hero.tsx', false, false],
    ['templates/lib/a.ts', 'templates/pages/News.tsx', true, true],
    ['templates/entry.tsx', 'templates/pages/News.tsx', false, false],
    ['functions/a.ts', 'templates/lib/event-clock.ts', false, true],
    ['functions/a.ts', 'shared/event-clock.ts', false, false],
    ['functions/a.ts', 'cli/serve/headers.ts', false, true],
    ['islands/a.tsx', 'functions/registrations/view.ts', true, true],
    ['islands/a.tsx', 'templates/lib/event-state.ts', false, true],
    ['shared/a.ts', 'cli/config/environment.ts', true, true],
    ['shared/a.ts', 'shared/b.ts', false, false],
    ['cli/a.ts', 'functions/registrations/view.ts', false, false],
    ['cli/build/incremental/a.ts', 'cli/build/render.ts', false, false],
    ['cli/build/incremental/a.ts', 'cli/dev/served.ts', false, true],
    ['cli/build/a.ts', 'cli/serve/files.ts', true, true],
    ['cli/check/a.ts', 'cli/dev/server.ts', false, true],
    ['cli/commands/dev.ts', 'cli/dev/run.ts', false, false],
    ['cli/dev/store.ts', 'cli/build/incremental/found-files.ts', false, false],
    ['cli/dev/store.ts', 'cli/serve/files.ts', false, false],
  ])('%s -> %s (type only: %s): forbidden %s', (from, target, typeOnly, forbidden) => {
    expect(forbiddenImports(graphOf({ [from]: [{ target, typeOnly }] })).length > 0).toBe(forbidden);
  });
});

describe("the project's import graph", () => {
  const graph = importGraph(root, PACKAGES);

  it('reads every package', () => {
    for (const name of PACKAGES)
      expect(
        [...graph.keys()].some((file) => file.startsWith(`${name}/`)),
        name,
      ).toBe(true);
    expect(graph.get('templates/entry.tsx')?.some((edge) => edge.target === 'templates/create-site.ts')).toBe(true);
  });

  it('has no import circle', () => {
    expect(importCircles(graph)).toEqual([]);
  });

  it("has no import into another package's internals", () => {
    expect(forbiddenImports(graph)).toEqual([]);
  });
});
