/** site.config.yaml kept as the last build validated it (cli/config/kept-config.ts), and only while its bytes are the same. */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { readConfig } from '../../cli/build/incremental/opening.ts';
import { keptConfigFile } from '../../cli/config/kept-config.ts';
import { loadConfig } from '../../cli/config/load.ts';
import { isSiteError } from '../../cli/errors/site-error.ts';
import { realConfig, repoRoot } from './fixtures/model.ts';

let root: string;
let text: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'kept-config-'));
  text = await readFile(join(repoRoot, 'site.config.yaml'), 'utf8');
  await writeFile(join(root, 'site.config.yaml'), text);
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await rm(root, { recursive: true, force: true });
});

const keptEntry = async () =>
  JSON.parse(await readFile(keptConfigFile(root), 'utf8')) as { key: string; config: object };
/** The kept config replaced by another under the same key: what a build that takes the kept copy returns. */
const markKept = async () => {
  const entry = await keptEntry();
  await writeFile(keptConfigFile(root), JSON.stringify({ ...entry, config: { ...entry.config, name: 'kept' } }));
};
const problemsOf = async () => {
  try {
    await loadConfig(root);
  } catch (error) {
    if (isSiteError(error)) return error.problems;
  }
  throw new Error('the config loaded');
};

test('a valid config is kept, and taken from there while its bytes are the same', async () => {
  expect(await readConfig(root)).toEqual({ config: realConfig(), problems: [] });
  expect((await keptEntry()).config).toEqual(realConfig());
  await markKept();
  expect((await readConfig(root)).config?.name).toBe('kept');
});

test('other bytes are read and checked again: a problem is said as without a kept copy, and not kept', async () => {
  await readConfig(root);
  const before = await keptEntry();
  await writeFile(join(root, 'site.config.yaml'), text.replace(/^name: .*$/m, "name: ''"));
  const problems = await problemsOf();
  expect(problems[0]).toMatchObject({ code: 'CONFIG_INVALID' });
  expect(await readConfig(root)).toEqual({ config: undefined, problems });
  expect(await keptEntry()).toEqual(before);
  // The file as it was: the kept copy again.
  await writeFile(join(root, 'site.config.yaml'), text);
  await markKept();
  expect((await readConfig(root)).config?.name).toBe('kept');
});

test('another value of a variable that overrides the config is another config', async () => {
  await readConfig(root);
  await markKept();
  vi.stubEnv('SITE_AUTH_EMULATOR', '127.0.0.1:9099');
  const { config } = await readConfig(root);
  expect(config?.name).toBe(realConfig().name);
  expect(config?.firebase.emulator).toBe('127.0.0.1:9099');
  vi.stubEnv('SITE_AUTH_EMULATOR', 'not a host');
  expect((await readConfig(root)).problems[0]).toMatchObject({ code: 'CONFIG_INVALID' });
});

test('a damaged kept copy is read past; a missing config is CONFIG_NOT_FOUND', async () => {
  await readConfig(root);
  await writeFile(keptConfigFile(root), '{"key":');
  expect(await readConfig(root)).toEqual({ config: realConfig(), problems: [] });
  await rm(join(root, 'site.config.yaml'));
  expect((await readConfig(root)).problems[0]).toMatchObject({ code: 'CONFIG_NOT_FOUND' });
});
