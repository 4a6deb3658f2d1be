import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import { loadConfig } from '../config/load.ts';
import type { SiteConfig } from '../../shared/config.ts';
import { readContent, type ContentFiles } from '../content/read.ts';
import { validateContent } from '../content/validate.ts';
import { buildModel } from '../content/model.ts';
import type { SiteModel } from '../content/types.ts';
import { buildRoutes } from '../routes/routes.ts';
import { buildRedirects } from '../routes/redirects.ts';
import { findCollisions } from '../routes/collisions.ts';
import { SiteError, type Problem } from '../errors/site-error.ts';
import { startImages, type ImageWork } from '../images/stage.ts';
import { compileTemplates } from './compile-templates.ts';
import { buildCss } from './css.ts';
import { buildIslands } from './islands.ts';
import { buildFunctions, bundleFunctions } from './functions.ts';
import { OutputDir, currentBuild, tidyBuilds } from './output.ts';
import { STATE_FILE, globalFingerprint, inputDigest, readBuildState, type BuildState } from './build-state.ts';
import { keptFromPrevious, linkUnchanged, planReuse } from './reuse.ts';
import { PagePrinter } from './page-prints.ts';
import { renderAndWrite, type RenderContext, type RenderOutcome } from './render.ts';
import { renderSiteMarkdown } from './markdown-stage.ts';
import { PARALLEL_FROM_FILES, WorkerPool } from './worker-pool.ts';
import { renderRobots, renderSitemap } from './sitemap.ts';
import { orderRedirects, renderRedirectsFile, renderRedirectsJson } from './redirect-files.ts';
import { siteManifest } from './manifest.ts';
import { usedImages } from './used-images.ts';
import { copyStaticFiles } from './static-files.ts';
import { describePage } from './describe-page.ts';
import { originLines } from './origin-lines.ts';
import { StageTimer } from './timings.ts';
import { compileCardTemplate, makeCards } from './cards.ts';
import { renderFeeds } from './feeds.ts';
import { renderCalendars } from './calendars.ts';
import { calendarSources, changedAt } from './calendar-revisions.ts';
import { buildSearchIndex } from './search-index.ts';
import type { Assets } from '../../templates/render-input.ts';
import type { BuildOptions, BuildResult, PageRoute, Redirect } from './types.ts';
import { uiStringUses } from '../source/ui-string-uses.ts';

export interface BuildHooks {
  /** Problems that do not stop the build (warnings). */
  onWarnings?: (problems: Problem[]) => void;
  onImageProgress?: (done: number, total: number) => void;
}

interface Site {
  config: SiteConfig;
  files: ContentFiles;
  model: SiteModel;
  pages: PageRoute[];
  redirects: Redirect[];
  warnings: Problem[];
  /** Under way from the valid content on: pages render while the image files are encoded. */
  images: ImageWork;
  nextScheduled?: { file: string; date: string };
}

/** The previous build, if any: its folder and what it was built from. */
interface Previous {
  dir: string | undefined;
  state: BuildState | undefined;
}

/**
 * The build, top to bottom: config -> content -> model -> routes (everything checked before
 * anything is written), then images -> assets -> render -> sitemap and redirects -> swap.
 * Output goes to a fresh folder that replaces dist only when every stage succeeded.
 */
