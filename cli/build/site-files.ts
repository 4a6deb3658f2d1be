import type { Problem } from '../errors/site-error.ts';
import type { SiteManifestInput } from '../../shared/site-manifest.ts';
import { DIGEST_FILE, STATE_FILE, type BuildDigest, type BuildState } from './build-state.ts';
import { stateChunks } from './build-state-file.ts';
import type { Site } from './content-stages.ts';
import type { OutputDir } from './output.ts';
import type { PageRecords } from './pages-stage.ts';
import type { KeptFiles } from './kept-files.ts';
import { renderRedirectsFile, renderRedirectsJson, type RedirectsKey } from './redirect-files.ts';
import { renderRobots, renderSitemap } from './sitemap.ts';
import type { SiteConfig } from '../../shared/config.ts';
import type { PageRoute } from './types.ts';

/** The public files about the whole site that only the pages and config decide: written by the build, made on request by `site dev`. */
export function publicSiteFiles(config: SiteConfig, pages: PageRoute[], buildDate: string): Map<string, string> {
  return new Map([
    ['sitemap.xml', renderSitemap(config, pages, buildDate)],
    ['robots.txt', renderRobots(config)],
  ]);
}

/** The state a build keeps of its pages' records (written below; `site build --watch` keeps it too). */
export const stateOf = (digest: string, records: PageRecords, warnings: Problem[]): BuildState => ({
  version: 6,
  digest,
  pages: records.pages,
  reads: records.reads,
  warnings,
  scriptHashes: records.scriptHashes,
  cards: records.cards,
  printed: records.printed,
});

/** The files about the whole site: sitemap, robots, redirects, site.json, build-state.json and build-digest.json. */
export async function writeSiteFiles(
  output: OutputDir,
  site: Pick<Site, 'config' | 'pages' | 'redirects'>,
  state: { digest: string; buildDate: string; manifest: SiteManifestInput; records: PageRecords; warnings: Problem[] },
  kept: { files: KeptFiles; redirects: RedirectsKey },
): Promise<void> {
  const { config, pages, redirects } = site;
  const { records } = state;
  await Promise.all([
    ...[...publicSiteFiles(config, pages, state.buildDate)].map(([file, text]) => output.write(`public/${file}`, text)),
    kept.files.write(output, 'redirects.json', kept.redirects.digest, () => renderRedirectsJson(redirects)),
    kept.files.write(output, 'public/_redirects', kept.redirects.digest, () => renderRedirectsFile(redirects)),
    output.write('site.json', `${JSON.stringify(state.manifest, null, 2)}\n`),
    output.write(STATE_FILE, stateChunks(stateOf(state.digest, records, state.warnings))),
    output.write(DIGEST_FILE, JSON.stringify({ digest: state.digest, warnings: state.warnings } satisfies BuildDigest)),
  ]);
}
