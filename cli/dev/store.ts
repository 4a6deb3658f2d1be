import { join } from 'node:path';
import { pageId } from '../build/build-state.ts';
import { renderRobots, renderSitemap } from '../build/sitemap.ts';
import type { Problem } from '../errors/site-error.ts';
import { createFileStore, withCleanUrls, type FileStore, type ServedFile } from '../serve/files.ts';
import type { PageRoute } from '../routes/types.ts';
import type { Generation } from './generation.ts';
import { DevImages } from './images.ts';
import { injectDev, overlayDocument } from './inject.ts';
import { overlayHtml } from './overlay.ts';
import { servedFile } from './served.ts';
import { createFoundFiles } from './found-files.ts';
import type { DevSession } from './session.ts';

/**
 * The dev server's public folder, in the shape of `site serve`'s FileStore, so the same request
 * handler (redirects, clean URLs, 404 pages, shells, headers) serves it: pages rendered on
 * request from memory, the stylesheet and island scripts from memory, images from
 * .site/dev/public and templates/static from disk as they are; feeds, calendar files, social
 * cards and the search index made when first asked for (./found-files.ts).
 */
export function createDevStore(session: DevSession, onRenderProblem: (problem: Problem) => void): FileStore {
  const staticFiles = createFileStore(join(session.root, 'templates', 'static'));
  const imageFiles = createFileStore(DevImages.publicDir(session.root));
  const generated = new WeakMap<Generation, Map<string, string>>();
  const reported = new Set<string>();
  const found = createFoundFiles(session, onRenderProblem);

  function page(route: PageRoute, file: string): ServedFile {
    const id = pageId(route);
    const result = session.pages.render(route);
    const overlay = overlayHtml(session.problems());
    if (result.ok) return servedFile(file, injectDev(result.html, { page: id, print: result.print, overlay }));
    // Once per page and version in the terminal; every time in the browser.
    const key = `${id}|${result.print}`;
    if (!reported.has(key)) {
      reported.add(key);
      onRenderProblem(result.problem);
    }
    return servedFile(
      file,
      overlayDocument(overlayHtml([result.problem, ...session.problems()]), { page: id, print: result.print }),
    );
  }

  /** sitemap.xml and robots.txt, made once per generation. */
  function siteFile(generation: Generation, file: string): string | undefined {
    let files = generated.get(generation);
    if (!files) {
      const { config, pages } = generation.state;
      files = new Map([
        ['sitemap.xml', renderSitemap(config, pages, generation.buildDate)],
        ['robots.txt', renderRobots(config)],
      ]);
      generated.set(generation, files);
    }
    return files.get(file);
  }

  async function load(relative: string): Promise<ServedFile | undefined> {
    const file = relative.replace(/^\/+/, '');
    const generation = session.generation;
    if (generation) {
      const route = generation.state.index.byFile.get(file);
      if (route) return page(route, file);
      const text = siteFile(generation, file);
      if (text !== undefined) return servedFile(file, text);
      const made = await found.load(generation, file);
      if (made) return made;
    }
    const asset = session.assets.file(`/${file}`);
    if (asset) return servedFile(file, asset.body);
    return (await staticFiles.load(file)) ?? (file.startsWith('images/') ? imageFiles.load(file) : undefined);
  }

  return withCleanUrls(load);
}
