#!/usr/bin/env node
// Draws the site's stock images (courts, clubs, camps, academies) as SVG scenes and
// writes them as small JPEGs to content/images. Deterministic: every image has its own
// seed, so re-running produces identical files. A scene that knows where its subject is
// (ctx.focus) also writes its line in content/images/focus.yaml. Usage:
//   node scripts/draw-images.mjs [name ...]     (no names = all images)
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ctx, hashSeed, render } from './draw-images/lib.mjs';
import courts from './draw-images/scenes-courts.mjs';
import people from './draw-images/scenes-people.mjs';
import club from './draw-images/scenes-club.mjs';
import clubs from './draw-images/scenes-clubs.mjs';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'content', 'images');
const FOCUS = join(OUT, 'focus.yaml');
const SCENES = { ...courts, ...people, ...club, ...clubs };

/** focus.yaml with `name: x% y%` set (replaced in place, or added at the end). */
function withFocus(text, name, [x, y]) {
  const clamp = (v) => Math.round(Math.min(0.97, Math.max(0.03, v)) * 100);
  const line = `${name}: ${clamp(x)}% ${clamp(y)}%`;
  const pattern = new RegExp(`^${name}:.*$`, 'm');
  return pattern.test(text) ? text.replace(pattern, line) : `${text.trimEnd()}\n${line}\n`;
}

const only = process.argv.slice(2);
mkdirSync(OUT, { recursive: true });
let total = 0;
let focus = readFileSync(FOCUS, 'utf8');
for (const [name, scene] of Object.entries(SCENES)) {
  if (only.length && !only.includes(name)) continue;
  const [W, H] = scene.size ?? [1600, 1000];
  const ctx = new Ctx(W, H, hashSeed(name));
  const file = join(OUT, `${name}.jpg`);
  await render(ctx.svg(scene.draw(ctx)), file, { W, H, ...scene.post });
  if (ctx.focus) focus = withFocus(focus, name, ctx.focus);
  const kb = statSync(file).size / 1024;
  total += kb;
  console.log(
    `${name.padEnd(28)} ${W}x${H} ${kb.toFixed(0).padStart(4)} KB${ctx.focus ? `  focus ${ctx.focus.map((v) => `${Math.round(v * 100)}%`).join(' ')}` : ''}`,
  );
}
writeFileSync(FOCUS, focus);
console.log(`total ${(total / 1024).toFixed(2)} MB`);
