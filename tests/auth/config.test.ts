/** SITE_AUTH_EMULATOR: the build points the pages' Firebase at an emulator, and only when told. */
import { mkdtemp, rm, writeFile, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { applyBuildEnvironment } from '../../cli/config/environment.ts';
import { readBuildEnvironment } from '../../cli/config/build-environment.ts';
import { loadConfig, parseConfig } from '../../cli/config/load.ts';
import { SiteError } from '../../cli/errors/site-error.ts';
import { identityConfig } from '../../templates/lib/identity-props.ts';
import { realConfig, repoRoot } from '../unit/fixtures/model.ts';
import { siteFor } from './helpers/site.ts';

test.each([
  [{}, {}],
  [{ SITE_AUTH_EMULATOR: '127.0.0.1:9099' }, { SITE_AUTH_EMULATOR: '127.0.0.1:9099' }],
  [{ SITE_AUTH_EMULATOR: '  ' }, {}],
  [{ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }, {}],
])('readBuildEnvironment(%j) -> %j (the server’s own variable does not change the build)', (env, expected) => {
  expect(readBuildEnvironment(env)).toEqual(expected);
});

test('the emulator host reaches the config, and from there the identity islands’ props', () => {
  const config = applyBuildEnvironment(realConfig(), { SITE_AUTH_EMULATOR: 'localhost:9199' });
  expect(config.firebase).toEqual({
    apiKey: realConfig().firebase.apiKey,
    authDomain: 'baselinetennis.firebaseapp.com',
    projectId: 'baselinetennis',
    emulator: 'localhost:9199',
  });
  // Without it (production), the pages carry no emulator at all.
  expect(identityConfig(siteFor('nl'))).toEqual({
    apiKey: realConfig().firebase.apiKey,
    authDomain: 'baselinetennis.firebaseapp.com',
    projectId: 'baselinetennis',
  });
});

test.each(['http://127.0.0.1:9099', '127.0.0.1', 'evil.example:9099/path', ':9099'])(
  'a malformed SITE_AUTH_EMULATOR (%s) is a config error naming the variable',
  (value) => {
    let error: unknown;
    try {
      applyBuildEnvironment(realConfig(), { SITE_AUTH_EMULATOR: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SiteError);
    expect((error as SiteError).problems[0]).toMatchObject({ code: 'CONFIG_INVALID' });
    expect(JSON.stringify((error as SiteError).problems[0])).toContain('SITE_AUTH_EMULATOR');
  },
);

test('firebase.emulator may also be written in site.config.yaml, and is checked there', async () => {
  const text = await readFile(join(repoRoot, 'site.config.yaml'), 'utf8');
  const withEmulator = text.replace(
    '  projectId: baselinetennis\n',
    '  projectId: baselinetennis\n  emulator: 127.0.0.1:9099\n',
  );
  expect(parseConfig(withEmulator).firebase.emulator).toBe('127.0.0.1:9099');
  expect(() =>
    parseConfig(text.replace('  projectId: baselinetennis\n', '  projectId: baselinetennis\n  emulator: "http://x"\n')),
  ).toThrow(SiteError);
  // loadConfig applies the environment over the file.
  const dir = await mkdtemp(join(tmpdir(), 'site-config-'));
  try {
    await writeFile(join(dir, 'site.config.yaml'), withEmulator);
    expect((await loadConfig(dir, { SITE_AUTH_EMULATOR: '127.0.0.1:9199' })).firebase.emulator).toBe('127.0.0.1:9199');
    expect((await loadConfig(dir, {})).firebase.emulator).toBe('127.0.0.1:9099');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