export async function buildSite(options: BuildOptions, hooks: BuildHooks = {}): Promise<BuildResult> {
  const timer = new StageTimer();
  const config = await timer.run('config', () => loadConfig(options.root));
  const files = await timer.run(
    'load',
    () => readContent(options.root),
    (c) => `${c.files.length} files, ${c.images.size} images`,
  );
  const buildDate = new Date().toISOString().slice(0, 10);
  const dir = await currentBuild(options.out);
  const previous: Previous = { dir, state: await readBuildState(dir) };
  const { changed, digest } = await timer.run('hash', async () => {
    // When the events' files last changed (git, else the files' times): their calendar files' SEQUENCE and DTSTAMP.
    const changed = await changedAt(options.root, calendarSources(files.files.map((file) => file.path)));
    return { changed, digest: await inputDigest(options.root, files, options, buildDate, changed) };
  });
  if (previous.state?.digest === digest) {
    // Nothing the site is made of has changed: dist already is this build.
    await tidyBuilds(options.out, STATE_FILE);
    if (previous.state.warnings.length) hooks.onWarnings?.(previous.state.warnings);
    return {
      out: options.out,
      unchanged: true,
      pages: 0,
      files: 0,
      bytes: 0,
      threads: 0,
      images: { made: 0, cached: 0, ms: 0 },
      timings: timer.timings,
      warnings: previous.state.warnings.length,
    };
  }
  // Threads pay off only for a large site; they start while the content is validated.
  const threads = options.threads ?? availableParallelism();
  const pool = files.files.length >= PARALLEL_FROM_FILES ? WorkerPool.start(threads) : undefined;
  // esbuild bundles the functions in its own process meanwhile (their code needs no content).
  const functions = bundleFunctions(options.root);
  functions.catch(() => undefined); // awaited by the functions stage; a failure is reported there
  try {
    const site = await checkSite(options, hooks, timer, config, files, pool, buildDate);
    if (site.warnings.length) hooks.onWarnings?.(site.warnings);
    return await writeSite({
      options,
      hooks,
      timer,
      site,
      pool,
      previous,
      digest,
      changed,
      buildDate,
      functions,
    }).catch(async (error: unknown) => {
      await site.images.cancel();
      throw error;
    });
  } finally {
    await pool?.close();
  }
}

/** Validate, model and route the whole site: every user error is found before any output. */
async function checkSite(
  options: BuildOptions,
  hooks: BuildHooks,
  timer: StageTimer,
  config: SiteConfig,
  files: ContentFiles,
  pool: WorkerPool | undefined,
  buildDate: string,
): Promise<Site> {
  // Dated items wait for their day (issue 20); the build's day is the one its pages show.
  const publishedBy = options.future ? undefined : buildDate;
  const validated = await timer.run('validate', () =>
    validateContent(config, files, { ...options, publishedBy, uiStrings: uiStringUses(options.root) }),
  );
  if (!validated.content || validated.problems.some((p) => p.severity === 'error'))
    throw new SiteError(validated.problems);
  const content = validated.content;
  const warnings = validated.problems;
  // The image files take the longest and need only the valid content: they start now, beside the rest.
  const images = startImages({
    root: options.root,
    config,
    images: files.images,
    used: usedImages(content),
    cacheDir: join(options.root, '.site', 'cache', 'images'),
    ...(hooks.onImageProgress ? { onProgress: hooks.onImageProgress } : {}),
  });
  try {
    const markdown = await timer.run(
      'markdown',
      () => renderSiteMarkdown(content, join(options.root, '.site', 'cache'), pool),
      (m) => `${m.rendered} rendered, ${m.cached} from cache`,
    );
    const { model, problems } = await timer.run('model', () =>
      buildModel(config, content, files.images, markdown.html),
    );
    if (problems.length) throw new SiteError([...problems, ...warnings]);
    const [nextScheduled] = [...validated.scheduled].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    return {
      ...(await routeSite(timer, files, model, warnings)),
      config,
      files,
      model,
      warnings,
      images,
      ...(nextScheduled ? { nextScheduled } : {}),
    };
  } catch (error) {
    await images.cancel();
    throw error;
  }
}

/** Every page and redirect of the site; a path claimed twice is an error at both lines. */
async function routeSite(
  timer: StageTimer,
  files: ContentFiles,
  model: SiteModel,
  warnings: Problem[],
): Promise<Pick<Site, 'pages' | 'redirects'>> {
  const { pages, redirects } = await timer.run(
    'routes',
    () => ({ pages: buildRoutes(model), redirects: orderRedirects(buildRedirects(model)) }),
    (r) => `${r.pages.length} pages, ${r.redirects.length} redirects`,
  );
  const collisions = findCollisions(pages, redirects, (page) => describePage(model, page), originLines(files));
  if (collisions.length) throw new SiteError([...collisions, ...warnings]);
  return { pages, redirects };
}

