import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { writeAtomic } from '../images/cache.ts';
import { unusedLongEnough } from './card-cache.ts';

/**
 * The parts of cards drawn once (a site's frame, a label's pill, glyph outlines: card-outline-store.ts) kept between builds in
 * <cards cache>/layers/<template version>/: a build that draws one card (a title edited) finds
 * them there and loads neither satori nor its fonts (~100 ms of CPU, issue 21). A file is its
 * description (JSON, one line) and then its pixels. Folders of other template versions are removed
 * once unused for as long as unused cards are kept (card-cache.ts `unusedLongEnough`).
 */
export interface Stored {
  data: Buffer;
}

/** Where the part named `key` of a template `version` is kept. */
const fileOf = (dir: string, version: string, key: string) =>
  join(dir, 'layers', version, `${createHash('sha256').update(key).digest('base64url').slice(0, 24)}.bin`);

async function read<T extends Stored>(file: string): Promise<T | undefined> {
  const bytes = await readFile(file).catch(() => undefined);
  const end = bytes?.indexOf(0x0a) ?? -1;
  if (!bytes || end < 0) return undefined;
  try {
    const described = JSON.parse(bytes.toString('utf8', 0, end)) as Omit<T, 'data'> & { length: number };
    const data = bytes.subarray(end + 1);
    // Cut short (a write that did not finish is never renamed in, but a disk can fill): drawn again.
    if (data.length !== described.length) return undefined;
    const { length: _, ...rest } = described;
    return { ...rest, data } as unknown as T;
  } catch {
    return undefined;
  }
}

async function removeOldVersions(dir: string, version: string, now = Date.now()): Promise<void> {
  const folder = join(dir, 'layers');
  for (const name of await readdir(folder).catch(() => [] as string[])) {
    if (name === version) continue;
    const found = await stat(join(folder, name)).catch(() => undefined);
    if (found && unusedLongEnough(found.mtimeMs, now)) await rm(join(folder, name), { recursive: true, force: true });
  }
}

/** The part `key` of a template `version` kept in `dir`, or undefined when it is not there whole. */
export const keptPart = <T extends Stored>(dir: string, version: string, key: string): Promise<T | undefined> =>
  read<T>(fileOf(dir, version, key));

/** Keeps `part` as the part `key` of a template `version` in `dir`: written whole (temp + rename). */
export async function keepPart(dir: string, version: string, key: string, part: Stored): Promise<void> {
  const { data, ...described } = part;
  await mkdir(join(dir, 'layers', version), { recursive: true });
  await removeOldVersions(dir, version);
  await writeAtomic(
    fileOf(dir, version, key),
    Buffer.concat([Buffer.from(`${JSON.stringify({ ...described, length: data.length })}\n`), data]),
  );
}

/**
 * The part `key` of a template `version`: from the store in `dir` when it is there, else drawn
 * (`draw`) and kept. Without `dir`, drawn. A part that cannot be drawn (undefined) is not kept.
 */
export async function storedPart<T extends Stored>(
  dir: string | undefined,
  version: string,
  key: string,
  draw: () => Promise<T | undefined>,
): Promise<T | undefined> {
  if (dir === undefined) return draw();
  const found = await keptPart<T>(dir, version, key);
  if (found) return found;
  const drawn = await draw();
  if (drawn) await keepPart(dir, version, key, drawn);
  return drawn;
}
