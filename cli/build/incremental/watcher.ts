import { watch } from 'chokidar';
import { stat } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
import { addChange, emptyChanges, hasChanges, WATCHED, type ChangeSet, type FileEvent } from './changes.ts';

export interface SiteWatcher {
  close(): Promise<void>;
}

/**
 * Events closer together than this are one batch: a save that writes several files, a folder
 * renamed. Short, as it is part of every save's time to reload; whatever comes later goes in the
 * next batch.
 */
const BATCH_MS = 3;
/**
 * chokidar drops a second `change` of one file within 50 ms of the first (its throttle), so a
 * save right after another (a fix right after the error it caused shows; a test; a formatter
 * after the editor) could go unseen; and a file read at its first event may still be being
 * written. So each changed file is looked at again after that window (see `later`).
 */
const LOOK_AGAIN_MS = 60;

const version = (file: string) =>
  stat(file).then(
    (info) => `${info.ino}:${info.size}:${info.mtimeMs}:${info.ctimeMs}`,
    () => 'gone',
  );

const watchedTop = new Set<string>(WATCHED);

/** Only the site's sources: site.config.yaml, content/, templates/, islands/, functions/; no hidden files. */
function ignored(root: string, path: string): boolean {
  const rel = relative(root, path);
  if (rel === '') return false;
  const parts = rel.split(sep);
  return parts[0] === '..' || !watchedTop.has(parts[0]!) || parts.some((part) => part.startsWith('.'));
}

/**
 * Watch the project and hand changes over in batches, one batch at a time: what changes during a
 * rebuild waits for it and goes in the next. The project root is watched (not the five entries),
 * so content/ removed and made again, or renamed, is still seen.
 */
export async function watchSite(
  root: string,
  onBatch: (changes: ChangeSet) => Promise<void>,
  onError: (error: unknown) => void,
): Promise<SiteWatcher> {
  const watcher = watch(root, { ignoreInitial: true, ignored: (path) => ignored(root, path) });
  let pending = emptyChanges();
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const lookAgain = new Map<string, NodeJS.Timeout>();

  const flush = async () => {
    timer = undefined;
    if (running || !hasChanges(pending)) return;
    const batch = pending;
    pending = emptyChanges();
    running = true;
    try {
      await onBatch(batch);
    } catch (error) {
      onError(error);
    } finally {
      running = false;
      if (hasChanges(pending)) schedule();
    }
  };
  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void flush(), BATCH_MS);
  };
  let closed = false;
  const record = (event: FileEvent, path: string) => {
    if (!closed && addChange(pending, root, event, path)) schedule();
  };

  const isContent = (path: string) => relative(root, path).startsWith(`content${sep}`);
  /**
   * Once more after chokidar's throttle window (see LOOK_AGAIN_MS), 60 ms after the last event of
   * the file: a content file is read again (cheap, and an unchanged text is no change), any other
   * file counts again only if it is not as it was when its event came.
   */
  const later = (path: string) => {
    clearTimeout(lookAgain.get(path));
    const seen = isContent(path) ? undefined : version(path);
    const again = setTimeout(() => {
      lookAgain.delete(path);
      if (!seen) return record('change', path);
      void Promise.all([seen, version(path)]).then(([then, now]) => {
        if (then !== now) record('change', path);
      });
    }, LOOK_AGAIN_MS);
    lookAgain.set(path, again);
  };

  watcher.on('all', (event, path) => {
    record(event as FileEvent, path);
    if (event === 'change' || event === 'add') later(path);
  });
  // Under content/ the raw fs.watch event counts at once. chokidar reports a changed file only
  // after a stat, and a file that came or went (a new article; an editor saving by rename) only
  // after reading its whole folder again and stat-ing every entry: seconds for a folder of 4,000
  // articles on a busy machine. Its own event follows and finds the file as it was read.
  watcher.on('raw', (event, name, details) => {
    const watched = (details as { watchedPath?: string } | undefined)?.watchedPath;
    if ((event !== 'rename' && event !== 'change') || !watched || !name) return;
    const file = basename(watched) === name ? watched : join(watched, name);
    if (!isContent(file) || ignored(root, file)) return;
    record('change', file);
    later(file);
  });
  watcher.on('error', onError);
  await new Promise<void>((resolve) => watcher.once('ready', resolve));
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      for (const again of lookAgain.values()) clearTimeout(again);
      await watcher.close();
    },
  };
}
