import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The page lines of a search records memo (cli/build/search-memo.ts), of all its shards (each begins with its version), sorted. */
export async function memoLines(memo: string): Promise<string[]> {
  const names = (await readdir(memo)).filter((name) => name.endsWith('.lines'));
  const texts = await Promise.all(names.map((name) => readFile(join(memo, name), 'utf8')));
  return texts.flatMap((text) => text.split('\n').slice(1).filter(Boolean)).sort();
}
