/**
 * Every form of the site with JavaScript off (issue 18), in Chromium at phone width, against the built site on
 * `site serve` with its real functions: SMTP to a loopback server, the embedded database, the
 * staging guard. A form is posted as a browser posts it; the visitor lands on the page that says
 * what happened (the spec's '{name} formulier verzonden.', in Dutch as one word, / 'Er is iets mis gegaan bij het
 * verzenden.'), in the form's language; after a failure the browser's back button brings the
 * form back with everything typed. The staging login: a wrong code says so on the page, the right
 * one opens the page that was asked for.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startServer, type RunningServer } from '../../cli/serve/server.ts';
import { browserAvailable, launchBrowser, VIEWPORTS } from '../helpers/browser.ts';
import { buildSiteOnce } from '../helpers/islands-site.ts';
import { startSmtp, toAddresses, waitForMails, type TestSmtp } from '../functions/helpers/smtp.ts';
import { embedded, type Database } from '../registrations/helpers/databases.ts';

const runs = browserAvailable('tests/browser/forms-without-js.test.ts');

type Locale = 'nl' | 'en';
interface FormCase {
  form: string;
  path: Record<Locale, string>;
  /** Prefix of the controls' ids. */
  id: string;
  /** Fields in order; `choose` picks the first real option of a select. */
  fields: Record<string, string>;
  name: Record<Locale, string>;
  /** A disclosure to open first (job applications are folded away). */
  open?: string;
  /** How this form is made to fail: the mail server refuses, or a value only the server checks. */
  failure: 'smtp' | Record<string, string>;
}

const signupPath = {
  nl: '/evenementen/1-open-dag-jeugdtennis/inschrijven',
  en: '/en/events/1-youth-tennis-open-day/register',
};
const forms: FormCase[] = [
  {
    form: 'contact',
    path: { nl: '/contact', en: '/en/contact' },
    id: 'contact',
    fields: {
      name: 'Sanne de Wit',
      email: 'sanne@example.nl',
      subject: 'choose',
      question: 'Wanneer beginnen de lessen? TOKEN',
    },
    name: { nl: 'Contact', en: 'Contact' },
    failure: 'smtp',
  },
  {
    form: 'question',
    path: { nl: '/verenigingen/1-ltc-de-kei', en: '/en/clubs/1-ltc-de-kei' },
    id: 'question',
    fields: { email: 'ruben@example.nl', question: 'Is er plek op maandag? TOKEN' },
    name: { nl: 'Vragen', en: 'Question' },
    failure: 'smtp',
  },
  {
    form: 'customer',
    path: { nl: '/lesregels', en: '/en/lesson-rules' },
    id: 'customer',
    fields: {
      subject: 'choose',
      subjectPerson: 'Tim de Wit',
      subjectClub: 'choose',
      email: 'ouder@example.nl',
      question: 'Tim mist de les van dinsdag. TOKEN',
    },
    name: { nl: 'Lesvragen', en: 'Customer question' },
    failure: 'smtp',
  },
  {
    form: 'basic',
    path: { nl: '/kampen', en: '/en/camps' },
    id: 'camp-signup',
    fields: { firstName: 'Fleur TOKEN', surname: 'Scholten', email: 'fleur@example.nl' },
    name: { nl: 'Aanmeld', en: 'Sign-up' },
    failure: 'smtp',
  },
  {
    form: 'job',
    path: { nl: '/vacatures', en: '/en/jobs' },
    id: 'job-2',
    open: '#job-2-firstName',
    fields: {
      firstName: 'Joost',
      surname: 'van Leeuwen',
      email: 'joost@example.nl',
      phone: '+31 6 12345678',
      motivation: 'Ik geef al tien jaar les. TOKEN',
    },
    name: { nl: 'Sollicitatie', en: 'Application' },
    failure: 'smtp',
  },
  // The year is checked against the event's range by the server only (a text field cannot hold a range).
  {
    form: 'signup',
    path: signupPath,
    id: 'event-signup',
    fields: {
      firstName: 'Lotte TOKEN',
      surname: 'Bakker',
      email: 'lotte+TOKEN@example.nl',
      'answers-birthYear': '2014',
      remarks: 'Komt met de fiets.',
    },
    name: { nl: 'Inschrijf', en: 'Registration' },
    failure: { 'answers-birthYear': '1890' },
  },
];

