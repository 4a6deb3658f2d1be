/**
 * Batches that more than one thread may run, each run by one alone: a flag per batch in memory
 * the threads share. Work sent ahead to a worker (./worker-pool.ts `ahead`) is taken from its
 * first batch on by the worker and from its last back by the thread that sent it, once that one
 * is free: neither waits for the other to hand out what is left (issue 21).
 */
export type BatchClaims = Int32Array;

/** Flags for `count` batches, none taken: sent with the batches (a SharedArrayBuffer is shared, not copied). */
export const batchClaims = (count: number): BatchClaims => new Int32Array(new SharedArrayBuffer(4 * count));

/** Whether the calling thread takes batch `at`: the first to ask does, every later one is told no. */
export const claimBatch = (claims: BatchClaims, at: number): boolean => Atomics.compareExchange(claims, at, 0, 1) === 0;
