import { join } from 'node:path';
import type { SiteConfig } from '../../../shared/config.ts';
import { usedImages } from '../used-images.ts';
import { problem, type Problem } from '../../errors/site-error.ts';
import { parseYaml } from '../../source/yaml-source.ts';
import type { KnownList } from '../../content/references.ts';
import { CompiledParts, type AssetName } from './compiled-parts.ts';
import { everything, partsTouched, type ChangeSet } from './changes.ts';
import { knownClubs, patchItem, quietPatch } from './content-patch.ts';
import { ContentStatus } from './content-status.ts';
import { nextGeneration, type Generation } from './generation.ts';
import type { ImageStage } from './images.ts';
import { MarkdownMemo, seededMemo } from './markdown-memo.ts';
import { SessionPages } from './pages.ts';
import type { Read, Sources } from './sources.ts';
import type { ContentFiles } from '../../content/read.ts';
import { StageTimer } from '../timings.ts';
import { contentState } from './content-state.ts';
import { cachedMarkdown, startFromStored } from './stored-start.ts';
import { isValid, validateSite } from '../content-stages.ts';
import { devMode, type SessionMode } from './session-mode.ts';
import { uiStringUses } from '../../source/ui-string-uses.ts';
import { openSources, readConfig, type Opening } from './opening.ts';
import { errorText } from '../../errors/error-text.ts';
import { markdownAhead } from '../markdown-stage.ts';
import type { ContentRoute, RebuildReport } from './rebuild-report.ts';

/**
 * The build's one orchestration: the site in memory (sources, content state, compiled parts,
 * images and the pages' generation), made by the build's own stages in one order: config, read,
 * content (validate, images started, Markdown, model, routes) beside the compiled parts, images
 * settled, generation. Two drivers: `site build` (cli/build/pipeline.ts) opens a session, runs
 * it cold in its mode and writes the generation out; `site dev` (cli/dev/) starts one and
 * `apply`s each batch of changed paths (./changes.ts), which redoes only the stages they touch
 * and reports what changed. `apply` never throws for the user's mistakes: they become the
 * session's problems, and `failed` says which stage's stop a build.
 */
export class RebuildSession {
  readonly root: string;
  config: SiteConfig | undefined;
  readonly content = new ContentStatus();
  readonly assets: CompiledParts;
  readonly pages = new SessionPages();
  private mode!: SessionMode;
  private sources!: Sources;
  /** Seeded by the first full check from the build's Markdown cache (.site/cache/markdown/). */
  private markdown: MarkdownMemo | undefined;
  private configProblems: Problem[] = [];
  private internal: Problem[] = [];
  private clubs: { text: string; known: KnownList | undefined } | undefined;
  /** Images the item of the last fast-path edit shows. */
  private patchedImages: string[] = [];
  /** The content is the state the build before stored (./stored-start.ts), not one to store. */
  restored = false;
  /** The compiled parts are a build's before of the same inputs (`opened`): the cold run compiles none. */
  private compiledBefore: boolean;

  private constructor(root: string, assets: CompiledParts | undefined) {
    this.root = root;
    this.assets = assets ?? new CompiledParts(root);
    this.compiledBefore = assets !== undefined;
  }

  /** The first stages: config and every content file read (the build hashes them before it goes on). */
  static async open(root: string, timer = new StageTimer()): Promise<RebuildSession> {
    return RebuildSession.opened(await openSources(root, timer));
  }

  /**
   * A session over the first stages run already (./opening.ts: `site build` hashes them first).
   * `assets`: the compiled parts of a build before whose inputs but the content were these (the
   * same context digest, ../build-state.ts), kept by a process that builds again (`site build
   * --watch`): taken as they are.
   */
  static opened({ root, config, sources }: Opening, assets?: CompiledParts): RebuildSession {
    const session = new RebuildSession(root, assets);
    session.config = config.config;
    session.configProblems = config.problems;
    session.sources = sources;
    return session;
  }

  /** `site dev`'s start: opened, then run cold. */
  static async start(root: string): Promise<RebuildSession> {
    const session = await RebuildSession.open(root);
    await session.cold(devMode(root));
    return session;
  }

