/**
 * How the image stage shows itself while it works (issue 3): in an interactive terminal a live
 * `images 12/30` line, shown only once the work has taken a moment and wiped when done (the build
 * summary has the totals); in CI or a pipe no live line, one summary line at the end instead,
 * since log viewers print every carriage return as a new line.
 */
export interface ImageReportStream {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface ImageTotals {
  made: number;
  cached: number;
  bytes?: number;
}

export interface ImageReporter {
  onProgress: (done: number, total: number) => void;
  /** Ends the live line; outside a terminal prints the summary (nothing if the build failed first). */
  finish: (result: ImageTotals | undefined, ms: number) => void;
}

const isCI = (env: NodeJS.ProcessEnv) => Boolean(env.CI) && env.CI !== 'false' && env.CI !== '0';

export const formatBytes = (bytes: number): string =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;

export function imageSummaryLine(result: ImageTotals, ms: number): string {
  const total = result.made + result.cached;
  const bytes = result.bytes === undefined ? '' : `, ${formatBytes(result.bytes)}`;
  return `images: ${total} (${result.made} made, ${result.cached} from cache)${bytes} in ${(ms / 1000).toFixed(1)} s`;
}

export function createImageReporter(
  options: {
    stream?: ImageReportStream;
    env?: NodeJS.ProcessEnv;
    now?: () => number;
    delayMs?: number;
    everyMs?: number;
  } = {},
): ImageReporter {
  const stream = options.stream ?? process.stderr;
  const now = options.now ?? (() => performance.now());
  const live = Boolean(stream.isTTY) && !isCI(options.env ?? process.env);
  // A warm build finishes in milliseconds: a line that flashes and vanishes is noise.
  const delayMs = options.delayMs ?? 300;
  const everyMs = options.everyMs ?? 100;
  const started = now();
  let lastPaint = -Infinity;
  let shown = false;
  return {
    onProgress(done, total) {
      if (!live || total === 0) return;
      const at = now();
      if (at - started < delayMs || (at - lastPaint < everyMs && done < total)) return;
      lastPaint = at;
      shown = true;
      stream.write(`\r\x1b[Kimages ${done}/${total} (${Math.round((done / total) * 100)}%)`);
    },
    finish(result, ms) {
      if (shown) stream.write('\r\x1b[K');
      if (!live && result) stream.write(`${imageSummaryLine(result, ms)}\n`);
    },
  };
}
