import { open } from 'node:fs/promises';

/** Characters of JSON gathered before they are written. */
export const PIECE = 256 * 1024;

/**
 * `entries` written to `file` as `JSON.stringify(entries)` writes them (the same bytes), a piece of
 * about PIECE characters at a time: the Markdown cache of 4,000 sources as one string and its bytes
 * was ~35 MB at once at the Markdown stage's end, the build's peak there (issue 21).
 */
export async function writeJsonObject(file: string, entries: Readonly<Record<string, string>>): Promise<void> {
  const handle = await open(file, 'w');
  try {
    let piece = '{';
    let first = true;
    for (const [key, value] of Object.entries(entries)) {
      piece += `${first ? '' : ','}${JSON.stringify(key)}:${JSON.stringify(value)}`;
      first = false;
      if (piece.length >= PIECE) {
        await handle.writeFile(piece);
        piece = '';
      }
    }
    await handle.writeFile(`${piece}}`);
  } finally {
    await handle.close();
  }
}
