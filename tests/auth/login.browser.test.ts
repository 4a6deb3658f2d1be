/**
 * The login page in a real browser against a real Firebase Auth emulator: sign up, sign out, sign
 * in, the messages of the identity errors in both languages, the session cookie that follows.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { browserAvailable } from '../helpers/browser.ts';
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

const run = browserAvailable('identity browser tests');
let site: AuthSite;
beforeAll(async () => {
  if (run) site = await startAuthSite();
}, 420_000);
afterAll(async () => {
  await site?.stop();
});

/** Firebase answers in milliseconds, but the first call also loads the SDK on a busy machine. */
const wait = { timeout: 15_000 };

async function fresh(locale = 'nl-NL'): Promise<BrowserContext> {
  return site.browser.newContext({ baseURL: site.url, locale });
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel(/^(E-mailadres|Email address)$/, { exact: true }).fill(email);
  await page.getByLabel(/^(Wachtwoord|Password)$/, { exact: true }).fill(password);
  await page.getByRole('button', { name: /^(Inloggen|Log in)$/ }).click();
}

describe.runIf(run)('login page against the Auth emulator', () => {
  test('sign up, sign out, sign in: the __session cookie follows each step', async () => {
    const context = await fresh();
    const { page, problems } = await openPage(context, '/login');
    await loginReady(page);
    const email = uniqueEmail('anna');

    await page.getByRole('button', { name: 'Nog geen account? Maak er een aan.' }).click();
    await page.getByLabel('Je naam').fill('Anna de Vries');
    await page.getByLabel('E-mailadres', { exact: true }).fill(email);
    await page.getByLabel('Wachtwoord', { exact: true }).fill('baseline-2026');
    await page.getByRole('button', { name: 'Account aanmaken' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Ingelogd als Anna de Vries' }).count(), wait).toBe(1);

    // The account exists in the provider, with its name; the cookie holds a token for it.
    const user = await site.admin.getUserByEmail(email);
    expect(user.displayName).toBe('Anna de Vries');
    const cookie = await sessionCookie(context);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect((await site.admin.verifyIdToken(cookie!.value)).uid).toBe(user.uid);
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('site-profile'))) ?? 'null') as Record<
      string,
      unknown
    >;
    expect(stored).toMatchObject({ uid: user.uid, email, name: 'Anna de Vries' });
    expect(JSON.stringify(stored)).not.toContain(cookie!.value);

    await page.getByRole('button', { name: 'Uitloggen' }).click();
    await expect.poll(() => page.getByRole('status').textContent(), wait).toBe('Je bent uitgelogd.');
    expect(await sessionCookie(context)).toBeUndefined();
    expect(await page.evaluate(() => localStorage.getItem('site-profile'))).toBeNull();

    await signIn(page, email, 'baseline-2026');
    await expect.poll(() => page.getByRole('heading', { name: 'Ingelogd als Anna de Vries' }).count(), wait).toBe(1);
    expect((await site.admin.verifyIdToken((await sessionCookie(context))!.value)).uid).toBe(user.uid);

    // A reload keeps the visitor signed in (Firebase's stored user) and the cookie in step.
    await page.reload();
    await loginReady(page);
    await expect.poll(() => page.getByRole('heading', { name: 'Ingelogd als Anna de Vries' }).count(), wait).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  test.each([
    [
      'nl-NL',
      '/login',
      'wrong-password',
      "Dit wachtwoord klopt niet. Probeer het opnieuw, of kies 'Wachtwoord vergeten?'.",
    ],
    [
      'en-GB',
      '/en/login',
      'wrong-password',
      "That password is not correct. Try again, or choose 'Forgot your password?'.",
    ],
    [
      'nl-NL',
      '/login',
      'user-not-found',
      'Er is geen account met dit e-mailadres. Controleer het adres of maak een account aan.',
    ],
    [
      'en-GB',
      '/en/login',
      'user-not-found',
      'There is no account with this email address. Check the address or create an account.',
    ],
  ])('%s %s: %s gets its message in the page language', async (locale, path, kind, message) => {
    const email = uniqueEmail('bert');
    await createUser(site, email, 'correct-horse-1', 'Bert Bakker');
    const context = await fresh(locale);
    const { page, problems } = await openPage(context, path);
    await loginReady(page);
    await signIn(page, kind === 'wrong-password' ? email : uniqueEmail('nobody'), 'not-the-password');
    // Said at the field it is about, which gets focus, and nothing the visitor typed is lost.
    const field = kind === 'wrong-password' ? 'login-password' : 'login-email';
    await expect.poll(() => page.locator(`#${field}-error`).textContent(), wait).toBe(message);
    expect(await page.locator(`#${field}`).getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`#${field}`).evaluate((control) => control === document.activeElement)).toBe(true);
    expect(await page.locator('#login .form-alert').textContent()).toBe('');
    expect(await page.locator('#login-password').inputValue()).toBe('not-the-password');
    expect(await sessionCookie(context)).toBeUndefined();
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a visitor never signed in here gets Firebase only on reaching for the form, and costs the server nothing', async () => {
    const context = await fresh('en-GB');
    const page = await context.newPage();
    const functions: string[] = [];
    const firebase: Array<Promise<boolean>> = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) functions.push(request.url());
    });
    page.on('response', (response) => {
      if (response.url().endsWith('.js'))
        firebase.push(response.text().then((text) => text.includes('"@firebase/app"')));
    });
    await page.goto('/en/login');
    await loginReady(page);
    await page.waitForLoadState('load');
    expect((await Promise.all(firebase)).some(Boolean)).toBe(false);

    // Fields are checked in the page language before Firebase is asked.
    await page.getByLabel('Email address', { exact: true }).fill('not-an-address');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect
      .poll(() => page.locator('#login-email-error').textContent(), wait)
      .toBe('Please enter a valid email address.');
    expect(await page.locator('#login-password-error').textContent()).toBe('This field is required.');
    await page.locator('.auth[data-identity="ready"]').waitFor({ state: 'attached', ...wait });
    expect((await Promise.all(firebase)).some(Boolean)).toBe(true);
    // No session to clear: no profile was ever stored here.
    expect(functions).toEqual([]);
    await context.close();
  });

  test('offline: the network message in the form’s alert, and the form kept', async () => {
    const context = await fresh();
    const { page, problems } = await openPage(context, '/login');
    await loginReady(page);
    await page.getByLabel('E-mailadres', { exact: true }).fill('iemand@example.nl');
    await page.locator('.auth[data-identity="ready"]').waitFor({ state: 'attached', ...wait });
    await context.setOffline(true);
    await page.getByLabel('Wachtwoord', { exact: true }).fill('whatever-1');
    await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
    // Firebase caps its timeout at 5 s when the browser says it is offline (spec §9).
    await expect
      .poll(() => page.getByRole('alert').textContent(), { timeout: 20_000 })
      .toBe('Er is geen verbinding. Controleer je internetverbinding en probeer het opnieuw.');
    expect(await page.getByLabel('E-mailadres', { exact: true }).inputValue()).toBe('iemand@example.nl');
    expect(problems.filter((problem) => !problem.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    await context.close();
  });

  test('the password checklist follows a policy stricter than the default, live and in the page language', async () => {
    const context = await fresh();
    const page = await context.newPage();
    const problems = watchConsole(page);
    // The Auth emulator has no password policy (GET /v2/passwordPolicy answers 501, "not
    // implemented"), so it can neither serve nor enforce one. The provider's answer is served here
    // in its own shape at its own URL; Firebase's SDK fetches it and applies it (validatePassword),
    // as it does in production.
    await page.route('**/identitytoolkit.googleapis.com/v2/passwordPolicy*', (route) =>
      route.fulfill({ json: strictPolicy }),
    );
    await page.goto('/login');
    await loginReady(page);
    await page.getByRole('button', { name: 'Nog geen account? Maak er een aan.' }).click();
    const rules = page.locator('#signup-password-rules li');
    const state = async () =>
      (
        await rules.evaluateAll((items) => items.map((item) => `${item.textContent} ${item.getAttribute('data-met')}`))
      ).join(' | ');
    await expect
      .poll(state, wait)
      .toBe(
        'minstens 10 tekens (nog niet in orde) false | hoogstens 32 tekens (in orde) true | een kleine letter (nog niet in orde) false | een hoofdletter (nog niet in orde) false | een cijfer (nog niet in orde) false | een leesteken of symbool (zoals ! of #) (nog niet in orde) false',
      );
    const email = uniqueEmail('dirk');
    await page.getByLabel('Je naam').fill('Dirk Dekker');
    await page.getByLabel('E-mailadres', { exact: true }).fill(email);
    await page.getByLabel('Wachtwoord', { exact: true }).fill('tennisbaan1');
    await expect
      .poll(state, wait)
      .toBe(
        'minstens 10 tekens (in orde) true | hoogstens 32 tekens (in orde) true | een kleine letter (in orde) true | een hoofdletter (nog niet in orde) false | een cijfer (in orde) true | een leesteken of symbool (zoals ! of #) (nog niet in orde) false',
      );
    // Not sent while a requirement is unmet: the emulator would have taken it (it only knows 6 characters).
    await page.getByRole('button', { name: 'Account aanmaken' }).click();
    await expect
      .poll(() => page.locator('#signup-password-error').textContent(), wait)
      .toBe('Dit wachtwoord voldoet niet aan alle eisen hieronder.');
    await expect(site.admin.getUserByEmail(email)).rejects.toMatchObject({ code: 'auth/user-not-found' });

    await page.getByLabel('Wachtwoord', { exact: true }).fill('Tennisbaan1!');
    await expect.poll(async () => (await state()).includes('false'), wait).toBe(false);
    await page.getByRole('button', { name: 'Account aanmaken' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Ingelogd als Dirk Dekker' }).count(), wait).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('English checklist under the default policy (what the emulator gives: 6 characters)', async () => {
    const context = await fresh('en-GB');
    const { page } = await openPage(context, '/en/login');
    await loginReady(page);
    await page.getByRole('button', { name: 'No account yet? Create one.' }).click();
    await page.getByLabel('Password', { exact: true }).fill('abc');
    const item = page.locator('#signup-password-rules li');
    await expect
      .poll(() => item.evaluateAll((items) => items.map((i) => `${i.textContent} ${i.getAttribute('data-met')}`)), wait)
      .toEqual(['at least 6 characters (not done yet) false']);
    await context.close();
  });

  test('reset by email: the link from the emulator sets a new password; a used link is refused', async () => {
    const email = uniqueEmail('carla');
    await createUser(site, email, 'old-password-1', 'Carla Claes');
    const context = await fresh();
    const { page, problems } = await openPage(context, '/login');
    await loginReady(page);
    await page.getByRole('button', { name: 'Wachtwoord vergeten?' }).click();
    await page.getByLabel('E-mailadres', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Stuur de link' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent(), wait)
      .toBe(`We hebben een e-mail met een link om je wachtwoord opnieuw in te stellen gestuurd naar ${email}.`);

    // The mail's link, as the emulator keeps it; the login page is the action handler (docs/login.md).
    const { oobCodes } = (await (
      await fetch(`http://${site.emulator.host}/emulator/v1/projects/${site.emulator.projectId}/oobCodes`)
    ).json()) as { oobCodes: Array<{ email: string; requestType: string; oobCode: string }> };
    const code = oobCodes.find((entry) => entry.email === email && entry.requestType === 'PASSWORD_RESET')!.oobCode;
    await page.goto(`/login?mode=resetPassword&oobCode=${encodeURIComponent(code)}`);
    await loginReady(page);
    await expect.poll(() => page.getByText(`Voor het account ${email}.`).count(), wait).toBe(1);
    await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill('new-password-2');
    await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent(), wait)
      .toBe('Je wachtwoord is gewijzigd. Log in met je nieuwe wachtwoord.');
    await signIn(page, email, 'new-password-2');
    await expect.poll(() => page.getByRole('heading', { name: 'Ingelogd als Carla Claes' }).count(), wait).toBe(1);
    expect(problems).toEqual([]);

    const again = await (await fresh()).newPage();
    await again.goto(`/login?mode=resetPassword&oobCode=${encodeURIComponent(code)}`);
    await expect
      .poll(() => again.getByRole('status').textContent(), wait)
      .toBe('Deze link is ongeldig of al gebruikt. Vraag een nieuwe aan.');
    await again.context().close();
    await context.close();
  });
});

/** A password policy as Identity Platform's GET /v2/passwordPolicy answers it. */
const strictPolicy = {
  customStrengthOptions: {
    minPasswordLength: 10,
    maxPasswordLength: 32,
    containsLowercaseCharacter: true,
    containsUppercaseCharacter: true,
    containsNumericCharacter: true,
    containsNonAlphanumericCharacter: true,
  },
  allowedNonAlphanumericCharacters: ['!', '#', '$', '%', '&', '*', '?', '@'],
  enforcementState: 'ENFORCE',
  forceUpgradeOnSignin: false,
  schemaVersion: 1,
};
