/**
 * Signed-in state outside the login page, in a real browser against the Auth emulator: the
 * header's avatar and menu on every page (without Firebase), the way back after signing in, open
 * redirects refused, and a profile whose session is gone cleared.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { browserAvailable } from '../helpers/browser.ts';
import { offSiteReturnPaths, onSiteReturnPaths } from '../security/redirect-tricks.ts';
import {
  createUser,
  loginReady,
  openPage,
  sessionCookie,
  startAuthSite,
  uniqueEmail,
  watchConsole,
  type AuthSite,
} from './helpers/auth-site.ts';

const run = browserAvailable('identity navigation browser tests');
let site: AuthSite;
beforeAll(async () => {
  if (run) site = await startAuthSite();
}, 420_000);
afterAll(async () => {
  await site?.stop();
});

const wait = { timeout: 15_000 };
const fresh = (locale = 'nl-NL'): Promise<BrowserContext> => site.browser.newContext({ baseURL: site.url, locale });
const header = (page: Page) => page.locator('[data-header][data-state="enhanced"]');
/** What the header shows: the avatar menu, or the template's login link (never both). */
const account = (page: Page) =>
  page.evaluate(() => {
    const menu = document.querySelector('.site-header .account-menu') !== null;
    const link = document.querySelector<HTMLElement>('.site-header [data-account="signed-out"]');
    const linkShown = link !== null && getComputedStyle(link).display !== 'none';
    return menu && !linkShown ? 'signed-in' : !menu && linkShown ? 'signed-out' : `menu ${menu}, link ${linkShown}`;
  });

async function signIn(
  page: Page,
  email: string,
  password: string,
  labels = { email: 'E-mailadres', password: 'Wachtwoord', submit: 'Inloggen' },
) {
  await loginReady(page);
  await page.getByLabel(labels.email, { exact: true }).fill(email);
  await page.getByLabel(labels.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: labels.submit, exact: true }).click();
}

