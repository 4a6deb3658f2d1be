import { loadConfig } from '../../config/load.ts';
import type { SiteConfig } from '../../../shared/config.ts';
import { ParseMemo } from '../../content/parse-memo.ts';
import { usedImages } from '../used-images.ts';
import { WorkerPool } from '../worker-pool.ts';
import { isSiteError, problem, type Problem } from '../../errors/site-error.ts';
import { parseYaml, type YamlSource } from '../../source/yaml-source.ts';
import { ASSET_NAMES, CompiledParts, type AssetName } from './compiled-parts.ts';
import { partsTouched, type ChangeSet } from './changes.ts';
import { patchItem } from './content-patch.ts';
import { ContentStatus } from './content-status.ts';
import { makeGeneration, type Generation } from './generation.ts';
import { SessionImages } from './images.ts';
import { MarkdownMemo } from './markdown-memo.ts';
import { SessionPages } from './pages.ts';
import { Sources } from './sources.ts';
import type { ContentFiles } from '../../content/read.ts';
import { StageTimer } from '../timings.ts';
import { contentState } from './content-state.ts';
import { DEV_VALIDATION, markdownStage, validateSite } from '../check-site.ts';
import { uiStringUses } from '../../source/ui-string-uses.ts';
import { FOCUS_FILE } from '../../images/focus-file.ts';

/** How a rebuild took in the content: one item on its own, everything again, or not at all. */
export type ContentRoute = 'fast' | 'full' | 'none';

export interface RebuildReport {
  ms: number;
  content: ContentRoute;
  /** A new generation: pages may have changed (the caller diffs their fingerprints). */
  renewed: boolean;
  /** What every page reads changed (templates, islands, images, config, strings), not only content. */
  globalChanged: boolean;
  /** The new stylesheet URL, when it changed. */
  css?: string;
  /** Compiled parts whose output changed. */
  compiled: AssetName[];
  timings: StageTimer;
  /** CPU time of this process for the rebuild: what it costs, whatever else the machine runs. */
  cpuMs: number;
  problems: Problem[];
}

const NO_ISLANDS: Record<string, string> = {};

/**
 * The build, incremental: the site in memory (sources, content state, compiled parts, images and
 * the pages' generation), made by the build's own stages. `start` runs them all; `apply` takes a
 * batch of changed paths (./changes.ts), redoes only the stages they touch, in the build's order
 * (read, content, compile, images, generation), and reports what changed. It never throws for the
 * user's mistakes, which become the session's problems. `site dev` (cli/dev/) is its driver: it
 * watches, serves and reloads, and builds nothing itself.
 */
export class RebuildSession {
  readonly root: string;
  config: SiteConfig | undefined;
  readonly content = new ContentStatus();
  readonly assets: CompiledParts;
  readonly images: SessionImages;
  readonly pages = new SessionPages();
  private sources!: Sources;
  private markdown = new MarkdownMemo();
  /** Each content file parsed once while its text is the same, across full checks and fast paths. */
  private readonly memo = new ParseMemo();
  private configProblems: Problem[] = [];
  private internal: Problem[] = [];
  private clubs: { text: string; source: YamlSource } | undefined;
  private generations = 0;
  /** Images the item of the last fast-path edit shows. */
  private patchedImages: string[] = [];

  private constructor(root: string) {
    this.root = root;
    this.assets = new CompiledParts(root);
    this.images = new SessionImages(root);
  }