  /** The rest of the stages over everything opened: what `site dev` starts with and what `site build` writes out. */
  async cold(mode: SessionMode): Promise<void> {
    this.mode = mode;
    const configLoaded = this.config !== undefined;
    const compile = !this.compiledBefore;
    this.compiledBefore = false;
    await this.remake(
      { full: true, texts: [], images: true },
      everything(),
      configLoaded,
      mode.timer ?? new StageTimer(),
      compile,
    );
  }

  get images(): ImageStage {
    return this.mode.images;
  }

  get generation(): Generation | undefined {
    return this.pages.current;
  }

  problems(): Problem[] {
    return [
      ...this.configProblems,
      ...this.content.problems(),
      ...this.assets.allProblems(),
      ...this.images.problems,
      ...this.internal,
    ];
  }

  /** The problems of the first stage that has an error, in the order the stages run: what stops `site build`. */
  failed(): Problem[] | undefined {
    const images = this.mode ? this.images.problems : []; // none before the session runs
    const stages = [this.configProblems, this.content.problems(), images, this.assets.allProblems()];
    return stages.find((problems) => problems.some((p) => p.severity === 'error'));
  }

  async apply(changes: ChangeSet): Promise<RebuildReport> {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const before = this.generation;
    let made: { content: ContentRoute; compiled: AssetName[] } = { content: 'none', compiled: [] };
    const timings = new StageTimer();
    try {
      this.internal = [];
      const configChanged = changes.config && (await this.loadConfig());
      const read = await timings.run('read', () => this.sources.take(changes, configChanged));
      made = await this.remake(read, changes, configChanged, timings);
    } catch (error) {
      // A bug of ours, not the user's: reported like a problem, and the session goes on.
      const message = errorText(error);
      this.internal = [problem('INTERNAL', { problem: message })];
    }
    const after = this.generation;
    const css = before && after && before.assets.css !== after.assets.css ? after.assets.css : undefined;
    const globalChanged = before !== undefined && after !== undefined && before.global !== after.global;
    const used = process.cpuUsage(cpu);
    return {
      ms: performance.now() - started,
      content: made.content,
      renewed: after !== before,
      globalChanged,
      ...(css ? { css } : {}),
      compiled: made.compiled,
      timings,
      cpuMs: (used.user + used.system) / 1000,
      problems: this.problems(),
    };
  }

  /** The stages after the read, those the changes touch: content beside the compiled parts, images, generation. */
  private async remake(read: Read, changes: ChangeSet, configChanged: boolean, timings: StageTimer, compile = true) {
    const touched = partsTouched(changes, configChanged, (file) => this.assets.templatesRead(file));
    const names = compile ? this.mode.parts.filter((name) => touched.has(name)) : [];
    // Compiling runs in esbuild's own process: it starts first, and the content is checked meanwhile.
    const compiling = timings.run('compile', () =>
      Promise.all(names.map((name) => this.assets.rebuild(name, this.config))),
    );
    const checking =
      this.config && (read.full || read.texts.length)
        ? this.checkContent(this.config, read, configChanged || read.images, timings)
        : ('none' as const);
    const [results, content] = await Promise.all([compiling, checking]);
    // After a one-item edit only that item can show an image not made yet.
    const imagesNeeded =
      content === 'full' ||
      configChanged ||
      read.images ||
      (content === 'fast' && this.images.needs(this.patchedImages));
    if (imagesNeeded && !this.images.started) this.startImages(configChanged || read.images);
    if (this.images.started) {
      await timings.run(
        'images',
        () => this.images.settle(),
        (lookup) => `${Object.keys(lookup).length} planned`,
      );
    }
    timings.time('generation', () => this.renew());
    return { content, compiled: names.filter((_, index) => results[index]) };
  }

  /** Read site.config.yaml; true when it loaded (its problems are kept otherwise). */
  private async loadConfig(): Promise<boolean> {
    const read = await readConfig(this.root);
    if (read.config) this.config = read.config;
    this.configProblems = read.problems;
    return read.config !== undefined;
  }

