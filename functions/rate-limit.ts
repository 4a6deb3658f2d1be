/**
 * Requests per client per minute, each client counted in its own one-minute window from its
 * first request. In memory and per process: enough to stop one address hammering a form on
 * `site serve`; on Firebase each instance counts on its own, so there it is a best effort on top
 * of the platform's quotas.
 */
export interface RateLimiter {
  /** Counts one attempt; false when the client is over its limit for this window. */
  take(key: string): boolean;
  /** Seconds until the client's current window ends (for Retry-After). */
  retryAfter(key: string): number;
  /** Whether the client's next attempt would be refused; counts nothing. */
  spent(key: string): boolean;
}

interface Window {
  start: number;
  count: number;
}

const windowMs = 60_000;
/** Clients tracked at once; beyond this, new clients share one window (see `take`). */
export const maxTrackedClients = 100_000;

/**
 * Every call is O(1) at any number of clients: windows live in two generations of maps, and the
 * older generation is dropped whole once a minute. A window is at most one minute old when its
 * generation turns old, and the old generation lives one more minute, so no window is dropped
 * before it ends.
 */
export function createRateLimiter(perMinute: number, now: () => number = Date.now): RateLimiter {
  let current = new Map<string, Window>();
  let previous = new Map<string, Window>();
  let turned = now();
  // Clients beyond maxTrackedClients in a minute (a botnet's worth of addresses) share this one
  // window, so memory stays bounded and a flood of new addresses cannot post without limit.
  const overflow: Window = { start: turned, count: 0 };

  function turn(time: number) {
    if (time - turned < windowMs) return;
    previous = time - turned < 2 * windowMs ? current : new Map();
    current = new Map();
    turned = time;
  }

  function windowOf(key: string, time: number): Window | undefined {
    const found = current.get(key) ?? previous.get(key);
    return found && time - found.start < windowMs ? found : undefined;
  }

  return {
    take(key) {
      if (perMinute <= 0) return true;
      const time = now();
      turn(time);
      let window = windowOf(key, time);
      if (!window) {
        if (current.size + previous.size >= maxTrackedClients) {
          if (time - overflow.start >= windowMs) Object.assign(overflow, { start: time, count: 0 });
          window = overflow;
        } else {
          window = { start: time, count: 0 };
          current.set(key, window);
        }
      }
      window.count += 1;
      return window.count <= perMinute;
    },
    spent(key) {
      return perMinute > 0 && (windowOf(key, now())?.count ?? 0) >= perMinute;
    },
    retryAfter(key) {
      const time = now();
      const window = windowOf(key, time) ?? overflow;
      return Math.max(1, Math.ceil((window.start + windowMs - time) / 1000));
    },
  };
}
