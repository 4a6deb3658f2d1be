/**
 * bin/code-cache.mjs: CommonJS modules compiled with V8's code cache, kept between runs. Each run is
 * a process of its own, as the launcher's are. V8 itself checks only the source's length, its
 * version and its flags: an edit of the same length, a damaged entry or an import() in cached code
 * must still run the module's current code.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readEntry } from '../../bin/code-cache.mjs';
import { repoRoot } from './helpers.ts';

let dir: string;
let cache: string;
let module: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'code-cache-'));
  cache = join(dir, 'cache');
  module = join(dir, 'answer.cjs');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** What the module's `answer()` gives in a fresh process that compiles through the cache. */
function run(
  flags: string[] = [],
  { own = false, argument = '', settled = false, garbage = 0, keepBytecode = false } = {},
): string {
  const script = `
    import { createRequire } from 'node:module';
    import { SETTLED, useCodeCache } from ${JSON.stringify(join(repoRoot, 'bin', 'code-cache.mjs'))};
    useCodeCache(${JSON.stringify(cache)}, { own: ${JSON.stringify(own ? [module] : [])}, keepBytecode: ${keepBytecode} });
    const { answer } = createRequire(import.meta.url)(${JSON.stringify(module)});
    console.log(await answer(${JSON.stringify(argument)}));
    // Rounds of large arrays: V8 collects them in full collections of its own, unlike gc()'s.
    for (let n = 0; n < ${garbage}; n++) Array.from({ length: 30 }, () => new Array(1e5).fill(n));
    globalThis[SETTLED] = ${settled};`;
  return execFileSync(process.execPath, [...flags, '--input-type=module', '-e', script], {
    encoding: 'utf8',
  }).trim();
}

const entries = async () => (await readdir(cache)).filter((name) => !name.endsWith('.tmp'));
const entry = async () => {
  const [name, ...more] = await entries();
  expect(more).toEqual([]);
  return join(cache, name!);
};

