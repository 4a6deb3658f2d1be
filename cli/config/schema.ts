import { z } from 'zod';
import { hostPort } from './environment.ts';

const routePath = z.string().regex(/^\/[a-z0-9:/-]*$/, 'a path like /kampen or /nieuws/:id-:slug');
const layout = z.enum(['default', 'empty', 'news']);
const shade = z.string().regex(/^#[0-9a-f]{6}$/i, 'a colour like #23a46a');

export const routeNames = [
  'home', 'login', 'camps', 'contact', 'socials', 'about', 'jobs', 'pro-academy', 'junior-academy',
  'regional-tennis', 'news', 'news-page', 'news-article', 'clubs', 'club', 'staging-login', 'privacy-policy',
  'anti-bullying-policy', 'terms', 'lesson-rules', 'events', 'event', 'registrations', 'registration',
  'event-signup', 'search', 'staging-login-failed', 'form-sent', 'form-failed',
] as const;
export type RouteName = (typeof routeNames)[number];

const routeSchema = z.strictObject({ nl: routePath, en: routePath, layout: layout.default('default') });

const navLink = z.union([
  // `label` (a UI string key) names a route differently in the menu than elsewhere ("Wie we zijn" under "Over ons").
  z.strictObject({ route: z.enum(routeNames), label: z.string().min(1).optional() }),
  z.strictObject({ label: z.string().min(1), href: z.url() }),
]);
const navItem = z.union([navLink, z.strictObject({ label: z.string().min(1), children: z.array(navLink).min(1) })]);

export const configSchema = z.strictObject({
  name: z.string().min(1),
  url: z.url().refine((url) => !url.endsWith('/'), 'no trailing slash'),
  officeEmail: z.email(),
  locales: z.strictObject({
    default: z.literal('nl'),
    all: z.tuple([z.literal('nl'), z.literal('en')]),
  }),
  canonicalQuery: z.array(z.string().min(1)).default([]),
  routes: z.strictObject(Object.fromEntries(routeNames.map((name) => [name, routeSchema])) as Record<RouteName, typeof routeSchema>),
  navigation: z.array(navItem).min(1),
  footer: z.array(navLink),
  legacy: z.record(z.string().regex(/^[a-z0-9-]+(\.[a-z]+)?$/, 'a path segment like clinic-25'), z.union([z.enum(routeNames), z.string().regex(/^(\/|https:\/\/)/)])),
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
    primary: z.strictObject(Object.fromEntries([50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950].map((s) => [s, shade])) as Record<'50' | '100' | '200' | '300' | '400' | '500' | '600' | '700' | '800' | '900' | '950', typeof shade>),
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
export type Locale = SiteConfig['locales']['all'][number];
export const locales: readonly Locale[] = ['nl', 'en'];
export type NavLink = z.infer<typeof navLink>;
export type NavItem = z.infer<typeof navItem>;
