#!/usr/bin/env node
// Draws the site's stock images (courts, clubs, camps, academies) as SVG scenes and
// writes them as small JPEGs to content/images. Deterministic: every image has its own
// seed, so re-running produces identical files. Usage:
//   node scripts/draw-images.mjs [name ...]     (no names = all images)
import { mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ctx, hashSeed, render } from './draw-images/lib.mjs';
import courts from './draw-images/scenes-courts.mjs';
import people from './draw-images/scenes-people.mjs';
import club from './draw-images/scenes-club.mjs';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'content', 'images');
const SCENES = { ...courts, ...people, ...club };

const only = process.argv.slice(2);
mkdirSync(OUT, { recursive: true });
let total = 0;
for (const [name, scene] of Object.entries(SCENES)) {
  if (only.length && !only.includes(name)) continue;
  const [W, H] = scene.size ?? [1600, 1000];
  const ctx = new Ctx(W, H, hashSeed(name));
  const file = join(OUT, `${name}.jpg`);
  await render(ctx.svg(scene.draw(ctx)), file, { W, H, ...scene.post });
  const kb = statSync(file).size / 1024;
  total += kb;
  console.log(`${name.padEnd(20)} ${W}x${H} ${kb.toFixed(0).padStart(4)} KB`);
}
console.log(`total ${(total / 1024).toFixed(2)} MB`);
