import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { SiteConfig } from '../../shared/config.ts';
import { cachedBuild } from './cached-esbuild.ts';

/** Theme colours as CSS custom properties: shade 500 in light mode, 400 in dark mode (spec 9). */
export function themeCss(config: SiteConfig): string {
  const shades = Object.entries(config.theme.primary)
    .map(([shade, colour]) => `--brand-${shade}:${colour};`)
    .join('');
  return `:root{${shades}--accent:${config.theme.accent};--brand:var(--brand-500)}@media (prefers-color-scheme:dark){:root{--brand:var(--brand-400)}}`;
}

/** templates/styles/site.css bundled and minified, with the theme, under a content-hashed name. */
export async function buildCss(
  root: string,
  config: SiteConfig,
): Promise<{ path: string; contents: string; inputs: string[] }> {
  const result = await cachedBuild(join(root, '.site', 'cache'), 'css', {
    entryPoints: [join(root, 'templates', 'styles', 'site.css')],
    absWorkingDir: root,
    bundle: true,
    minify: true,
    write: false,
    metafile: true,
    logLevel: 'silent',
    target: ['chrome110', 'firefox115', 'safari16'],
  });
  const contents = themeCss(config) + result.outputFiles[0]!.text;
  const hash = createHash('sha256').update(contents).digest('hex').slice(0, 10);
  return { path: `/assets/site.${hash}.css`, contents, inputs: Object.keys(result.metafile.inputs) };
}