/** Make every file of the site in a fresh build folder, then switch dist to it. */
async function writeSite(run: {
  options: BuildOptions;
  hooks: BuildHooks;
  timer: StageTimer;
  site: Site;
  pool: WorkerPool | undefined;
  previous: Previous;
  digest: string;
  changed: ReadonlyMap<string, number>;
  buildDate: string;
  functions: ReturnType<typeof bundleFunctions>;
}): Promise<BuildResult> {
  const { options, timer, site, pool, previous, buildDate } = run;
  const { config, model, pages, redirects } = site;
  const cacheDir = join(options.root, '.site', 'cache');
  const output = await OutputDir.create(options.out);
  let drawing: Promise<unknown> | undefined;
  try {
    // Only the names, sizes and placeholders: the files are encoded while the pages render.
    const imageLookup = await timer.run(
      'images',
      () => site.images.lookup,
      (lookup) => `${Object.keys(lookup).length} planned`,
    );
    const [templates, css, cardTemplate] = await timer.run('compile', () =>
      Promise.all([
        compileTemplates(options.root, cacheDir),
        buildCss(options.root, config),
        compileCardTemplate(options.root, cacheDir),
      ]),
    );
    await output.write(`public${css.path}`, css.contents);
    await copyStaticFiles(options.root, output);
    const islands = await timer.run(
      'islands',
      () => buildIslands(options.root, output),
      (b) => `${b.files.length} files`,
    );
    const assets: Assets = { css: css.path, islands: islands.manifest, cardVersion: cardTemplate.version };

    const global = globalFingerprint([templates.hash, assets, buildDate, config, model.strings, imageLookup]);
    // A page is rendered again when something it read last time changed (or nothing is known of it).
    const printer = new PagePrinter(model, global);
    const known = previous.state ? printer.printsOf(pages, previous.state.reads) : undefined;
    const plan = planReuse(pages, known, previous.state);
    const reused = await timer.run(
      'reuse',
      () =>
        previous.dir ? linkUnchanged(plan.unchanged, previous.dir, output.dir) : { linked: 0, failed: plan.unchanged },
      (r) => `${r.linked} files unchanged`,
    );
    const context: RenderContext = { model, images: imageLookup, assets, buildDate, dir: output.dir };
    const toRender = [...plan.changed, ...reused.failed];
    const rendered = await timer.run(
      'render',
      () => renderPages(templates, toRender, context, pool),
      (o) => `${o.files} files on ${o.threads} thread${o.threads === 1 ? '' : 's'}`,
    );
    if (rendered.problems.length) throw new SiteError(rendered.problems);
    output.count(rendered.files + reused.linked, rendered.bytes);
    // By page, in one order whatever was reused or rendered: build-state.json is the same for the same site.
    const byPage = <T>(entries: Record<string, T>) =>
      Object.fromEntries(Object.entries(entries).sort(([a], [b]) => (a < b ? -1 : 1)));
    const scriptHashes = byPage({
      ...keptFromPrevious(plan.unchanged, reused.failed, previous.state?.scriptHashes),
      ...rendered.scriptHashes,
    });
    const cards = byPage({
      ...keptFromPrevious(plan.unchanged, reused.failed, previous.state?.cards),
      ...rendered.cards,
    });
    const reads = byPage({
      ...keptFromPrevious(plan.unchanged, reused.failed, previous.state?.reads),
      ...rendered.reads,
    });
    const pagePrints = byPage({
      ...keptFromPrevious(plan.unchanged, reused.failed, known),
      ...printer.printsOf(toRender, rendered.reads),
    });
    // The cards are drawn (or found in the cache) while the other files are written.
    const cardsDrawn = makeCards({
      root: options.root,
      images: model.images,
      cards: Object.values(cards),
      template: cardTemplate,
      cacheDir: join(cacheDir, 'cards'),
      publicDir: join(output.dir, 'public'),
    });
    drawing = cardsDrawn.catch(() => undefined); // awaited in the cards stage below, or before a failed build is removed

    const manifest = siteManifest(config, pages, model.events);
    await timer.run('sitemap', () =>
      Promise.all([
        output.write('public/sitemap.xml', renderSitemap(config, pages, buildDate)),
        output.write('public/robots.txt', renderRobots(config)),
        output.write('redirects.json', renderRedirectsJson(redirects)),
        output.write('public/_redirects', renderRedirectsFile(redirects)),
        output.write('site.json', `${JSON.stringify(manifest, null, 2)}\n`),
        output.write(
          STATE_FILE,
          JSON.stringify({
            version: 5,
            digest: run.digest,
            pages: pagePrints,
            reads,
            warnings: site.warnings,
            scriptHashes,
            cards,
          } satisfies BuildState),
        ),
      ]),
    );
    const feeds = await timer.run(
      'feeds',
      () => writeAll(output, renderFeeds(model, pages, imageLookup)),
      (n) => `${n} feeds`,
    );
    const calendars = await timer.run(
      'calendars',
      () => writeAll(output, renderCalendars(model, pages, run.changed)),
      (n) => `${n} ics files`,
    );
    const search = await timer.run(
      'search',
      () => buildSearchIndex({ publicDir: join(output.dir, 'public'), pages, cacheDir: join(cacheDir, 'search') }),
      (s) => `${s.pages} pages in ${s.languages.join(' and ')}, ${s.files} files${s.cached ? ' from cache' : ''}`,
    );
    output.count(search.files, search.bytes);
    const functions = await timer.run(
      'functions',
      () =>
        buildFunctions({
          root: options.root,
          outDir: output.dir,
          redirects,
          site: manifest,
          scriptHashes: [...new Set(Object.values(scriptHashes).flat())].sort(),
          bundle: run.functions,
        }),
      (f) => `${f.files} files`,
    );
    output.count(functions.files, functions.bytes);
    const images = await timer.run(
      'encode',
      () => site.images.finish(join(output.dir, 'public')),
      (r) => `${r.made} made, ${r.cached} from cache, ${r.encoded} files encoded in ${(r.ms / 1000).toFixed(1)} s`,
    );
    output.count(images.made + images.cached, images.bytes);
    const drawn = await timer.run(
      'cards',
      () => cardsDrawn,
      (c) => `${c.made} made, ${c.cached} from cache`,
    );
    output.count(drawn.made + drawn.cached, drawn.bytes);
    await timer.run('write', () => output.commit());
    return {
      out: options.out,
      unchanged: false,
      pages: rendered.files + reused.linked,
      rendered: rendered.files,
      threads: rendered.threads,
      files: output.files,
      bytes: output.bytes,
      images: { made: images.made, cached: images.cached, ms: images.ms },
      found: {
        feeds,
        calendars,
        cards: { made: drawn.made, cached: drawn.cached },
        search: { pages: search.pages, languages: search.languages, cached: search.cached },
      },
      timings: timer.timings,
      warnings: site.warnings.length,
      ...(site.nextScheduled ? { nextScheduled: site.nextScheduled } : {}),
    };
  } catch (error) {
    await drawing;
    await output.discard();
    throw error;
  }
}

