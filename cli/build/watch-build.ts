import { watchSite } from './incremental/watcher.ts';
import { isSiteError, type Problem } from '../errors/site-error.ts';
import { errorText } from '../errors/error-text.ts';
import { WATCHED, type ChangeSet } from './incremental/changes.ts';
import { buildSite, type BuildHooks } from './pipeline.ts';
import type { KeptBuild } from './build-changed.ts';
import { ContentPrints } from '../content/content-prints.ts';
import { RecentBuilds } from './ledger.ts';
import { WatchSession } from './watch-session.ts';
import type { BuildOptions, BuildResult } from './types.ts';

/** One build of a watch session: its result, or why dist was left as it was. */
export interface WatchedBuild {
  /** Project-relative paths whose save started it; none for the first build. */
  changed: string[];
  ms: number;
  result?: BuildResult;
  /** The build stopped at an error of the site's (the catalogue's problems): dist is as it was. */
  problems?: Problem[];
  /** A failure of the tool's own (a bug): reported, and the watch goes on. */
  internal?: string;
}

/**
 * `site build --watch`: a first build as `site build` makes it, then a build after each batch of
 * saves, in this process (its modules loaded and its code warm: issue 21's one-edit time was mostly
 * a fresh process's start). After the first build a session is opened over dist (./watch-session.ts:
 * the build's session kept, each batch applied to it as `site dev` applies its own), off the save's
 * clock; a save's build is that session's, else (none opened: dist was not current, or another
 * process or day made it stale) `buildSite` itself. Either way dist after a save is what a fresh
 * `site build` of the same files makes, swapped in as atomically, and its digest the one the next
 * plain `site build` finds (nothing to do). The watcher (shared with `site dev`) hands over one batch
 * at a time: a save during a build waits for it and gets a build of its own. A build that fails
 * leaves dist as it was; the next save builds again.
 */
export async function watchBuild(
  options: BuildOptions,
  hooks: BuildHooks,
  events: { onBuild: (build: WatchedBuild) => void; onWatching: () => void },
  stop: AbortSignal,
): Promise<void> {
  const prints = ContentPrints.read(options.root, { remember: true });
  const kept: KeptBuild = { prints };
  // The build folders made here are recycled, two builds on (./ledger.ts).
  const watched: BuildOptions = { ...options, recent: new RecentBuilds() };
  let session: WatchSession | undefined;
  const build = async (changes?: ChangeSet): Promise<void> => {
    const started = performance.now();
    const changed = changes ? [...changes.paths].sort() : [];
    const report = (outcome: Omit<WatchedBuild, 'changed' | 'ms'>) =>
      events.onBuild({ changed, ms: performance.now() - started, ...outcome });
    try {
      const result = changes && (await session?.build(changes, hooks));
      if (!result) session = undefined;
      report({ result: result ?? (await buildSite(watched, hooks, kept)) });
    } catch (error) {
      if (isSiteError(error)) report({ problems: error.problems });
      else {
        session = undefined;
        report({ internal: errorText(error) });
      }
    }
    // Off the save's clock: a session for the next save, over the build in dist.
    session ??= await WatchSession.open(watched, prints).catch(() => undefined);
  };
  // Watching starts beside the first build, so a save made while it runs is not missed: its batch
  // waits for the first build (the watcher runs one batch at a time), then builds.
  let running = build();
  const watcher = await watchSite(
    options.root,
    async (changes: ChangeSet) => {
      await running;
      // A batch the watcher had already taken when the watch was stopped is not built.
      if (stop.aborted) return;
      running = build(changes);
      await running;
    },
    (error) => events.onBuild({ changed: [], ms: 0, internal: errorText(error) }),
  );
  await running;
  if (!stop.aborted) {
    events.onWatching();
    await new Promise((resolve) => stop.addEventListener('abort', resolve, { once: true }));
  }
  await watcher.close();
  // The build in flight, if any, finishes: its folder is swapped in whole (or, failed, removed).
  await running;
  session?.keepPrints(prints);
}

/** What a watch looks at, as the terminal says it: the watcher's own list (folders with a slash). */
export const watchedText = WATCHED.map((name) => (name.includes('.') ? name : `${name}/`)).join(', ');

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** The terminal's line for a build after a save (its problems, if any, are printed above it). */
export function watchLine(build: WatchedBuild): string {
  const what = !build.changed.length
    ? 'first build'
    : build.changed.length > 3
      ? `${build.changed.slice(0, 3).join(', ')} and ${build.changed.length - 3} more`
      : build.changed.join(', ');
  const { result } = build;
  if (!result) return `${what}: not built, dist left as it was (${seconds(build.ms)}); watching for the next save`;
  if (result.unchanged) return `${what}: nothing to build, ${result.out} is up to date (${seconds(build.ms)})`;
  const images = result.images.made ? `, ${result.images.made} images made` : '';
  const warnings = result.warnings ? `, ${result.warnings} warning${result.warnings === 1 ? '' : 's'}` : '';
  return `${what}: ${result.rendered ?? result.pages} of ${result.pages} pages rendered${images}${warnings} in ${seconds(build.ms)} -> ${result.out}`;
}

/**
 * What a watch session's terminal shows of each build. The watcher looks at every saved file once
 * more 60 ms after its save (./incremental/watcher.ts), so most saves are followed by a build that
 * finds nothing to do, or fails again with the same errors: printing those, and every build's
 * unchanged warnings, would bury the one line that matters. So problems are printed when they
 * differ from those printed last, and a build's line when it wrote dist or changed the state the
 * editor last saw (failing -> current, or other errors): a save that mends a broken file back to
 * the last built site still says "nothing to build, dist is up to date".
 */
export class WatchReport {
  private shownProblems = '';
  private state = '';

  /** `problems`: the build's problems as the catalogue prints them ('' for none). */
  next(build: WatchedBuild, problems: string): { problems: string; line?: string } {
    const state = `${build.result ? 'current' : 'failed'}\n${problems}`;
    const changedState = state !== this.state;
    this.state = state;
    const newProblems = problems !== this.shownProblems;
    this.shownProblems = problems;
    const wrote = build.result !== undefined && !build.result.unchanged;
    const line = build.internal !== undefined || wrote || changedState ? watchLine(build) : undefined;
    return { problems: newProblems ? problems : '', line };
  }
}
