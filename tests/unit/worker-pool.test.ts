import { Worker } from 'node:worker_threads';
import { expect, test } from 'vitest';
import { WorkerPool } from '../../cli/build/worker-pool.ts';

/**
 * A worker that answers every task as worker.ts does: the items doubled, tagged with its thread; a
 * batch sent ahead only if the thread that sent it has not taken it back (cli/build/batch-claims.ts).
 * It counts the batches it starts in `workerData` (shared memory), and takes `workerData[1]` ms each.
 */
const ANSWERING = `
const { parentPort, threadId, workerData } = require('node:worker_threads');
parentPort.on('message', ({ id, payload }) => {
  if (payload.claims && Atomics.compareExchange(payload.claims, payload.at, 0, 1) !== 0)
    return parentPort.postMessage({ id, ok: true, value: null });
  if (workerData) {
    Atomics.add(workerData, 0, 1);
    const until = Date.now() + workerData[1];
    while (Date.now() < until);
  }
  parentPort.postMessage({ id, ok: true, value: payload.items ? payload.items.map((n) => n * 2) : threadId });
});
`;

/** Starts such a worker, kept in `made`. */
const answering = (made: Worker[], workerData?: Int32Array) => () => {
  const worker = new Worker(ANSWERING, { eval: true, workerData });
  made.push(worker);
  return worker;
};

/** A pool of `count` such workers, counting the workers it made. */
function countingPool(count: number, workerData?: Int32Array) {
  const made: Worker[] = [];
  return { pool: new WorkerPool(count, answering(made, workerData)), made };
}

test('starts no worker until a task comes: a build that renders its few pages in this thread never pays for them', async () => {
  const { pool, made } = countingPool(2);
  expect(pool.threads).toBe(3);
  await pool.close();
  expect(made).toHaveLength(0);
  // Closed: work asked for afterwards is done in this thread, no worker is started for it.
  expect(await pool.share('markdown', [1, 2, 3], (batch) => batch.map((n) => -n))).toEqual([-1, -2, -3]);
  expect(made).toHaveLength(0);
});

test('starts its workers at the first task, once, or when warmed', async () => {
  const { pool, made } = countingPool(2);
  try {
    const threads = await pool.broadcast<number>('render-setup', {});
    expect(made).toHaveLength(2);
    expect(new Set(threads).size).toBe(2);
    const items = Array.from({ length: 200 }, (_, n) => n);
    const doubled = await pool.share<number, number>('render', items, (batch) => batch.map((n) => n * 2));
    expect(doubled).toEqual(items.map((n) => n * 2));
    expect(made).toHaveLength(2);
  } finally {
    await pool.close();
  }
  // Closed after its workers ran: work asked for afterwards is done in this thread, not posted to a
  // stopped worker (which would never answer).
  expect(await pool.share('markdown', [1, 2], (batch) => batch.map((n) => -n))).toEqual([-1, -2]);
  expect(made).toHaveLength(2);
  const warmed = countingPool(1);
  warmed.pool.warm();
  expect(warmed.made).toHaveLength(1);
  await warmed.pool.close();
});

test('sends work ahead to the workers, every batch at once, and gives the results in order', async () => {
  const { pool, made } = countingPool(2);
  try {
    const items = Array.from({ length: 45 }, (_, n) => n);
    // Taken by the workers while this thread is busy: it hands out nothing between their batches.
    const ahead = pool.ahead<number, number>('markdown', items, 10);
    const busyUntil = Date.now() + 200;
    while (Date.now() < busyUntil);
    expect(ahead.items).toBe(items);
    // Each item once, in order, from a worker (doubled) or from this thread (negated).
    const results = await ahead.finish((batch) => batch.map((n) => -n));
    expect(results.map((value, n) => value === n * 2 || value === -n)).toEqual(items.map(() => true));
    expect(made).toHaveLength(2);
  } finally {
    await pool.close();
  }
  // A pool closed before it started any worker has none to send work ahead to: an error, not a wait.
  const closed = countingPool(1).pool;
  await closed.close();
  expect(() => closed.ahead('markdown', [1], 10)).toThrow('markdown ahead on a closed pool');
});

