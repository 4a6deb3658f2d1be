#!/usr/bin/env node
// Image stage, cold vs warm (issue 3): processImages over every source in content/images,
//   cold  = empty cache, everything encoded;
//   warm  = same cache, a fresh output folder (as after `rm -rf dist`): must encode nothing;
//   one   = one source's pixels changed: must encode that one image only;
// then, with --sweep, cold runs at other encode parallelism / libvips thread counts, which is how
// the stage's defaults were chosen. With --write the figures replace this script's section of
// bench/RESULTS.md (other sections are left alone). Exits 1 if warm did any image work.
// With --build, also the whole `site build` of the bundled site in a copy of the project with an
// empty image cache: cold, then warm into a new output folder (everything rendered, images from
// the cache).
//   node bench/images.mjs [--runs 3] [--sweep] [--build] [--write]
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { copyProject, project } from './project-copy.mjs';
import { writeSection } from './results.mjs';
import sharp from 'sharp';
import { tsImport } from 'tsx/esm/api';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 3;
const { processImages } = await tsImport('../cli/images/stage.ts', import.meta.url);
const { loadConfig } = await tsImport('../cli/config/load.ts', import.meta.url);
const config = await loadConfig(project);

// A private copy of the sources, so the "one changed" run can rewrite a file safely.
const work = join(project, 'bench', '.work-images');
rmSync(work, { recursive: true, force: true });
mkdirSync(join(work, 'content'), { recursive: true });
cpSync(join(project, 'content', 'images'), join(work, 'content', 'images'), { recursive: true });
const files = readdirSync(join(work, 'content', 'images'))
  .filter((file) => /\.(jpe?g|png|webp|avif|svg)$/i.test(file))
  .sort();
const images = new Map(files.map((file) => [file.replace(/\.[^.]+$/, ''), `content/images/${file}`]));
const sourceBytes = files.reduce((sum, file) => sum + readFileSync(join(work, 'content', 'images', file)).length, 0);
const cacheDir = join(work, 'cache');
let outputs = 0;

