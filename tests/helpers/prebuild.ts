import { buildSiteOnce } from './islands-site.ts';

/**
 * vitest globalSetup: on a clean clone (CI) the shared test site is built once before any test
 * file starts. Otherwise the first three files each began a cold build at once (every image
 * encoded, every social card drawn, Pagefind run, the same work three times over on 2 cores) and
 * a suite's beforeAll waiting for the shared build outlasted its 2-minute limit.
 * Later builds of the site and of project copies find the images, cards and search caches warm.
 */
export default async function prebuild(): Promise<void> {
  if (!process.env.CI && process.env.SITE_PREBUILD !== '1') return;
  const started = Date.now();
  await buildSiteOnce();
  console.info(
    `prebuilt the shared test site (.site/test-islands/dist) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
