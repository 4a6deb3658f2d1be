/**
 * The search stage holds a few shards' pages at a time, not the whole site's (issue 21: every
 * page's search input and its message queued on Pagefind's stdin at once were a build's peak
 * memory). Runs in a process of its own: it points the pagefind package at a gated Pagefind
 * through process.env.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chmod, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pagesInMemory, searchIndex, type SearchablePage } from '../../cli/build/search-index.ts';
import { PagefindService } from '../../cli/build/search-service.ts';
import { searchBundles } from '../../cli/build/search-shards.ts';

const page = (n: number, text = `woord${'klmn'[n % 4]} tennisbaan`): SearchablePage => ({
  url: `/news/${n}`,
  locale: 'nl',
  content: `<!doctype html><html lang="nl"><head><title>Page ${n}</title></head><body><main><h1>Page ${n}</h1><p>${text}</p></main></body></html>`,
});

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'site-search-memory-'));
});
afterAll(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

/** Resolves once `count()` has not changed for `quiet` ms. */
async function settled(count: () => number, quiet = 400): Promise<number> {
  let last = -1;
  for (let since = Date.now(); ; await new Promise((resolve) => setTimeout(resolve, 50))) {
    if (count() !== last) [last, since] = [count(), Date.now()];
    else if (Date.now() - since >= quiet) return last;
  }
}

describe('bundles handed to Pagefind', () => {
  test('a bundle’s pages are read (for its key) only when a process has room for it; the index is whole', async () => {
    const pages = Array.from({ length: 60 }, (_, n) => page(n));
    const bundles = searchBundles(pages, 2);
    const largest = Math.max(...bundles.map((bundle) => bundle.pages.length));
    const source = pagesInMemory(pages);
    // Pages whose key was read and whose input Pagefind has not been sent yet, at most.
    let waiting = 0;
    let most = 0;
    const counted = {
      pages: source.pages,
      digest: (one: SearchablePage) => {
        most = Math.max(most, ++waiting);
        return source.digest(one);
      },
      input: (one: SearchablePage) => {
        waiting -= 1;
        return source.input(one);
      },
    };
    const index = await searchIndex(counted, join(tmp, 'bounded'), { pagesPerShard: 2, processes: 1 });
    expect(bundles.length).toBeGreaterThan(8);
    expect(index).toMatchObject({ pages: 60, bundles: bundles.length, reindexed: 60 });
    // One process: the bundle it indexes and the one waiting behind it.
    expect(most).toBeLessThanOrEqual(2 * largest);
  }, 60_000);
});

describe('pages sent to a Pagefind process', () => {
  const binary = 'PAGEFIND_EXTENDED_BINARY_PATH';
  const before = process.env[binary];
  let gate: string;
  beforeAll(async () => {
    // Pagefind behind a gate: it is given its first message (the new index), then reads nothing
    // more until the gate file exists, so the pages not yet sent show what waits for it.
    const { resolveBinaryPath } = (await import(
      new URL('./resolveBinary.js', import.meta.resolve('pagefind')).href
    )) as {
      resolveBinaryPath(names: string[]): string;
    };
    gate = join(tmp, 'gate');
    const wrapper = join(tmp, 'gated-pagefind.cjs');
    await writeFile(
      wrapper,
      `#!${process.execPath}
const { spawn } = require('node:child_process');
const { existsSync } = require('node:fs');
const child = spawn(${JSON.stringify(resolveBinaryPath(['pagefind_extended', 'pagefind']))}, process.argv.slice(2), { stdio: ['pipe', 'inherit', 'inherit'] });
child.on('exit', (code) => process.exit(code ?? 1));
let held = Buffer.alloc(0);
const opened = () => {
  const first = held.indexOf(',');
  if (first < 0) return;
  process.stdin.off('data', take);
  process.stdin.pause();
  child.stdin.write(held.subarray(0, first + 1));
  const wait = setInterval(() => {
    if (!existsSync(${JSON.stringify(gate)})) return;
    clearInterval(wait);
    child.stdin.write(held.subarray(first + 1));
    process.stdin.pipe(child.stdin);
  }, 20);
};
const take = (chunk) => { held = Buffer.concat([held, chunk]); opened(); };
process.stdin.on('data', take);
`,
    );
    await chmod(wrapper, 0o755);
    process.env[binary] = wrapper;
  });
  afterAll(() => {
    if (before === undefined) delete process.env[binary];
    else process.env[binary] = before;
  });

  test('a page is read only once Pagefind has nearly taken those before it', async () => {
    // 200 KB a page: two fill what may wait on Pagefind's input.
    const pages = Array.from({ length: 30 }, (_, n) => page(n, `woord tennisbaan `.repeat(12_000)));
    let read = 0;
    const service = new PagefindService({ rootSelector: 'main', excludeSelectors: [] }, 1);
    const folder = join(tmp, 'gated');
    const indexing = service.index(
      pages,
      (one) => {
        read += 1;
        return one.content;
      },
      folder,
    );
    try {
      const before = await settled(() => read);
      expect(before).toBeGreaterThan(0);
      expect(before).toBeLessThanOrEqual(4);
      await writeFile(gate, '');
      await indexing;
      expect(read).toBe(30);
      expect((await readdir(folder)).length).toBeGreaterThan(0);
    } finally {
      service.close();
    }
  }, 60_000);
});
