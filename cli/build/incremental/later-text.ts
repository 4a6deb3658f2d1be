import { hash as oneShot } from 'node:crypto';
import { knownHash } from '../../content/content-hash.ts';
import { readText, type SourceFile } from '../../content/read.ts';
import { problem, SiteError } from '../../errors/site-error.ts';

/**
 * A content file whose stat print answered for its text (../../content/content-prints.ts): its
 * hash known now, its text read when first asked for. A build from the stored state after one
 * Markdown edit reads two texts of 4,099 (the edited file and its translation), not all of them
 * (~35 ms of reads, ~15 of hashes and 12 MB of strings at 4,000 sources). A text read later that is
 * not the one its print stood for (saved again during the build) stops the build: what it made
 * would not be the build of the inputs it hashed.
 */
export function laterText(root: string, path: string, hash: string): SourceFile {
  let text: string | undefined;
  const file = {
    path,
    get text(): string {
      if (text === undefined) {
        const read = (() => {
          try {
            return readText(root, path).text;
          } catch {
            return undefined;
          }
        })();
        if (read === undefined || oneShot('sha1', read, 'base64url') !== hash)
          throw new SiteError([problem('CONTENT_CHANGED_DURING_BUILD', { file: path }, { location: { file: path } })]);
        text = read;
      }
      return text;
    },
  };
  knownHash(file, hash);
  return file;
}
