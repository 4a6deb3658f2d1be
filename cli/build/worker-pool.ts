import { Worker } from 'node:worker_threads';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

export type TaskName = 'markdown' | 'render-setup' | 'render';

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/**
 * A few worker threads that run named tasks (see worker.ts). Independent pages and Markdown
 * bodies are spread over the machine's cores; the main thread keeps the pipeline's order.
 * Only the bundled CLI has a worker file: from sources (tests) `start` returns undefined and
 * callers do the work in this thread.
 */
/**
 * Content files from which the work (the build's rendering, site dev's first Markdown) is spread
 * over worker threads: their start-up costs about 0.2 s, more than a smaller site's whole work.
 */
const PARALLEL_FROM_FILES = 400;

export class WorkerPool {
  private readonly workers: Worker[];
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private nextWorker = 0;

  private constructor(workers: Worker[]) {
    this.workers = workers;
    for (const worker of workers) {
      worker.on('message', (message: { id: number; ok: boolean; value?: unknown; error?: string }) => {
        const pending = this.pending.get(message.id);
        if (!pending) return;
        this.pending.delete(message.id);
        if (message.ok) pending.resolve(message.value);
        else pending.reject(new Error(message.error));
      });
      worker.on('error', (error) => {
        for (const pending of this.pending.values()) pending.reject(error);
        this.pending.clear();
      });
    }
  }

  /** Workers for a site of `files` content files, when it is large enough for them to pay off. */
  static forSite(files: number, threads = availableParallelism()): WorkerPool | undefined {
    return files >= PARALLEL_FROM_FILES ? WorkerPool.start(threads) : undefined;
  }

  private static start(size: number): WorkerPool | undefined {
    const file = fileURLToPath(new URL('./worker.mjs', import.meta.url));
    if (size < 2 || !existsSync(file)) return undefined;
    return new WorkerPool(Array.from({ length: size }, () => new Worker(file)));
  }

  get size(): number {
    return this.workers.length;
  }

  /** Run a task on one worker (round robin, or the one named). */
  run<T>(task: TaskName, payload: unknown, worker = this.nextWorker++ % this.workers.length): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.workers[worker]!.postMessage({ id, task, payload });
    });
  }

  /** Run the same task on every worker (set-up). */
  broadcast<T>(task: TaskName, payload: unknown): Promise<T[]> {
    return Promise.all(this.workers.map((_, index) => this.run<T>(task, payload, index)));
  }

  /** Split items into one chunk per worker and run them side by side. */
  async map<I, O>(task: TaskName, items: I[], extra: Record<string, unknown> = {}): Promise<O[]> {
    const chunkSize = Math.ceil(items.length / this.workers.length);
    const chunks = this.workers.map((_, index) => items.slice(index * chunkSize, (index + 1) * chunkSize));
    const results = await Promise.all(
      chunks.map((chunk, index) => this.run<O[]>(task, { ...extra, items: chunk }, index)),
    );
    return results.flat();
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}
