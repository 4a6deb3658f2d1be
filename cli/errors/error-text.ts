import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * A bundled module's place in a stack (`file:///…/.site/cli/chunk-X.mjs:12:34`, or a path,
 * `/…/.site/cli/main.cjs:12:34`, for CommonJS) as the line of
 * TypeScript it was bundled from, read from the bundle's source map (bin/site.mjs bundles with
 * linked maps) when an internal error is reported. Node's own source maps (setSourceMapsEnabled)
 * read and parse the map of every module as it loads: 3.5 MB of maps, ~60 ms of CPU and ~8 MB of
 * heap in every run (issue 21), for the rare error. A place without a usable map stays as it is.
 */
const PLACE = /((?:file:\/\/|\/)[^\s()]+\.[cm]?js):(\d+):(\d+)/g;
const maps = new Map<string, SourceMap | undefined>();

function mapOf(url: string): SourceMap | undefined {
  if (!maps.has(url)) {
    let map: SourceMap | undefined;
    try {
      map = new SourceMap(JSON.parse(readFileSync(`${fileURLToPath(url)}.map`, 'utf8')));
    } catch {
      map = undefined; // no map beside it (a dependency, the compiled templates), or not one Node reads
    }
    maps.set(url, map);
  }
  return maps.get(url);
}

export function mappedStack(stack: string): string {
  return stack.replace(PLACE, (place, file: string, line: string, column: string) => {
    const url = file.startsWith('file:') ? file : pathToFileURL(file).href;
    const entry = mapOf(url)?.findEntry(Number(line) - 1, Number(column) - 1);
    if (!entry || !('originalSource' in entry) || !entry.originalSource) return place;
    const source = fileURLToPath(new URL(entry.originalSource, url));
    return `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
  });
}

/** What an internal error (a bug, not the user's) is reported as: its stack, in the TypeScript's lines. */
export const errorText = (error: unknown): string =>
  error instanceof Error ? (error.stack ? mappedStack(error.stack) : error.message) : String(error);
