import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type Sharp from 'sharp';

const require = createRequire(import.meta.url);
let loaded: typeof Sharp | undefined;

/**
 * sharp's CommonJS build, through `require`. `import 'sharp'` loads its ESM build: fourteen
 * modules, and the CommonJS packages they import each read through cjs-module-lexer first, in
 * about twice the CPU (54-96 ms against 34-40, measured alone on Node 20; issue 21). Loaded at its
 * first use, by a build that decodes, encodes or draws: a build after a body edit does none of
 * that, and loading it was ~70 ms of its main thread (issue 21, edit21i). Every module of the tool
 * takes sharp from here, so it loads once.
 */
export function loadSharp(): typeof Sharp {
  loaded ??= require('sharp') as typeof Sharp;
  return loaded;
}

/**
 * libvips' thread count, which is process-wide: `set` makes it `threads` when sharp is first put
 * to work (a build that takes every image from the cache does not load sharp at all), `restore`
 * puts back whatever the rest of the process had.
 */
export function libvipsThreads(threads: number): { set(): void; restore(): void } {
  let previous: number | undefined;
  return {
    set() {
      if (previous !== undefined) return;
      previous = loadSharp().concurrency();
      loadSharp().concurrency(threads);
    },
    restore() {
      if (previous !== undefined) loadSharp().concurrency(previous);
    },
  };
}

type Versions = Record<string, string>;
let versions: Versions | undefined;

/**
 * `sharp.versions` (sharp's, libvips' and its libraries'), which key every image file and card,
 * read without loading sharp: every build that changed anything asks for them. Read from the files
 * sharp's own dist/utility.cjs takes them from, found as it finds them: the prebuilt binary's
 * package for this platform and libc, else the prebuilt libvips'. A sharp compiled from source
 * (maybe against the system's libvips, whose version only the binary knows) or sharp's WebAssembly
 * build is loaded and asked. tests/images/sharp-load.test.ts holds these to sharp.versions.
 */
export function sharpVersions(): Versions {
  versions ??= prebuiltVersions() ?? { ...loadSharp().versions };
  return versions;
}

function prebuiltVersions(): Versions | undefined {
  const main = require.resolve('sharp');
  const fromSharp = createRequire(main);
  const json = (request: string) => {
    try {
      return JSON.parse(readFileSync(fromSharp.resolve(request), 'utf8')) as Versions;
    } catch {
      return undefined;
    }
  };
  const { version } = json('../package.json') as { version: string };
  const { familySync, isNonGlibcLinuxSync } = fromSharp('detect-libc') as typeof import('detect-libc');
  const platform = `${process.platform}${isNonGlibcLinuxSync() ? familySync() : ''}-${process.arch}`;
  // sharp's dist/sharp.cjs tries a binary built from source before the prebuilt one.
  const release = join(dirname(main), '..', 'src', 'build', 'Release');
  if ([platform, 'wasm32'].some((name) => existsSync(join(release, `sharp-${name}-${version}.node`)))) return undefined;
  if (json(`@img/sharp-${platform}/package`) === undefined) return undefined; // no prebuilt binary: WebAssembly
  const found = json(`@img/sharp-${platform}/versions`) ?? json(`@img/sharp-libvips-${platform}/versions`);
  return found && { ...found, sharp: version };
}
