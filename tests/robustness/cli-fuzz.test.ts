import fc from 'fast-check';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readContent, type ContentFiles } from '../../cli/content/read.ts';
import type { SiteConfig } from '../../cli/config/schema.ts';
import { checkContent, realConfig, realContent } from './fixtures/check-content.ts';
import { copyProject, removeProject, runSite } from './fixtures/project-copy.ts';
import { fileFaults } from './arbitraries/file-faults.ts';
import { collisionFaults } from './arbitraries/collision-faults.ts';
import type { Fault } from './arbitraries/fault.ts';

/**
 * The same generated mistakes, end to end: written into a copy of the project and built with
 * the real CLI. What the in-memory check finds in the files as they are on disk (a lone
 * surrogate does not survive UTF-8) is what `site build` must print, with exit code 1 and no
 * stack trace; and dist is never written.
 */

const RUNS = Number(process.env.CLI_FUZZ_RUNS ?? 20);
const WALL_LIMIT = 600_000;

let project: string;
let config: SiteConfig;
let content: ContentFiles;

beforeAll(async () => {
  config = realConfig();
  content = await realContent();
  project = await copyProject();
}, WALL_LIMIT);

afterAll(async () => {
  if (project) await removeProject(project);
});

/** Write a fault's files into the project; returns how to put the originals back. */
async function applyFault(f: Fault): Promise<() => Promise<void>> {
  const originals = new Map<string, string | undefined>();
  for (const [path, text] of f.changes) {
    const file = join(project, path);
    originals.set(path, await readFile(file, 'utf8').catch(() => undefined));
    if (text === null) await rm(file, { force: true });
    else {
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, text);
    }
  }
  return async () => {
    for (const [path, text] of originals) {
      if (text === undefined) await rm(join(project, path), { force: true });
      else await writeFile(join(project, path), text);
    }
  };
}

describe('content fuzzing end to end: site build exits 1 with catalogue problems, never a stack trace', () => {
  test(`${RUNS} generated mistakes, built by the CLI`, async () => {
    const candidates = fc.sample(fc.oneof({ weight: 3, arbitrary: fileFaults(content) }, { weight: 1, arbitrary: collisionFaults(config, content) }), RUNS * 4);
    let runs = 0;
    for (const f of candidates) {
      if (runs >= RUNS) break;
      const restore = await applyFault(f);
      try {
        const onDisk = await readContent(project);
        const errors = checkContent(config, onDisk).problems.filter((p) => p.severity === 'error');
        if (!errors.length) continue; // harmless on disk (CRLF, odd text): nothing to fail on
        runs++;
        const result = await runSite(project, ['build']);
        const what = `${f.label}\n${result.stderr.slice(0, 1_500)}`;
        expect(result.code, what).toBe(1);
        expect(result.stderr, what).not.toMatch(/internal error|This is a bug|^\s+at .+:\d+:\d+\)?$/m);
        for (const p of errors) {
          const where = p.location?.line ? `${p.location.file}:${p.location.line}` : (p.location?.file ?? '');
          expect(result.stderr, what).toContain(`error ${p.code}  ${where}`);
        }
        await expect(readFile(join(project, 'dist', 'build-state.json')), 'no dist is written').rejects.toThrow();
      } finally {
        await restore();
      }
    }
    expect(runs, 'enough generated mistakes were errors').toBe(RUNS);
  }, WALL_LIMIT);
});
