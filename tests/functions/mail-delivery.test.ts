import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startFixtureServer, type TestServer } from '../serve/helpers/server.ts';
import { forms } from './helpers/forms.ts';
import { postJson } from './helpers/post.ts';
import { replyTo, startSmtp, waitForMails, type TestSmtp } from './helpers/smtp.ts';

let smtp: TestSmtp;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtp();
  server = await startFixtureServer({
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Baseline Tennis <website@baselinetennis.nl>' },
  });
});
afterAll(async () => {
  await server.stop();
  await smtp.close();
});
beforeEach(() => {
  smtp.received.length = 0;
});

/** A guest's form: one mail, to the office; no copy to an address nobody proved (issue 17, item 2). */
async function send(body: unknown) {
  const response = await postJson(server.url, '/mail/send-new', body);
  expect(response.status, await response.clone().text()).toBe(200);
  expect(await response.json()).toEqual({ ok: true, copySent: false });
  const mails = await waitForMails(smtp, 1);
  expect(mails.map((m) => m.envelope.to)).toEqual([['info@baselinetennis.nl']]);
  return { office: mails[0]!.mail, officeEnvelope: mails[0]!.envelope };
}

describe('each form kind reaches the office', () => {
  test('contact (nl)', async () => {
    const { office, officeEnvelope } = await send(forms.contact);
    expect(officeEnvelope.to).toEqual(['info@baselinetennis.nl']);
    expect(office.from?.value[0]).toEqual({ name: 'Baseline Tennis', address: 'website@baselinetennis.nl' });
    expect(office.subject).toBe('[Website] Contact: Lesrooster');
    expect(replyTo(office)).toEqual(['anna@example.nl']);
    expect(office.replyTo?.value[0]?.name).toBe('Anna de Vries');
    expect(office.text).toContain('Naam: Anna de Vries');
    expect(office.text).toContain('Vraag:\n  Wanneer beginnen de lessen na de zomer?\n  Ik heb twee kinderen.');
    expect(office.html).toContain(
      '<th style="padding:4px 12px 4px 0;vertical-align:top;text-align:left">Onderwerp</th>',
    );
    expect(office.html).toContain('Lesrooster');
    expect(office.headers.get('x-site-form')).toBe('contact');
  });

  test("question (en): the office mail is Dutch whatever the form's language", async () => {
    const { office } = await send(forms.question);
    expect(office.subject).toBe('[Website] Vraag: TC De Baseline');
    expect(office.text).toContain('Vereniging: TC De Baseline');
    expect(office.text).toContain('taal van de afzender: Engels');
    expect(replyTo(office)).toEqual(['john@example.com']);
  });

  test('customer (nl)', async () => {
    const { office } = await send(forms.customer);
    expect(office.subject).toBe('[Website] Klantvraag: Trainer');
    expect(office.text).toContain('Persoon: Mark Jansen');
    expect(office.text).toContain('Vereniging: LTC Rijnoever');
    expect(office.html).toContain('Kan ik een proefles met Mark plannen?');
    expect(replyTo(office)).toEqual(['piet@example.nl']);
  });

  test('basic (en)', async () => {
    const { office } = await send(forms.basic);
    expect(office.subject).toBe('[Website] Aanmelding: Sara Bakker');
    expect(office.text).toContain('Voornaam: Sara');
    expect(office.text).toContain('Achternaam: Bakker');
    expect(office.replyTo?.value[0]?.name).toBe('Sara Bakker');
  });

  test('job application (nl)', async () => {
    const { office } = await send(forms.job);
    expect(office.subject).toBe('[Website] Sollicitatie: tennistrainer-utrecht – Kees Visser');
    expect(office.text).toContain('Telefoonnummer: +31 6 1234 5678');
    expect(office.text).toContain('Vacature: tennistrainer-utrecht');
    expect(office.html).toContain('KNLTB-licentie B.');
    expect(replyTo(office)).toEqual(['kees@example.nl']);
  });
});

describe('what a visitor types is escaped in the HTML body and kept as is in the text body', () => {
  test('markup, quotes and ampersands', async () => {
    const question = '<script>alert("x")</script> <b>vet</b> & \'quotes\'';
    const name = 'Eve <img src=x onerror=alert(1)>';
    const { office } = await send({ ...forms.contact, name, question });
    expect(office.html).not.toContain('<script>');
    expect(office.html).not.toContain('<img src=x');
    expect(office.html).not.toContain('<b>vet</b>');
    expect(office.html).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &lt;b&gt;vet&lt;/b&gt; &amp; &#39;quotes&#39;',
    );
    expect(office.html).toContain('Eve &lt;img src=x onerror=alert(1)&gt;');
    expect(office.text).toContain(question);
    // The display name is encoded by nodemailer, never pasted raw into the header.
    expect(office.replyTo?.value[0]).toEqual({ name, address: 'anna@example.nl' });
  });

  test('non-ASCII survives the bodies and the subject', async () => {
    const { office } = await send({ ...forms.contact, subject: 'Café — één vraag 🎾', question: 'Çà et là: ß, ø, ü.' });
    expect(office.subject).toBe('[Website] Contact: Café — één vraag 🎾');
    expect(office.text).toContain('Çà et là: ß, ø, ü.');
    expect(office.html).toContain('Çà et là: ß, ø, ü.');
  });

  test('the office is told the address is unchecked: anyone can type any address', async () => {
    const { office } = await send(forms.contact);
    expect(office.text).toContain('Het e-mailadres is niet gecontroleerd');
  });
});
