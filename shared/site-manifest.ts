import { z } from 'zod';
import { eventFactsSchema } from './event-facts.ts';
import { locales } from './locale.ts';

/**
 * The part of dist/site.json the functions and `site serve` rely on. Parsed, not trusted: a dist
 * folder from an older build or a hand-edited one fails here with the field named, instead of
 * half-working at request time. Loose (not strict) so the build may add fields without breaking us.
 */
const localePaths = z.object({ nl: z.string().startsWith('/'), en: z.string().startsWith('/') });

export const siteManifestSchema = z.looseObject({
  url: z.url(),
  name: z.string().min(1).optional(),
  officeEmail: z.email(),
  locales: z.array(z.enum(locales)).min(1),
  defaultLocale: z.literal('nl'),
  notFound: localePaths,
  home: localePaths,
  stagingLogin: localePaths,
  /** The staging login again, saying the access code was wrong (a form without JavaScript lands here). */
  stagingLoginFailed: localePaths,
  /** Where a form posted without JavaScript sends its visitor: `[id]` is the form or the reason (form-results.ts). */
  formResults: z.object({ sent: localePaths, failed: localePaths }),
  rewrites: z
    .array(z.object({ source: z.string().startsWith('/'), destination: z.string().startsWith('/') }))
    .default([]),
  canonicalQuery: z.array(z.string()).default([]),
  firebase: z.looseObject({ projectId: z.string().min(1) }).optional(),
  /** Events that take registrations (issue 7): capacity, deadline and start as built. */
  events: z.array(eventFactsSchema).default([]),
  /** The registration page per language, `[id]` where the registration's id goes (mail links). */
  registrationPage: localePaths.optional(),
});

/** site.json as the functions and `site serve` read it (defaults filled in). */
export type SiteManifest = z.infer<typeof siteManifestSchema>;
/** site.json as the build writes it (cli/build/manifest.ts): the schema's input, so the two cannot drift. */
export type SiteManifestInput = z.input<typeof siteManifestSchema>;

/** The organisation's name for mail copy: site.json's `name`, else the host without www. */
export function siteName(site: SiteManifest): string {
  return site.name ?? new URL(site.url).hostname.replace(/^www\./, '');
}
