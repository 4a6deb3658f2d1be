import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { buildSiteOnce } from './islands-site.ts';

/**
 * vitest globalSetup: on a clean clone (CI) the shared test site and the embedded database's
 * template are made once before any test file starts. Otherwise the first three files each
 * began a cold build at once (every image encoded, every social card drawn, the same work three
 * times over on 2 cores) and a suite's beforeAll waiting for the shared build outlasted its
 * 2-minute limit.
 * Later builds of the site and of project copies find the image and card caches warm.
 */
export default async function prebuild(): Promise<void> {
  if (!process.env.CI && process.env.SITE_PREBUILD !== '1') return;
  // vitest runs a global setup once per project (three here); the later runs would only find
  // everything made (~0.6 s each, before any test starts).
  if (process.env.SITE_PREBUILT === '1') return;
  process.env.SITE_PREBUILT = '1';
  const started = Date.now();
  const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
  // The embedded database's template too: its initdb, run by the first suite that needs it while
  // the machine was busiest, outlasted that suite's 2-minute beforeAll (CI of 2026-11-26 19:00).
  await Promise.all([
    buildSiteOnce().then(() =>
      console.info(`prebuilt the shared test site (.site/test-islands/dist) in ${seconds()} s`),
    ),
    // In a process of its own: PGlite's worker is found with import.meta.resolve, which vitest's
    // global setup does not have.
    promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        "await (await import('./tests/registrations/helpers/databases.ts')).embeddedTemplate()",
      ],
      { cwd: resolve(import.meta.dirname, '../..') },
    ).then(() => console.info(`prebuilt the embedded database's template in ${seconds()} s`)),
  ]);
}