test('this thread takes back, from the last, the batches sent ahead that no worker has started', async () => {
  // One worker, 40 ms a batch: it has started its first when this thread comes to finish.
  const started = new Int32Array(new SharedArrayBuffer(8));
  started[1] = 40;
  const { pool } = countingPool(1, started);
  try {
    const items = Array.from({ length: 100 }, (_, n) => n);
    const ahead = pool.ahead<number, number>('markdown', items, 10);
    while (Atomics.load(started, 0) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const here: number[][] = [];
    const results = await ahead.finish((batch) => {
      here.push(batch);
      return batch.map((n) => -n);
    });
    // Every item once, in order: the workers' first batches doubled, the rest (taken here) negated.
    const byWorker = results.findIndex((value) => value < 0);
    expect(byWorker % 10).toBe(0);
    expect(byWorker).toBeGreaterThanOrEqual(10);
    expect(results).toEqual(items.map((n) => (n < byWorker ? n * 2 : -n)));
    // Taken here from the last batch back, none of those the worker ran.
    expect(here.map((batch) => batch[0])).toEqual(
      Array.from({ length: (100 - byWorker) / 10 }, (_, at) => 90 - at * 10),
    );
    expect(Atomics.load(started, 0)).toBe(byWorker / 10);
  } finally {
    await pool.close();
  }
});

test('hands each batch of a shared task to `each` once this thread has done its own, from a worker or this thread', async () => {
  const { pool } = countingPool(1, new Int32Array(new SharedArrayBuffer(8)).fill(5, 1));
  try {
    // From 1: a batch's answers tell a worker's (doubled) from this thread's (negated).
    const items = Array.from({ length: 200 }, (_, n) => n + 1);
    const seen: Array<[number[], number[]]> = [];
    let finished = false;
    const results = await pool.share<number, number>(
      'render',
      items,
      (batch) => {
        // None handed on while this thread has batches of its own: it would take from its share.
        expect(seen).toHaveLength(0);
        return batch.map((n) => -n);
      },
      (batch, answers) => {
        // Called before the task's end: the work on a batch fills the wait for the workers'.
        expect(finished).toBe(false);
        seen.push([batch, answers]);
      },
    );
    finished = true;
    // Every batch once, with its own results, from both threads.
    expect(seen.flatMap(([batch]) => batch).sort((a, b) => a - b)).toEqual(items);
    for (const [batch, answers] of seen)
      expect(answers.map((value, at) => value === batch[at]! * 2 || value === -batch[at]!)).toEqual(
        batch.map(() => true),
      );
    expect(seen.flatMap(([, answers]) => answers).sort((a, b) => a - b)).toEqual(results.sort((a, b) => a - b));
    expect(new Set(seen.map(([batch, answers]) => answers[0] === batch[0]! * 2)).size).toBe(2);
  } finally {
    await pool.close();
  }
});

test('another pool: one worker of its own kind, started at its first task or when warmed, never once closed', async () => {
  const made: Worker[] = [];
  const others: Worker[] = [];
  const withOthers = new WorkerPool(1, answering(made), answering(others));
  const search = withOthers.another();
  try {
    // Not started beside the render's workers while they exit: only when warmed (write-site.ts).
    expect(others).toHaveLength(0);
    search.warm();
    expect(others).toHaveLength(1);
    expect(await search.first<number[]>('search-files', { items: [4] }, [])).toEqual([8]);
    expect([others.length, made.length]).toEqual([1, 0]);
  } finally {
    await search.close();
  }
  // A build that failed closes it before the render's workers are gone: the warm after starts nothing.
  const closedFirst = withOthers.another();
  await closedFirst.close();
  closedFirst.warm();
  expect(others).toHaveLength(1);
});
