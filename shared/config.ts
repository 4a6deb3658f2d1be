import { z } from 'zod';
import { locales } from './locale.ts';

/** `host:port`, a name or an IPv4 address, or a bracketed IPv6 address: where an emulator listens. */
export const hostPort = /^[a-z0-9.-]+:\d{1,5}$|^\[[0-9a-f:]+\]:\d{1,5}$/i;

const routePath = z.string().regex(/^\/[a-z0-9:/-]*$/, 'a path like /kampen or /nieuws/:id-:slug');
const layout = z.enum(['default', 'empty', 'news']);
const shade = z.string().regex(/^#[0-9a-f]{6}$/i, 'a colour like #23a46a');

/**
 * Routes the site's own code names (templates link to them, content kinds and forms publish
 * under them): site.config.yaml must declare each. Any other route is a page of text alone,
 * from content/<locale>/pages/<route>.md (issue 20: a new page needs no code).
 * tests/unit/route-names.test.ts holds this list to the names the code uses.
 */
export const builtInRoutes = [
  'home',
  'login',
  'camps',
  'contact',
  'socials',
  'jobs',
  'regional-tennis',
  'news',
  'news-page',
  'news-article',
  'clubs',
  'club',
  'staging-login',
  'privacy-policy',
  'lesson-rules',
  'events',
  'event',
  'registrations',
  'registration',
  'event-signup',
  'search',
  'staging-login-failed',
  'form-sent',
  'form-failed',
] as const;
/** A route the code names; config.routes has these and any number of text pages besides. */
export type RouteName = (typeof builtInRoutes)[number];

/** A route's name: also the name of its page text (content/nl/pages/<name>.md). */
export const routeName = z
  .string()
  .regex(/^[a-z][a-z0-9-]*$/, 'a route name like sponsors or lesson-rules (lower case, digits, dashes)');
const routeSchema = z.strictObject({ nl: routePath, en: routePath, layout: layout.default('default') });
export type Route = z.infer<typeof routeSchema>;
type Routes = Record<RouteName, Route> & Record<string, Route>;
// A record, so a new page is a new line; the built-in routes are checked by a rule (rules.ts),
// which names the one left out. The cast gives code the built-in names; the data is the record.
const routesSchema = z.record(routeName, routeSchema) as unknown as z.ZodType<
  Routes,
  Record<string, z.input<typeof routeSchema>>
>;

const navLink = z.union([
  // `label` (a UI string key) names a route differently in the menu than elsewhere ("Wie we zijn" under "Over ons").
  z.strictObject({ route: routeName, label: z.string().min(1).optional() }),
  z.strictObject({ label: z.string().min(1), href: z.url() }),
]);
const navItem = z.union([navLink, z.strictObject({ label: z.string().min(1), children: z.array(navLink).min(1) })]);

export const configSchema = z.strictObject({
  name: z.string().min(1),
  url: z.url().refine((url) => !url.endsWith('/'), 'no trailing slash'),
  officeEmail: z.email(),
  locales: z.strictObject({
    default: z.literal('nl'),
    all: z.tuple([z.literal(locales[0]), z.literal(locales[1])]),
  }),
  canonicalQuery: z.array(z.string().min(1)).default([]),
  feedItems: z
    .number()
    .int()
    .min(1, 'at least 1 article, like 20')
    .default(20)
    .describe('How many of the newest news articles each news feed (RSS and Atom, per language) holds; 20 unless set'),
  // Descriptions are what an editor's hover shows (.vscode/schemas, `site schema`).
  routes: routesSchema.describe(
    'Every page: name: { nl: /path, en: /path, layout? }. A new name with content/{nl,en}/pages/<name>.md is a new page of text',
  ),
  navigation: z
    .array(navItem)
    .min(1)
    .describe('The menu: { route } (label nav.<route> in strings.yaml), { label, href }, or { label, children }'),
  footer: z
    .array(navLink)
    .describe('Footer links: { route } (label footer.<route> in strings.yaml) or { label, href }'),
  legacy: z.record(
    z.string().regex(/^[a-z0-9-]+(\.[a-z]+)?$/, 'a path segment like clinic-25'),
    z.union([routeName, z.string().regex(/^(\/|https:\/\/)/, 'a route name, a path like /kampen or an https:// URL')]),
  ),
  images: z.strictObject({
    breakpoints: z.array(z.number().int().positive()).min(1),
    densities: z.array(z.number().int().positive()).min(1),
    format: z.literal('webp'),
    quality: z.number().int().min(1).max(100),
    /**
     * libwebp's effort (method) 0..6. 2, not sharp's 4: a third of the encoding CPU for files
     * about 5 % larger at the same quality setting (docs/images.md has the measurements).
     */
    effort: z.number().int().min(0).max(6).default(2),
    placeholder: z.strictObject({
      width: z.number().int().positive(),
      height: z.number().int().positive(),
      quality: z.number().int().min(1).max(100),
      blur: z.number().positive(),
    }),
  }),
  theme: z.strictObject({
    primary: z.strictObject(
      Object.fromEntries([50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950].map((s) => [s, shade])) as Record<
        '50' | '100' | '200' | '300' | '400' | '500' | '600' | '700' | '800' | '900' | '950',
        typeof shade
      >,
    ),
    accent: shade,
  }),
  firebase: z.strictObject({
    apiKey: z.string().min(1),
    authDomain: z.string().min(1),
    projectId: z.string().min(1),
    // host:port of a Firebase Auth emulator the pages sign in against (local work only; the
    // SITE_AUTH_EMULATOR variable sets it for one build, see cli/config/environment.ts).
    emulator: z.string().regex(hostPort, 'host:port like 127.0.0.1:9099').optional(),
  }),
});

export type SiteConfig = z.infer<typeof configSchema>;

export type NavLink = z.infer<typeof navLink>;
export type NavItem = z.infer<typeof navItem>;
