/**
 * Runs `work` over every item with at most `limit` at a time, in order of start. Failures do not
 * stop the others: each result says whether it worked, so every bad image is reported in one run.
 */
export async function runLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<Array<{ ok: true; value: R } | { ok: false; error: unknown }>> {
  const results = new Array<{ ok: true; value: R } | { ok: false; error: unknown }>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      try {
        results[index] = { ok: true, value: await work(items[index] as T) };
      } catch (error) {
        results[index] = { ok: false, error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

/** A gate letting at most `limit` tasks run at once, shared by every image's encodes. */
export function createLimiter(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  // A finishing task hands its slot straight to the next waiter, so a newcomer arriving in
  // between cannot slip in and push the count over the limit.
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return async (task) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await task();
    } finally {
      release();
    }
  };
}
