import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { gzipSync } from 'node:zlib';
import { writeAtomic } from '../images/cache.ts';

/**
 * Each output's size gzipped (level 9, for islands.json), kept in `memo` by the output's sha256
 * (cached-esbuild.ts): a build whose islands are as before gzips none (9-15 ms of this thread).
 * A torn or foreign memo is read as empty; it holds the current outputs only.
 */
export async function gzipSizesOf(memo: string, outputs: ReadonlyArray<{ contents: Uint8Array; hash: string }>) {
  const known = await readFile(memo, 'utf8')
    .then((text) => JSON.parse(text) as unknown)
    .then((value) => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}))
    .catch(() => ({}) as Record<string, unknown>);
  const sizes = outputs.map((output) => {
    const size = known[output.hash];
    return Number.isInteger(size) ? (size as number) : gzipSync(output.contents, { level: 9 }).byteLength;
  });
  const current = Object.fromEntries(outputs.map((output, index) => [output.hash, sizes[index]!]));
  if (JSON.stringify(current) !== JSON.stringify(known)) {
    await mkdir(dirname(memo), { recursive: true });
    await writeAtomic(memo, JSON.stringify(current));
  }
  return sizes;
}
