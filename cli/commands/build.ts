import { type Command, InvalidArgumentError, Option } from 'commander';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { formatSummary } from '../build/summary.ts';
import { formatProblems } from '../errors/format.ts';
import type { Problem } from '../errors/site-error.ts';
import { createImageReporter } from '../images/report.ts';
import type { BuildOptions } from '../build/types.ts';
import type { WatchedBuild } from '../build/watch-build.ts';

function threadCount(value: string): number {
  if (!/^[1-9]\d{0,2}$/.test(value)) throw new InvalidArgumentError('expected a whole number from 1 to 999.');
  return Number(value);
}

export function registerBuildCommand(program: Command): void {
  program
    .command('build')
    .description(
      'Validate content/ and write the whole site to dist/ (atomically: a failed build leaves dist/ as it was).',
    )
    .addOption(new Option('--root <dir>', 'project folder (string)').default('.', 'current folder'))
    .addOption(new Option('--out <dir>', 'output folder, relative to --root (string)').default('dist'))
    .addOption(new Option('--strict', 'treat warnings such as missing translations as errors (boolean)').default(false))
    .addOption(
      new Option(
        '--future',
        'publish items dated after today too (they wait for their day by default) (boolean)',
      ).default(false),
    )
    .addOption(
      new Option(
        '--watch',
        'build, then build again after each save to content/, templates/ or the config, until Ctrl-C (boolean)',
      ).default(false),
    )
    .addOption(
      new Option('--json', 'print the build result as JSON; with --watch, one line per build (boolean)').default(false),
    )
    .addOption(
      new Option(
        '--threads <number>',
        'threads that render pages and Markdown on a large site; 1 renders in the main thread (number)',
      )
        .default(availableParallelism(), "the machine's cores")
        .argParser(threadCount),
    )
    .action(
      async (options: {
        root: string;
        out: string;
        strict: boolean;
        future: boolean;
        watch: boolean;
        json: boolean;
        threads: number;
      }) => {
        const root = resolve(options.root);
        const buildOptions = {
          root,
          out: resolve(root, options.out),
          strict: options.strict,
          drafts: false,
          future: options.future,
          quiet: options.json,
          threads: options.threads,
        };
        if (options.watch) return watch(buildOptions, options.json);
        const started = performance.now();
        // A live line in a terminal, one summary line in CI (the image stage is the long one).
        const images = createImageReporter(options.json ? { stream: { write: () => true } } : {});
        // Loaded when run, as every command.
        const [{ buildSite }, { bundlesOnce }] = await Promise.all([
          import('../build/pipeline.ts'),
          import('../build/cached-esbuild.ts'),
        ]);
        bundlesOnce(); // this process exits after the build: esbuild need not collect its garbage
        const result = await buildSite(buildOptions, {
          onWarnings: (warnings) => process.stderr.write(formatProblems(warnings)),
          onImageProgress: images.onProgress,
        }).catch((error: unknown) => {
          images.finish(undefined, 0);
          throw error;
        });
        if (!result.unchanged) images.finish(result.images, result.images.ms);
        // Nothing to do: this run called no function the build before it did not, so the launcher
        // need not make its code cache again at exit (bin/code-cache.mjs SETTLED).
        else Object.assign(globalThis, { [Symbol.for('site.code-cache.settled')]: true });
        process.stdout.write(
          options.json
            ? `${JSON.stringify(result, null, 2)}\n`
            : `${formatSummary(result, performance.now() - started)}\n`,
        );
      },
    );
}

/**
 * `site build --watch`: the first build's summary as `site build` prints it, then a line per build
 * after a save (with --json, every build a JSON line); problems as `site build` prints them, each
 * time they change (WatchReport). Ctrl-C or SIGTERM stops it once a build in flight is done, with
 * exit code 0.
 */
async function watch(options: BuildOptions, json: boolean): Promise<void> {
  const { watchBuild, WatchReport, watchedText } = await import('../build/watch-build.ts');
  const stop = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    process.stderr.write(`site build --watch: ${signal}, stopping\n`);
    stop.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  let first = true;
  const images = createImageReporter(json ? { stream: { write: () => true } } : {});
  const report = new WatchReport();
  let warnings: Problem[] = [];
  const onBuild = (build: WatchedBuild) => {
    if (first) images.finish(build.result?.unchanged ? undefined : build.result?.images, build.result?.images.ms ?? 0);
    const problems = build.problems ?? warnings;
    warnings = [];
    const shown = report.next(build, problems.length ? formatProblems(problems) : '');
    process.stderr.write(shown.problems);
    if (build.internal) process.stderr.write(`internal error: ${build.internal}\n`);
    if (json) process.stdout.write(`${JSON.stringify(build)}\n`);
    else if (first && build.result) process.stdout.write(`${formatSummary(build.result, build.ms)}\n`);
    else if (!first && shown.line) process.stdout.write(`${shown.line}\n`);
    first = false;
  };
  const hooks = {
    onWarnings: (problems: Problem[]) => {
      warnings = problems;
    },
    onImageProgress: (done: number, total: number) => first && images.onProgress(done, total),
  };
  try {
    await watchBuild(
      options,
      hooks,
      {
        onBuild,
        onWatching: () => (json ? process.stderr : process.stdout).write(`watching ${watchedText} (Ctrl-C stops)\n`),
      },
      stop.signal,
    );
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
