import fc from 'fast-check';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readContent, type ContentFiles } from '../../cli/content/read.ts';
import type { SiteConfig } from '../../shared/config.ts';
import { checkContent, realConfig, realContent, repoRoot } from './fixtures/check-content.ts';
import { copyProject, removeProject, runSite } from '../helpers/project-copy.ts';
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
  // Small photos: the one build here that succeeds makes every image from scratch.
  project = await copyProject({ smallImages: true });
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
  test(
    `${RUNS} generated mistakes, built by the CLI`,
    async () => {
      const candidates = fc.sample(
        fc.oneof(
          { weight: 3, arbitrary: fileFaults(content) },
          { weight: 1, arbitrary: collisionFaults(config, content) },
        ),
        RUNS * 4,
      );
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
    },
    WALL_LIMIT,
  );

  test(
    'hostile but valid text builds: odd Unicode, markup and a very long title come out escaped',
    async () => {
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal ${x} is part of the hostile text.
      const odd = '🎾 \u202Eevil\u202C zero\u200Bwidth e\u0301 שלום <script>alert(1)</script> &amp; {{x}} ${x}';
      const news = 'content/nl/news/1-voorjaarslessen-starten-op-31-maart.md';
      const clubs = 'content/data/clubs.yaml';
      const text = (path: string) => readFile(join(repoRoot, path), 'utf8');
      const restore = await applyFault({
        label: 'hostile but valid',
        changes: new Map([
          [
            news,
            (await text(news))
              .replace(/^title: .*$/m, `title: ${JSON.stringify(`${odd} ${'lang '.repeat(400)}`)}`)
              .replace(/^author: .*$/m, `author: ${JSON.stringify(odd)}`)
              .concat('\n\n<div><span>unclosed <table><tr><td>cell\n\n```js\nno end\n\n[link](javascript:alert(1))\n'),
          ],
          [clubs, (await text(clubs)).replace('name: LTC De Kei', `name: ${JSON.stringify(`LTC De Kei ${odd}`)}`)],
        ]),
      });
      try {
        const result = await runSite(project, ['build']);
        expect(result.code, result.stderr.slice(-1_500)).toBe(0);
        const page = (await readdir(join(project, 'dist', 'public', 'nieuws'))).find((name) => name.startsWith('1-'))!;
        const html = await readFile(join(project, 'dist', 'public', 'nieuws', page), 'utf8');
        expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
        expect(html).not.toContain('<script>alert(1)</script>');
        expect(html).not.toMatch(/href="javascript:/i);
      } finally {
        await restore();
      }
    },
    WALL_LIMIT,
  );
});
