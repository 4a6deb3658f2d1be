import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { problem, SiteError } from '../errors/site-error.ts';
import { siteManifestSchema, type SiteManifest } from '../../shared/site-manifest.ts';
import { createRedirectMatcher, type RedirectMatcher } from '../../functions/redirects.ts';

/** What `site serve` reads from a build output folder, checked before the first request. */
export interface DistSite {
  dir: string;
  publicDir: string;
  site: SiteManifest;
  /** Exact paths in a Map (thousands of entries, one lookup per request) and prefix rules. */
  redirects: RedirectMatcher;
}

const redirectsSchema = z.object({
  redirects: z.array(
    z.object({
      from: z.string().regex(/^\/[^?#*]*\*?$/, 'an absolute path without query, or a prefix ending in *'),
      to: z.string().regex(/^(\/|https?:\/\/)/, 'a path or an http(s) URL'),
      status: z.union([z.literal(301), z.literal(302), z.literal(307), z.literal(308)]),
    }),
  ),
});

async function readJsonFile(dir: string, name: string): Promise<unknown | undefined> {
  let text: string;
  try {
    text = await readFile(join(dir, name), 'utf8');
  } catch {
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new SiteError([
      problem('DIST_INVALID', { file: join(dir, name), problem: `not valid JSON (${(error as Error).message})` }),
    ]);
  }
}

function invalid(file: string, error: z.ZodError): SiteError {
  return new SiteError(
    error.issues
      .slice(0, 10)
      .map((issue) =>
        problem('DIST_INVALID', { file, problem: `${issue.path.join('.') || '(top)'}: ${issue.message}` }),
      ),
  );
}

export async function loadDist(distDir: string): Promise<DistSite> {
  const dir = resolve(distDir);
  const publicDir = join(dir, 'public');
  const isDir = await stat(publicDir).then(
    (s) => s.isDirectory(),
    () => false,
  );
  if (!isDir) throw new SiteError([problem('DIST_NOT_FOUND', { dist: dir, missing: 'public/ folder' })]);

  const siteJson = await readJsonFile(dir, 'site.json');
  if (siteJson === undefined) throw new SiteError([problem('DIST_NOT_FOUND', { dist: dir, missing: 'site.json' })]);
  const site = siteManifestSchema.safeParse(siteJson);
  if (!site.success) throw invalid(join(dir, 'site.json'), site.error);

  // A site without redirects is valid; a broken redirects.json is not.
  const redirectsJson = (await readJsonFile(dir, 'redirects.json')) ?? { redirects: [] };
  const parsed = redirectsSchema.safeParse(redirectsJson);
  if (!parsed.success) throw invalid(join(dir, 'redirects.json'), parsed.error);
  return { dir, publicDir, site: site.data, redirects: createRedirectMatcher(parsed.data.redirects) };
}
