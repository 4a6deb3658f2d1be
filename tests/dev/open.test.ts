/**
 * `site dev --open`: the URL it serves opens in the desktop's browser through the platform's
 * opener (xdg-open here, which starts $BROWSER when no desktop is running), and a machine with
 * no opener at all (a server, a container) is told so while dev goes on serving.
 */
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { toolAvailable } from '../helpers/browser.ts';
import { startDev, type DevProcess } from './helpers/dev-process.ts';
import { copyProject, type ProjectCopy } from './helpers/project.ts';

let project: ProjectCopy;
let scratch: string;
const running: DevProcess[] = [];
beforeAll(async () => {
  [project, scratch] = await Promise.all([copyProject(), mkdtemp(join(tmpdir(), 'site-open-'))]);
});
afterAll(async () => {
  await Promise.all(running.map((dev) => dev.stop()));
  await Promise.all([project?.dispose(), rm(scratch, { recursive: true, force: true })]);
});

async function dev(env: Record<string, string>): Promise<DevProcess> {
  const started = await startDev(project.root, env, ['--open']);
  running.push(started);
  return started;
}

// No desktop session, whatever the machine running the tests has: xdg-open then uses $BROWSER.
const noDesktop = {
  DISPLAY: '',
  WAYLAND_DISPLAY: '',
  XDG_CURRENT_DESKTOP: '',
  DESKTOP_SESSION: '',
  KDE_FULL_SESSION: '',
  GNOME_DESKTOP_SESSION_ID: '',
};

describe.skipIf(!toolAvailable('tests/dev/open.test.ts', '/usr/bin/xdg-open', 'apt-get install xdg-utils'))(
  'site dev --open with an opener',
  () => {
    test('opens the address it serves, once', async () => {
      const opened = join(scratch, 'opened');
      const browser = join(scratch, 'browser');
      await writeFile(browser, `#!/bin/sh\nprintf '%s\\n' "$@" >> '${opened}'\n`);
      await chmod(browser, 0o755);
      const server = await dev({ ...noDesktop, BROWSER: browser });
      await expect.poll(() => readFile(opened, 'utf8').catch(() => ''), { timeout: 15_000 }).toBe(`${server.url}\n`);
      expect(server.output()).not.toContain('could not open a browser');
    });
  },
);

test('with no opener on the PATH it says how to open the site and goes on serving', async () => {
  const server = await dev({ ...noDesktop, PATH: scratch });
  await server.waitForOutput(/could not open a browser \(xdg-open\); open http:\/\/\S+ yourself/);
  expect(server.output()).toContain(`open ${server.url} yourself`);
  const page = await fetch(server.url);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<html');
  expect(server.alive()).toBe(true);
});
