import { hash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { writeAtomic } from '../images/cache.ts';
import { toolStamp } from './build-state.ts';

/** The digest of `inputs` and the tool: what keptText keeps a text by. */
export const inputsDigest = async (inputs: readonly string[]): Promise<string> =>
  hash('sha256', [await toolStamp(), ...inputs].join('\0'), 'base64url');

/**
 * A text made by this build of the tool from inputs of `digest` (inputsDigest), kept in `file`
 * (the cache) beside it: made again only when the digest changed. firebase.json's redirects and
 * headers took ~20 ms of every edit build at 4,000 sources, though an edited article changes none
 * of its inputs (issue 21). The file holds `<digest> <length>` and the text: one cut short or of
 * other inputs is not used.
 */
export async function keptText(file: string, digest: string, make: () => string): Promise<string> {
  const kept = await readFile(file, 'utf8').catch(() => undefined);
  const headEnd = kept?.indexOf('\n') ?? -1;
  if (kept && headEnd > 0) {
    const [keptDigest, length] = kept.slice(0, headEnd).split(' ');
    const text = kept.slice(headEnd + 1);
    if (keptDigest === digest && Number(length) === text.length) return text;
  }
  const text = make();
  await mkdir(dirname(file), { recursive: true });
  await writeAtomic(file, `${digest} ${text.length}\n${text}`);
  return text;
}
