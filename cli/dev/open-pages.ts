import { pageId } from '../build/build-state.ts';
import { matchPattern } from '../../functions/router.ts';
import { localeOfPath } from '../../shared/locale.ts';
import type { DevClient } from './events.ts';
import type { RebuildSession } from '../build/incremental/rebuild-session.ts';

/**
 * What an open page should show now: the id and fingerprint of the page its path leads to (a
 * page, a shell page by rewrite, a redirect, or the 404 page), the way the request handler decides.
 */
export function expectedPage(session: RebuildSession, path: string): { page: string; print: string } | undefined {
  const generation = session.generation;
  if (!generation) return undefined;
  const { index } = generation.state;
  const exact = index.redirects.exact(path);
  if (exact) return { page: `redirect:${exact.to}`, print: '' };
  const rewrite = index.manifest.rewrites.find((rule) => matchPattern(rule.source, path));
  const page = index.byPath.get(path) ?? (rewrite ? index.byFile.get(rewrite.destination.slice(1)) : undefined);
  if (!page) {
    const prefix = index.redirects.prefix(path);
    if (prefix) return { page: `redirect:${prefix.to}`, print: '' };
  }
  const shown = page ?? index.byId.get(`status:404|${localeOfPath(path)}`);
  return shown ? { page: pageId(shown), print: session.pages.print(shown) } : undefined;
}

/** Whether the client shows something else than its path leads to now. */
export function isOutdated(session: RebuildSession, client: DevClient): boolean {
  const expected = expectedPage(session, client.path);
  return expected !== undefined && (expected.page !== client.page || expected.print !== client.print);
}

/**
 * The paths to reload after a rebuild: pages rendered since start whose fingerprint changed,
 * and every open page that is out of date. After a change of what every page reads (templates,
 * islands, images, config), an open page is rendered again and reloads only if its HTML
 * changed: a template reloads the pages that use it. After a content edit a changed fingerprint
 * is reason enough (no rendering before the event: it would delay it). Open clients are then
 * taken to show the new version (they reload and connect again), so a later event names them
 * only if they change again.
 */
export function changedPaths(session: RebuildSession, clients: Iterable<DevClient>, globalChanged: boolean): string[] {
  const open = [...clients];
  const openPaths = new Set(open.map((client) => client.path));
  const paths = new Set(
    [...(session.generation ? session.pages.changedPaths() : [])].filter((path) => !openPaths.has(path)),
  );
  for (const client of open) {
    const expected = expectedPage(session, client.path);
    if (!expected || (expected.page === client.page && expected.print === client.print)) continue;
    const page = session.generation?.state.index.byId.get(expected.page);
    const same =
      globalChanged &&
      page !== undefined &&
      expected.page === client.page &&
      session.pages.unchangedSince(page, client.print);
    if (!same) paths.add(client.path);
    client.page = expected.page;
    client.print = expected.print;
  }
  return [...paths].sort();
}
