/**
 * Issue 11, failing services, as a visitor meets them: in Chromium, on the built site behind one
 * `site serve`, the SMTP server and then the PostgreSQL server go away. The contact form and the
 * event sign-up form each show the server's 503 message, keep everything typed, and go through
 * when the same visitor presses the button again after the service is back on the same port.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startServer, type RunningServer } from '../../cli/serve/server.ts';
import type { EventFacts } from '../../shared/event-facts.ts';
import { browserAvailable, launchBrowser } from '../helpers/browser.ts';
import { buildSiteOnce, openPage } from '../helpers/islands-site.ts';
import { startSmtp, waitForMails, type TestSmtp } from '../functions/helpers/smtp.ts';
import { postgresAvailable, startPostgres, type TestPostgres } from '../registrations/helpers/postgres.ts';

const runs =
  browserAvailable('tests/robustness/services-browser.test.ts') &&
  postgresAvailable('tests/robustness/services-browser.test.ts');
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 30_000 });

/** What each field holds now, by control id. */
const values = (page: Page, ids: string[]) => Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).inputValue()));

describe.skipIf(!runs)('a visitor meets a service that is down, then back', () => {
  let server: RunningServer;
  let smtp: TestSmtp;
  let postgres: TestPostgres;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let context: BrowserContext;
  let tmp: string;
  let event: EventFacts;

  beforeAll(async () => {
    let dist: string;
    [dist, smtp, postgres, browser] = await Promise.all([
      buildSiteOnce(),
      startSmtp(),
      startPostgres(),
      launchBrowser(),
    ]);
    tmp = await mkdtemp(join(tmpdir(), 'site-services-'));
    const site = JSON.parse(await readFile(join(dist, 'site.json'), 'utf8')) as { events: EventFacts[] };
    // The open day (event 1): open for sign-up until March 2027, one question (year of birth).
    event = site.events.find((candidate) => candidate.id === 1)!;
    const env = {
      SMTP_URL: smtp.url,
      SITE_RATE_LIMIT: '0',
      SITE_OUTBOX: join(tmp, 'outbox'),
      DATABASE_URL: await postgres.createDatabase(`services_browser_${process.pid}`),
    };
    server = await startServer({ dist, port: 0, host: '127.0.0.1', env, root: tmp, log: () => {} });
    context = await browser.newContext({ baseURL: server.url, locale: 'nl-NL' });
  });
  afterAll(async () => {
    await context?.close().catch(() => {});
    await browser?.close();
    await server?.close(500);
    await smtp?.close();
    await postgres?.stop();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  test('contact form: SMTP down shows the message and keeps the form; sent once SMTP is back', async () => {
    const { page, problems } = await openPage(context, '/contact');
    // The form's island wakes when it comes into view.
    await page.locator('#contact-name').scrollIntoViewIfNeeded();
    for (const name of ['contact-form', 'toaster'])
      await page
        .locator(`site-island[data-island="${name}"][data-state="hydrated"]`)
        .first()
        .waitFor({ state: 'attached' });
    const ids = ['contact-name', 'contact-email', 'contact-subject', 'contact-question'];
    await page.locator('#contact-name').fill('Sanne de Wit');
    await page.locator('#contact-email').fill('sanne@example.nl');
    await page.locator('#contact-subject').selectOption({ index: 1 });
    await page.locator('#contact-question').fill('Wanneer beginnen de lessen na de zomer?');
    const typed = await values(page, ids);
    const port = smtp.port;
    await smtp.close();

    const send = page.locator('form:has(#contact-name) button[type="submit"]');
    await send.click();
    const toasts = () => page.locator('.toaster .toast[data-state="open"] .toast-title').allTextContents();
    await poll(toasts).toContain(
      'Er is iets mis gegaan bij het verzenden. Je bericht is niet verstuurd; probeer het over een paar minuten opnieuw.',
    );
    expect(await values(page, ids)).toEqual(typed);

    smtp = await startSmtp(port);
    await send.click();
    await poll(toasts).toContain('Contactformulier verzonden.');
    const mails = await waitForMails(smtp, 1);
    expect(mails.map((mail) => mail.envelope.to)).toEqual([['info@baselinetennis.nl']]);
    expect(mails[0]?.mail.text).toContain('Wanneer beginnen de lessen na de zomer?');
    expect(await page.locator('#contact-question').inputValue()).toBe('');
    expect(problems).toEqual([]);
  });

  test('event sign-up: the database down shows the message by the button and keeps the form; signed up (check your mail) once it is back', async () => {
    const { page, problems } = await openPage(context, `${event.page.nl}/inschrijven`, { waitFor: ['event-signup'] });
    const typed: Record<string, string> = {
      firstName: 'Sanne',
      surname: 'de Wit',
      email: 'sanne@example.nl',
      participant: 'Daan de Wit',
      'answers.birthYear': '2016',
      remarks: 'Daan is linkshandig.',
    };
    const id = (name: string) => `event-signup-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
    for (const [name, value] of Object.entries(typed)) await page.locator(`[id="${id(name)}"]`).fill(value);
    await postgres.halt();

    const button = page.getByRole('button', { name: 'Inschrijven' });
    await button.click();
    await poll(() => page.locator('[data-form-problem]').textContent()).toBe(
      'Inschrijvingen zijn nu niet bereikbaar; probeer het over een paar minuten opnieuw.',
    );
    expect(await values(page, Object.keys(typed).map(id))).toEqual(Object.values(typed));

    await postgres.resume();
    await button.click();
    // Signed up: the guest is told to confirm from the mail, which arrives.
    await poll(() => page.locator('[data-check-mail]').textContent()).toContain(
      'We hebben een mail gestuurd naar sanne@example.nl.',
    );
    await poll(() => smtp.received.map((received) => received.mail.subject)).toContain(
      `Bevestig je inschrijving: ${event.title.nl}`,
    );
    expect(problems).toEqual([]);
  });
});
