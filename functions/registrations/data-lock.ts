import { open, readFile, rm } from 'node:fs/promises';
import { resolve } from 'node:path';

/**
 * One process per embedded database folder: PGlite has no server to share it, and two processes
 * writing the same files (a `site serve` and a `site dev` in one project) would corrupt it. A
 * lock file holds the owner's pid; one left by a process that is gone is taken over.
 */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user, so it is alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class DataDirInUse extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `the embedded database ${dataDir} is in use by process ${pid} (another site serve or site dev?); stop it, or give this one its own SITE_DATA_DIR, or use DATABASE_URL`,
    );
    this.name = 'DataDirInUse';
  }
}

/** Takes the folder's lock; the returned function gives it back. */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const file = `${resolve(dataDir)}.lock`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number((await readFile(file, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(owner) && owner > 0 && alive(owner)) throw new DataDirInUse(dataDir, owner);
      await rm(file, { force: true });
    }
  }
  throw new Error(`could not take the lock ${file}`);
}
