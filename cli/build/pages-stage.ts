import type { CardImage } from '../../templates/lib/share-card.ts';
import { SiteError } from '../errors/site-error.ts';
import type { PageParts } from './assets-stage.ts';
import { globalFingerprint, type BuildState } from './build-state.ts';
import type { Site } from './content-stages.ts';
import type { OutputDir } from './output.ts';
import { PagePrinter } from './page-prints.ts';
import { renderPages } from './render-pages.ts';
import { pageFiles } from './render.ts';
import { byPage, linkUnchanged, planReuse } from './reuse.ts';
import type { StageTimer } from './timings.ts';
import type { WorkerPool } from './worker-pool.ts';

/** The previous build, if any: its folder and what it was built from. */
export interface Previous {
  dir: string | undefined;
  state: BuildState | undefined;
}

/** What the pages of this build found, by page, for build-state.json and the later stages. */
export interface PageRecords {
  pages: BuildState['pages'];
  reads: BuildState['reads'];
  scriptHashes: BuildState['scriptHashes'];
  cards: Record<string, CardImage>;
  printed: BuildState['printed'];
}

/**
 * Every page file: linked from the previous build when nothing it read changed, rendered
 * otherwise (on the workers for a large site).
 */
export async function makePages(run: {
  site: Site;
  parts: PageParts;
  output: OutputDir;
  previous: Previous;
  buildDate: string;
  pool: WorkerPool | undefined;
  timer: StageTimer;
}): Promise<{
  files: number;
  rendered: number;
  threads: number;
  records: PageRecords;
  /**
   * The search records of the pages rendered (not of those linked unchanged: the search stage
   * remembers theirs), by canonical URL: the search stage takes each out as it uses it.
   */
  search: Map<string, Uint8Array>;
}> {
  const { site, parts, output, previous, timer } = run;
  const { model, pages } = site;
  const global = globalFingerprint({
    templatesHash: parts.templates.hash,
    assets: parts.assets,
    buildDate: run.buildDate,
    config: site.config,
    strings: model.strings,
    images: parts.imageLookup,
  });
  // A page is rendered again when something it read last time changed (or nothing is known of it).
  const printer = new PagePrinter(model, global);
  const known = previous.state ? printer.printsBefore(pages, previous.state) : undefined;
  const plan = planReuse(pages, known, previous.state);
  const reused = await timer.run(
    'reuse',
    () => (previous.dir ? linkUnchanged(plan.unchanged, previous.dir, output) : { linked: 0, failed: plan.unchanged }),
    (r) => `${r.linked} files unchanged`,
  );
  const toRender = [...plan.changed, ...reused.failed];
  // The workers write these through writers of their own.
  if (output.ledger) output.expect(toRender.flatMap(pageFiles));
  const context = { model, images: parts.imageLookup, assets: parts.assets, buildDate: run.buildDate, dir: output.dir };
  // The rendered pages' prints made while this thread waits for the workers' last batches: after
  // the render, this thread made them alone (~130 ms at 4,000 sources) with the workers idle.
  const prints: Record<string, string> = {};
  const rendered = await timer.run(
    'render',
    () =>
      renderPages(parts.templates, toRender, context, run.pool, output, (batch, reads) =>
        Object.assign(prints, printer.printsOf(batch, reads)),
      ),
    (o) => `${o.files} files on ${o.threads} thread${o.threads === 1 ? '' : 's'}`,
  );
  if (rendered.problems.length) throw new SiteError(rendered.problems);
  // What the previous build found stands for the pages linked from it, not for those rendered after all.
  const failed = new Set(reused.failed);
  const kept = byPage(
    pages,
    plan.unchanged.filter((page) => !failed.has(page)),
  );
  const reads = kept(previous.state?.reads, rendered.reads);
  return {
    files: rendered.files + reused.linked,
    rendered: rendered.files,
    threads: rendered.threads,
    search: rendered.search,
    records: {
      scriptHashes: kept(previous.state?.scriptHashes, rendered.scriptHashes),
      cards: kept(previous.state?.cards, rendered.cards),
      reads,
      pages: kept(known, prints),
      printed: printer.printed(pages, reads),
    },
  };
}
