import { isIP } from 'node:net';

/**
 * The visitor's address, for the rate limit and the logs. Each proxy appends the address of
 * whoever connected to it to X-Forwarded-For, so only the right end of that header was written
 * by proxies we run; anything to the left of what they added is the client's own words
 * (`X-Forwarded-For: 10.0.0.7, 127.0.0.1` from a client that rotates the first entry). With
 * `trustedProxies` proxies in front, the client is the address the outermost of them saw: the
 * `trustedProxies`-th entry from the right. A chain shorter than that (a request that came in
 * past some of the proxies) gives its leftmost entry, which a trusted proxy wrote.
 * Like Express's `trust proxy` set to a hop count (proxy-addr).
 */
export function clientAddress(
  forwardedFor: string | string[] | undefined,
  peer: string | undefined,
  trustedProxies: number,
): string {
  const direct = peer || 'unknown';
  if (trustedProxies <= 0) return normaliseAddress(direct);
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '');
  const hops = header.split(',').map((entry) => entry.trim());
  if (hops.length === 1 && hops[0] === '') return normaliseAddress(direct);
  const index = Math.max(0, hops.length - trustedProxies);
  return normaliseAddress(hops[index] || direct);
}

/** `::ffff:203.0.113.9` is the IPv4 address a dual-stack socket reports for 203.0.113.9. */
function normaliseAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address.toLowerCase();
}

/**
 * The key one client is counted under. One IPv6 subscriber holds a whole /64 (2^64 addresses,
 * any of which it may use), so IPv6 addresses are counted per /64; IPv4 per address.
 */
export function rateLimitKey(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head = '', tail = ''] = address.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
