/**
 * Every mail form on its real page, in both languages, against the real POST /mail/send-new
 * (site serve) with SMTP to a loopback server (issue 4): a wrong form gets field messages in the
 * page's language and sends nothing; a send the server cannot deliver shows the server's message
 * and keeps everything typed; no network shows the form's own message; a good one sends the mail,
 * shows '{name}formulier verzonden.' / '{name} form submitted.' and clears the form.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable } from '../helpers/browser.ts';
import { contextOptions, openPage, startIslandsSite, type IslandsSite } from '../helpers/islands-site.ts';
import { waitForMails } from '../functions/helpers/smtp.ts';

const runs = browserAvailable('tests/browser/islands.forms.test.ts');

type Locale = 'nl' | 'en';
interface FormCase {
  form: string;
  island: string;
  path: Record<Locale, string>;
  /** Prefix of the controls' ids. */
  id: string;
  /** Fields in order; `choose` picks the first real option of a select. */
  fields: Record<string, string | 'choose'>;
  required: string[];
  name: Record<Locale, string>;
  /** A disclosure to open first (job applications are folded away). */
  open?: string;
}

const forms: FormCase[] = [
  {
    form: 'contact',
    island: 'contact-form',
    path: { nl: '/contact', en: '/en/contact' },
    id: 'contact',
    fields: {
      name: 'Sanne de Wit',
      email: 'sanne@example.nl',
      subject: 'choose',
      question: 'Wanneer beginnen de lessen? TOKEN',
    },
    required: ['email', 'subject', 'question'],
    name: { nl: 'Contact', en: 'Contact' },
  },
  {
    form: 'question',
    island: 'question-form',
    path: { nl: '/verenigingen/1-ltc-de-kei', en: '/en/clubs/1-ltc-de-kei' },
    id: 'question',
    fields: { email: 'ruben@example.nl', question: 'Is er plek op maandag? TOKEN' },
    required: ['email', 'question'],
    name: { nl: 'Vragen', en: 'Question' },
  },
  {
    form: 'customer',
    island: 'customer-form',
    path: { nl: '/lesregels', en: '/en/lesson-rules' },
    id: 'customer',
    fields: {
      subject: 'choose',
      subjectPerson: 'Tim de Wit',
      subjectClub: 'choose',
      email: 'ouder@example.nl',
      question: 'Tim mist de les van dinsdag. TOKEN',
    },
    required: ['subject', 'subjectPerson', 'subjectClub', 'email', 'question'],
    name: { nl: 'Lesvragen', en: 'Customer question' },
  },
  {
    form: 'basic',
    island: 'basic-form',
    path: { nl: '/kampen', en: '/en/camps' },
    id: 'camp-signup',
    fields: { firstName: 'Fleur TOKEN', surname: 'Scholten', email: 'fleur@example.nl' },
    required: ['firstName', 'surname', 'email'],
    name: { nl: 'Aanmeld', en: 'Sign-up' },
  },
  {
    form: 'job',
    island: 'job-form',
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
    required: ['firstName', 'surname', 'email', 'motivation'],
    name: { nl: 'Sollicitatie', en: 'Application' },
  },
];

const words = {
  nl: {
    required: 'Dit veld is verplicht.',
    email: 'Vul een geldig e-mailadres in.',
    success: (name: string) => `${name}formulier verzonden.`,
    failure: 'Er is iets mis gegaan bij het verzenden.',
    refused:
      'Er is iets mis gegaan bij het verzenden. Je bericht is niet verstuurd; probeer het over een paar minuten opnieuw.',
  },
  en: {
    required: 'This field is required.',
    email: 'Please enter a valid email address.',
    success: (name: string) => `${name} form submitted.`,
    failure: 'Something went wrong while sending.',
    refused: 'Something went wrong while sending. Your message was not sent; please try again in a few minutes.',
  },
};

const control = (page: Page, form: FormCase, field: string) => page.locator(`#${form.id}-${field}`);
const message = (page: Page, form: FormCase, field: string) => page.locator(`#${form.id}-${field}-error`);
const openToasts = (page: Page) => page.locator('.toaster .toast[data-state="open"] .toast-title').allTextContents();
const submit = (page: Page, form: FormCase) =>
  control(page, form, Object.keys(form.fields)[0]!)
    .locator('xpath=ancestor::form')
    .locator('button[type="submit"]')
    .click();

async function fill(page: Page, form: FormCase, token: string): Promise<Record<string, string>> {
  const typed: Record<string, string> = {};
  for (const [field, value] of Object.entries(form.fields)) {
    if (value === 'choose') {
      await control(page, form, field).selectOption({ index: 1 });
    } else {
      await control(page, form, field).fill(value.replace('TOKEN', token));
    }
    typed[field] = await control(page, form, field).inputValue();
  }
  return typed;
}