  private async checkContent(
    config: SiteConfig,
    read: Read,
    force: boolean,
    timings: StageTimer,
  ): Promise<ContentRoute> {
    if (!read.full && this.content.fastPathOpen && this.markdown) {
      const { state } = this.content;
      const result = timings.time('patch', () =>
        patchItem(
          state!,
          read.texts[0]!,
          (path) => this.sources.text(path),
          this.markdown!.html,
          this.knownClubs(),
          this.mode.memo,
          this.mode.validation,
        ),
      );
      // A build (`site build --watch`) takes only a patch that says nothing, as a build after one edit does.
      const taken = this.mode.quietPatches && !quietPatch(result, state!.warnings) ? undefined : result;
      this.patchedImages = taken?.kind === 'patched' ? taken.images : [];
      if (taken?.kind === 'patched') this.content.setItem(taken.item, taken.problems, taken.state);
      if (taken?.kind === 'broken') this.content.setItem(taken.item, taken.problems);
      if (taken && taken.kind !== 'full') return 'fast';
    }
    const { stored } = this.mode;
    if (read.full && stored?.file) {
      // `site build` after one edit: the state of the build before, that file patched in (./stored-start.ts).
      const cacheDir = join(this.root, '.site', 'cache');
      const state = timings.time('stored', () =>
        startFromStored(stored.file!, {
          cacheDir,
          validation: this.mode.validation,
          textOf: (path) => this.sources.text(path),
        }),
      );
      // Read once: a later full check (a session that goes on) validates the files as they are then.
      this.mode = { ...this.mode, stored: { ...stored, file: undefined } };
      if (state) {
        this.restored = true;
        // A session that goes on patches its next edits with the texts' HTML of the Markdown cache.
        this.markdown = new MarkdownMemo(cachedMarkdown(cacheDir));
        this.startImages(force, state.content);
        this.content.setFull({ state, problems: state.warnings });
        return 'full';
      }
    }
    if (stored) this.mode = { ...this.mode, memo: await stored.parses(), stored: undefined };
    const files = this.sources.contentFiles();
    const { validation, memo } = this.mode;
    // The first full check of a build without Markdown cache: the workers start on the bodies now.
    const ahead = this.markdown ? undefined : markdownAhead(files, join(this.root, '.site', 'cache'), this.mode.pool);
    const validated = await validateSite(timings, config, files, {
      ...validation,
      memo,
      uiStrings: uiStringUses(this.root),
    });
    await memo.save?.();
    // The image files take the longest and need only the valid content: they start now, beside the rest.
    if (isValid(validated)) this.startImages(force, validated.content);
    const seed = { root: this.root, timer: timings, pool: this.mode.pool, ahead, keys: memo.markdownKeys };
    this.markdown ??= await seededMemo(seed, validated.content, files.files.length);
    this.content.setFull(contentState(config, files, validated, { markdown: this.markdown.html, timer: timings }));
    // The bodies the workers still render are waited for only now: the model and routes were made meanwhile.
    await this.markdown.finish(timings);
    return 'full';
  }

  /** The content files as they are now (the build's readContent shape). */
  contentFiles(): ContentFiles {
    return this.sources.contentFiles();
  }

  private knownClubs(): KnownList | undefined {
    const file = 'content/data/clubs.yaml';
    const text = this.sources.text(file) ?? '';
    if (this.clubs?.text !== text) this.clubs = { text, known: knownClubs(parseYaml(text, file)) };
    return this.clubs.known;
  }

  /** The image stage for the content given (the last good by default), when an image is not made yet or `force`. */
  private startImages(force: boolean, content = this.content.state?.content): void {
    if (!this.config || !content) return;
    const used = usedImages(content);
    if (force || this.images.needs(used)) this.images.start(this.config, this.sources.imageFiles(), used);
  }

  /** A new generation when any part pages are made of changed; pages render from it on request. */
  private renew(): void {
    const { templates, css, islands, cards } = this.assets;
    const parts = { state: this.content.state, templates, css, islands, cards, images: this.images.lookup };
    const next = nextGeneration(this.generation, parts);
    if (next) this.pages.use(next);
  }
}
