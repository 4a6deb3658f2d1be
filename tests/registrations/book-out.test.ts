/**
 * Issue 17, item 4, over HTTP on both databases: one anonymous client signing up 25 made-up
 * people with made-up addresses (the review's attack took all 20 places of an event in two
 * minutes) takes no place at all, even with no rate limit; their requests to confirm, refused by
 * the mail server, are given up at once; a real visitor who confirms from the mail gets a place.
 * A sign-up not confirmed in time lapses, with no timer anywhere: its link then says so, and the
 * person can sign up again. One address gets at most five unconfirmed sign-ups' mails.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSmtp, type TestSmtp } from '../functions/helpers/smtp.ts';
import { databaseKinds, startDatabase, withTables, type Database } from './helpers/databases.ts';
import { eventFacts, mailLink, signUp, startRegistrationsServer, type RegistrationsServer } from './helpers/site.ts';

const MADE_UP = '@made-up.invalid';

describe.each(databaseKinds('tests/registrations/book-out.test.ts'))(
  'one client booking out an event on the %s database',
  (kind) => {
    let database: Database;
    let smtp: TestSmtp;
    let site: RegistrationsServer;
    let env: Record<string, string>;
    const events = [eventFacts(4, { capacity: 20 }), eventFacts(5, { capacity: 3 })];

    beforeAll(async () => {
      [database, smtp] = await Promise.all([
        startDatabase(kind),
        startSmtp(0, { refuseRecipient: (address) => address.endsWith(MADE_UP) }),
      ]);
      env = { ...(await database.fresh()), SMTP_URL: smtp.url };
      site = await startRegistrationsServer(events, env);
    });
    afterAll(async () => {
      await site?.stop();
      await smtp?.close();
      await database?.stop();
    });

    /** A guest's sign-up confirmed from the mail that reached the SMTP server. */
    async function signUpAndConfirm(body: Record<string, unknown>) {
      expect((await site.call('POST', '/api/registrations', { body })).status).toBe(202);
      const request = smtp.received
        .filter(
          (m) =>
            m.envelope.to.includes(String(body.email)) && m.mail.headers.get('x-site-registration-mail') === 'confirm',
        )
        .at(-1)!;
      const link = mailLink(request.mail);
      return {
        ...link,
        answer: await site.call('POST', `/api/registrations/${link.id}/confirm`, { token: link.token }),
      };
    }

    /** Moves time on for what is stored: plain SQL (the embedded folder only while the server is stopped). */
    async function inTheTables(sql: string) {
      if (kind === 'embedded') await site.close();
      await withTables(env, (client) => client.query(sql));
      if (kind === 'embedded') site = await startRegistrationsServer(events, env, site.dist);
    }

    test('25 made-up people from one client take no place; a real visitor who confirms does', async () => {
      const answers = await Promise.all(
        Array.from({ length: 25 }, (_, n) =>
          site.call('POST', '/api/registrations', {
            body: signUp(4, n, { firstName: `Nep${n}`, email: `nep${n}${MADE_UP}` }),
          }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(25).fill(202));
      expect((await site.call('GET', '/api/registrations/places?event=4')).body.events[4]).toEqual({
        capacity: 20,
        confirmed: 0,
        waitlisted: 0,
        placesLeft: 20,
      });
      // The mail server refused every made-up address: given up at once (kept for the office), never tried again.
      expect(smtp.received).toEqual([]);
      expect(
        site.logs.filter((line) => / \(confirm for \S+\) not sent: .*550.*; given up, kept in mail_outbox$/.test(line)),
      ).toHaveLength(25);

      const real = await signUpAndConfirm(signUp(4, 100, { email: 'echt@example.nl' }));
      expect(real.answer).toMatchObject({ status: 200, body: { registration: { status: 'confirmed' } } });
      expect((await site.call('GET', '/api/registrations/places?event=4')).body.events[4]).toMatchObject({
        confirmed: 1,
        placesLeft: 19,
      });
    });

    test('not confirmed in time: lapsed without any timer, its link says so, and the person can sign up again', async () => {
      const holder = await signUpAndConfirm(signUp(5, 1, { email: 'eerste@example.nl' }));
      expect(holder.answer.body.registration.status).toBe('confirmed');
      expect(
        (await site.call('POST', '/api/registrations', { body: signUp(5, 2, { email: 'laat@example.nl' }) })).status,
      ).toBe(202);
      const late = mailLink(smtp.received.find((m) => m.envelope.to.includes('laat@example.nl'))!.mail);
      // A day and a minute later, for what is stored.
      await inTheTables(`UPDATE registrations SET expires_at = now() - interval '1 minute' WHERE id = '${late.id}'`);

      const read = await site.call('GET', `/api/registrations/${late.id}`, { token: late.token });
      expect(read.body).toMatchObject({
        registration: { status: 'expired', cancellable: false, expiresAt: null },
        confirmable: false,
      });
      expect(
        await site.call('POST', `/api/registrations/${late.id}/confirm`, { token: late.token, language: 'en' }),
      ).toEqual({
        status: 409,
        body: {
          statusMessage:
            'This registration was not confirmed in time and has lapsed. Please register again if you would still like to come.',
        },
      });
      expect((await site.call('GET', '/api/registrations/places?event=5')).body.events[5]).toMatchObject({
        confirmed: 1,
        waitlisted: 0,
      });
      // The same person again: a new sign-up (the lapsed one holds nothing, not even their name), confirmed in turn.
      const again = await signUpAndConfirm(signUp(5, 2, { email: 'laat@example.nl' }));
      expect(again.id).not.toBe(late.id);
      expect(again.answer.body.registration.status).toBe('confirmed');
      expect(
        (await site.call('GET', `/api/registrations/${late.id}`, { token: late.token })).body.registration.status,
      ).toBe('expired');
    });

    test('one address gets the mails of at most five unconfirmed sign-ups; a stranger cannot fill a mailbox by varying the name', async () => {
      const sent = () => smtp.received.filter((m) => m.envelope.to.includes('doelwit@example.nl')).length;
      const answers = [];
      for (let n = 1; n <= 7; n += 1)
        answers.push(
          await site.call('POST', '/api/registrations', {
            body: signUp(4, 200 + n, { email: 'doelwit@example.nl', participant: `Naam ${n}` }),
          }),
        );
      expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202, 202, 202, 409, 409]);
      expect(answers[5]!.body).toEqual({
        statusMessage:
          'Met dit e-mailadres wachten al 5 inschrijvingen op bevestiging. Bevestig die eerst met de links in je mail (of wacht tot ze verlopen), en schrijf je dan opnieuw in.',
        field: 'email',
      });
      expect(sent()).toBe(5);
    });
  },
);
