// V8's code cache for the CommonJS modules the launcher's thread loads (the CLI as main.cjs and the
// packages' CommonJS builds). Node 20 compiles every module again in every run
// (module.enableCompileCache is Node 22's); an ES module cannot be given cached code without
// --experimental-vm-modules, but a CommonJS module can: compiled through vm.Script with the bytes
// V8 made at the end of an earlier run (its bytecode, with the functions that run called).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { dirname, join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import vm from 'node:vm';

/**
 * A cache file is the SHA-1 of the bytes that follow it, then V8's bytes. V8 checks its own version,
 * its flags and the source's length, not the source's text nor (in a release build) a checksum of
 * the bytes: a file is named by the SHA-1 of Node's version and the module's path and text, and its
 * bytes are checked here before V8 sees them, so an edited module or a damaged file is compiled
 * from its source, never run stale.
 */
const DIGEST = 20;

const sha1 = (...parts) => {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

/** The cached bytes in `file`, or undefined when there are none or they are not whole. */
export function readEntry(file) {
  let stored;
  try {
    stored = readFileSync(file);
  } catch {
    return undefined;
  }
  const bytes = stored.subarray(DIGEST);
  return stored.length > DIGEST && sha1(bytes).equals(stored.subarray(0, DIGEST)) ? bytes : undefined;
}

function writeEntry(file, bytes) {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, Buffer.concat([sha1(bytes), bytes]));
  renameSync(temporary, file); // whole or absent for a run beside this one
}

/** The entry's name for a module: its path and text under this Node (another V8 is another entry). */
export const entryName = (filename, content) =>
  sha1(process.version, '\0', process.arch, '\0', filename, '\0', content).toString('hex');

/** The `require` a module's code is given, as Node makes it. */
function requireFor(module) {
  const require = (id) => module.require(id);
  require.resolve = (request, options) => Module._resolveFilename(request, module, false, options);
  require.resolve.paths = (request) => Module._resolveLookupPaths(request, module);
  require.main = process.mainModule;
  require.extensions = Module._extensions;
  require.cache = Module._cache;
  return require;
}

/** Set to true on globalThis by a run whose functions the entries it took already hold (`useCodeCache`). */
export const SETTLED = Symbol.for('site.code-cache.settled');

/**
 * From now on each CommonJS module is compiled with its entry in `folder`; a module without a
 * usable entry gets one when the process exits with 0 (not after a run that failed: one that stopped
 * early would leave thin entries to the runs after it), holding the functions the run called.
 * A package's entry is made once; the files in `own` (the launcher's bundle, which esbuild left
 * without an import() although its text may hold "import(" in a string) are made again whenever a
 * run compiled more of them: the first build after a rebundle may be a `site build --help`, or a
 * whole build, which calls little of what an edit's build calls. V8 caches what the run compiled,
 * the functions it took from the entry included, so an entry grows to what the runs call.
 * `keepBytecode`: for a command that runs once and exits (`keepBytecode` below).
 */
export function useCodeCache(folder, { own = [], keepBytecode = false } = {}) {
  // V8 drops the bytecode of a function that has not run for a few full collections, and an entry
  // holds only the functions whose bytecode is there at exit: after a first build's 45 s, main.cjs's
  // entry lacked what ran only at its start (the CLI's setup, the load and hash stages), and every
  // build with nothing to do after it, which makes no entry again, compiled those (~40 ms of its
  // 0.32 s; bench/RESULTS.md, noop22). Kept, they cost a few MB at most in a build, whose code is
  // loaded once; not in a server or `site dev`, which load each edit's templates anew and run for
  // hours (and end by a signal, without making entries).
  if (keepBytecode) setFlagsFromString('--no-flush-bytecode');
  const original = Module.prototype._compile;
  const owned = new Set(own);
  const compiled = [];
  // V8 takes cached code only under the flags it was made with: code cached after a run that
  // changed one (v8.setFlagsFromString) would be refused by every run and made again. (Each script
  // its own name: V8 gives a script it compiled before from memory, without looking at the bytes.)
  const flags = new vm.Script('', { filename: 'flags-at-start' }).createCachedData();
  Module.prototype._compile = function compile(content, filename, format) {
    // Cached code cannot call import(): V8 keeps the run that made it's callback for import(),
    // which no later run has ("A dynamic import callback was not specified").
    if (format === 'module' || (!owned.has(filename) && content.includes('import('))) {
      return original.call(this, content, filename, format);
    }
    const name = entryName(filename, content);
    const cachedData = readEntry(join(folder, name));
    let script;
    try {
      script = new vm.Script(Module.wrap(content), { filename, cachedData });
    } catch {
      return original.call(this, content, filename, format); // Node's own message for code it cannot compile
    }
    const taken = cachedData && !script.cachedDataRejected ? cachedData.length : 0;
    if (!taken || owned.has(filename)) compiled.push({ name, script, taken });
    const wrapper = script.runInThisContext({ displayErrors: true });
    return wrapper.call(this.exports, this.exports, requireFor(this), this, filename, dirname(filename));
  };
  process.once('exit', (code) => {
    // A run that called nothing its entries lack (the CLI sets SETTLED: a build with nothing to do,
    // whose every function the build before it called) makes only the entries it did not take: V8
    // cannot say what a run compiled, and the build's 1.4 MB entry made to be found the same size
    // was 15 ms of such a run's 0.3 s (bench/RESULTS.md, noop21l).
    const made = globalThis[SETTLED] ? compiled.filter(({ taken }) => !taken) : compiled;
    if (code !== 0 || !made.length) return;
    if (new vm.Script('', { filename: 'flags-at-exit', cachedData: flags }).cachedDataRejected) return;
    try {
      mkdirSync(folder, { recursive: true });
      for (const { name, script, taken } of made) {
        const bytes = script.createCachedData(); // ~15 ms for the 1.4 MB of the CLI after a build
        // Grown by more than the few bytes two runs' caches of the same functions differ by.
        if (bytes.length > taken * 1.01) writeEntry(join(folder, name), bytes);
      }
    } catch {
      // a read-only or full disk: the next run compiles from the sources again
    }
  });
}
