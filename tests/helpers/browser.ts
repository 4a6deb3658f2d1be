import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's chromium: the only browser here (playwright never downloads one). */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Flags that keep headless chromium offline and quiet (../shared/DESIGN.md, "browser"). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1366, height: 900 },
} as const;

/**
 * Whether a suite's program is here. Without it a local run skips the suite with a loud warning,
 * but CI must not go green on a suite that never ran, so there it throws.
 */
export function toolAvailable(suite: string, path: string, install: string): boolean {
  if (existsSync(path)) return true;
  const message = `${suite}: no ${path} (${install})`;
  if (process.env.CI === 'true' || process.env.CI === '1') throw new Error(`${message}; it is required in CI`);
  const bar = '!'.repeat(message.length + 4);
  console.warn(`\n${bar}\n!!! ${message}\n!!! SKIPPING the suite: nothing it tests was checked.\n${bar}\n`);
  return false;
}

/** Whether browser suites can run: Debian's chromium (or CHROME_PATH) is required in CI. */
export const browserAvailable = (suite: string): boolean =>
  toolAvailable(suite, CHROMIUM_PATH, 'apt-get install chromium, or set CHROME_PATH');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}
