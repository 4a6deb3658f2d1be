import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Writes the stage's files and counts them for the build summary. */
export async function writeAll(
  files: Array<{ path: string; contents: string | Uint8Array }>,
): Promise<{ files: number; bytes: number }> {
  let bytes = 0;
  for (const file of files) {
    await mkdir(dirname(file.path), { recursive: true });
    await writeFile(file.path, file.contents);
    bytes += typeof file.contents === 'string' ? Buffer.byteLength(file.contents) : file.contents.byteLength;
  }
  return { files: files.length, bytes };
}
