import { watch } from 'chokidar';
import { relative, sep } from 'node:path';
import { addChange, emptyChanges, hasChanges, WATCHED, type ChangeSet, type FileEvent } from './changes.ts';

export interface SiteWatcher {
  close(): Promise<void>;
}

/** Events closer together than this are one batch: a save that writes several files, a folder renamed. */
const BATCH_MS = 8;
/**
 * chokidar drops a second `change` of one file within 50 ms (its throttle), so the last write of
 * a slow save could go unseen: each changed content file is looked at once more after that
 * window (reading it is cheap, and an unchanged text is no change).
 */
const LOOK_AGAIN_MS = 60;

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
export async function watchSite(root: string, onBatch: (changes: ChangeSet) => Promise<void>, onError: (error: unknown) => void): Promise<SiteWatcher> {
  const watcher = watch(root, { ignoreInitial: true, ignored: (path) => ignored(root, path) });
  let pending = emptyChanges();
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const lookAgain = new Set<NodeJS.Timeout>();

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
  const record = (event: FileEvent, path: string) => {
    if (addChange(pending, root, event, path)) schedule();
  };

  watcher.on('all', (event, path) => {
    record(event as FileEvent, path);
    if ((event === 'change' || event === 'add') && relative(root, path).startsWith(`content${sep}`)) {
      const again = setTimeout(() => {
        lookAgain.delete(again);
        record('change', path);
      }, LOOK_AGAIN_MS);
      lookAgain.add(again);
    }
  });
  watcher.on('error', onError);
  await new Promise<void>((resolve) => watcher.once('ready', resolve));
  return {
    async close() {
      if (timer) clearTimeout(timer);
      for (const again of lookAgain) clearTimeout(again);
      await watcher.close();
    },
  };
}