/** Write generated files under public/; returns how many. */
async function writeAll(output: OutputDir, files: ReadonlyArray<{ file: string; contents: string }>): Promise<number> {
  await Promise.all(files.map(({ file, contents }) => output.write(`public/${file}`, contents)));
  return files.length;
}

/** Render in this thread, or spread over the workers, each of which writes its own pages. */
async function renderPages(
  templates: Awaited<ReturnType<typeof compileTemplates>>,
  pages: PageRoute[],
  context: RenderContext,
  pool: WorkerPool | undefined,
): Promise<RenderOutcome & { threads: number }> {
  if (!pool || pages.length < 50) return { ...renderAndWrite(templates.module, pages, context), threads: 1 };
  await pool.broadcast('render-setup', { templatesFile: templates.file, context });
  const outcomes = await pool.map<PageRoute, RenderOutcome>('render', pages);
  const sum = outcomes.reduce((all, o) => ({
    files: all.files + o.files,
    bytes: all.bytes + o.bytes,
    problems: [...all.problems, ...o.problems],
    scriptHashes: { ...all.scriptHashes, ...o.scriptHashes },
    cards: { ...all.cards, ...o.cards },
    reads: { ...all.reads, ...o.reads },
  }));
  return { ...sum, threads: pool.size };
}
