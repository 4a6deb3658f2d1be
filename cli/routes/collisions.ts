import { problem, type Problem } from '../errors/site-error.ts';
import { redirectOrigin } from './redirects.ts';
import type { Origin, PageRoute, Redirect } from './types.ts';

const CONFIG_FILE = 'site.config.yaml';

/** "content/data/clubs.yaml (club 3)"; a rule made by hand (in a test) has no file, only its words. */
const label = (origin: Origin): string =>
  !origin.file ? (origin.entry ?? '') : origin.entry ? `${origin.file} (${origin.entry})` : origin.file;
const asOrigin = (described: string | Origin): Origin =>
  typeof described === 'string' ? { file: described } : described;

/** One side of a collision: what it is called, and what makes two collisions the same one. */
interface Side {
  origin: Origin;
  /** A club's name-slug rules in three variants are one mistake: grouped by origin, not by target. */
  key: string;
}

const ofPage = (described: string | Origin): Side => {
  const origin = asOrigin(described);
  return { origin, key: label(origin) };
};

/** A rule named by where it comes from, and where it leads (a club has eleven rules). */
function ofRedirect(redirect: Redirect): Side {
  const origin = redirectOrigin(redirect);
  const leads = `a redirect to ${redirect.to}`;
  if (!origin) return { origin: { file: '', entry: leads }, key: leads };
  return {
    origin: { ...origin, entry: origin.entry ? `${origin.entry}, ${leads}` : leads },
    key: `${label(origin)} ${String(origin.at)}`,
  };
}

/**
 * Two pages that would write the same file, or a redirect that would hide a page or lead
 * elsewhere than another rule for the same path. One error per pair of sources, naming both
 * and every path they share (a club page clashes in all three variants: one mistake, one error),
 * at the line of the content side when there is one. `describe` says which content a page comes
 * from; `lineOf` finds an origin's line in its file.
 */
export function findCollisions(
  pages: PageRoute[],
  redirects: Redirect[],
  describe: (page: PageRoute) => string | Origin,
  lineOf: (origin: Origin) => number | undefined = () => undefined,
): Problem[] {
  const clashes = new Map<string, { first: Origin; second: Origin; paths: string[] }>();
  const clash = (path: string, first: Side, second: Side) => {
    const key = `${first.key}\n${second.key}`;
    const known = clashes.get(key);
    if (known) known.paths.push(path);
    else clashes.set(key, { first: first.origin, second: second.origin, paths: [path] });
  };

  const owners = new Map<string, PageRoute>();
  for (const page of pages) {
    for (const path of page.paths) {
      // Case-insensitive file systems (macOS, Windows) would write /Kampen over /kampen.
      const key = path.toLowerCase();
      const other = owners.get(key);
      if (other) clash(path, ofPage(describe(other)), ofPage(describe(page)));
      else owners.set(key, page);
    }
  }
  const redirected = new Map<string, Redirect>();
  for (const redirect of redirects) {
    const page = owners.get(redirect.from.toLowerCase());
    if (page) clash(redirect.from, ofPage(describe(page)), ofRedirect(redirect));
    const earlier = redirected.get(redirect.from);
    if (earlier && earlier.to !== redirect.to) clash(redirect.from, ofRedirect(earlier), ofRedirect(redirect));
    redirected.set(redirect.from, redirect);
  }

  return [...clashes.values()].map(({ first, second, paths }) => {
    // The editor fixes content more often than the config: point at the content side.
    const sides = [second, first].filter((origin) => origin.file);
    const at = sides.find((origin) => origin.file !== CONFIG_FILE) ?? sides[0] ?? { file: CONFIG_FILE };
    const path = paths.length === 1 ? paths[0]! : `${paths[0]} (and ${paths.slice(1).join(', ')})`;
    return problem(
      'ROUTE_COLLISION',
      { path, first: label(first), second: label(second) },
      { location: { file: at.file, line: lineOf(at) ?? 1 } },
    );
  });
}