describe('the code cache', () => {
  it('writes an entry after the first run and runs from it, unchanged, in the next', async () => {
    await writeFile(module, 'exports.answer = () => "first " + [1, 2, 3].map((n) => n * 2).join();\n');
    expect(run()).toBe('first 2,4,6');
    const made = await stat(await entry());
    expect(run()).toBe('first 2,4,6');
    const after = await stat(await entry());
    // Taken, not refused: a refused entry would be written again (a new file renamed over it).
    expect([after.ino, after.mtimeMs]).toEqual([made.ino, made.mtimeMs]);
  });

  it('runs an edited module’s new code even when the edit keeps its length (V8 checks only the length)', async () => {
    await writeFile(module, 'exports.answer = () => "AAAA";\n');
    expect(run()).toBe('AAAA');
    await writeFile(module, 'exports.answer = () => "BBBB";\n');
    expect(run()).toBe('BBBB');
    expect(await entries()).toHaveLength(2); // an entry for each text
  });

  it('compiles from the source when an entry is damaged or cut short, and writes it whole again', async () => {
    await writeFile(module, 'exports.answer = () => "sound";\n');
    expect(run()).toBe('sound');
    const file = await entry();
    const whole = await readFile(file);
    expect(readEntry(file)).toBeDefined();

    const flipped = Buffer.from(whole);
    for (let at = 40; at < flipped.length; at += 7) flipped[at] = flipped[at]! ^ 0xff;
    await writeFile(file, flipped);
    expect(readEntry(file)).toBeUndefined();
    expect(run()).toBe('sound');
    expect(readEntry(file)).toBeDefined();

    await truncate(file, Math.floor(whole.length / 2));
    expect(readEntry(file)).toBeUndefined();
    expect(run()).toBe('sound');
    expect(readEntry(file)).toBeDefined();

    await writeFile(file, '');
    expect(run()).toBe('sound');
    expect(readEntry(file)).toBeDefined();
  });

  it('takes an entry made under other V8 flags as no entry', async () => {
    await writeFile(module, 'exports.answer = () => "flags";\n');
    expect(run(['--heap-growing-percent=100'])).toBe('flags');
    const made = await stat(await entry());
    expect(run()).toBe('flags');
    expect((await stat(await entry())).ino).not.toBe(made.ino); // refused by V8, so written again
  });

  it("makes the launcher's own file's entry again when a run compiled more of it, not otherwise", async () => {
    const many = Array.from(
      { length: 40 },
      (_, n) => `function part${n}(s) { return s.split('').reverse().join('') + ${n}; }`,
    );
    await writeFile(
      module,
      `${many.join('\n')}\nexports.answer = (all) => all ? [${many.map((_, n) => `part${n}('ab')`).join(', ')}].length : part0('ab');\n`,
    );
    expect(run([], { own: true })).toBe('ba0'); // one of the parts compiled
    const thin = await stat(await entry());
    expect(run([], { own: true })).toBe('ba0');
    expect((await stat(await entry())).ino).toBe(thin.ino); // the same functions: kept
    expect(run([], { own: true, argument: 'all' })).toBe('40'); // all of them
    const grown = await stat(await entry());
    expect(grown.size).toBeGreaterThan(thin.size);
    expect(run([], { own: true, argument: 'all' })).toBe('40');
    expect((await stat(await entry())).ino).toBe(grown.ino);
    // A package's entry is made once (a run that calls more of it does not pay to compare).
    await rm(cache, { recursive: true });
    expect(run()).toBe('ba0');
    const once = await stat(await entry());
    expect(run([], { argument: 'all' })).toBe('40');
    expect((await stat(await entry())).ino).toBe(once.ino);
  });

  it('makes no entry it took again after a run that says it called nothing new (a build with nothing to do)', async () => {
    const many = Array.from({ length: 40 }, (_, n) => `function part${n}(s) { return s + ${n}; }`);
    await writeFile(
      module,
      `${many.join('\n')}\nexports.answer = (all) => all ? [${many.map((_, n) => `part${n}('a')`).join(', ')}].length : part0('a');\n`,
    );
    // Not taken (none yet): made, settled or not.
    expect(run([], { own: true, settled: true })).toBe('a0');
    const thin = await stat(await entry());
    // Taken: a settled run keeps it even when it compiled more; the next run that is not settled grows it.
    expect(run([], { own: true, argument: 'all', settled: true })).toBe('40');
    expect((await stat(await entry())).ino).toBe(thin.ino);
    expect(run([], { own: true, argument: 'all' })).toBe('40');
    expect((await stat(await entry())).size).toBeGreaterThan(thin.size);
  });

  it('holds the functions that ran only at the start of a run (a build) that collected garbage many times since', async () => {
    // Called once, as the module loads (a first build's setup and load stage, then 45 s of work).
    const setup = Array.from({ length: 40 }, (_, n) => `function setup${n}(s) { return s.split('').join(${n}); }`);
    await writeFile(
      module,
      `${setup.join('\n')}\nconst made = [${setup.map((_, n) => `setup${n}('ab')`).join(', ')}];\nexports.answer = () => made.length;\n`,
    );
    expect(run([], { keepBytecode: true })).toBe('40');
    const short = (await stat(await entry())).size;
    await rm(cache, { recursive: true });
    expect(run([], { garbage: 40, keepBytecode: true })).toBe('40');
    expect((await stat(await entry())).size).toBeGreaterThanOrEqual(short);
  });

  it('makes no entry in a run that fails (it may have stopped before most of the code ran)', async () => {
    await writeFile(module, 'exports.answer = () => { process.exitCode = 1; return "failed"; };\n');
    expect(() => run()).toThrow(/Command failed/);
    await expect(readdir(cache)).rejects.toThrow();
  });

  it('leaves a module that calls import() to Node: cached code cannot call it', async () => {
    await writeFile(module, 'exports.answer = async () => (await import("node:path")).posix.join("a", "b");\n');
    expect(run()).toBe('a/b');
    expect(run()).toBe('a/b');
    await expect(readdir(cache)).rejects.toThrow(); // no entry, so no folder
  });

  it('gives the module a require that resolves as Node’s does', async () => {
    await writeFile(join(dir, 'helper.cjs'), 'module.exports = 21;\n');
    await writeFile(
      module,
      'exports.answer = () => [require("./helper.cjs") * 2, require.resolve("./helper.cjs") === __dirname + "/helper.cjs", module.exports === exports].join();\n',
    );
    expect(run()).toBe('42,true,true');
    expect(run()).toBe('42,true,true');
  });
});
