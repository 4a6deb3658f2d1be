/**
 * A guest's whole way through a registration, in Chromium against the built site behind
 * `site serve` with the embedded database and a loopback SMTP server (issues 7 and 17): sign up
 * (field messages and a lost connection keep what was typed), be told to confirm from the mail,
 * which holds no place yet; open the link from the mail in another browser, confirm there, see
 * the place taken, cancel it, and see the place come back. The same in English at phone width.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startServer, type RunningServer } from '../../cli/serve/server.ts';
import type { EventFacts } from '../../shared/event-facts.ts';
import { eventStateAt } from '../../shared/event-clock.ts';
import { browserAvailable, launchBrowser, VIEWPORTS } from '../helpers/browser.ts';
import { buildSiteOnce, openPage } from '../helpers/islands-site.ts';
import { startSmtp, waitForMails, type TestSmtp } from '../functions/helpers/smtp.ts';
import { embedded, type Database } from './helpers/databases.ts';

const runs = browserAvailable('tests/registrations/browser.test.ts');
/** Waits for the page, generously: on a busy machine an island and its request take seconds. */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 30_000 });

describe.skipIf(!runs)('registering as a guest in the browser', () => {
  let server: RunningServer;
  let smtp: TestSmtp;
  let database: Database;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let event: EventFacts;
  let english: EventFacts;
  const contexts: BrowserContext[] = [];

  const context = async (locale = 'nl-NL', viewport: { width: number; height: number } = VIEWPORTS.desktop) => {
    const made = await browser.newContext({ baseURL: server.url, locale, viewport });
    contexts.push(made);
    return made;
  };
  const places = (page: Page) =>
    page.locator('.places-left[data-places-left]').first().getAttribute('data-places-left');
  // A field's id is its name with anything but letters, digits, - and _ made a dash (FormField).
  const fieldId = (name: string) => `event-signup-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  const field = (page: Page, name: string) => page.locator(`[id="${fieldId(name)}"]`);
  const fieldError = (page: Page, name: string) => page.locator(`[id="${fieldId(name)}-error"]`);

  beforeAll(async () => {
    const [dist, mail, db, chromium] = await Promise.all([buildSiteOnce(), startSmtp(), embedded(), launchBrowser()]);
    smtp = mail;
    database = db;
    browser = chromium;
    const site = JSON.parse(await readFile(join(dist, 'site.json'), 'utf8')) as { events: EventFacts[] };
    // The open day (event 1): open for sign-up until March 2027, 24 places, one question.
    event = site.events.find((candidate) => candidate.id === 1)!;
    english = site.events.find((candidate) => candidate.id !== 1 && eventStateAt(candidate) === 'open')!;
    server = await startServer({
      dist,
      port: 0,
      host: '127.0.0.1',
      env: { SMTP_URL: smtp.url, SITE_RATE_LIMIT: '0', ...(await database.fresh()) },
      root: dist,
      log: () => {},
      warmUp: true,
    });
  });
  afterAll(async () => {
    for (const made of contexts) await made.close().catch(() => {});
    await browser?.close();
    await server?.close(500);
    await smtp?.close();
    await database?.stop();
  });

  test('sign up, confirm from the mail link elsewhere, cancel, and the place comes back', async () => {
    const guest = await context();
    const { page: list, problems: listProblems } = await openPage(guest, '/evenementen');
    // A card's figure wakes when the card nears the screen; the live figure replaces the built one.
    const card = list.locator('article.card', { hasText: event.title.nl });
    expect(await card.locator('.places-left').textContent()).toBe(`${event.capacity} plekken`);
    await card.scrollIntoViewIfNeeded();
    await poll(() => card.locator('.places-left').getAttribute('data-places-left')).toBe(String(event.capacity));
    expect(await card.locator('.places-left').textContent()).toBe(`${event.capacity} plekken over`);

    const { page, problems } = await openPage(guest, event.page.nl, { waitFor: ['signup-call', 'places-left'] });
    await poll(() => places(page)).toBe(String(event.capacity));
    await page.locator('a[data-event-signup]').click();
    await page.waitForURL(/\/inschrijven$/);
    await page.locator('site-island[data-island="event-signup"][data-state="hydrated"]').waitFor({ state: 'attached' });

    // Empty: every required field says so in Dutch, and nothing is sent.
    await page.getByRole('button', { name: 'Inschrijven' }).click();
    for (const name of ['firstName', 'surname', 'email', 'answers.birthYear'])
      await poll(() => fieldError(page, name).textContent()).toBe('Dit veld is verplicht.');
    await field(page, 'firstName').fill('Sanne');
    await field(page, 'surname').fill('de Wit');
    await field(page, 'email').fill('sanne@example.nl');
    await field(page, 'participant').fill('Daan de Wit');
    await field(page, 'answers.birthYear').fill('2010');
    await field(page, 'remarks').fill('Daan is linkshandig.');
    await page.getByRole('button', { name: 'Inschrijven' }).click();
    await poll(() => fieldError(page, 'answers.birthYear').textContent()).toBe('De waarde moet minimaal 2014 zijn.');
    await field(page, 'answers.birthYear').fill('2016');
    await poll(() => fieldError(page, 'answers.birthYear').textContent()).toBe('');
    const typed = {
      firstName: 'Sanne',
      surname: 'de Wit',
      email: 'sanne@example.nl',
      participant: 'Daan de Wit',
      'answers.birthYear': '2016',
      remarks: 'Daan is linkshandig.',
    };

    // The connection drops: the form's own message, and everything typed stays.
    await guest.setOffline(true);
    await page.getByRole('button', { name: 'Inschrijven' }).click();
    await poll(() => page.locator('[data-form-problem]').textContent()).toBe(
      'Het inschrijven is niet gelukt. Wat je hebt ingevuld staat er nog; probeer het opnieuw.',
    );
    for (const [name, value] of Object.entries(typed)) expect(await field(page, name).inputValue()).toBe(value);
    await guest.setOffline(false);
    expect(smtp.received).toHaveLength(0);

    // Signed up: the form gives way to what happens next, and no place is taken yet.
    await page.getByRole('button', { name: 'Inschrijven' }).click();
    const panel = page.locator('[data-check-mail]');
    await poll(() => panel.textContent()).toContain(
      'We hebben een mail gestuurd naar sanne@example.nl. Open de link in die mail en bevestig je inschrijving binnen 24 uur.',
    );
    expect(await panel.textContent()).toContain('tot dan houden we geen plek voor je vast');
    await poll(() => page.evaluate(() => document.activeElement?.hasAttribute('data-check-mail'))).toBe(true);
    const { page: stillFree } = await openPage(guest, event.page.nl, { waitFor: ['places-left'] });
    await poll(() => places(stillFree)).toBe(String(event.capacity));

    // The same person again: told the same, and no second mail (a stranger learns nothing, a mailbox is not flooded).
    const { page: again } = await openPage(guest, `${event.page.nl}/inschrijven`, { waitFor: ['event-signup'] });
    for (const [name, value] of Object.entries(typed)) await field(again, name).fill(value);
    await again.getByRole('button', { name: 'Inschrijven' }).click();
    await poll(() => again.locator('[data-check-mail]').textContent()).toContain(
      'We hebben een mail gestuurd naar sanne@example.nl.',
    );

    // The request to confirm, read back from the SMTP server: Dutch, the link, nothing that was typed.
    const [request] = await waitForMails(smtp, 1);
    expect(smtp.received).toHaveLength(1);
    expect(request!.mail.subject).toBe(`Bevestig je inschrijving: ${event.title.nl}`);
    expect(request!.mail.text).not.toMatch(/Daan|Sanne|linkshandig/);
    const link = /https?:\/\/\S+#token=[A-Za-z0-9_-]+/.exec(request!.mail.text ?? '')![0];
    const fromMail = new URL(link);

    // Opened in another browser (no session, nothing remembered): the link opens it, and one press confirms it.
    const elsewhere = await context();
    const { page: opened, problems: openedProblems } = await openPage(
      elsewhere,
      `${fromMail.pathname}${fromMail.hash}`,
      { waitFor: ['registration-detail'] },
    );
    await poll(() => opened.locator('[data-registration-status]').textContent()).toBe('Nog niet bevestigd');
    expect(await opened.locator('[data-registration-pending]').textContent()).toMatch(
      /^Bevestig je inschrijving vóór \w+ \d+ \w+ \d{4} om \d\d:\d\d\. Tot je bevestigt, houden we geen plek voor je vast/,
    );
    expect(await opened.locator('.registration').textContent()).toContain('Daan de Wit');
    await opened.getByRole('button', { name: 'Bevestig mijn inschrijving' }).click();
    await poll(() => opened.locator('[data-registration-status]').textContent()).toBe('Bevestigd');
    expect(await opened.locator('.registration .notice').first().textContent()).toBe(
      'Bevestigd: je hebt een plek. We hebben je een mail gestuurd met alle gegevens.',
    );
    expect(await opened.getByRole('button', { name: 'Bevestig mijn inschrijving' }).count()).toBe(0);
    expect(await opened.locator('.registration').textContent()).toContain('Daan is linkshandig.');
    const confirmedMails = await waitForMails(smtp, 2);
    expect(confirmedMails[1]!.mail.subject).toBe(`Inschrijving bevestigd: ${event.title.nl}`);
    // Without the token the same page shows nothing of it.
    const { page: bare } = await openPage(await context(), fromMail.pathname, { waitFor: ['registration-detail'] });
    await poll(() => bare.locator('[data-registration-state="missing"]').textContent()).toContain(
      'Deze inschrijving is niet gevonden',
    );

    // One place fewer on the event page.
    const { page: detail } = await openPage(elsewhere, event.page.nl, { waitFor: ['places-left'] });
    await poll(() => places(detail)).toBe(String(event.capacity - 1));

    // Cancel, asked once more first.
    await opened.getByRole('button', { name: 'Inschrijving annuleren' }).click();
    await opened.getByRole('button', { name: 'Ja, annuleer' }).click();
    await poll(() => opened.locator('[data-registration-status]').textContent()).toBe('Geannuleerd');
    expect(await opened.locator('.registration .notice').first().textContent()).toBe(
      'Je inschrijving is geannuleerd. Je krijgt een bevestiging per mail.',
    );
    expect(await opened.getByRole('button', { name: 'Inschrijving annuleren' }).count()).toBe(0);
    const mails = await waitForMails(smtp, 3);
    expect(mails[2]!.mail.subject).toBe(`Inschrijving geannuleerd: ${event.title.nl}`);

    // The place is back.
    const { page: after } = await openPage(elsewhere, event.page.nl, { waitFor: ['places-left'] });
    await poll(() => places(after)).toBe(String(event.capacity));

    // "My registrations" for a guest: how to find one, and the one opened on this device.
    const { page: mine, problems: mineProblems } = await openPage(elsewhere, '/evenementen/inschrijvingen', {
      waitFor: ['my-registrations'],
    });
    await poll(() => mine.locator('[data-registrations-state="guest"]').count()).toBe(1);
    expect(await mine.getByRole('heading', { name: 'Eerder geopend op dit apparaat' }).count()).toBe(1);
    await mine.getByLabel('Link uit je mail').fill('https://example.com/niet-een-inschrijving');
    await mine.getByRole('button', { name: 'Open inschrijving' }).click();
    await poll(() => mine.locator('#registration-link-error').textContent()).toBe(
      'Dit is geen link naar een inschrijving. Kopieer de hele link uit de mail.',
    );
    await mine.getByLabel('Link uit je mail').fill(link);
    await mine.getByRole('button', { name: 'Open inschrijving' }).click();
    await mine.waitForURL(/#token=/);
    await poll(() => mine.locator('[data-registration-status]').textContent()).toBe('Geannuleerd');

    const offline = (problem: string) => problem.includes('ERR_INTERNET_DISCONNECTED');
    expect([
      ...listProblems,
      ...problems.filter((problem) => !offline(problem)),
      ...openedProblems,
      ...mineProblems,
    ]).toEqual([]);
  });

  test('in English at phone width: check your mail, then confirm from its link', async () => {
    const phone = await context('en-GB', VIEWPORTS.phone);
    const { page, problems } = await openPage(phone, `${english.page.en}/register`, { waitFor: ['event-signup'] });
    await field(page, 'firstName').fill('Emma');
    await field(page, 'surname').fill('Brown');
    await field(page, 'email').fill('emma@example.com');
    for (const question of english.questions.en) {
      if (question.type === 'select') await field(page, `answers.${question.id}`).selectOption(question.options![0]!);
      else if (question.required)
        await field(page, `answers.${question.id}`).fill(
          question.type === 'number' ? String(question.min ?? 1) : 'yes',
        );
    }
    await page.getByRole('button', { name: 'Register' }).click();
    const panel = page.locator('[data-check-mail]');
    await poll(() => panel.textContent()).toContain(
      'We have sent an email to emma@example.com. Open the link in it and confirm your registration within 24 hours.',
    );
    expect(await panel.locator('h2').textContent()).toBe('Almost done: confirm your registration');
    // Fits the phone: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);

    await poll(() => smtp.received.filter((m) => m.envelope.to.includes('emma@example.com')).length).toBe(1);
    const request = smtp.received.find((m) => m.envelope.to.includes('emma@example.com'))!;
    expect(request.mail.subject).toBe(`Confirm your registration: ${english.title.en}`);
    const link = new URL(/https?:\/\/\S+#token=[A-Za-z0-9_-]+/.exec(request.mail.text ?? '')![0]);
    expect(link.pathname).toMatch(/^\/en\/events\/registrations\//);
    const { page: opened, problems: openedProblems } = await openPage(phone, `${link.pathname}${link.hash}`, {
      waitFor: ['registration-detail'],
    });
    await poll(() => opened.locator('[data-registration-status]').textContent()).toBe('Not confirmed yet');
    expect(await opened.locator('[data-registration-pending]').textContent()).toMatch(
      /^Please confirm your registration before \w+, \d+ \w+ \d{4} at \d\d:\d\d\./,
    );
    await opened.getByRole('button', { name: 'Confirm my registration' }).click();
    await poll(() => opened.locator('[data-registration-status]').textContent()).toBe('Confirmed');
    expect(await opened.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.phone.width,
    );
    expect([...problems, ...openedProblems]).toEqual([]);
  });

  test('the sign-up button follows the visitor clock: after the deadline it says so', async () => {
    const late = await context('en-GB');
    // Two days after the deadline, on the visitor's clock; the page was built long before.
    const deadline = new Date(`${event.deadline}:00+01:00`).getTime();
    await late.addInitScript(
      `{ const now = ${deadline + 2 * 86_400_000}; const RealDate = Date; globalThis.Date = class extends RealDate { constructor(...a) { super(...(a.length ? a : [now])); } static now() { return now; } }; }`,
    );
    const { page } = await openPage(late, event.page.en, { waitFor: ['signup-call'] });
    await poll(() => page.locator('[data-signup-state]').textContent()).toBe('Registration for this event has closed.');
    expect(await page.locator('a[data-event-signup]').count()).toBe(0);
  });
});
