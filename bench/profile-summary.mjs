#!/usr/bin/env node
// profile-summary.mjs PROFILE [--top N] [--from MS --to MS] [--windows MS,MS,...] [--incl REGEX ...]
// What a `node --cpu-prof` profile (bench/scale.sh PROFILE=1 writes one a thread) spent its time on,
// without a browser: self time by function and by file; with --windows, the thread's busy and GC
// milliseconds between the given offsets (the build summary's stage ends, to tell work from
// waiting); with --incl, the inclusive time of the frames matching each pattern
// ("functionName@url", e.g. '^renderMarkdown@' or 'templates\.'; a sample is counted once).
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at < 0 ? undefined : args[at + 1];
};
const file = args[0];
if (!file || file.startsWith('--')) {
  console.error(
    'usage: node bench/profile-summary.mjs PROFILE [--top N] [--from MS --to MS] [--windows MS,...] [--incl REGEX ...]',
  );
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parents = new Map(profile.nodes.flatMap((node) => (node.children ?? []).map((child) => [child, node.id])));
const frame = (id) => nodes.get(id).callFrame;
const stack = (id) => {
  const frames = [];
  for (let at = id; at !== undefined; at = parents.get(at)) frames.push(`${frame(at).functionName}@${frame(at).url}`);
  return frames;
};

// Each sample with its offset from the start (ms) and the time it stands for (ms).
const samples = [];
let clock = profile.startTime;
profile.samples.forEach((id, index) => {
  clock += profile.timeDeltas[index];
  samples.push({ id, at: (clock - profile.startTime) / 1000, ms: (profile.timeDeltas[index + 1] ?? 0) / 1000 });
});
const from = Number(option('--from') ?? -Infinity);
const to = Number(option('--to') ?? Infinity);
const inRange = samples.filter(({ at }) => at >= from && at < to);

const sum = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms);
const print = (title, map, top) => {
  console.log(`-- ${title}`);
  for (const [key, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${ms.toFixed(1).padStart(9)}  ${key}`);
};

const byFunction = new Map();
const byFile = new Map();
for (const { id, ms } of inRange) {
  const { functionName, url, lineNumber } = frame(id);
  sum(byFunction, `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber}`, ms);
  const packaged = url.includes('node_modules/');
  const place = packaged
    ? url
        .replace(/.*node_modules\//, '')
        .split('/')
        .slice(0, 2)
    : url.split('/').slice(-2);
  sum(byFile, place.join('/') || functionName, ms);
}
const total = inRange.reduce((all, { ms }) => all + ms, 0);
console.log(`${file}: ${total.toFixed(0)} ms sampled of ${((profile.endTime - profile.startTime) / 1000).toFixed(0)}`);
const top = Number(option('--top') ?? 30);
print('self time by function', byFunction, top);
print('self time by file or package', byFile, 15);

const windows = option('--windows');
if (windows) {
  const ends = [0, ...windows.split(',').map(Number), Infinity];
  console.log('-- busy (not idle, not GC) and GC ms between offsets');
  for (let index = 0; index < ends.length - 1; index++) {
    const [start, end] = [ends[index], ends[index + 1]];
    let [busy, gc] = [0, 0];
    for (const { id, at, ms } of samples) {
      if (at < start || at >= end) continue;
      const name = frame(id).functionName;
      if (name === '(garbage collector)') gc += ms;
      else if (name !== '(idle)') busy += ms;
    }
    console.log(
      `${`${start}-${end}`.padStart(12)}  busy ${busy.toFixed(0).padStart(5)}  gc ${gc.toFixed(0).padStart(4)}`,
    );
  }
}

const patterns = args.flatMap((arg, index) => (args[index - 1] === '--incl' ? [arg] : []));
if (patterns.length) {
  const inclusive = new Map();
  for (const { id, ms } of inRange) {
    const frames = stack(id);
    for (const pattern of patterns)
      if (frames.some((name) => new RegExp(pattern).test(name))) sum(inclusive, pattern, ms);
  }
  print('inclusive time of the frames matching', inclusive, patterns.length);
}
