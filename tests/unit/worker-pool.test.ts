import { Worker } from 'node:worker_threads';
import { expect, test } from 'vitest';
import { WorkerPool } from '../../cli/build/worker-pool.ts';

/** A worker that answers every task as worker.ts does: the items doubled, tagged with its thread. */
const ANSWERING = `
const { parentPort, threadId } = require('node:worker_threads');
parentPort.on('message', ({ id, payload }) =>
  parentPort.postMessage({ id, ok: true, value: payload.items ? payload.items.map((n) => n * 2) : threadId }));
`;

/** A pool of `count` such workers, counting the workers it made. */
function countingPool(count: number) {
  const made: Worker[] = [];
  const pool = new WorkerPool(count, () => {
    const worker = new Worker(ANSWERING, { eval: true });
    made.push(worker);
    return worker;
  });
  return { pool, made };
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
  const warmed = countingPool(1);
  warmed.pool.warm();
  expect(warmed.made).toHaveLength(1);
  await warmed.pool.close();
});

test('sends work ahead to the workers alone, every batch at once, and gives the results in order', async () => {
  const { pool, made } = countingPool(2);
  try {
    const items = Array.from({ length: 45 }, (_, n) => n);
    // Taken by the workers while this thread is busy: it hands out nothing between their batches.
    const doubled = pool.ahead<number, number>('markdown', items, 10);
    const busyUntil = Date.now() + 50;
    while (Date.now() < busyUntil);
    expect(await doubled).toEqual(items.map((n) => n * 2));
    expect(made).toHaveLength(2);
  } finally {
    await pool.close();
  }
  // A pool closed before it started any worker has none to send work ahead to: an error, not a wait.
  const closed = countingPool(1).pool;
  await closed.close();
  await expect(closed.ahead('markdown', [1], 10)).rejects.toThrow('markdown ahead on a closed pool');
});
