import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * A tiny build output as `site build` writes it (see the dist/ contract in docs/serve.md):
 * enough pages, assets, shells and redirects to exercise every branch of `site serve`.
 */
export const fixtureSite = {
  url: 'https://www.baselinetennis.nl',
  name: 'Baseline Tennis',
  officeEmail: 'info@baselinetennis.nl',
  locales: ['nl', 'en'],
  defaultLocale: 'nl',
  notFound: { nl: '/404.html', en: '/en/404.html' },
  home: { nl: '/', en: '/en' },
  stagingLogin: { nl: '/staging-login', en: '/en/staging-login' },
  stagingLoginFailed: { nl: '/staging-login/opnieuw', en: '/en/staging-login/retry' },
  formResults: {
    sent: { nl: '/verzonden/[id]', en: '/en/sent/[id]' },
    failed: { nl: '/niet-verzonden/[id]', en: '/en/not-sent/[id]' },
  },
  rewrites: [
    { source: '/evenementen/inschrijvingen/:id', destination: '/evenementen/inschrijvingen/[id].html' },
    { source: '/nl/evenementen/inschrijvingen/:id', destination: '/nl/evenementen/inschrijvingen/[id].html' },
    { source: '/en/events/registrations/:id', destination: '/en/events/registrations/[id].html' },
  ],
  canonicalQuery: ['page'],
};

export const fixtureRedirects = [
  { from: '/verenigingen/tc-de-baseline', to: '/verenigingen/3-tc-de-baseline', status: 301 },
  { from: '/verenigingen/3', to: '/verenigingen/3-tc-de-baseline', status: 301 },
  { from: '/en/clubs/3-wrong-slug', to: '/en/clubs/3-tc-de-baseline', status: 301 },
  { from: '/clinic-25', to: '/evenementen', status: 301 },
  { from: '/nl/clinic-25', to: '/nl/evenementen', status: 301 },
  { from: '/en/clinic-25', to: '/en/events', status: 301 },
  { from: '/tennisschool-baseline-utrecht/', to: '/verenigingen/3-tc-de-baseline', status: 301 },
  { from: '/padel', to: 'https://www.houseofpadel.nl', status: 301 },
  { from: '/campagne', to: '/kampen?utm_source=flyer', status: 301 },
  { from: '/nieuws/12-*', to: '/nieuws/12-nieuw-seizoen', status: 301 },
];

/** An inline script (not JSON): its hash must appear in the page's CSP. */
export const inlineScript = "document.documentElement.classList.add('js')";

const page = (lang: string, title: string, extra = '') =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${title}</title>` +
  `<link rel="stylesheet" href="/assets/site.3f2a1b9c.css"></head><body><h1>${title}</h1>${extra}` +
  `<p>${'Tennisles voor jong en oud. '.repeat(60)}</p></body></html>\n`;

export const fixtureFiles: Record<string, string> = {
  'public/index.html': page(
    'nl',
    'Home',
    `<script>${inlineScript}</script><script type="application/json" data-island-props>{"a":1}</script>`,
  ),
  'public/nl.html': page('nl', 'Home (nl)'),
  'public/en.html': page('en', 'Home (en)'),
  'public/kampen.html': page('nl', 'Kampen'),
  'public/nl/kampen.html': page('nl', 'Kampen (nl)'),
  'public/en/camps.html': page('en', 'Camps'),
  'public/evenementen.html': page('nl', 'Evenementen'),
  'public/nieuws/12-nieuw-seizoen.html': page('nl', 'Nieuw seizoen'),
  'public/404.html': page('nl', 'Pagina niet gevonden'),
  'public/en/404.html': page('en', 'Page Not Found'),
  'public/500.html': page('nl', 'Er ging iets mis'),
  'public/staging-login.html': page('nl', 'Testomgeving'),
  'public/nl/staging-login.html': page('nl', 'Testomgeving (nl)'),
  'public/en/staging-login.html': page('en', 'Staging login'),
  'public/staging-login/opnieuw.html': page('nl', 'Testomgeving: toegangscode klopt niet'),
  'public/en/staging-login/retry.html': page('en', 'Staging login: wrong code'),
  'public/evenementen/inschrijvingen/[id].html': page('nl', 'Inschrijving'),
  'public/nl/evenementen/inschrijvingen/[id].html': page('nl', 'Inschrijving (nl)'),
  'public/en/events/registrations/[id].html': page('en', 'Registration'),
  'public/assets/site.3f2a1b9c.css': `body{font-family:sans-serif}\n${'.c{color:#23a46a;margin:0 auto}\n'.repeat(80)}`,
  'public/islands/form.9d8e7f6a.js': `export function hydrate(){${'console.log(1);'.repeat(100)}}\n`,
  'public/images/club-3.640.a1b2c3d4.webp': 'RIFF....WEBPVP8 fake but served as bytes',
  'public/robots.txt': 'User-agent: *\nAllow: /\n',
  'public/.secret': 'never served',
};

export interface FixtureDist {
  dir: string;
  remove(): Promise<void>;
}

/**
 * Writes the fixture into a new folder inside `parent` (default the system's temp folder);
 * `overrides` replace or add files (null removes one).
 */
export async function writeFixtureDist(
  overrides: Record<string, string | null> = {},
  parent = tmpdir(),
): Promise<FixtureDist> {
  const dir = await mkdtemp(join(parent, 'site-dist-'));
  const files: Record<string, string | null> = {
    ...fixtureFiles,
    'site.json': JSON.stringify(fixtureSite, null, 2),
    'redirects.json': JSON.stringify({ redirects: fixtureRedirects }, null, 2),
    ...overrides,
  };
  for (const [name, content] of Object.entries(files)) {
    if (content === null) continue;
    await mkdir(dirname(join(dir, name)), { recursive: true });
    await writeFile(join(dir, name), content);
  }
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
