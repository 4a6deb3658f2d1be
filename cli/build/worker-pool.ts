import { Worker } from 'node:worker_threads';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { batchClaims, claimBatch } from './batch-claims.ts';

export type TaskName = 'markdown' | 'markdown-shared' | 'render-setup' | 'render' | 'search-files';

/** Work sent ahead (`WorkerPool.ahead`): its items, and their results once this thread has taken what the workers have not started. */
export interface Ahead<I, O> {
  items: I[];
  finish: (here: (batch: I[]) => O[]) => Promise<O[]>;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/**
 * Content files from which the work (the build's rendering, site dev's first Markdown) is spread
 * over worker threads: their start-up costs about 0.2 s, more than a smaller site's whole work.
 */
const PARALLEL_FROM_FILES = 400;

/**
 * A worker's young generation: V8's default lets it grow to 3 x 16 MB, most of it garbage at any
 * time (a rendered page lives until its file is written). 8 MB took 25-30 MB off the whole
 * build's peak RSS during the render at 4,000 sources (bench/RESULTS.md, mem21) with the render's
 * CPU the same. Only the young generation: an old-generation limit could fail a large site's build.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 8 };
/**
 * The search index's worker (`another`): its heap is beside the main thread's last stages, where
 * the kept build's peak RSS is, and its garbage (each page's terms parsed) is short-lived.
 */
const SEARCH_LIMITS = { maxYoungGenerationSizeMb: 4 };

/** Batches a shared task is cut into: small enough that the threads finish together. */
const BATCHES = 80;

/**
 * Worker threads that run named tasks (see worker.ts) beside this thread: independent pages and
 * Markdown bodies are spread over the machine's cores, this thread taking its share (`share`), so
 * a machine of n cores runs n - 1 workers. Each worker holds a copy of the site's model (all but
 * the bodies, which it reads from a buffer shared with this thread: ./shared-bodies.ts) and its
 * own heap: one fewer is a third less memory on two cores (issue 21).
 * The workers start at the first task (or `warm`): a build after an edit renders its few pages
 * and Markdown bodies in this thread, and workers started for nothing cost it their start-up
 * (loading the worker's modules in a thread of their own) and their heaps.
 * Only the bundled CLI has a worker file: from sources (tests) `forSite` returns undefined and
 * callers do the work in this thread.
 */
export class WorkerPool {
  private started: Worker[] | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;

  /**
   * `start`: makes a worker (a thread running worker.ts), called `count` times at the first task;
   * `startAnother`: makes the worker of `another` (search-worker.ts).
   */
  constructor(
    private readonly count: number,
    private readonly start: () => Worker,
    private readonly startAnother = start,
  ) {}

  /** Workers beside this thread, `threads` in all, for a site of `files` content files large enough for them to pay off. */
  static forSite(files: number, threads = availableParallelism()): WorkerPool | undefined {
    const entry = (name: string) => fileURLToPath(new URL(`./${name}.mjs`, import.meta.url));
    const starts =
      (file: string, resourceLimits = WORKER_LIMITS) =>
      () =>
        new Worker(file, { resourceLimits });
    // The bundle's entries are written together (bin/site.mjs): one there, all there.
    if (files < PARALLEL_FROM_FILES || threads < 2 || !existsSync(entry('worker'))) return undefined;
    return new WorkerPool(threads - 1, starts(entry('worker')), starts(entry('search-worker'), SEARCH_LIMITS));
  }

  /** Start the workers now, for work known to come (a first build renders every page): they start while this thread works. */
  warm(): void {
    this.workers();
  }

  private workers(): Worker[] {
    this.started ??= Array.from({ length: this.count }, () => this.listen(this.start()));
    return this.started;
  }

  private listen(worker: Worker): Worker {
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
    return worker;
  }

  /** The threads a shared task runs on: the workers and this one. */
  get threads(): number {
    return this.count + 1;
  }

