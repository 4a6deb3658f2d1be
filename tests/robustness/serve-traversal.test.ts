import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rawGet } from '../serve/helpers/raw-http.ts';
import { startFixtureServer, type TestServer } from '../serve/helpers/server.ts';

/**
 * Path traversal against `site serve`, sent over a raw socket so the path reaches the server
 * exactly as a scanner writes it. The layout is a project: secrets in its root, the build output
 * in a folder inside it, `public/` inside that.
 */
const rootSecret = 'ROOT-SECRET-7f3a';
const distSecret = 'DIST-SECRET-91c2';

let project: string;
let server: TestServer;
let systemFile: string;
beforeAll(async () => {
  project = await mkdtemp(join(tmpdir(), 'site-project-'));
  await writeFile(join(project, 'secret.txt'), rootSecret);
  await writeFile(join(project, '.env'), `SMTP_URL=smtp://${rootSecret}@mail`);
  server = await startFixtureServer({ parent: project, root: project, files: { 'secret.txt': distSecret } });
  systemFile = await readFile('/etc/hostname', 'utf8').catch(() => '');
});
afterAll(async () => {
  await server.stop();
  await rm(project, { recursive: true, force: true });
});

// From public/: `..` is the build folder (secret.txt, site.json), `../..` the project root.
const up = (levels: number, step: string) => step.repeat(levels);

describe.each([
  // [how, the request target, what the server answers]
  ['plain ../ (the URL parser resolves it at the root)', '/../secret.txt', 404],
  ['plain ../../', '/../../secret.txt', 404],
  ['../ below a folder', '/assets/../../secret.txt', 404],
  ['a deep climb to /etc', `${up(12, '/..')}/etc/hostname`, 404],
  ['%2e%2e segments (read as .. by the URL parser)', '/%2e%2e/%2e%2e/secret.txt', 404],
  ['.%2e and %2e. mixed', '/assets/.%2e/%2e./secret.txt', 404],
  ['encoded slashes %2f', '/%2e%2e%2fsecret.txt', 400],
  ['encoded slashes below a folder', '/assets/..%2f..%2fsecret.txt', 400],
  ['upper-case %2E%2E%2F', '/%2E%2E%2F%2E%2E%2Fsecret.txt', 400],
  ['site.json next to public/', '/..%2fsite.json', 400],
  ['double-encoded %252e%252e%252f (decoded once: a file name)', '/%252e%252e%252fsecret.txt', 404],
  ['double-encoded slashes only', '/..%252f..%252fsecret.txt', 404],
  ['encoded backslash ..%5c', '/..%5csecret.txt', 400],
  ['encoded backslashes below a folder', '/assets/..%5c..%5c..%5csecret.txt', 400],
  ['raw backslashes', '/..\\..\\secret.txt', 404],
  ['encoded NUL', '/secret.txt%00.html', 400],
  ['encoded NUL after ..', '/..%00/secret.txt', 400],
  ['overlong UTF-8 dot %c0%ae', '/%c0%ae%c0%ae/secret.txt', 400],
  ['overlong UTF-8 slash %c0%af', '/..%c0%af..%c0%afsecret.txt', 400],
  ['three-byte overlong dot %e0%80%ae', '/%e0%80%ae%e0%80%ae/secret.txt', 400],
  ['a lone continuation byte', '/%80../secret.txt', 400],
  ['a truncated escape', '/%2e%2/secret.txt', 400],
  ['IIS-style %u002e', '/%u002e%u002e/secret.txt', 400],
  ['fullwidth dots (not dots)', '/%ef%bc%8e%ef%bc%8e/secret.txt', 404],
  ['Tomcat-style ..;', '/..;/secret.txt', 404],
  ['a scheme-relative //', '//etc/hostname', 400],
  ['an absolute path as the path', '/etc/hostname', 404],
  ['a hidden file, encoded dot', '/%2eenv', 404],
  ['a hidden file above public/', '/..%2f..%2f.env', 400],
  ['traversal through a function path', '/api/registrations/..%2f..%2f..%2fsecret.txt', 400],
  ['traversal through a shell route', '/evenementen/inschrijvingen/..%2f..%2f..%2fsecret.txt', 400],
  ['traversal in the query only', '/kampen?file=../../secret.txt', 200],
] as const)('%s', (_how, target, status) => {
  test(`${target} → ${status}, no file from outside public/`, async () => {
    for (const method of ['GET', 'HEAD']) {
      const answer = await rawGet(server.url, target, method);
      expect(answer.status, `${method} ${target}`).toBe(status);
      expect(answer.body).not.toContain(rootSecret);
      expect(answer.body).not.toContain(distSecret);
      expect(answer.body).not.toContain('"canonicalQuery"'); // site.json
      if (systemFile.trim()) expect(answer.body).not.toContain(systemFile.trim());
    }
  });
});

describe('bytes the HTTP parser refuses before the server sees them', () => {
  test.each([
    ['a raw NUL byte', '/secret.txt\0.html'],
    ['a raw space inside the path', '/../ secret.txt'],
    ['a raw DEL and control characters', '/\x7f\x01../secret.txt'],
  ])('%s → 400', async (_how, target) => {
    const answer = await rawGet(server.url, target);
    expect(answer.status).toBe(400);
    expect(answer.body).not.toContain(distSecret);
  });
});

test('the files themselves are where the test thinks (so a 404 above means refused, not missing)', async () => {
  expect(await readFile(join(server.dist.dir, 'secret.txt'), 'utf8')).toBe(distSecret);
  expect(server.dist.dir.startsWith(project)).toBe(true);
  const page = await rawGet(server.url, '/kampen');
  expect(page.status).toBe(200);
});
