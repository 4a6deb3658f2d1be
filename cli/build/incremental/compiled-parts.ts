import { join, resolve } from 'node:path';
import type { SiteConfig } from '../../../shared/config.ts';
import { isSiteError, problem, type Problem } from '../../errors/site-error.ts';
import { PAGE_PARTS, type CompiledPart } from '../page-parts.ts';
import { loadFunctions } from './functions-bundle.ts';

/** The build's page parts, and functions/ as the running process imports it (the build bundles it for Firebase instead). */
const PARTS = {
  ...PAGE_PARTS,
  functions: {
    compile: (root: string) => loadFunctions(root, join(root, '.site', 'cache')),
    version: (made: Awaited<ReturnType<typeof loadFunctions>>) => made.hash,
  },
};

export type AssetName = keyof typeof PARTS;
export const ASSET_NAMES = Object.keys(PARTS) as AssetName[];
type Made = { [Name in AssetName]: Awaited<ReturnType<(typeof PARTS)[Name]['compile']>> };

/**
 * The compiled parts of the site in a rebuild session, each compiled again only when one of its
 * sources changed. A part that fails to compile keeps its last good version (pages keep
 * rendering) and holds the problems until a save fixes it.
 */
export class CompiledParts {
  readonly problems = new Map<AssetName, Problem[]>();
  private readonly made: Partial<Made> = {};
  private readonly root: string;

  constructor(root: string) {
    this.root = root;
  }

  get templates() {
    return this.made.templates;
  }
  get css() {
    return this.made.css;
  }
  get islands() {
    return this.made.islands;
  }
  get functions() {
    return this.made.functions;
  }
  get cards() {
    return this.made.cards;
  }

  /** Compile one part again; true when its output changed. */
  async rebuild<Name extends AssetName>(name: Name, config: SiteConfig | undefined): Promise<boolean> {
    // The stylesheet carries the theme from site.config.yaml: it waits for a readable config.
    if (name === 'css' && !config) return false;
    const definition = PARTS[name] as unknown as CompiledPart<Made[Name]>;
    try {
      const next = await definition.compile(this.root, config!);
      const before = this.made[name];
      this.made[name] = next;
      this.problems.delete(name);
      return before === undefined || definition.version(before) !== definition.version(next);
    } catch (error) {
      this.problems.set(name, toProblems(error));
      return false;
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
