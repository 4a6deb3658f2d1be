import { join } from 'node:path';
import { templateRuntime } from './template-runtime.ts';
import { browserOnlyImports } from './browser-only-imports.ts';
import type { RenderInput } from '../../templates/render-input.ts';
import type { PageFound } from '../../templates/lib/share-card.ts';
import { compileFailed } from './compile-failure.ts';
import { importHashed } from './hashed-module.ts';
import { cachedBuild } from './cached-esbuild.ts';
import { problem, SiteError } from '../errors/site-error.ts';

export interface TemplateModule {
  renderPage(input: RenderInput, found?: PageFound): string;
}

/**
 * Bundle templates/ (TSX) into one Node module and import it, with the templates' own JSX
 * runtime in it (./template-runtime.ts); other packages stay external. Named by content hash: a changed template
 * is a new module, since Node caches imports by URL.
 */
export interface CompiledTemplates {
  module: TemplateModule;
  file: string;
  /** Hash of the bundled code: a changed template changes every page's fingerprint. */
  hash: string;
  inputs: string[];
}

export async function compileTemplates(root: string, cacheDir: string): Promise<CompiledTemplates> {
  const result = await cachedBuild(cacheDir, 'templates', {
    entryPoints: [join(root, 'templates', 'entry.tsx')],
    // Error locations relative to the project, as editors see them.
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    jsx: 'automatic',
    write: false,
    metafile: true,
    logLevel: 'silent',
    loader: { '.css': 'text' },
    // Islands inside templates render with Preact on the server too (see template-runtime.ts); what
    // they import lazily is for the browser (see browser-only-imports.ts).
    plugins: [templateRuntime(root), browserOnlyImports(join(root, 'islands'))],
  }).catch(compileFailed);
  const { module, file, hash } = await importHashed<TemplateModule>(cacheDir, 'templates', result.outputFiles[0]!.text);
  checkEntry(module);
  return { module, file, hash, inputs: Object.keys(result.metafile.inputs) };
}

/**
 * An entry without renderPage (an empty file an editor is still writing, a renamed export) would
 * fail every page with "renderPage is not a function": one problem at the entry instead.
 */
function checkEntry(module: TemplateModule): void {
  if (typeof module.renderPage === 'function') return;
  const names = Object.keys(module);
  const found = names.length === 0 ? 'nothing' : names.map((name) => `\`${name}\``).join(', ');
  throw new SiteError([problem('TEMPLATE_ENTRY_INVALID', { found }, { location: { file: 'templates/entry.tsx' } })]);
}
