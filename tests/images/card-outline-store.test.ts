import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { drawCard, type CardTemplate } from '../../cli/build/cards.ts';
import { keepPart } from '../../cli/build/card-layer-store.ts';
import { keepOutlines, shelvedOutlines } from '../../cli/build/card-outline-store.ts';
import type { Face } from '../../cli/build/card-type.ts';
import { cardImage } from '../../templates/lib/share-card.ts';
import { repoRoot } from '../build/helpers.ts';
import { cardSite, withCardTemplate } from './card-site.ts';

/**
 * The glyph outlines HarfBuzz drew for a build's cards are kept in the cards' cache
 * (card-outline-store.ts): the next build's card (a title edited) takes them from there, to the same bytes.
 */
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'site-card-outline-store-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A face with `outlines` known, `drawn` of them by HarfBuzz. */
const face = (id: string, outlines: Array<[number, string]> = [], drawn = outlines.length) =>
  ({ id, outlines: new Map(outlines), drawn }) as Face;
const drawnOutlines: Array<[number, string]> = [
  [36, 'M1 2L3 4Z'],
  [91, 'M0 0Q5 5 10 0Z'],
];

describe('the kept glyph outlines', () => {
  it('keeps the outlines a face drew and gives them to the next run, per face and template version', async () => {
    const shelf = { dir, version: 'v1' };
    const first = face('a', drawnOutlines);
    await shelvedOutlines(first, shelf);
    await keepOutlines();
    const [file] = await readdir(join(dir, 'layers', 'v1'));
    // Nothing drawn since: nothing written again.
    await writeFile(join(dir, 'layers', 'v1', file!), 'kept as it was');
    await keepOutlines();
    expect(await readFile(join(dir, 'layers', 'v1', file!), 'utf8')).toBe('kept as it was');
    await keepPart(dir, 'v1', 'outlines a', {
      format: 'glyph outlines 1',
      data: Buffer.from(JSON.stringify(drawnOutlines)),
    } as never);
    const next = face('a', [[36, 'M9 9Z']], 0);
    await shelvedOutlines(next, { dir: `${dir}/`, version: 'v1' });
    // A glyph the face knows keeps its outline; the others are taken from the shelf.
    expect([...next.outlines]).toEqual([
      [36, 'M9 9Z'],
      [91, 'M0 0Q5 5 10 0Z'],
    ]);
    const other = face('b');
    await shelvedOutlines(other, { dir: `${dir}//`, version: 'v1' });
    const otherVersion = face('a');
    await shelvedOutlines(otherVersion, { dir, version: 'v2' });
    expect([other.outlines.size, otherVersion.outlines.size]).toEqual([0, 0]);
  });

  it('takes nothing from a file cut short, of another layout, or not outlines', async () => {
    const shelved = async (kept: { format: string; data: Buffer }, cut = 0) => {
      const at = await mkdtemp(join(dir, 'shelf-'));
      await keepPart(at, 'v1', 'outlines a', kept as never);
      const [file] = await readdir(join(at, 'layers', 'v1'));
      const path = join(at, 'layers', 'v1', file!);
      if (cut) await writeFile(path, (await readFile(path)).subarray(0, -cut));
      const read = face('a', [], 0);
      await shelvedOutlines(read, { dir: at, version: 'v1' });
      return read.outlines.size;
    };
    const data = Buffer.from(JSON.stringify(drawnOutlines));
    expect(await shelved({ format: 'glyph outlines 1', data })).toBe(2);
    expect(await shelved({ format: 'glyph outlines 1', data }, 1)).toBe(0);
    expect(await shelved({ format: 'glyph outlines 0', data })).toBe(0);
    expect(await shelved({ format: 'glyph outlines 1', data: Buffer.from('[[36, 5]]') })).toBe(0);
    expect(await shelved({ format: 'glyph outlines 1', data: Buffer.from('[[36, "M') })).toBe(0);
  });
});

describe('a card drawn from kept outlines', () => {
  let template: CardTemplate;
  let home: string;
  withCardTemplate('card-outline-store', (made) => ({ dir: home, template } = made));
  const request = {
    locale: 'nl',
    title: 'Zomerkampen voor de jeugd',
    label: 'Nieuws',
    detail: '3 maart 2026',
  } as const;

  it('is the same bytes as the card whose outlines HarfBuzz drew, and draws none', async () => {
    const cacheDir = join(home, 'cards');
    const context = { root: home, images: new Map(), template, cacheDir };
    const painted = await drawCard(
      cardImage({ ...request, site: cardSite }, '/nieuws/test', template.version),
      context,
    );
    await keepOutlines();
    // Another process (the next build) draws the card with the outlines kept.
    const script = join(home, 'kept-outlines.mts');
    await writeFile(
      script,
      `import { createHash } from 'node:crypto';
import { compileCardTemplate, drawCard } from ${JSON.stringify(join(repoRoot, 'cli/build/cards.ts'))};
import { faceOf, fontFor } from ${JSON.stringify(join(repoRoot, 'cli/build/card-type.ts'))};
import { cardImage } from ${JSON.stringify(join(repoRoot, 'templates/lib/share-card.ts'))};
const template = await compileCardTemplate(${JSON.stringify(repoRoot)}, ${JSON.stringify(join(repoRoot, '.site', 'cache'))});
const request = { ...${JSON.stringify(request)}, site: ${JSON.stringify(cardSite)} };
const drawn = await drawCard(cardImage(request, '/nieuws/test', template.version), {
  root: ${JSON.stringify(home)}, images: new Map(), template, cacheDir: ${JSON.stringify(cacheDir)},
});
const faces = await Promise.all([400, 700].map((weight) => faceOf(fontFor(template, 'Inter', weight))));
console.log(JSON.stringify({ sha: createHash('sha256').update(drawn).digest('hex'), drawn: faces.map((face) => face.drawn) }));
`,
    );
    const out = execFileSync(process.execPath, ['--import', 'tsx', script], { cwd: repoRoot, encoding: 'utf8' });
    const { sha, drawn } = JSON.parse(out.trim().split('\n').at(-1)!) as { sha: string; drawn: number[] };
    expect(drawn).toEqual([0, 0]);
    expect(sha).toBe(createHash('sha256').update(painted).digest('hex'));
  });
});