async function stage(options = {}) {
  const publicDir = join(work, `public-${outputs++}`);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const result = await processImages({
    root: work,
    config,
    images,
    used: new Set(images.keys()),
    publicDir,
    cacheDir,
    ...options,
  });
  const ms = performance.now() - started;
  // CPU time of this process (libvips threads included): steadier than wall time on a shared machine.
  const cpu = process.cpuUsage(cpuBefore);
  rmSync(publicDir, { recursive: true, force: true });
  return {
    ms,
    cpuMs: (cpu.user + cpu.system) / 1000,
    made: result.made,
    cached: result.cached,
    encoded: result.encoded,
    bytes: result.bytes,
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
async function repeat(times, before, options) {
  const results = [];
  for (let i = 0; i < times; i++) {
    before();
    results.push(await stage(options));
  }
  return {
    ...results[0],
    ms: median(results.map((r) => r.ms)),
    cpuMs: median(results.map((r) => r.cpuMs)),
    all: results.map((r) => Math.round(r.ms)),
  };
}
const clearCache = () => rmSync(cacheDir, { recursive: true, force: true });

const loadBefore = loadavg()[0];
const cold = await repeat(runs, clearCache);
const warm = await repeat(runs, () => {});
// Change one source: draw a mark over it, so its bytes and pixels differ.
const [changedName, changedFile] = [...images].find(([, file]) => !file.endsWith('.svg'));
const changedPath = join(work, changedFile);
writeFileSync(
  changedPath,
  await sharp(changedPath)
    .composite([{ input: { create: { width: 40, height: 40, channels: 3, background: '#ff0000' } }, top: 0, left: 0 }])
    .toBuffer(),
);
const one = await stage();
const oneWarm = await stage();

const sweep = [];
if (args.includes('--sweep')) {
  // Interleaved (every setting once per round), so a busy spell on a shared machine hits them all alike.
  const settings = [
    [1, 1],
    [2, 1],
    [3, 1],
    [4, 1],
    [1, 2],
    [2, 2],
  ].map(([concurrency, threads]) => ({ concurrency, threads, results: [] }));
  for (let round = 0; round < runs; round++) {
    for (const setting of settings) {
      clearCache();
      setting.results.push(await stage({ concurrency: setting.concurrency, threads: setting.threads }));
    }
  }
  for (const { concurrency, threads, results } of settings) {
    sweep.push({
      concurrency,
      threads,
      ms: median(results.map((r) => r.ms)),
      cpuMs: median(results.map((r) => r.cpuMs)),
    });
    console.error(
      `sweep jobs=${concurrency} threads=${threads}: ${results.map((r) => Math.round(r.ms)).join(' / ')} ms`,
    );
  }
}

// The whole build, cold and warm, as a user runs it.
const builds = [];
if (args.includes('--build')) {
  const site = join(work, 'site');
  copyProject(site);
  for (const [label, out] of [
    ['cold (empty image cache)', 'dist-cold'],
    ['warm (cache kept, new output folder)', 'dist-warm'],
  ]) {
    const started = performance.now();
    const stdout = execFileSync(process.execPath, [join(site, 'bin', 'site.mjs'), 'build', '--json', '--out', out], {
      cwd: site,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 64 << 20,
    });
    const ms = performance.now() - started;
    const result = JSON.parse(stdout);
    const imageStage = result.timings.find((t) => t.stage === 'images');
    builds.push({
      label,
      ms,
      pages: result.pages,
      made: result.images.made,
      cached: result.images.cached,
      imagesMs: imageStage?.ms ?? 0,
    });
  }
}

// libwebp effort: CPU against bytes, straight sharp encodes of every source at every breakpoint.
const efforts = [];
if (args.includes('--sweep')) {
  sharp.concurrency(1);
  const sources = files
    .filter((file) => !file.endsWith('.svg'))
    .map((file) => readFileSync(join(work, 'content', 'images', file)));
  for (const effort of [0, 2, 3, 4, 5, 6]) {
    const before = process.cpuUsage();
    let bytes = 0;
    for (const source of sources) {
      const { width } = await sharp(source).metadata();
      for (const breakpoint of config.images.breakpoints.filter((b) => b <= width)) {
        bytes += (
          await sharp(source).resize({ width: breakpoint }).webp({ quality: config.images.quality, effort }).toBuffer()
        ).length;
      }
    }
    const cpu = process.cpuUsage(before);
    efforts.push({ effort, cpuMs: (cpu.user + cpu.system) / 1000, bytes });
  }
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const time = (ms) => (ms < 1000 ? `${Math.round(ms)} ms` : seconds(ms));
const row = (label, r) =>
  `| ${label} | ${time(r.ms)} | ${time(r.cpuMs)} | ${r.encoded} | ${r.made} / ${r.cached} | ${mb(r.bytes)} |`;
const lines = [
  '## Images: cold vs warm (issue 3)',
  '',
  `\`node bench/images.mjs --runs ${runs}${sweep.length ? ' --sweep' : ''}${builds.length ? ' --build' : ''} --write\`, ${new Date().toISOString().slice(0, 10)}, ${cpus()[0]?.model.trim() ?? 'cpu'} x ${availableParallelism()}, ` +
    `Node ${process.version}, sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}). processImages over content/images: ` +
    `${files.length} sources, ${mb(sourceBytes)}; breakpoints ${config.images.breakpoints.join(', ')}, webp q${config.images.quality}, placeholder ${config.images.placeholder.width}x${config.images.placeholder.height}. Median of ${runs} runs. ` +
    `Load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after (other work on the machine slows wall time, less so CPU time).`,
  '',
  '| run | wall | CPU | files encoded | images made / from cache | output |',
  '| --- | --- | --- | --- | --- | --- |',
  row('cold (empty cache)', cold),
  row('warm (cache kept, output folder new)', warm),
  row(`one source changed (${changedName})`, one),
  row('warm again after that', oneWarm),
  '',
  'Warm reads and hashes each source and each cached file (a damaged cache file is re-made), and',
  'links the files into the output: no decoding, no encoding.',
];
if (builds.length) {
  lines.push(
    '',
    `The whole build (\`site build --json\`, ${builds[0].pages} pages) in a copy of the project:`,
    '',
    '| build | wall | image stage | images made / from cache |',
    '| --- | --- | --- | --- |',
  );
  for (const b of builds) lines.push(`| ${b.label} | ${time(b.ms)} | ${time(b.imagesMs)} | ${b.made} / ${b.cached} |`);
}
if (sweep.length) {
  lines.push(
    '',
    'Cold runs by encodes in parallel (jobs) and libvips threads per encode (medians):',
    '',
    '| jobs | threads | cold wall | CPU |',
    '| --- | --- | --- | --- |',
  );
  for (const s of sweep) lines.push(`| ${s.concurrency} | ${s.threads} | ${seconds(s.ms)} | ${seconds(s.cpuMs)} |`);
  const cpuPerCore = median(sweep.map((x) => x.cpuMs)) / availableParallelism();
  lines.push(
    '',
    `CPU time is the same for every setting: encoding side by side costs no extra work, so on an idle machine the best wall time is CPU / cores, about ${seconds(cpuPerCore)} here. ` +
      `Wall times swing with what else the machine runs (see the load average above; on a busier run before this one, 4 jobs came out ahead and 1 job last), so they rank the settings only roughly. ` +
      `The stage's default is one encode per core (${availableParallelism()}), each on 1 libvips thread: it fills the cores without holding more sources in memory; more libvips threads per encode never helped.`,
  );
}
if (efforts.length) {
  lines.push(
    '',
    "webp effort (every source at every breakpoint, one thread; the stage uses 4, sharp's default):",
    '',
    '| effort | CPU | output |',
    '| --- | --- | --- |',
  );
  for (const e of efforts) lines.push(`| ${e.effort} | ${seconds(e.cpuMs)} | ${mb(e.bytes)} |`);
  lines.push(
    '',
    'Effort 4 stays: a lower effort would shorten the one cold encode, while every visitor pays the larger files on every visit; above 4 costs more CPU for little.',
  );
}
const section = `${lines.join('\n')}\n`;
process.stdout.write(section);

if (args.includes('--write')) writeSection(section);
rmSync(work, { recursive: true, force: true });
if (
  warm.encoded !== 0 ||
  warm.made !== 0 ||
  oneWarm.encoded !== 0 ||
  one.made !== 1 ||
  builds.some((b, i) => i > 0 && b.made !== 0)
) {
  console.error('FAIL: a warm run did image work, or a one-source change did not re-make exactly one image');
  process.exit(1);
}
