import { build } from 'esbuild';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { problem, SiteError } from '../errors/site-error.ts';
import { preactForIslands } from './preact-alias.ts';
import type { RenderInput } from '../../templates/render-input.ts';
import type { PageFound } from '../../templates/lib/share-card.ts';

export interface TemplateModule {
  renderPage(input: RenderInput, found?: PageFound): string;
}

/**
 * Bundle templates/ (TSX) into one Node module and import it. Packages stay external so
 * the templates share this process's React. Named by content hash: a changed template
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
  const result = await build({
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
    // Islands inside templates render with Preact on the server too (see preact-alias.ts).
    plugins: [preactForIslands(join(root, 'islands'))],
  }).catch(
    (error: { errors?: Array<{ text: string; location?: { file: string; line: number; column: number } | null }> }) => {
      throw new SiteError(
        (error.errors ?? [{ text: String(error), location: null }]).map((e) =>
          problem(
            'COMPILE_FAILED',
            { problem: e.text },
            e.location ? { location: { file: e.location.file, line: e.location.line, column: e.location.column } } : {},
          ),
        ),
      );
    },
  );
  const code = result.outputFiles[0]!.text;
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 12);
  const file = join(cacheDir, `templates.${hash}.mjs`);
  await mkdir(cacheDir, { recursive: true });
  // Whole or not at all: another build (or site dev) importing this name must never read half
  // a module. A file cut short by a killed build is simply written again here (issue 11).
  await writeFile(`${file}.${process.pid}.tmp`, code);
  await rename(`${file}.${process.pid}.tmp`, file);
  const module = (await import(pathToFileURL(file).href)) as TemplateModule;
  return { module, file, hash, inputs: Object.keys(result.metafile.inputs) };
}