const words = {
  nl: {
    success: (name: string) => `${name}formulier verzonden.`,
    failure: 'Er is iets mis gegaan bij het verzenden.',
    wrongCode: 'Deze toegangscode klopt niet.',
  },
  en: {
    success: (name: string) => `${name} form submitted.`,
    failure: 'Something went wrong while sending.',
    wrongCode: 'This access code is not correct.',
  },
};

const control = (page: Page, form: FormCase, field: string) => page.locator(`#${form.id}-${field}`);
const submit = (page: Page, form: FormCase) =>
  control(page, form, Object.keys(form.fields)[0]!)
    .locator('xpath=ancestor::form')
    .locator('button[type="submit"]')
    .click();
const heading = (page: Page) => page.locator('main h1').textContent();

async function fill(
  page: Page,
  form: FormCase,
  token: string,
  values: Record<string, string> = form.fields,
): Promise<Record<string, string>> {
  const typed: Record<string, string> = {};
  for (const [field, value] of Object.entries(values)) {
    if (value === 'choose') await control(page, form, field).selectOption({ index: 1 });
    else await control(page, form, field).fill(value.replace('TOKEN', token));
    typed[field] = await control(page, form, field).inputValue();
  }
  return typed;
}

describe.skipIf(!runs)('forms with JavaScript off', () => {
  let browser: Browser;
  let smtp: TestSmtp;
  let database: Database;
  let site: RunningServer;
  let staging: RunningServer;
  let tmp: string;
  beforeAll(async () => {
    let dist: string;
    [dist, smtp, browser, database] = await Promise.all([buildSiteOnce(), startSmtp(), launchBrowser(), embedded()]);
    tmp = await mkdtemp(join(tmpdir(), 'site-no-js-'));
    const common = { dist, port: 0, host: '127.0.0.1', root: tmp, log: () => {} };
    [site, staging] = await Promise.all([
      // As `site serve` starts it: the embedded database opened at start, beside the pages (the
      // first sign-up post waited for it instead, and it starts at a low priority: on a busy CI
      // machine once longer than the post's 60 s).
      startServer({
        ...common,
        env: { SMTP_URL: smtp.url, SITE_RATE_LIMIT: '0', ...(await database.fresh()) },
        warmUp: true,
      }),
      startServer({
        ...common,
        env: { STAGING: '1', STAGING_PASSWORD: 'gravel-court-2026', SITE_OUTBOX: join(tmp, 'outbox') },
      }),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([site?.close(500), staging?.close(500)]);
    await smtp?.close();
    await database?.stop();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  // A phone with scripts blocked: the visitor the plain forms are for. A post waits up to a minute
  // for its answer page (Playwright's default is 30 s): a sign-up is stored by the embedded
  // database, whose process gives way to every other (niceness 10), and at load 20 one took longer.
  const open = async (baseURL: string, locale: Locale) => {
    const context = await browser.newContext({
      baseURL,
      javaScriptEnabled: false,
      viewport: VIEWPORTS.phone,
      isMobile: true,
      hasTouch: true,
      locale: locale === 'nl' ? 'nl-NL' : 'en-GB',
    });
    context.setDefaultTimeout(60_000);
    return context.newPage();
  };
  const cases = forms.flatMap((form) =>
    (['nl', 'en'] as const).map((locale) => ({ ...form, locale, label: `${form.form} (${locale})` })),
  );

  test.each(cases)(
    "$label: a failure keeps what was typed; then sent, with the spec's message",
    async (form) => {
      const { locale } = form;
      const say = words[locale];
      const token = `${form.form}-${locale}-${Date.now()}`;
      const page = await open(site.url, locale);
      try {
        // A sign-up needs the database: this case's time, not its post's (the database started with the server).
        if (form.form === 'signup') await site.ready;
        await page.goto(form.path[locale]);
        // No island woke: this is the page's HTML alone.
        expect(await page.locator('site-island[data-state="hydrated"]').count()).toBe(0);
        if (form.open) await page.locator(form.open).locator('xpath=ancestor::details/summary').click();

        // Empty, the browser itself holds the form back (no island to check it): nothing leaves the page.
        await submit(page, form);
        expect(new URL(page.url()).pathname).toBe(form.path[locale]);

        // The server refuses: the spec's failure message on the form's "not sent" page...
        const typed = await fill(page, form, token);
        if (form.failure === 'smtp') smtp.refuse = true;
        else Object.assign(typed, await fill(page, form, token, form.failure));
        await submit(page, form);
        await page.waitForURL((url) => url.pathname !== form.path[locale]);
        smtp.refuse = false;
        expect(await heading(page)).toBe(say.failure);
        expect(new URL(page.url()).pathname).toMatch(
          locale === 'en' ? /^\/en\/not-sent\/(unavailable|invalid)$/ : /^\/niet-verzonden\/(unavailable|invalid)$/,
        );
        // ...and the browser's back button brings the form back as it was typed.
        await page.goBack();
        expect(new URL(page.url()).pathname).toBe(form.path[locale]);
        if (form.open)
          await page
            .locator(form.open)
            .locator('xpath=ancestor::details/summary')
            .click()
            .catch(() => {});
        for (const [field, value] of Object.entries(typed))
          expect(await control(page, form, field).inputValue(), field).toBe(value);

        // Corrected and sent again: the "sent" page with the spec's message, in the form's language.
        if (form.failure !== 'smtp')
          await fill(
            page,
            form,
            token,
            Object.fromEntries(Object.keys(form.failure).map((field) => [field, form.fields[field]!])),
          );
        await submit(page, form);
        await page.waitForURL((url) => url.pathname !== form.path[locale]);
        expect(await heading(page)).toBe(say.success(form.name[locale]));
        expect(new URL(page.url()).pathname).toBe(
          locale === 'en' ? `/en/sent/${form.form}` : `/verzonden/${form.form}`,
        );
        expect(await page.locator('html').getAttribute('lang')).toBe(locale);
        if (form.form === 'signup') {
          // A guest's sign-up mails the request to confirm, with none of what was typed (issue 17).
          // Picked by address: on a busy machine the other language's mail can still be on its way.
          const mails = await waitForMails(smtp, 1, 5000, (mail) =>
            toAddresses(mail.mail).some((address) => address?.includes(token)),
          );
          expect(
            mails.map((mail) => [
              mail.mail.headers.get('x-site-registration-mail'),
              mail.mail.text?.includes(typed.firstName!),
            ]),
          ).toEqual([['confirm', false]]);
        } else {
          expect(await waitForMails(smtp, 1, 5000, (mail) => mail.mail.text?.includes(token) ?? false)).not.toEqual([]);
        }
      } finally {
        await page.context().close();
      }
    },
    180_000,
  );

  test.each([
    ['nl', '/kampen?week=2', '/staging-login', '/staging-login/opnieuw'],
    ['en', '/en/camps', '/en/staging-login', '/en/staging-login/retry'],
  ] as const)(
    'staging login (%s): a wrong code says so on the page, the right one opens the page asked for',
    async (locale, asked, login, retry) => {
      const page = await open(staging.url, locale);
      try {
        await page.goto(asked);
        expect(new URL(page.url()).pathname).toBe(login);
        const password = page.locator('input[name="password"]');
        await password.fill('not-the-code');
        await page.locator('form[data-form="staging-login"] button[type="submit"]').click();
        await page.waitForURL((url) => url.pathname === retry);
        expect(await page.locator('#field-password-error').textContent()).toBe(words[locale].wrongCode);
        expect(await password.getAttribute('aria-invalid')).toBe('true');
        // The field has the focus, ready for the next try (a password is never kept by the browser).
        expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('password');
        await password.fill('gravel-court-2026');
        await page.locator('form[data-form="staging-login"] button[type="submit"]').click();
        await page.waitForURL((url) => `${url.pathname}${url.search}` === asked);
        expect(await page.locator('main h1').count()).toBeGreaterThan(0);
        expect((await page.context().cookies()).map((cookie) => cookie.name)).toContain('staging-auth');
      } finally {
        await page.context().close();
      }
    },
  );
});
