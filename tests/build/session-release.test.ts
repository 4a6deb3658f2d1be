/**
 * `site build` lets go of its session (every content file's text, the validated content, the
 * Markdown memo: 18.5 MB at 4,000 sources, a fifth of the heap live while the pages are written)
 * once the session has made the model: what the build writes is made from the model (issue 21).
 * Built in this process, so a full collection can be made while the pages are written.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { RebuildSession } from '../../cli/build/incremental/rebuild-session.ts';
import { buildSite } from '../../cli/build/pipeline.ts';
import { copyProject, removeProject } from '../helpers/project-copy.ts';

const seen = vi.hoisted(() => ({ session: undefined as WeakRef<object> | undefined, whileWriting: [] as boolean[] }));

/** The first thing the writer does: a full collection, then whether the session is still there. */
vi.mock('../../cli/build/write-site.ts', async (original) => {
  const module = await original<typeof import('../../cli/build/write-site.ts')>();
  return {
    ...module,
    writeSite: async (run: Parameters<typeof module.writeSite>[0]) => {
      await new Promise((resolve) => setImmediate(resolve)); // past the job that held it last
      setFlagsFromString('--expose-gc');
      (runInNewContext('gc') as () => void)();
      seen.whileWriting.push(seen.session?.deref() !== undefined);
      return module.writeSite(run);
    },
  };
});

let project: string;
beforeAll(async () => {
  project = await copyProject();
});
afterAll(() => removeProject(project));

test('the session is let go of before the pages are written', async () => {
  // Not a vi.spyOn: a spy keeps what it returned.
  const opened = RebuildSession.opened;
  RebuildSession.opened = (opening) => {
    const session = opened.call(RebuildSession, opening);
    seen.session = new WeakRef(session);
    return session;
  };
  const result = await buildSite({
    root: project,
    out: `${project}/dist`,
    strict: false,
    drafts: false,
    quiet: true,
  }).finally(() => {
    RebuildSession.opened = opened;
  });
  expect(result.pages).toBeGreaterThan(0);
  expect(seen.whileWriting).toEqual([false]);
});
