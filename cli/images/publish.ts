import { copyFile, link, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';

const hasCode = (error: unknown, ...codes: string[]) =>
  typeof error === 'object' && error !== null && codes.includes((error as { code?: string }).code ?? '');

/**
 * Puts a cached file into the output. A hard link costs no bytes and no time; where links cannot
 * be made (another file system, a host that forbids them) the file is copied. The names carry the
 * content hash, so a file already there is the same file.
 */
export async function publishFile(cached: string, target: string): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
  try {
    await link(cached, target);
  } catch (error) {
    if (hasCode(error, 'EEXIST')) return;
    if (!hasCode(error, 'EXDEV', 'EPERM', 'ENOTSUP', 'EMLINK', 'EACCES')) throw error;
    await copyFile(cached, target);
  }
}
