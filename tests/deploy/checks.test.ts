import { describe, expect, test } from 'vitest';
import { firstSegmentNotIn, firebaseConfig, functionSegments } from '../../cli/build/firebase-config.ts';
import {
  headerProblems,
  hostingMatcher,
  manifestProblems,
  samplePath,
  secretProblems,
  type DeployDist,
} from '../../cli/deploy/checks.ts';
import { firebaseCliPath } from '../../cli/deploy/firebase-cli.ts';
import { parseDotenv } from '../../cli/deploy/secrets.ts';
import { routes } from '../../functions/index.ts';
import { hostingOrigins, requiredSecrets } from '../../functions/firebase/config.ts';
import { siteManifestSchema } from '../../shared/site-manifest.ts';
import { fixtureRedirects, fixtureSite } from '../serve/helpers/fixture-dist.ts';
import { eventFacts } from '../registrations/helpers/site.ts';

/** What `site deploy` checks before an upload, each on the data the build wrote. */
const matches = hostingMatcher(firebaseCliPath()); // the pinned Hosting emulator's own matcher
const site = siteManifestSchema.parse(fixtureSite);
const config = firebaseConfig({ site, redirects: fixtureRedirects, scriptHashes: [], runtime: 'nodejs22' });
const dist = (overrides: Partial<DeployDist> = {}): DeployDist => ({
  dir: '/dist',
  firebase: config,
  functionsDir: '/dist/functions',
  engines: '22',
  site,
  ...overrides,
});

describe('the Hosting emulator matches regex rules with RE2, as Hosting does', () => {
  // vendor/re2 puts Google's re2-wasm where superstatic looks for the native re2 (no C++ build at
  // install); without it superstatic falls back to JavaScript RegExp, which accepts what Hosting refuses.
  const regexRule = (regex: string) => ({ regex });
  test.each([
    ['^/en/(?P<rest>.*)$', '/en/camps', true], // RE2's named group; JavaScript RegExp throws on ?P<
    ['^/(kampen|nl/kampen)$', '/nl/kampen', true],
    ['^/(kampen|nl/kampen)$', '/kampen/x', false],
  ])('%s on %s', (regex, path, matched) => {
    expect(matches(path, regexRule(regex) as never)).toBe(matched);
  });
  test('a lookahead, which RE2 has not, is refused as Hosting refuses it', () => {
    expect(() => matches('/a', regexRule('^/(?!api)') as never)).toThrow(/invalid perl operator/);
  });
});

describe('Hosting header rules apply to files, never to a function path', () => {
  const [files] = config.hosting.headers;
  const functionPaths = [...new Set(routes.map((route) => samplePath(route.pattern)))];

  test.each(functionPaths)('%s: no rule', (path) => {
    expect(config.hosting.headers.filter((rule) => matches(path, rule))).toEqual([]);
  });

  test.each([
    '/',
    '/kampen',
    '/en',
    '/en/camps',
    '/nl/evenementen/inschrijvingen/x',
    '/assets/site.3f2a1b9c.css',
    '/apis',
    '/ap',
    '/mailing/x',
    '/en/api/x',
  ])('%s: the file rule', (path) => {
    expect(matches(path, files as never)).toBe(true);
  });

  test("the pattern is the complement of the routes' first segments", () => {
    expect(functionSegments()).toEqual(['api', 'mail']);
    const regex = new RegExp(firstSegmentNotIn(['a.b', 'ab']));
    expect(['/a.b', '/ab/x', '/ab'].map((path) => regex.test(path))).toEqual([false, false, false]);
    expect(['/a', '/axb', '/abc', '/a.bc', '/'].map((path) => regex.test(path))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
  });

  test('a rule that covers a function path is refused by name', () => {
    const problems = headerProblems(
      dist({ firebase: { hosting: { headers: [{ source: '**' }, { source: '/@(assets|images)/**' }] } } }),
      matches,
    );
    expect(problems.map((p) => [p.code, p.message])).toEqual([
      ['DEPLOY_HEADER_ON_FUNCTION', "firebase.json header rule ** matches /mail/send-new, a function's path."],
    ]);
    expect(headerProblems(dist(), matches)).toEqual([]);
  });
});

describe('the function as Firebase loads it', () => {
  const endpoint = (secrets: string[], region = 'europe-west1') => ({
    endpoints: {
      api: { region: [region], httpsTrigger: {}, secretEnvironmentVariables: secrets.map((key) => ({ key })) },
    },
  });
  const withEvents = dist({ site: { ...site, events: [eventFacts(1)] } });

  test('secrets follow the site: mail always, a database when it takes registrations', () => {
    expect(requiredSecrets(site)).toEqual(['SMTP_URL']);
    expect(requiredSecrets(withEvents.site)).toEqual(['SMTP_URL', 'DATABASE_URL']);
    expect(manifestProblems(withEvents, endpoint(['SMTP_URL', 'DATABASE_URL']))).toEqual([]);
  });

  test.each([
    [
      endpoint(['SMTP_URL']),
      'it does not ask for DATABASE_URL (the site takes event registrations, kept in PostgreSQL on Firebase)',
    ],
    [
      endpoint(['SMTP_URL', 'DATABASE_URL'], 'us-central1'),
      "its function runs in us-central1, firebase.json's rewrites call europe-west1",
    ],
    [{ endpoints: {} }, 'it has no HTTPS function "api", which firebase.json\'s rewrites call'],
  ])('%#: refused', (manifest, message) => {
    expect(manifestProblems(withEvents, manifest).map((p) => p.message)).toEqual([
      `/dist/functions does not load as Firebase loads it: ${message}`,
    ]);
  });
});

describe('secrets', () => {
  test('missing: how to set it, for the emulators and for a real project; not reachable: a warning', () => {
    const states = new Map([
      ['DATABASE_URL', { state: 'missing' }],
      ['SMTP_URL', { state: 'set' }],
    ] as const);
    const [emulator] = secretProblems(dist(), 'demo-x', states);
    expect(emulator?.message).toBe(
      'The function needs DATABASE_URL (the site takes event registrations, kept in PostgreSQL on Firebase), and it is not set in dist/functions/.secret.local or in the environment.',
    );
    expect(emulator?.hint).toContain('put DATABASE_URL=… in functions/.secret.local of the project');
    const [real] = secretProblems(dist(), 'baselinetennis', states);
    expect(real?.hint).toContain('npx firebase functions:secrets:set DATABASE_URL --project baselinetennis');
    const [unknown] = secretProblems(
      dist(),
      'baselinetennis',
      new Map([['SMTP_URL', { state: 'unknown', problem: 'not logged in' }]] as const),
    );
    expect([unknown?.code, unknown?.severity]).toEqual(['DEPLOY_SECRET_UNCHECKED', 'warning']);
  });

  test('.secret.local and .env files read as firebase-tools writes them', () => {
    expect([...parseDotenv('# comment\nA=1\nexport B="two words"\nC=\nD = \'x=y\'\n')]).toEqual([
      ['A', '1'],
      ['B', 'two words'],
      ['D', 'x=y'],
    ]);
  });
});

test("allowed origins on Firebase: the project's Hosting domains, none for a demo project", () => {
  expect(hostingOrigins('baselinetennis')).toEqual([
    'https://baselinetennis.web.app',
    'https://baselinetennis.firebaseapp.com',
  ]);
  expect(hostingOrigins('demo-site')).toEqual([]);
  expect(hostingOrigins(undefined)).toEqual([]);
});
