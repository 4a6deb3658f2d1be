#!/usr/bin/env node
// What libwebp's effort (sharp's `effort`, libwebp's method) buys: every photo in content/images
// at every breakpoint of site.config.yaml, encoded at each setting on one libvips thread; prints
// encode CPU, bytes and mean SSIM (luma, 8x8 windows every 4 px) against the resized pixels the
// encoder was given. How images.effort's default was chosen (docs/images.md).
//   node bench/image-effort.mjs ['[{"effort":4,"quality":75}, ...]']
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { parse } from 'yaml';

const project = join(dirname(fileURLToPath(import.meta.url)), '..');
const { images } = parse(readFileSync(join(project, 'site.config.yaml'), 'utf8'));
const settings = JSON.parse(
  process.argv[2] ?? JSON.stringify([4, 3, 2, 1, 0].map((effort) => ({ effort, quality: images.quality }))),
);
sharp.concurrency(1);

const luma = (pixels, channels) =>
  Float64Array.from(
    { length: pixels.length / channels },
    (_, i) => 0.299 * pixels[i * channels] + 0.587 * pixels[i * channels + 1] + 0.114 * pixels[i * channels + 2],
  );

function ssim(a, b, width, height) {
  const c1 = (0.01 * 255) ** 2;
  const c2 = (0.03 * 255) ** 2;
  let sum = 0;
  let windows = 0;
  for (let y = 0; y + 8 <= height; y += 4) {
    for (let x = 0; x + 8 <= width; x += 4) {
      let meanA = 0,
        meanB = 0;
      for (let j = 0; j < 8; j++)
        for (let i = 0; i < 8; i++) (meanA += a[(y + j) * width + x + i]), (meanB += b[(y + j) * width + x + i]);
      meanA /= 64;
      meanB /= 64;
      let varA = 0,
        varB = 0,
        cov = 0;
      for (let j = 0; j < 8; j++) {
        for (let i = 0; i < 8; i++) {
          const da = a[(y + j) * width + x + i] - meanA;
          const db = b[(y + j) * width + x + i] - meanB;
          varA += da * da;
          varB += db * db;
          cov += da * db;
        }
      }
      sum +=
        ((2 * meanA * meanB + c1) * (2 * (cov / 63) + c2)) /
        ((meanA ** 2 + meanB ** 2 + c1) * (varA / 63 + varB / 63 + c2));
      windows++;
    }
  }
  return sum / windows;
}

// The pixels each webp file is encoded from: the source resized to a breakpoint, as the build does.
const dir = join(project, 'content', 'images');
const references = [];
for (const file of readdirSync(dir)
  .filter((name) => /\.(jpe?g|png)$/i.test(name))
  .sort()) {
  const { data, info } = await sharp(join(dir, file)).autoOrient().raw().toBuffer({ resolveWithObject: true });
  for (const width of images.breakpoints.filter((w) => w <= info.width)) {
    const height = Math.round((width * info.height) / info.width);
    const resized = await sharp(data, { raw: info })
      .resize({ width, height, fit: 'fill' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    references.push({ pixels: resized.data, raw: { width, height, channels: resized.info.channels } });
  }
}

console.log(`${references.length} files from ${dir}\n`);
console.log('| settings | encode CPU | bytes | SSIM |\n|---|---:|---:|---:|');
for (const setting of settings) {
  let cpuMs = 0,
    bytes = 0,
    similarity = 0;
  for (const { pixels, raw } of references) {
    const before = process.cpuUsage();
    const webp = await sharp(pixels, { raw }).webp(setting).toBuffer();
    const used = process.cpuUsage(before);
    cpuMs += (used.user + used.system) / 1000;
    bytes += webp.length;
    const decoded = await sharp(webp).raw().toBuffer({ resolveWithObject: true });
    similarity += ssim(luma(pixels, raw.channels), luma(decoded.data, decoded.info.channels), raw.width, raw.height);
  }
  console.log(
    `| ${JSON.stringify(setting)} | ${(cpuMs / 1000).toFixed(2)} s | ${(bytes / 1e6).toFixed(2)} MB | ${(similarity / references.length).toFixed(4)} |`,
  );
}
