/**
 * Issue 17, items 3, 9 and 10: the client address comes from the trusted end of
 * X-Forwarded-For; the rate limiter costs the same per post at any number of addresses; and
 * GET /api/__session (an Auth lookup per call) is limited too. The Firebase adapter's address is
 * tested on its own bundle in tests/functions/build-functions.test.ts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { clientAddress, rateLimitKey } from '../../functions/client-address.ts';
import { createRateLimiter, maxTrackedClients } from '../../functions/rate-limit.ts';
import { startFixtureServer, type TestServer } from '../serve/helpers/server.ts';

describe('the client address', () => {
  test.each([
    // [X-Forwarded-For, socket peer, proxies of ours, client]
    [undefined, '203.0.113.5', 0, '203.0.113.5'],
    ['10.0.0.1', '203.0.113.5', 0, '203.0.113.5'],
    ['10.0.0.1, 127.0.0.1', '127.0.0.1', 1, '127.0.0.1'],
    ['10.0.0.1, 198.51.100.7', '127.0.0.1', 1, '198.51.100.7'],
    ['10.0.0.1,198.51.100.7', '127.0.0.1', 1, '198.51.100.7'],
    ['10.0.0.1, 198.51.100.7, 35.191.0.1', '169.254.1.1', 2, '198.51.100.7'],
    ['198.51.100.7, 35.191.0.1', '169.254.1.1', 2, '198.51.100.7'],
    ['35.191.0.1', '169.254.1.1', 2, '35.191.0.1'],
    [undefined, '127.0.0.1', 1, '127.0.0.1'],
    ['', '127.0.0.1', 1, '127.0.0.1'],
    [['10.0.0.1', '198.51.100.7'], '127.0.0.1', 1, '198.51.100.7'],
    ['10.0.0.1, ::FFFF:198.51.100.7', '127.0.0.1', 1, '198.51.100.7'],
    [undefined, '::ffff:127.0.0.1', 0, '127.0.0.1'],
    ['2001:DB8::1', '127.0.0.1', 1, '2001:db8::1'],
  ])('X-Forwarded-For %j from %s behind %i proxies -> %s', (forwarded, peer, proxies, expected) => {
    expect(clientAddress(forwarded, peer, proxies)).toBe(expected);
  });

  test.each([
    ['198.51.100.7', '198.51.100.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002::9', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['unknown', 'unknown'],
  ])('%s is counted as %s (one IPv6 subscriber holds a /64)', (address, key) => {
    expect(rateLimitKey(address)).toBe(key);
  });
});

describe('the rate limiter', () => {
  afterEach(() => vi.restoreAllMocks());

  test('a window per client: the limit, then a fresh minute from its first post', () => {
    let time = 1_000_000;
    const limiter = createRateLimiter(3, () => time);
    expect([1, 2, 3, 4].map(() => limiter.take('a'))).toEqual([true, true, true, false]);
    expect(limiter.take('b')).toBe(true);
    time += 30_000;
    expect(limiter.take('a')).toBe(false);
    expect(limiter.retryAfter('a')).toBe(30);
    time += 30_000;
    expect(limiter.take('a')).toBe(true);
  });

  test('spent: whether the next attempt would be refused, counting nothing (site serve lets such a request skip the line)', () => {
    let time = 1_000_000;
    const limiter = createRateLimiter(2, () => time);
    const seen = [
      limiter.spent('a'),
      limiter.take('a'),
      limiter.spent('a'),
      limiter.take('a'),
      limiter.spent('a'),
      limiter.spent('a'),
      limiter.spent('b'),
    ];
    expect(seen).toEqual([false, true, false, true, true, true, false]);
    expect(limiter.take('a')).toBe(false); // peeking twice did not use the window up further
    time += 60_000;
    expect(limiter.spent('a')).toBe(false);
    expect(createRateLimiter(0).spent('a')).toBe(false); // no limit
  });

  test('no window is forgotten before its minute ends, however the generations turn', () => {
    let time = 0;
    const limiter = createRateLimiter(2, () => time);
    const starts = new Map<string, number>();
    // Posts spread so that windows start just before, at and just after each turn of the maps.
    for (let step = 0; step < 400; step += 1) {
      time = step * 7_919;
      const key = `k${step % 5}`;
      const start = starts.get(key);
      const fresh = start === undefined || time - start >= 60_000;
      if (fresh) starts.set(key, time);
      expect(limiter.take(key), `${key} at ${time}: a fresh window`).toBe(fresh);
      limiter.take(key);
      expect(limiter.take(key), `${key} at ${time}: over the limit`).toBe(false);
    }
  });

  test('O(1) per post: no call walks the tracked clients, at any number of them', () => {
    let time = 0;
    const limiter = createRateLimiter(20, () => time);
    const walks = vi.spyOn(Map.prototype, Symbol.iterator);
    const entries = vi.spyOn(Map.prototype, 'entries');
    const forEach = vi.spyOn(Map.prototype, 'forEach');
    for (let n = 0; n < 120_000; n += 1) {
      time = n; // 120,000 addresses within two minutes: past the tracking bound and across turns
      limiter.take(`10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`);
    }
    expect(walks).not.toHaveBeenCalled();
    expect(entries).not.toHaveBeenCalled();
    expect(forEach).not.toHaveBeenCalled();
  });

  test(`past ${maxTrackedClients.toLocaleString('en')} clients in a minute, new ones share one window (bounded memory, still limited)`, () => {
    const time = 0;
    const limiter = createRateLimiter(5, () => time);
    for (let n = 0; n < maxTrackedClients; n += 1) limiter.take(`client-${n}`);
    const late = Array.from({ length: 10 }, (_, n) => limiter.take(`late-${n}`));
    expect(late).toEqual([true, true, true, true, true, false, false, false, false, false]);
    // A client already tracked keeps its own window.
    expect(limiter.take('client-1')).toBe(true);
  });
});

describe('over HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startFixtureServer({ env: { SITE_TRUST_PROXY: '1' } });
  });
  afterAll(() => server?.stop());

  const post = (forwardedFor: string) =>
    fetch(`${server.url}/mail/send-new`, {
      method: 'POST',
      headers: { origin: server.url, 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      body: '{}',
    });

  test('item 3: rotating the first X-Forwarded-For entry does not make a new client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1) statuses.push((await post(`10.0.0.${i}, 127.0.0.1`)).status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual(Array<number>(20).fill(429));
    // Another client (as our proxy saw it) still posts.
    expect((await post('10.0.0.1, 198.51.100.9')).status).toBe(400);
  });

  test('item 10: GET /api/__session is limited (each call would be an Auth lookup)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 125; i += 1) {
      const answer = await fetch(`${server.url}/api/__session`, {
        headers: { cookie: '__session=not-a-token', 'x-forwarded-for': '198.51.100.44' },
      });
      statuses.push(answer.status);
      if (answer.status === 429) expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, 120)).toEqual(Array<number>(120).fill(401));
    expect(statuses.slice(120)).toEqual(Array<number>(5).fill(429));
  });
});
