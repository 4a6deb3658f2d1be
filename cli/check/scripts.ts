import { Parser } from 'htmlparser2';
import { fetchFailure, sitePath } from './crawl.ts';
import { moduleImports } from './module-imports.ts';
import type { BrokenLink } from './types.ts';

/**
 * Island scripts: a page names each island's module in `<site-island data-src>`, which the loader
 * imports when the island wakes, and the loader and each module import chunks, some only on
 * demand. The crawl fetches the loader's `<script src>` but reads no JavaScript, yet one
 * missing file leaves islands dead on every page that uses it. Each module is fetched once and
 * must be served as JavaScript; a broken `data-src` or script is blamed on its page, a broken
 * import on the module that names it.
 */

/** The modules a page starts from: its module scripts (the loader) and its islands' modules, resolved against the page. */
export function readModuleScripts(html: string, pageUrl: string): URL[] {
  const scripts: URL[] = [];
  const parser = new Parser(
    {
      onopentag(tag, attributes) {
        const src =
          tag === 'site-island'
            ? attributes['data-src']
            : tag === 'script' && attributes.type === 'module'
              ? attributes.src
              : undefined;
        if (!src) return;
        try {
          scripts.push(new URL(src, pageUrl));
        } catch {
          // Not a URL: the build never writes one; a hand-edited page is html-validate's finding.
        }
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return scripts;
}

/** Why a module is not usable, or its imports (absolute URLs) when it is. */
async function fetchModule(url: string): Promise<{ problem: string } | { imports: string[] }> {
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } }).catch((error: unknown) => ({
    error,
  }));
  if ('error' in response) return { problem: fetchFailure(response.error) };
  const type = response.headers.get('content-type') ?? 'no content type';
  if (!response.ok || !type.includes('javascript')) {
    await response.body?.cancel();
    return { problem: response.ok ? `served as ${type.split(';')[0]}, not JavaScript` : `HTTP ${response.status}` };
  }
  const { imports, lazy } = moduleImports(await response.text());
  return { imports: [...imports, ...lazy].map((specifier) => new URL(specifier, url).href) };
}

/** Every module named on the pages, and every module they reach, that does not load; `modules` are the URLs fetched. */
export async function checkModules(
  scripts: Array<{ page: string; src: URL }>,
  localOrigin: string,
): Promise<{ broken: BrokenLink[]; modules: Set<string> }> {
  const modules = new Map<string, ReturnType<typeof fetchModule>>();
  const broken: BrokenLink[] = [];
  const visit = async (url: string, source: string): Promise<void> => {
    const known = modules.get(url);
    const result = known ?? fetchModule(url);
    if (!known) modules.set(url, result);
    const outcome = await result;
    if ('problem' in outcome) {
      broken.push({ source, link: sitePath(url, localOrigin), reason: outcome.problem });
      return;
    }
    // Each module's imports are followed once, by whoever fetched it first.
    if (!known)
      await Promise.all(
        outcome.imports
          .filter((next) => new URL(next).origin === localOrigin)
          .map((next) => visit(next, sitePath(url, localOrigin))),
      );
  };
  await Promise.all(
    scripts
      .filter(({ src }) => src.origin === localOrigin)
      .map(({ page, src }) => visit(src.href, sitePath(page, localOrigin))),
  );
  return { broken, modules: new Set(modules.keys()) };
}