/** Requests to any host but the site and the Auth emulator, and script dialogs (a `javascript:` URL run). */
function watchElsewhere(page: Page): string[] {
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(site.url) && !request.url().includes(site.emulator.host))
      elsewhere.push(request.url());
  });
  page.on('dialog', (dialog) => {
    elsewhere.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return elsewhere;
}

/** A signed-in visitor in a fresh context: user made in the emulator, signed in on /login. */
async function signedIn(name: string, locale = 'nl-NL') {
  const email = uniqueEmail(name.split(' ')[0]!.toLowerCase());
  const uid = await createUser(site, email, 'serve-and-volley-1', name);
  const context = await fresh(locale);
  const { page, problems } = await openPage(context, locale === 'en-GB' ? '/en/login' : '/login');
  await signIn(
    page,
    email,
    'serve-and-volley-1',
    locale === 'en-GB' ? { email: 'Email address', password: 'Password', submit: 'Log in' } : undefined,
  );
  await expect.poll(async () => (await sessionCookie(context)) !== undefined, wait).toBe(true);
  return { context, page, problems, uid, email };
}

/**
 * Watches the scripts a page runs; the returned function stops watching (later pages, such as the
 * login page after signing out, do load Firebase) and says which ones were Firebase's SDK (the chunk
 * that names "@firebase/app").
 */
function watchScripts(page: Page): () => Promise<Array<{ url: string; firebase: boolean }>> {
  const scripts: Array<Promise<{ url: string; firebase: boolean }>> = [];
  const onResponse = (response: Response) => {
    if (response.url().endsWith('.js'))
      scripts.push(
        response.text().then((text) => ({ url: response.url(), firebase: text.includes('"@firebase/app"') })),
      );
  };
  page.on('response', onResponse);
  return () => {
    page.off('response', onResponse);
    return Promise.all(scripts);
  };
}

describe.runIf(run)('signed-in state in the navigation', () => {
  test('another page shows the avatar with initials and its menu, without loading Firebase; sign out from the menu', async () => {
    const { context, page, problems } = await signedIn('Eva van Dijk');
    const scriptsRun = watchScripts(page);
    await page.goto('/kampen');
    await header(page).waitFor({ state: 'attached' });
    await expect.poll(() => account(page), wait).toBe('signed-in');
    const menu = page.locator('.account-menu');
    expect(await menu.locator('summary .avatar').textContent()).toBe('EV');
    expect(await menu.locator('summary').getAttribute('aria-label')).toBeNull();
    await expect.poll(() => page.getByText('Account van Eva van Dijk').count()).toBe(1);
    await menu.locator('summary').click();
    expect(await menu.getByRole('link', { name: 'Mijn inschrijvingen' }).getAttribute('href')).toBe(
      '/evenementen/inschrijvingen',
    );
    // The page ran islands, but none of them Firebase.
    const ran = await scriptsRun();
    expect(ran.length).toBeGreaterThan(2);
    expect(ran.filter((script) => script.firebase)).toEqual([]);

    const posted: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/__session') && request.method() === 'POST')
        posted.push(request.postData() ?? '');
    });
    await menu.getByRole('button', { name: 'Uitloggen' }).click();
    await page.waitForURL(/\/login$/);
    await expect.poll(() => page.getByRole('status').textContent(), wait).toBe('Je bent uitgelogd.');
    expect(await sessionCookie(context)).toBeUndefined();
    // The menu cleared the cookie; the login page signed Firebase out before syncing anything back.
    expect(posted).toEqual(['{"token":""}']);
    // Firebase's own stored user is gone too: a reload stays signed out.
    await page.reload();
    await loginReady(page);
    await expect.poll(() => page.getByRole('heading', { name: 'Log in met je e-mailadres' }).count(), wait).toBe(1);
    await page.goto('/kampen');
    await header(page).waitFor({ state: 'attached' });
    expect(await account(page)).toBe('signed-out');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('English pages speak English in the menu', async () => {
    const { context, page } = await signedIn('Frank Ocean', 'en-GB');
    await page.goto('/en/camps');
    await expect.poll(() => account(page), wait).toBe('signed-in');
    await page.locator('.account-menu summary').click();
    expect(
      await page.locator('.account-menu').getByRole('link', { name: 'My registrations' }).getAttribute('href'),
    ).toBe('/en/events/registrations');
    expect(await page.locator('.account-menu').getByRole('button', { name: 'Log out' }).count()).toBe(1);
    expect(await page.getByText('Account of Frank Ocean').count()).toBe(1);
    await context.close();
  });

  test('after signing in the visitor is back on the page they came from', async () => {
    const email = uniqueEmail('gijs');
    await createUser(site, email, 'serve-and-volley-1', 'Gijs Gerrits');
    const context = await fresh();
    // The link is plain HTML (no script needed), carrying the page to come back to.
    const html = await (await fetch(`${site.url}/en/clubs/1-ltc-de-kei`)).text();
    expect(html).toMatch(
      /<a class="account-login" href="\/en\/login\?next=%2Fen%2Fclubs%2F1-ltc-de-kei" data-account="signed-out">/,
    );
    const { page, problems } = await openPage(context, '/en/clubs/1-ltc-de-kei');
    await header(page).waitFor({ state: 'attached' });
    await page.locator('.site-header a[data-account="signed-out"]').click();
    await page.waitForURL((url) => url.pathname === '/en/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/en/clubs/1-ltc-de-kei');
    await signIn(page, email, 'serve-and-volley-1', { email: 'Email address', password: 'Password', submit: 'Log in' });
    await page.waitForURL((url) => url.pathname === '/en/clubs/1-ltc-de-kei', wait);
    await expect.poll(() => account(page), wait).toBe('signed-in');
    expect(await page.locator('.account-menu summary .avatar').textContent()).toBe('GG');
    expect(problems).toEqual([]);
    await context.close();
  });

  // Issue 17, item 1: after signing in, the reported attack; then every trick of the table for a
  // visitor already signed in (the login page sends them on at once, without a click).
  test.each(['/.//evil.example/phish', 'https://evil.example/phish', '/\\evil.example/phish'])(
    'signing in with the return path %s stays on the site',
    async (next) => {
      const email = uniqueEmail('hanna');
      await createUser(site, email, 'serve-and-volley-1', 'Hanna Hendriks');
      const context = await fresh();
      const page = await context.newPage();
      const elsewhere = watchElsewhere(page);
      await page.goto(`/login?next=${encodeURIComponent(next)}`);
      await signIn(page, email, 'serve-and-volley-1');
      await expect.poll(() => page.getByRole('heading', { name: 'Ingelogd als Hanna Hendriks' }).count(), wait).toBe(1);
      // Still here, signed in, with no way onward to that address.
      expect(new URL(page.url()).origin).toBe(site.url);
      expect(new URL(page.url()).pathname).toBe('/login');
      expect(await page.getByRole('link', { name: 'Verder naar de pagina waar je was' }).count()).toBe(0);
      expect(elsewhere).toEqual([]);
      await context.close();
    },
  );

  test(`a signed-in visitor opening the login page with any of ${offSiteReturnPaths.length} path tricks stays on it; real paths are followed`, async () => {
    const { context, page: first } = await signedIn('Hidde Hoekstra');
    await first.close();
    // Four tabs of one signed-in visitor share the table.
    const tabs = await Promise.all([0, 1, 2, 3].map(() => context.newPage()));
    const elsewhere = tabs.map((tab) => watchElsewhere(tab));
    const problems = tabs.map((tab) => watchConsole(tab));
    await Promise.all(
      tabs.map(async (page, tab) => {
        for (const [trick, why] of offSiteReturnPaths.filter((_, index) => index % tabs.length === tab)) {
          await page.goto(`/login?next=${encodeURIComponent(trick)}`);
          await page.locator('.auth[data-identity="ready"]').waitFor(wait);
          await expect
            .poll(() => page.getByRole('heading', { name: 'Ingelogd als Hidde Hoekstra' }).count(), wait)
            .toBe(1);
          expect(new URL(page.url()).pathname, `${JSON.stringify(trick)}: ${why}`).toBe('/login');
          expect(await page.getByRole('link', { name: 'Verder naar de pagina waar je was' }).count(), why).toBe(0);
        }
        for (const [path, result] of onSiteReturnPaths.filter((_, index) => index % tabs.length === tab)) {
          await page.goto(`/login?next=${encodeURIComponent(path)}`);
          await page.waitForURL((url) => url.pathname !== '/login', wait);
          const reached = new URL(page.url());
          expect(`${reached.pathname}${reached.search}${reached.hash}`, path).toBe(result);
          expect(reached.origin).toBe(site.url);
        }
      }),
    );
    expect(elsewhere.flat()).toEqual([]);
    // The odd paths that stay on the site (/https://evil.example) are 404 pages: the only failed loads.
    expect(problems.flat().filter((problem) => !problem.includes('status of 404'))).toEqual([]);
    await context.close();
  }, 240_000);

  test('a stored profile without a session behind it is cleared', async () => {
    const context = await fresh();
    // A profile whose token should still be valid, but no cookie: the session ended elsewhere.
    await context.addInitScript(() => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem(
        'site-profile',
        JSON.stringify({
          uid: 'ghost',
          email: 'ghost@example.nl',
          name: 'Gerrit Geest',
          sessionExpires: Date.now() + 30 * 60_000,
        }),
      );
    });
    const { page, problems } = await openPage(context, '/nieuws');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('site-profile')), wait).toBeNull();
    await expect.poll(() => account(page), wait).toBe('signed-out');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a disabled account: the header clears it, the cookie goes, and the login page signs it out', async () => {
    const { context, page, uid } = await signedIn('Ilse Ingen');
    await site.admin.updateUser(uid, { disabled: true });
    await page.goto('/over-ons');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('site-profile')), wait).toBeNull();
    await expect.poll(() => account(page), wait).toBe('signed-out');
    expect(await sessionCookie(context)).toBeUndefined();

    // Firebase still holds the user; on the login page it asks the provider, which refuses a
    // disabled account, and the SDK signs it out: the sign-in form, and no cookie comes back.
    expect(
      await page.evaluate(() =>
        indexedDB.databases().then((all) => all.some((db) => db.name === 'firebaseLocalStorageDb')),
      ),
    ).toBe(true);
    await page.goto('/login');
    await loginReady(page);
    // The header cleared the profile, so Firebase waits for the visitor to reach for the form.
    await page.getByLabel('E-mailadres', { exact: true }).focus();
    await page.locator('.auth[data-identity="ready"]').waitFor({ state: 'attached', ...wait });
    expect(await page.getByRole('heading', { name: 'Log in met je e-mailadres' }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Ingelogd als Ilse Ingen' }).count()).toBe(0);
    expect(await sessionCookie(context)).toBeUndefined();
    expect(await page.evaluate(() => localStorage.getItem('site-profile'))).toBeNull();
    await context.close();
  });
});
