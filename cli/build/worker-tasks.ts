/**
 * A worker thread's side of the pool (cli/build/worker-pool.ts): each message names a task, the
 * answer goes back under its id. Shared by the build's entries: worker.ts (Markdown, the render)
 * and search-worker.ts (the search index's files, an entry of its own so as not to load the render).
 */
import { parentPort } from 'node:worker_threads';
import { errorText } from '../errors/error-text.ts';
import { type BatchClaims, claimBatch } from './batch-claims.ts';

/** A batch sent ahead (worker-pool.ts `ahead`) is run only if the thread that sent it has not taken it back. */
const taken = (payload: { claims?: BatchClaims; at?: number }) =>
  payload.claims !== undefined && !claimBatch(payload.claims, payload.at!);

/** Answer the pool's messages with these tasks. */
export function serveTasks(tasks: Record<string, (payload: never) => unknown>): void {
  parentPort!.on('message', async (message: { id: number; task: string; payload: never }) => {
    try {
      const value = taken(message.payload) ? null : await tasks[message.task]!(message.payload);
      parentPort!.postMessage({ id: message.id, ok: true, value });
    } catch (error) {
      parentPort!.postMessage({
        id: message.id,
        ok: false,
        error: errorText(error),
      });
    }
  });
}
