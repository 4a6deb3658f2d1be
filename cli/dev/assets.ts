import { join, resolve } from 'node:path';
import type { SiteConfig } from '../../shared/config.ts';
import { compileTemplates, type CompiledTemplates } from '../build/compile-templates.ts';
import { buildCss } from '../build/css.ts';
import { bundleIslands, type IslandsBundle } from '../build/islands.ts';
import { isSiteError, problem, type Problem } from '../errors/site-error.ts';
import { compileCardTemplate, type CardTemplate } from '../build/cards.ts';
import { loadFunctions, type FunctionsModule } from './functions-bundle.ts';

export type AssetName = 'templates' | 'css' | 'islands' | 'functions' | 'cards';
export const ASSET_NAMES: readonly AssetName[] = ['templates', 'css', 'islands', 'functions', 'cards'];

type Css = Awaited<ReturnType<typeof buildCss>>;

/**
 * The compiled parts of the site in a dev session: templates, stylesheet, island scripts,
 * functions and the social card template. A part that fails to compile keeps its last good version (pages keep rendering)
 * and holds the problems until a save fixes it.
 */
export class DevAssets {
  templates: CompiledTemplates | undefined;
  css: Css | undefined;
  islands: IslandsBundle | undefined;
  functions: { module: FunctionsModule; hash: string } | undefined;
  cards: CardTemplate | undefined;
  readonly problems = new Map<AssetName, Problem[]>();
  private readonly root: string;
  private readonly cacheDir: string;

  constructor(root: string) {
    this.root = root;
    this.cacheDir = join(root, '.site', 'cache');
  }

  /** Rebuild one part; true when its output changed. */
  async rebuild(name: AssetName, config: SiteConfig | undefined): Promise<boolean> {
    // The stylesheet carries the theme from site.config.yaml: it waits for a readable config.
    if (name === 'css' && !config) return false;
    try {
      const changed = await this.make(name, config!);
      this.problems.delete(name);
      return changed;
    } catch (error) {
      this.problems.set(name, toProblems(error));
      return false;
    }
  }

  private async make(name: AssetName, config: SiteConfig): Promise<boolean> {
    switch (name) {
      case 'templates': {
        const next = await compileTemplates(this.root, this.cacheDir);
        const changed = next.hash !== this.templates?.hash;
        this.templates = next;
        return changed;
      }
      case 'css': {
        const next = await buildCss(this.root, config);
        const changed = next.path !== this.css?.path;
        this.css = next;
        return changed;
      }
      case 'islands': {
        const next = await bundleIslands(this.root);
        const changed = JSON.stringify(next.manifest) !== JSON.stringify(this.islands?.manifest);
        this.islands = next;
        return changed;
      }
      case 'functions': {
        const next = await loadFunctions(this.root, this.cacheDir);
        const changed = next.hash !== this.functions?.hash;
        this.functions = next;
        return changed;
      }
      case 'cards': {
        const next = await compileCardTemplate(this.root, this.cacheDir);
        const changed = next.version !== this.cards?.version;
        this.cards = next;
        return changed;
      }
    }
  }

  /** Whether a stylesheet file is also read by the templates (inlined), so they must compile again. */
  templatesRead(file: string): boolean {
    return (this.templates?.inputs ?? []).some((input) => resolve(input) === file);
  }

  /** Public URL of a compiled file (stylesheet, island script) to its bytes. */
  file(pathname: string): { body: string | Uint8Array } | undefined {
    if (this.css && pathname === this.css.path) return { body: this.css.contents };
    const island = this.islands?.files.find((file) => file.path === pathname);
    return island ? { body: island.contents } : undefined;
  }

  allProblems(): Problem[] {
    return [...this.problems.values()].flat();
  }
}

/** A compile error is the user's (with its file and line); anything else thrown while compiling too. */
function toProblems(error: unknown): Problem[] {
  if (isSiteError(error)) return error.problems;
  const message = error instanceof Error ? error.message : String(error);
  return [problem('COMPILE_FAILED', { problem: message })];
}
