import { afterAll, beforeAll } from 'vitest';
import { copyProject, type ProjectCopy } from './project.ts';
import { startDev, type DevProcess } from './dev-process.ts';

/**
 * One `site dev` on one copy of the project for a whole test file: started before its tests
 * (handed to `use`), stopped and removed after them; `current` names the process to stop when a
 * test started another. SITE_DEV_DEBUG=1 prints what it said.
 */
export function devOnCopy(
  use: (project: ProjectCopy, dev: DevProcess) => void,
  current?: () => DevProcess | undefined,
): void {
  let project: ProjectCopy | undefined;
  let dev: DevProcess | undefined;
  beforeAll(async () => {
    project = await copyProject();
    dev = await startDev(project.root);
    use(project, dev);
  }, 180_000);
  afterAll(async () => {
    const last = current?.() ?? dev;
    if (process.env.SITE_DEV_DEBUG) console.log(last?.output());
    if (last !== dev) await dev?.stop();
    await last?.stop();
    await project?.dispose();
  });
}
