import { hash as oneShot } from 'node:crypto';
import type { SourceFile } from './read.ts';

const hashes = new WeakMap<SourceFile, string>();

/**
 * A content file's hash (SHA-1 of its text's UTF-8, base64url), taken once a file: the build
 * needs it for the inputs' digest and again for the stored parses' keys (issue 21: each of them
 * hashed every file's whole text, ~10 and ~20 ms of an edit build at 4,000 sources).
 */
export function contentHash(file: SourceFile): string {
  let hash = hashes.get(file);
  if (hash === undefined) hashes.set(file, (hash = oneShot('sha1', file.text, 'base64url')));
  return hash;
}

/** A file's hash known without its text (by its stat print: ../build/incremental/later-text.ts). */
export function knownHash(file: SourceFile, hash: string): void {
  hashes.set(file, hash);
}
