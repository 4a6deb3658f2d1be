/**
 * Posts per client address per minute, counted in fixed one-minute windows. In memory and per
 * process: enough to stop one address hammering the mail form on `site serve`; on Firebase each
 * instance counts on its own, so there it is a best effort on top of the platform's quotas.
 */
export interface RateLimiter {
  /** Counts one attempt; false when the address is over its limit for this window. */
  take(key: string): boolean;
  /** Seconds until the current window ends (for Retry-After). */
  retryAfter(key: string): number;
}

const windowMs = 60_000;
const maxTracked = 50_000;

export function createRateLimiter(perMinute: number, now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  function sweep(time: number) {
    for (const [key, entry] of windows) if (time - entry.start >= windowMs) windows.delete(key);
  }
  return {
    take(key) {
      if (perMinute <= 0) return true;
      const time = now();
      // Swept only when large, so a flood of addresses cannot grow the map without bound.
      if (windows.size > maxTracked) sweep(time);
      const entry = windows.get(key);
      if (!entry || time - entry.start >= windowMs) {
        windows.set(key, { start: time, count: 1 });
        return true;
      }
      entry.count += 1;
      return entry.count <= perMinute;
    },
    retryAfter(key) {
      const entry = windows.get(key);
      return entry ? Math.max(1, Math.ceil((entry.start + windowMs - now()) / 1000)) : 1;
    },
  };
}
