import type { BuildResult } from './types.ts';

const kilobytes = (bytes: number) =>
  bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${(bytes / 1e3).toFixed(0)} kB`;

const foundLine = (found: NonNullable<BuildResult['found']>) =>
  `shared: ${found.feeds} feeds, ${found.calendars} ics files, ${found.cards.made + found.cards.cached} cards (${found.cards.made} made, ${found.cards.cached} from cache), search index of ${found.search.pages} pages (${found.search.languages.join(', ')}; ${found.search.tokenised} tokenised now)`;

/** The build summary: what was made, how big, and how long each stage took. */
export function formatSummary(result: BuildResult, totalMs: number): string {
  const width = Math.max(0, ...result.timings.map((t) => t.stage.length));
  const stages = result.timings
    .map((t) => `  ${t.stage.padEnd(width)} ${t.ms.toFixed(0).padStart(6)} ms${t.detail ? `  ${t.detail}` : ''}`)
    .join('\n');
  if (result.unchanged) {
    return `nothing changed since the last build: ${result.out} is up to date (${(totalMs / 1000).toFixed(2)} s)\n${stages}`;
  }
  const reused =
    result.rendered !== undefined && result.rendered < result.pages
      ? ` (${result.rendered} rendered, ${result.pages - result.rendered} unchanged)`
      : '';
  return [
    `built ${result.pages} pages${reused}, ${result.files} files, ${kilobytes(result.bytes)} in ${(totalMs / 1000).toFixed(2)} s -> ${result.out}`,
    `images: ${result.images.made} made, ${result.images.cached} from cache${result.warnings ? `; ${result.warnings} warning${result.warnings === 1 ? '' : 's'}` : ''}`,
    ...(result.found ? [foundLine(result.found)] : []),
    ...(result.nextScheduled
      ? [
          `scheduled: ${result.nextScheduled.file} goes live on ${result.nextScheduled.date}: a build on or after that day publishes it (--future publishes it now)`,
        ]
      : []),
    stages,
  ].join('\n');
}