  /** Run a task on the worker named (its index), the buffers in `transfer` moved to it, not copied. */
  private run<T>(task: TaskName, payload: unknown, worker: number, transfer: ArrayBuffer[] = []): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.workers()[worker]!.postMessage({ id, task, payload }, transfer);
    });
  }

  /** Run a task on the first worker, the buffers in `transfer` moved to it. */
  first<T>(task: TaskName, payload: unknown, transfer: ArrayBuffer[]): Promise<T> {
    return this.run<T>(task, payload, 0, transfer);
  }

  /**
   * A pool of one worker of `startAnother`, started at its first task or `warm`: for work after
   * this pool's task is done and its workers closed (the search index's files beside the build's
   * last stages), on a fresh heap: a render worker kept for it held its copy of the model, 30 MB
   * more at the build's peak.
   */
  another(): WorkerPool {
    return new WorkerPool(1, this.startAnother);
  }

  /** Run the same task on every worker (set-up). */
  broadcast<T>(task: TaskName, payload: unknown): Promise<T[]> {
    return Promise.all(this.workers().map((_, index) => this.run<T>(task, payload, index)));
  }

  /**
   * A task over many items, in batches taken by whichever thread is free: the workers, and this
   * thread through `here` (the same work, done here), so a slower thread takes fewer. Each worker
   * has a second batch waiting while it runs one: it does not wait for this thread to hand it the
   * next. The results in the items' order. `each`, if given, is called in this thread with each
   * batch and its results once this thread has no batch of its own left: its work fills the
   * time this thread would wait for the workers' last batches, and adds nothing to its own share
   * (done beside the render, the pages' prints made the build's peak 5-8 MB higher).
   */
  async share<I, O>(
    task: TaskName,
    items: I[],
    here: (batch: I[]) => O[],
    each?: (batch: I[], results: O[]) => void,
  ): Promise<O[]> {
    const size = Math.max(1, Math.ceil(items.length / BATCHES));
    const batches = Array.from({ length: Math.ceil(items.length / size) }, (_, at) =>
      items.slice(at * size, (at + 1) * size),
    );
    const results: O[][] = new Array(batches.length);
    let next = 0;
    // The batches done while this thread still renders its own: handed to `each` after its last.
    let held: number[] | undefined = [];
    const done = (at: number) => {
      if (held) held.push(at);
      else each?.(batches[at]!, results[at]!);
    };
    const onWorker = async (worker: number) => {
      for (let at = next++; at < batches.length; at = next++) {
        results[at] = await this.run<O[]>(task, { items: batches[at] }, worker);
        done(at);
      }
    };
    const onThisThread = async () => {
      for (let at = next++; at < batches.length; at = next++) {
        results[at] = here(batches[at]!);
        done(at);
        // The workers' answers are taken (and their next batches sent) between two of this thread's.
        await new Promise((resolve) => setImmediate(resolve));
      }
      const hand = held!;
      held = undefined;
      for (const at of hand) done(at);
    };
    // A failed batch fails the task: no thread takes another.
    const stopOnError = (work: Promise<void>) =>
      work.catch((error: unknown) => {
        next = batches.length;
        throw error;
      });
    const workers = this.workers().flatMap((_, worker) => [onWorker(worker), onWorker(worker)]);
    await Promise.all([...workers, onThisThread()].map(stopOnError));
    return results.flat();
  }

  /**
   * A task over `items` sent to the workers now, in batches of `size` all at once (round robin):
   * work handed out before this thread runs something synchronous (the build's validation), so
   * the workers need not wait for it between batches. The workers take the batches in order;
   * `finish` has this thread take, through `here` (the same work, done here), those no worker has
   * started, from the last back, and gives every result in the items' order.
   */
  ahead<I, O>(task: TaskName, items: I[], size: number): Ahead<I, O> {
    const workers = this.workers().length;
    if (!workers) throw new Error(`${task} ahead on a closed pool`);
    const batches = Array.from({ length: Math.ceil(items.length / size) }, (_, at) =>
      items.slice(at * size, (at + 1) * size),
    );
    const claims = batchClaims(batches.length);
    // A worker answers null for a batch this thread took.
    const sent = Promise.all(
      batches.map((batch, at) => this.run<O[] | null>(task, { items: batch, claims, at }, at % workers)),
    );
    sent.catch(() => undefined); // a caller that stops before `finish` does not wait for these
    const finish = async (here: (batch: I[]) => O[]): Promise<O[]> => {
      const taken: (O[] | undefined)[] = [];
      for (let at = batches.length - 1; at >= 0; at--) {
        if (!claimBatch(claims, at)) continue;
        taken[at] = here(batches[at]!);
        // The workers' answers are taken between two of this thread's batches.
        await new Promise((resolve) => setImmediate(resolve));
      }
      const answers = await sent;
      return batches.flatMap((_, at) => taken[at] ?? answers[at]!);
    };
    return { items, finish };
  }

  /** Stop the workers started (none when no task came); a task after this runs in this thread. */
  async close(): Promise<void> {
    const stopping = this.started ?? [];
    // Emptied before the wait: work asked for from now on must not be posted to a stopping worker.
    this.started = [];
    await Promise.all(stopping.map((worker) => worker.terminate()));
  }
}
