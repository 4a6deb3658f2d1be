import { join } from 'node:path';
import { pageId } from '../build/build-state.ts';
import type { Problem } from '../errors/site-error.ts';
import { createFileStore, withCleanUrls, type FileStore, type ServedFile } from '../serve/files.ts';
import type { PageRoute } from '../routes/types.ts';
import { SessionImages } from '../build/incremental/images.ts';
import { injectDev, overlayDocument } from './inject.ts';
import { overlayHtml } from './overlay.ts';
import { servedFile } from './served.ts';
import { createFoundFiles } from '../build/incremental/found-files.ts';
import type { RebuildSession } from '../build/incremental/rebuild-session.ts';

/**
 * The dev server's public folder, in the shape of `site serve`'s FileStore, so the same request
 * handler (redirects, clean URLs, 404 pages, shells, headers) serves it: pages rendered on
 * request from memory, the stylesheet and island scripts from memory, images from
 * .site/dev/public and templates/static from disk as they are; feeds, calendar files, social
 * cards and the search index made when first asked for, by the build's functions
 * (cli/build/incremental/found-files.ts).
 */
export function createDevStore(session: RebuildSession, onRenderProblem: (problem: Problem) => void): FileStore {
  const staticFiles = createFileStore(join(session.root, 'templates', 'static'));
  const imageFiles = createFileStore(SessionImages.publicDir(session.root));
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

  async function load(relative: string): Promise<ServedFile | undefined> {
    const file = relative.replace(/^\/+/, '');
    const generation = session.generation;
    if (generation) {
      const route = generation.state.index.byFile.get(file);
      if (route) return page(route, file);
      const made = await found.load(generation, file);
      if (made !== undefined) return servedFile(file, made);
    }
    const asset = session.assets.file(`/${file}`);
    if (asset) return servedFile(file, asset.body);
    return (await staticFiles.load(file)) ?? (file.startsWith('images/') ? imageFiles.load(file) : undefined);
  }

  return withCleanUrls(load);
}
