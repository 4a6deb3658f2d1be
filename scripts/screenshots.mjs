#!/usr/bin/env node
/**
 * Screenshots of every template in both languages, at phone (390 px) and desktop width, in light
 * and dark, for people to look at (issue 19): test-results/screenshots/<viewport>-<scheme>/<lang>-<route>.jpg.
 * The browser suite (tests/browser/templates.test.ts) checks the same pages for errors; this only
 * shows them, all four ways.
 *
 *   node scripts/screenshots.mjs [--dist dist] [--no-build] [--only nl/home,en/club] [--viewports phone,desktop] [--schemes light,dark]
 */
import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { tsImport } from 'tsx/esm/api';
import { serveSite } from './lighthouse/serve.mjs';

const { templateTargets } = await tsImport('../tests/helpers/template-targets.ts', import.meta.url);
const { launchBrowser, VIEWPORTS } = await tsImport('../tests/helpers/browser.ts', import.meta.url);

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const list = (name, fallback) => option(name, fallback).split(',').filter(Boolean);
const root = resolve(import.meta.dirname, '..');
const dist = resolve(root, option('--dist', 'dist'));
const out = join(root, 'test-results', 'screenshots');

if (!args.includes('--no-build'))
  await promisify(execFile)(process.execPath, [join(root, 'bin', 'site.mjs'), 'build', '--out', dist], { cwd: root });
const targets = [...(await templateTargets(root, dist)).values()].filter((target) => target.path);
const only = list('--only', '');
const chosen = only.length ? targets.filter((target) => only.includes(target.name)) : targets;
const server = await serveSite(root, dist);
const browser = await launchBrowser();
let count = 0;
try {
  for (const viewport of list('--viewports', 'phone,desktop')) {
    for (const scheme of list('--schemes', 'light,dark')) {
      const dir = join(out, `${viewport}-${scheme}`);
      await mkdir(dir, { recursive: true });
      const phone = viewport === 'phone' ? { isMobile: true, hasTouch: true } : {};
      const context = await browser.newContext({
        viewport: VIEWPORTS[viewport],
        baseURL: server.url,
        locale: 'nl-NL',
        colorScheme: scheme,
        reducedMotion: 'reduce',
        ...phone,
      });
      for (const target of chosen) {
        const page = await context.newPage();
        // A full page of a phone is long, and the machine is shared: the default 30 s is tight.
        page.setDefaultTimeout(120_000);
        await page.goto(target.path, { waitUntil: 'load' });
        await page.evaluate(() =>
          Promise.all(
            [...document.images].map((image) => ((image.loading = 'eager'), image.decode().catch(() => undefined))),
          ),
        );
        await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
        await page.screenshot({
          path: join(dir, `${target.name.replace('/', '-')}.jpg`),
          fullPage: true,
          type: 'jpeg',
          quality: 80,
        });
        await page.close();
        count += 1;
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
process.stdout.write(`${count} screenshots in ${out}\n`);
