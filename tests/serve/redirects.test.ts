import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fixtureRedirects } from './helpers/fixture-dist.ts';
import { startFixtureServer, type TestServer } from './helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(() => server.stop());

const get = (path: string) => fetch(`${server.url}${path}`, { redirect: 'manual' });

describe('the redirect map (dist/redirects.json)', () => {
  test.each(fixtureRedirects)('$from -> $to ($status)', async ({ from, to, status }) => {
    const response = await get(from);
    expect(response.status).toBe(status);
    expect(response.headers.get('location')).toBe(to);
  });

  test('the query string is kept', async () => {
    const response = await get('/clinic-25?page=2&utm_source=mail');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/evenementen?page=2&utm_source=mail');
  });

  test("a target's own query comes first, the visitor's after it", async () => {
    const response = await get('/campagne?ref=x');
    expect(response.headers.get('location')).toBe('/kampen?utm_source=flyer&ref=x');
  });

  test('an old path with a trailing slash is found with or without it', async () => {
    expect((await get('/tennisschool-baseline-utrecht')).headers.get('location')).toBe(
      '/verenigingen/3-tc-de-baseline',
    );
    expect((await get('/clinic-25/')).headers.get('location')).toBe('/evenementen');
  });

  test('every target that is a page of the fixture resolves to 200', async () => {
    for (const to of ['/evenementen', '/kampen?utm_source=flyer']) {
      expect((await get(to)).status, to).toBe(200);
    }
  });

  test('a prefix rule (wrong slug) redirects every path but the page it leads to', async () => {
    const wrong = await get('/nieuws/12-oude-titel?page=2');
    expect(wrong.status).toBe(301);
    expect(wrong.headers.get('location')).toBe('/nieuws/12-nieuw-seizoen?page=2');
    const right = await get('/nieuws/12-nieuw-seizoen');
    expect(right.status).toBe(200);
    expect(await right.text()).toContain('<h1>Nieuw seizoen</h1>');
    expect((await get('/nieuws/120-ander-bericht')).status).toBe(404);
  });

  test("a wrong slug keeps the path below it (an event's sign-up page); the right slug's missing page is a 404, not a loop", async () => {
    const below = await get('/nieuws/12-oude-titel/reacties?x=1');
    expect(below.status).toBe(301);
    expect(below.headers.get('location')).toBe('/nieuws/12-nieuw-seizoen/reacties?x=1');
    expect((await get('/nieuws/12-nieuw-seizoen/reacties')).status).toBe(404);
  });

  test('a path not in the map is not redirected', async () => {
    expect((await get('/verenigingen/onbekend')).status).toBe(404);
  });
});

describe('a map of thousands of entries', () => {
  let big: TestServer;
  const count = 5000;
  beforeAll(async () => {
    const redirects = Array.from({ length: count }, (_, index) => ({
      from: `/oud/${index}`,
      to: `/nieuws/${index}-bericht`,
      status: 301,
    }));
    big = await startFixtureServer({ files: { 'redirects.json': JSON.stringify({ redirects }) } });
  });
  afterAll(() => big.stop());

  test('is loaded whole and answered by exact lookup', async () => {
    for (const index of [0, 1234, count - 1]) {
      const response = await fetch(`${big.url}/oud/${index}`, { redirect: 'manual' });
      expect(response.headers.get('location')).toBe(`/nieuws/${index}-bericht`);
    }
  });
});