const cases = forms.flatMap((form) =>
  (['nl', 'en'] as const).map((locale) => ({ ...form, locale, label: `${form.form} (${locale})` })),
);

describe.skipIf(!runs)('form islands', () => {
  let site: IslandsSite;
  beforeAll(async () => {
    site = await startIslandsSite();
  });
  afterAll(() => site?.stop());

  test.each(cases)('$label: fill, fail and succeed', async (form) => {
    const { locale } = form;
    const say = words[locale];
    const token = `${form.form}-${locale}-${Date.now()}`;
    const context = await site.browser.newContext(
      contextOptions(site, { locale: locale === 'nl' ? 'nl-NL' : 'en-GB' }),
    );
    const { page, problems } = await openPage(context, form.path[locale]);
    if (form.open) await page.locator(form.open).locator('xpath=ancestor::details/summary').click();
    await control(page, form, Object.keys(form.fields)[0]!).scrollIntoViewIfNeeded();
    await page
      .locator(`site-island[data-island="${form.island}"][data-state="hydrated"]`)
      .first()
      .waitFor({ state: 'attached' });
    await page.locator('site-island[data-island="toaster"][data-state="hydrated"]').waitFor({ state: 'attached' });
    const before = site.smtp.received.length;

    // Empty: every required field says so, in the page's language; the first one has focus.
    await submit(page, form);
    for (const field of form.required)
      await expect.poll(() => message(page, form, field).textContent()).toBe(say.required);
    expect(await control(page, form, form.required[0]!).getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(`${form.id}-${form.required[0]}`);

    // A message goes as soon as its field is right; a bad address gets its own.
    const typed = await fill(page, form, token);
    await control(page, form, 'email').fill('niet-een-adres');
    await submit(page, form);
    await expect.poll(() => message(page, form, 'email').textContent()).toBe(say.email);
    for (const field of form.required.filter((name) => name !== 'email'))
      expect(await message(page, form, field).textContent()).toBe('');
    await control(page, form, 'email').fill(typed.email!);
    await expect.poll(() => message(page, form, 'email').textContent()).toBe('');
    expect(site.smtp.received.length).toBe(before);

    // The server cannot deliver: its message, and nothing typed is lost.
    site.smtp.refuse = true;
    await submit(page, form);
    await expect.poll(() => openToasts(page)).toContain(say.refused);
    for (const [field, value] of Object.entries(typed))
      expect(await control(page, form, field).inputValue()).toBe(value);

    // No network at all: the form's own message, everything still there.
    await context.setOffline(true);
    await submit(page, form);
    await expect.poll(() => openToasts(page)).toContain(say.failure);
    for (const [field, value] of Object.entries(typed))
      expect(await control(page, form, field).inputValue()).toBe(value);
    await context.setOffline(false);

    // Delivered: the office mail (no copy to an address nobody proved), the success toast, an empty form.
    site.smtp.refuse = false;
    await submit(page, form);
    await expect.poll(() => openToasts(page)).toContain(say.success(form.name[locale]));
    const mails = (await waitForMails(site.smtp, before + 1)).slice(before);
    expect(mails.filter((mail) => mail.mail.text?.includes(token)).map((mail) => mail.envelope.to)).toEqual([
      ['info@baselinetennis.nl'],
    ]);
    for (const field of Object.keys(form.fields)) expect(await control(page, form, field).inputValue()).toBe('');
    // Chromium logs the offline attempt, which this test made on purpose; nothing else may appear.
    expect(problems.filter((problem) => !problem.includes('net::ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    await context.close();
  });

  test('a form sent before its island woke up is held and sent once it has', async () => {
    const context = await site.browser.newContext(contextOptions(site));
    const page = await context.newPage();
    // Fill and press Enter while the island script is still on its way.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/islands/basic-form-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/kampen');
    const form = forms.find((item) => item.form === 'basic')!;
    const token = `early-${Date.now()}`;
    await fill(page, form, token);
    const before = site.smtp.received.length;
    let navigations = 0;
    page.on('framenavigated', (frame) => frame === page.mainFrame() && (navigations += 1));
    await control(page, form, 'email').press('Enter');
    await page.waitForTimeout(300);
    release();
    await expect.poll(() => openToasts(page), { timeout: 15_000 }).toContain('Aanmeldformulier verzonden.');
    // Sent by the island, not posted by the browser: the page never left.
    expect(navigations).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/kampen');
    expect(
      (await waitForMails(site.smtp, before + 1)).slice(before).filter((mail) => mail.mail.text?.includes(token)),
    ).toHaveLength(1);
    await context.close();
  });
});
