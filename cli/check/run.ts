import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildSite, type BuildHooks } from '../build/pipeline.ts';
import type { BuildResult } from '../build/types.ts';
import { startServer } from '../serve/server.ts';
import { crawlSite } from './crawl.ts';
import { brokenFragments, readAnchors, type Anchors } from './fragments.ts';
import { checkModules, readModuleScripts } from './scripts.ts';
import { startPoints } from './start-points.ts';
import type { CheckReport } from './types.ts';

/**
 * The build to check, made when it is missing or stale. buildSite compares a digest of every
 * input with the one kept in the build and does nothing when they match, so this costs about
 * 0.1 s on an up-to-date dist and always checks what the sources make today.
 */
export function ensureBuild(root: string, out: string, hooks: BuildHooks = {}): Promise<BuildResult> {
  return buildSite({ root, out, strict: false, drafts: false, quiet: true }, hooks);
}

/**
 * Serves `dist` on a free loopback port and checks every link of it: the crawl for
 * pages, images, assets, sitemap and redirect targets, then the fragment pass and the
 * scripts (the loader, each island's module and every module they import).
 */
export async function checkLinks(options: { dist: string; root: string; external: boolean }): Promise<CheckReport> {
  const started = performance.now();
  // No environment of the caller: STAGING=1 would put every page behind the staging login.
  const server = await startServer({
    dist: options.dist,
    port: 0,
    host: '127.0.0.1',
    env: {},
    root: options.root,
    log: () => {},
  });
  try {
    const { url: productionOrigin } = JSON.parse(await readFile(join(options.dist, 'site.json'), 'utf8')) as {
      url: string;
    };
    const starts = await startPoints(options.dist, server.url);
    // The fragment and script passes read each page as the crawl reads it: one request a page.
    const anchors = new Map<string, Anchors>();
    const moduleScripts: Array<{ page: string; src: URL }> = [];
    const crawl = await crawlSite({
      localOrigin: server.url,
      productionOrigin,
      starts,
      external: options.external,
      onPage({ landed, html }) {
        anchors.set(landed, readAnchors(html, landed));
        for (const src of readModuleScripts(html, landed)) moduleScripts.push({ page: landed, src });
      },
    });
    const fragments = brokenFragments(anchors, (url) => crawl.visits.get(url)?.landed, server.url);
    const scripts = await checkModules(moduleScripts, server.url);
    return {
      pages: crawl.pages.length,
      links: new Set([...crawl.visits.keys(), ...scripts.modules]).size,
      skipped: crawl.skipped,
      broken: [...crawl.broken, ...fragments, ...scripts.broken],
      ms: performance.now() - started,
    };
  } finally {
    await server.close(500);
  }
}
