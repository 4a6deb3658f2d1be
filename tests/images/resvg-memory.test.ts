import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../build/helpers.ts';

/**
 * Each card frees its pixels and the next asks for as much again: resvg-js, loaded through
 * loadResvg (cli/build/resvg.ts), has its allocator keep freed pages for a second instead of
 * 10 ms, so cards drawn one after another fault in fewer fresh pages. Counted in a fresh process
 * each way (the option is read when the library loads); the other way is mimalloc's own default,
 * given in the environment, which loadResvg leaves as it is.
 */
let dir: string;
beforeAll(async () => {
  // Inside the project: the compiled card template imports React from its node_modules.
  await mkdir(join(repoRoot, '.site'), { recursive: true });
  dir = await mkdtemp(join(repoRoot, '.site', 'test-resvg-memory-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const draw = (purgeDelay: string | undefined): { faults: number; env: string | null } => {
  const script = `
    const { compileCardTemplate, drawCard } = await import('./cli/build/cards.ts');
    const { cardImage } = await import('./templates/lib/share-card.ts');
    // Drawn whole (no text box): every card's pixels painted by resvg, as this test counts them.
    const template = { ...(await compileCardTemplate(process.cwd(), ${JSON.stringify(join(dir, 'template'))})), textBox: undefined };
    const site = { name: 'Baseline Tennis', host: 'www.baselinetennis.nl', colors: { dark: '#0b2545', light: '#b9cfe8', accent: '#d4a72c', muted: '#8fb0d6' } };
    const card = (n) => cardImage({ locale: 'nl', title: 'Kaart ' + n + ' van de proef', label: 'Nieuws', site }, '/n/' + n, template.version);
    const context = { root: process.cwd(), images: new Map(), template, cacheDir: ${JSON.stringify(dir)} };
    await drawCard(card(0), context);
    const before = process.resourceUsage().minorPageFault;
    for (let n = 1; n <= 40; n++) await Promise.all([drawCard(card(n), context), drawCard(card(-n), context)]);
    console.log(JSON.stringify({ faults: (process.resourceUsage().minorPageFault - before) / 80, env: process.env.MIMALLOC_PURGE_DELAY ?? null }));`;
  const env = { ...process.env };
  delete env.MIMALLOC_PURGE_DELAY;
  if (purgeDelay) env.MIMALLOC_PURGE_DELAY = purgeDelay;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: repoRoot,
    env,
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').at(-1)!);
};

describe('resvg loaded for cards', () => {
  it('keeps the pages a card freed for the next card, and leaves the environment as it was', () => {
    const plain = draw('10');
    const kept = draw(undefined);
    expect(plain.env).toBe('10');
    expect(kept.env).toBeNull();
    // A card's RGBA pixels are 740 pages; about half as many are faulted in afresh.
    expect(kept.faults).toBeLessThan(plain.faults * 0.75);
  }, 60_000);
});
