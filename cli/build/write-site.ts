import { join } from 'node:path';
import type { OutputFile } from 'esbuild';
import { writeAssets, type CompiledFiles, type PageParts } from './assets-stage.ts';
import { makeCards } from './cards.ts';
import { pruneUnusedCards } from './card-cache.ts';
import type { Site } from './content-stages.ts';
import { renderCalendars } from './calendars.ts';
import { renderFeeds } from './feeds.ts';
import { buildFunctions } from './functions.ts';
import { KeptFiles } from './kept-files.ts';
import { siteManifest } from './manifest.ts';
import { OutputDir } from './output.ts';
import { redirectsKey } from './redirect-files.ts';
import { makePages, type PageRecords, type Previous } from './pages-stage.ts';
import { removeRetiredCaches } from './retired-caches.ts';
import { buildSearchIndex, madeWhole, type WriteElsewhere } from './search-index.ts';
import type { PackedOutcome } from './search-packed.ts';
import { writeSiteFiles } from './site-files.ts';
import type { StageTimer } from './timings.ts';
import type { WorkerPool } from './worker-pool.ts';
import type { BuildOptions, BuildResult } from './types.ts';

/** Write every file of the site, from the session's cold run, into a fresh build folder, then switch dist to it. */
export async function writeSite(run: {
  options: BuildOptions;
  timer: StageTimer;
  site: Site;
  parts: PageParts;
  files: CompiledFiles;
  pool: WorkerPool | undefined;
  previous: Previous;
  digest: string;
  changed: ReadonlyMap<string, number>;
  buildDate: string;
  functions: Promise<OutputFile[]>;
  /** The pages' records, for a process that keeps the build's state (`site build --watch`). */
  onRecords?: (records: PageRecords) => void;
}): Promise<BuildResult> {
  const { options, timer, site, parts, buildDate } = run;
  const { config, model, pages, redirects } = site;
  const output = await OutputDir.create(options.out, options.recent);
  let drawing: Promise<unknown> | undefined;
  let searching: Promise<unknown> | undefined;
  let closing: Promise<void> | undefined;
  let searchPool: WorkerPool | undefined;
  try {
    await writeAssets(options.root, run.files, output, timer);
    const made = await makePages({ ...run, output });
    run.onRecords?.(made.records);
    // The render was the workers' last task: their heaps (each a copy of the model but its bodies,
    // and the templates) go now, before the stages that hold every page's text (search), not at the end.
    // Waited for only when a search worker is to start: a worker's exit took ~30 ms at 4,000 sources, this thread idle (issue 21).
    closing = run.pool?.close();
    closing?.catch(() => undefined); // awaited before the build's end, or before a failed build is removed
    // A fresh worker makes a whole search index's files while this thread writes the others (issue 21).
    // Not into a recycled folder: its writes must go through the ledger, which a worker's do not.
    searchPool = madeWhole(made.search.size) && !output.ledger?.recycled ? run.pool?.another() : undefined;
    const worker = searchPool;
    if (worker && output.ledger) output.ledger.complete = false;
    // Started once the render's workers have exited: started beside them, the two heaps and this
    // thread's were the build's peak (issue 21). The files are sent later than that (changedPages).
    // Their exit waited for here: seen only between this thread's tasks, it came after the cards'
    // and the search stage's synchronous stats (~100 ms at 4,000 sources), and the worker with it.
    if (worker) {
      await closing;
      worker.warm();
    }
    const elsewhere: WriteElsewhere | undefined =
      worker && ((dir, records) => worker.first<PackedOutcome>('search-files', { dir, records }, records.buffers));
    const { records } = made;
    // The cards are drawn (or found in the cache) while the other files are written, once the photos'
    // files are encoded: beside the encoding, which holds libuv's threads, they drew ~60 a second
    // against ~300 alone, and the memory of both at once was the cold build's peak (issue 21).
    const cards = Object.values(records.cards);
    const cardsDir = join(options.root, '.site', 'cache', 'cards');
    const cardsDrawn = site.images.encoded.then(() =>
      makeCards({
        root: options.root,
        images: model.images,
        cards,
        template: parts.cardTemplate,
        cacheDir: cardsDir,
        output: output.under('public'),
        ...(run.previous.dir && run.previous.state
          ? {
              last: {
                dir: join(run.previous.dir, 'public'),
                cards: new Set(Object.values(run.previous.state.cards).map((card) => card.src)),
              },
            }
          : {}),
      }),
    );
    drawing = cardsDrawn.catch(() => undefined); // awaited in the cards stage below, or before a failed build is removed
    // The search index of the records the render made, and of the pages linked unchanged as remembered.
    const indexing = timer.run(
      'search',
      () =>
        buildSearchIndex({
          output: output.under('public'),
          pages,
          rendered: made.search,
          linkedFrom: run.previous.dir && join(run.previous.dir, 'public'),
          cacheDir: join(options.root, '.site', 'cache'),
          ...(elsewhere ? { elsewhere } : {}),
        }),
      (s) =>
        `${s.pages} pages in ${s.languages.join(' and ')}, ${s.files} files, ${s.tokenised} pages tokenised (${s.readBack} read back)` +
        (s.kept ? `, ${s.kept} files kept` : ''),
    );
    // Its worker closed once the index is made (or failed): awaited before the build's end.
    searching = indexing.catch(() => undefined).finally(() => worker?.close());

    const manifest = siteManifest(config, pages, model.events);
    // The redirects' files, firebase.json and the functions bundle an edit seldom changes: from the build before when the same.
    const cacheDir = join(options.root, '.site', 'cache');
    const kept = { files: await KeptFiles.read(cacheDir, run.previous.dir), redirects: await redirectsKey(redirects) };
    await timer.run('sitemap', () =>
      writeSiteFiles(output, site, { digest: run.digest, buildDate, manifest, records, warnings: site.warnings }, kept),
    );
    const feeds = await timer.run(
      'feeds',
      () => writeAll(output, renderFeeds(model, pages, parts.imageLookup)),
      (n) => `${n} feeds`,
    );
    const calendars = await timer.run(
      'calendars',
      () => writeAll(output, renderCalendars(model, pages, run.changed)),
      (n) => `${n} ics files`,
    );
    await timer.run(
      'functions',
      () =>
        buildFunctions({
          root: options.root,
          output,
          redirects,
          site: manifest,
          scriptHashes: [...new Set(Object.values(records.scriptHashes).flat())].sort(),
          bundle: run.functions,
          kept: kept.files,
          redirectsKey: kept.redirects,
        }),
      (files) => `${files} files`,
    );
    const images = await timer.run(
      'encode',
      () => site.images.finish(output.under('public')),
      (r) => `${r.made} made, ${r.cached} from cache, ${r.encoded} files encoded in ${(r.ms / 1000).toFixed(1)} s`,
    );
    const drawn = await timer.run(
      'cards',
      () => cardsDrawn,
      (c) => `${c.made} made, ${c.cached} from cache`,
    );
    // The search index's files are made on a worker meanwhile (a whole one): waited for here, before the folder is committed.
    const search = await indexing;
    await timer.run('write', async () => {
      await kept.files.save(cacheDir, output.dir);
      await output.commit();
      await removeRetiredCaches(join(options.root, '.site', 'cache'));
      // A card drawn may replace one no page shows any more (an edited title): such cards go.
      if (drawn.made > 0) await pruneUnusedCards(cardsDir, new Set(cards.map((card) => card.key)));
    });
    await closing;
    await searching;
    return {
      out: options.out,
      unchanged: false,
      pages: made.files,
      rendered: made.rendered,
      threads: made.threads,
      files: output.files,
      bytes: output.bytes,
      images: { made: images.made, cached: images.cached, ms: images.ms },
      found: {
        feeds,
        calendars,
        cards: { made: drawn.made, cached: drawn.cached },
        search: {
          pages: search.pages,
          languages: search.languages,
          files: search.files,
          tokenised: search.tokenised,
          kept: search.kept,
        },
      },
      timings: timer.timings,
      warnings: site.warnings.length,
      ...(site.nextScheduled ? { nextScheduled: site.nextScheduled } : {}),
    };
  } catch (error) {
    await drawing;
    await searching;
    await searchPool?.close();
    await closing?.catch(() => undefined);
    await output.discard();
    throw error;
  }
}

/** Write generated files under public/; returns how many. */
async function writeAll(output: OutputDir, files: ReadonlyArray<{ file: string; contents: string }>): Promise<number> {
  await Promise.all(files.map(({ file, contents }) => output.write(`public/${file}`, contents)));
  return files.length;
}
