import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { bundlesOnce, cachedBuild } from '../../cli/build/cached-esbuild.ts';

/**
 * cli/build/cached-esbuild.ts `bundlesOnce` (`site build`): the esbuild service this process starts
 * runs without Go's garbage collector (GOGC=off in its environment), and the setting is not left in
 * this process's environment for what it starts later. Its own file: a process whose esbuild service
 * is already running (another suite's bundles) starts none. Linux only: /proc.
 */
const esbuildChildren = async (): Promise<string[]> => {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name));
  const stats = await Promise.all(pids.map((pid) => readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')));
  // pid (comm) state ppid ...: comm may hold spaces, so the fields are read after its last ")".
  return pids.filter((_, at) => {
    const stat = stats[at]!;
    const [, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return stat.includes('(esbuild)') && Number(ppid) === process.pid;
  });
};

let root: string | undefined;
afterAll(() => root && rm(root, { recursive: true, force: true }));

test.skipIf(process.platform !== 'linux')(
  'a build that bundles once starts esbuild without its garbage collector',
  async () => {
    root = await mkdtemp(join(tmpdir(), 'esbuild-once-'));
    await mkdir(join(root, 'src'));
    await writeFile(join(root, 'src', 'entry.ts'), "console.log('eerste');\n");
    const before = new Set(await esbuildChildren());
    const gogc = process.env.GOGC;
    bundlesOnce();
    const result = await cachedBuild(join(root, '.site', 'cache'), 'demo', {
      absWorkingDir: root,
      entryPoints: [join(root, 'src', 'entry.ts')],
      bundle: true,
      logLevel: 'silent',
    });
    expect(result.outputFiles[0]!.text).toContain('eerste');
    const started = (await esbuildChildren()).filter((pid) => !before.has(pid));
    expect(started).toHaveLength(1);
    const environment = (await readFile(`/proc/${started[0]}/environ`, 'utf8')).split('\0');
    expect(environment).toContain(gogc === undefined ? 'GOGC=off' : `GOGC=${gogc}`);
    expect(process.env.GOGC).toBe(gogc);
  },
);