  static async start(root: string): Promise<RebuildSession> {
    const session = new RebuildSession(root);
    await session.loadConfig();
    session.sources = await Sources.load(root);
    const config = session.config;
    await Promise.all([
      config ? session.checkAllWithCache(config) : undefined,
      ...ASSET_NAMES.map((name) => session.assets.rebuild(name, config)),
    ]);
    await session.updateImages(true);
    session.renew();
    return session;
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

  async apply(changes: ChangeSet): Promise<RebuildReport> {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const before = this.generation;
    let content: ContentRoute = 'none';
    const compiled: AssetName[] = [];
    const timings = new StageTimer();
    try {
      this.internal = [];
      const configChanged = changes.config && (await this.loadConfig());
      const { full, texts, images } = await timings.run('read', () => this.readChanges(changes, configChanged));
      if (this.config && (full || texts.length)) content = this.checkContent(this.config, full, texts, timings);
      const names = [...partsTouched(changes, configChanged, (file) => this.assets.templatesRead(file))];
      const results = await timings.run('compile', () =>
        Promise.all(names.map((name) => this.assets.rebuild(name, this.config))),
      );
      compiled.push(...names.filter((_, index) => results[index]));
      // After a one-item edit only that item can show an image not made yet.
      const imagesNeeded =
        content === 'full' || configChanged || images || (content === 'fast' && this.images.needs(this.patchedImages));
      if (imagesNeeded) await timings.run('images', () => this.updateImages(configChanged || images));
      timings.time('generation', () => this.renew());
    } catch (error) {
      // A bug of ours, not the user's: reported like a problem, and the session goes on.
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      this.internal = [problem('INTERNAL', { problem: message })];
    }
    const after = this.generation;
    const css = before && after && before.assets.css !== after.assets.css ? after.assets.css : undefined;
    const globalChanged = before !== undefined && after !== undefined && before.global !== after.global;
    const used = process.cpuUsage(cpu);
    return {
      ms: performance.now() - started,
      content,
      renewed: after !== before,
      globalChanged,
      ...(css ? { css } : {}),
      compiled,
      timings,
      cpuMs: (used.user + used.system) / 1000,
      problems: this.problems(),
    };
  }

  /** Read site.config.yaml; true when it loaded (its problems are kept otherwise). */
  private async loadConfig(): Promise<boolean> {
    try {
      this.config = await loadConfig(this.root);
      this.configProblems = [];
      return true;
    } catch (error) {
      if (!isSiteError(error)) throw error;
      this.configProblems = error.problems;
      return false;
    }
  }

  /** Take the changed content files in; say whether everything must be checked again. */
  private async readChanges(changes: ChangeSet, configChanged: boolean) {
    let full = configChanged || changes.rescanContent;
    let images = false;
    const texts: string[] = [];
    if (changes.rescanContent) await this.sources.rescan();
    else {
      for (const path of changes.content) {
        const change = await this.sources.update(path);
        if (change.kind === 'image') {
          images = true;
          if (change.existed !== change.exists) full = true; // a name came or went: references change
        } else if (change.kind === 'text') {
          if (change.path === FOCUS_FILE) images = true; // the focal points: every crop is made again
          if (!change.existed || !change.exists) full = true;
          texts.push(change.path);
        }
      }
    }
    return { full: full || texts.length > 1, texts, images: images || changes.rescanContent };
  }

  private checkContent(config: SiteConfig, full: boolean, texts: string[], timings: StageTimer): ContentRoute {
    if (!full && this.content.fastPathOpen) {
      const result = timings.time('patch', () =>
        patchItem(
          this.content.state!,
          texts[0]!,
          (path) => this.sources.text(path),
          this.markdown.html,
          this.clubsSource(),
          this.memo,
        ),
      );
      this.patchedImages = result.kind === 'patched' ? result.images : [];
      if (result.kind === 'patched') this.content.setItem(result.item, result.problems, result.state);
      if (result.kind === 'broken') this.content.setItem(result.item, result.problems);
      if (result.kind !== 'full') return 'fast';
    }
    this.content.setFull(
      contentState(config, this.sources.contentFiles(), {
        markdown: this.markdown.html,
        memo: this.memo,
        timer: timings,
        uiStrings: uiStringUses(this.root),
      }),
    );
    return 'full';
  }

  /** Start-up: the build's validate and Markdown stages (its cache, its workers), then the rest of the content side. */
  private async checkAllWithCache(config: SiteConfig): Promise<void> {
    const files = this.sources.contentFiles();
    const timer = new StageTimer();
    const uiStrings = uiStringUses(this.root);
    const validated = validateSite(timer, config, files, { ...DEV_VALIDATION, memo: this.memo, uiStrings });
    if (validated.content) {
      const pool = WorkerPool.forSite(files.files.length);
      try {
        this.markdown = new MarkdownMemo((await markdownStage(timer, this.root, validated.content, pool)).html);
      } finally {
        await pool?.close();
      }
    }
    this.content.setFull(contentState(config, files, { markdown: this.markdown.html, memo: this.memo, validated }));
  }

  /** The content files as they are now (the build's readContent shape). */
  contentFiles(): ContentFiles {
    return this.sources.contentFiles();
  }

  private clubsSource(): YamlSource {
    const file = 'content/data/clubs.yaml';
    const text = this.sources.text(file) ?? '';
    if (this.clubs?.text !== text) this.clubs = { text, source: parseYaml(text, file) };
    return this.clubs.source;
  }

  private async updateImages(force: boolean): Promise<void> {
    const state = this.content.state;
    if (!this.config || !state) return;
    await this.images.update(this.config, this.sources.imageFiles(), usedImages(state.content), force);
  }

  /** A new generation when any part pages are made of changed; pages render from it on request. */
  private renew(): void {
    const { state } = this.content;
    const { templates, css, islands, cards } = this.assets;
    if (!state || !templates || !css) return;
    const previous = this.generation;
    const islandsManifest = islands?.manifest ?? NO_ISLANDS;
    // Without a card template that compiles, pages still render (its problem is on the overlay).
    const cardVersion = cards?.version ?? 'none';
    const same =
      previous &&
      previous.state === state &&
      previous.templates === templates &&
      previous.assets.css === css.path &&
      previous.assets.islands === islandsManifest &&
      previous.assets.cardVersion === cardVersion &&
      previous.images === this.images.lookup;
    if (same) return;
    const generation = makeGeneration(
      ++this.generations,
      {
        state,
        templates,
        assets: { css: css.path, islands: islandsManifest, cardVersion },
        images: this.images.lookup,
      },
      previous,
    );
    this.pages.use(generation);
  }
}
