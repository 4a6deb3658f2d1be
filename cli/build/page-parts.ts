import { join } from 'node:path';
import type { SiteConfig } from '../../shared/config.ts';
import { compileCardTemplate } from './cards.ts';
import { compileTemplates } from './compile-templates.ts';
import { buildCss } from './css.ts';
import { bundleIslands } from './islands.ts';

/** One compiled part: made from its own sources (and the config), and what tells one version from the next. */
export interface CompiledPart<T> {
  compile(root: string, config: SiteConfig): Promise<T>;
  version(made: T): string;
}

const part = <T>(definition: CompiledPart<T>): CompiledPart<T> => definition;
const cacheDir = (root: string) => join(root, '.site', 'cache');

/**
 * The compiled parts every page is made with: templates, stylesheet (it carries the config's
 * theme), island scripts and the social card template. The session compiles them
 * (incremental/compiled-parts.ts): all at once when it runs cold (`site build`, `site dev`'s
 * start), then only the parts a save touches, keeping a part's last good version while it does
 * not compile.
 */
export const PAGE_PARTS = {
  templates: part({ compile: (root) => compileTemplates(root, cacheDir(root)), version: (made) => made.hash }),
  css: part({ compile: (root, config) => buildCss(root, config), version: (made) => made.path }),
  islands: part({ compile: (root) => bundleIslands(root), version: (made) => JSON.stringify(made.manifest) }),
  cards: part({ compile: (root) => compileCardTemplate(root, cacheDir(root)), version: (made) => made.version }),
};
