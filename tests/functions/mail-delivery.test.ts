import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startFixtureServer, type TestServer } from '../serve/helpers/server.ts';
import { forms } from './helpers/forms.ts';
import { postJson } from './helpers/post.ts';
import { replyTo, startSmtp, toAddresses, waitForMails, type TestSmtp } from './helpers/smtp.ts';

let smtp: TestSmtp;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtp();
  server = await startFixtureServer({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Baseline Tennis <website@baselinetennis.nl>' } });
});
afterAll(async () => {
  await server.stop();
  await smtp.close();
});
beforeEach(() => {
  smtp.received.length = 0;
});

async function send(body: unknown) {
  const response = await postJson(server.url, '/mail/send-new', body);
  expect(response.status, await response.clone().text()).toBe(200);
  expect(await response.json()).toEqual({ ok: true, copySent: true });
  const mails = await waitForMails(smtp, 2);
  expect(mails).toHaveLength(2);
  const office = mails.find((m) => toAddresses(m.mail).includes('info@baselinetennis.nl'));
  const copy = mails.find((m) => m !== office);
  if (!office || !copy) throw new Error('expected an office mail and a copy');
  return { office: office.mail, copy: copy.mail, officeEnvelope: office.envelope };
}

describe('each form kind reaches the office and the sender', () => {
  test('contact (nl)', async () => {
    const { office, copy, officeEnvelope } = await send(forms.contact);
    expect(officeEnvelope.to).toEqual(['info@baselinetennis.nl']);
    expect(office.from?.value[0]).toEqual({ name: 'Baseline Tennis', address: 'website@baselinetennis.nl' });
    expect(office.subject).toBe('[Website] Contact: Lesrooster');
    expect(replyTo(office)).toEqual(['anna@example.nl']);
    expect(office.replyTo?.value[0]?.name).toBe('Anna de Vries');
    expect(office.text).toContain('Naam: Anna de Vries');
    expect(office.text).toContain('Vraag:\n  Wanneer beginnen de lessen na de zomer?\n  Ik heb twee kinderen.');
    expect(office.html).toContain('<th style="padding:4px 12px 4px 0;vertical-align:top;text-align:left">Onderwerp</th>');
    expect(office.html).toContain('Lesrooster');
    expect(office.headers.get('x-site-form')).toBe('contact');
    expect(toAddresses(copy)).toEqual(['anna@example.nl']);
    expect(copy.subject).toBe('Je bericht aan Baseline Tennis: Contact – Lesrooster');
    expect(replyTo(copy)).toEqual(['info@baselinetennis.nl']);
    expect(copy.text).toContain('Bedankt voor je bericht.');
    expect(copy.html).toContain('Bedankt voor je bericht.');
  });

  test('question (en): the copy is English, the office mail Dutch', async () => {
    const { office, copy } = await send(forms.question);
    expect(office.subject).toBe('[Website] Vraag: TC De Baseline');
    expect(office.text).toContain('Vereniging: TC De Baseline');
    expect(office.text).toContain('taal van de afzender: Engels');
    expect(replyTo(office)).toEqual(['john@example.com']);
    expect(copy.subject).toBe('Your message to Baseline Tennis: Question – TC De Baseline');
    expect(copy.text).toContain('Thank you for your message.');
    expect(copy.text).toContain('Club: TC De Baseline');
    expect(copy.html).toContain('Do you offer lessons in English?');
  });

  test('customer (nl)', async () => {
    const { office, copy } = await send(forms.customer);
    expect(office.subject).toBe('[Website] Klantvraag: Trainer');
    expect(office.text).toContain('Persoon: Mark Jansen');
    expect(office.text).toContain('Vereniging: LTC Rijnoever');
    expect(office.html).toContain('Kan ik een proefles met Mark plannen?');
    expect(replyTo(office)).toEqual(['piet@example.nl']);
    expect(copy.subject).toBe('Je bericht aan Baseline Tennis: Klantvraag – Trainer');
  });

  test('basic (en)', async () => {
    const { office, copy } = await send(forms.basic);
    expect(office.subject).toBe('[Website] Aanmelding: Sara Bakker');
    expect(office.text).toContain('Voornaam: Sara');
    expect(office.text).toContain('Achternaam: Bakker');
    expect(office.replyTo?.value[0]?.name).toBe('Sara Bakker');
    expect(copy.subject).toBe('Your message to Baseline Tennis: Sign-up – Sara Bakker');
    expect(copy.text).toContain('First name: Sara');
  });

  test('job application (nl)', async () => {
    const { office, copy } = await send(forms.job);
    expect(office.subject).toBe('[Website] Sollicitatie: tennistrainer-utrecht – Kees Visser');
    expect(office.text).toContain('Telefoonnummer: +31 6 1234 5678');
    expect(office.text).toContain('Vacature: tennistrainer-utrecht');
    expect(office.html).toContain('KNLTB-licentie B.');
    expect(replyTo(office)).toEqual(['kees@example.nl']);
    expect(copy.subject).toBe('Je bericht aan Baseline Tennis: Sollicitatie – tennistrainer-utrecht – Kees Visser');
  });
});

describe('what a visitor types is escaped in the HTML body and kept as is in the text body', () => {
  test('markup, quotes and ampersands', async () => {
    const question = '<script>alert("x")</script> <b>vet</b> & \'quotes\'';
    const name = 'Eve <img src=x onerror=alert(1)>';
    const { office, copy } = await send({ ...forms.contact, name, question });
    for (const mail of [office, copy]) {
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).not.toContain('<img src=x');
      expect(mail.html).not.toContain('<b>vet</b>');
      expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &lt;b&gt;vet&lt;/b&gt; &amp; &#39;quotes&#39;');
      expect(mail.html).toContain('Eve &lt;img src=x onerror=alert(1)&gt;');
      expect(mail.text).toContain(question);
    }
    // The display name is encoded by nodemailer, never pasted raw into the header.
    expect(office.replyTo?.value[0]).toEqual({ name, address: 'anna@example.nl' });
  });

  test('non-ASCII survives both bodies and the subject', async () => {
    const { office, copy } = await send({ ...forms.contact, subject: 'Café — één vraag 🎾', question: 'Çà et là: ß, ø, ü.' });
    expect(office.subject).toBe('[Website] Contact: Café — één vraag 🎾');
    expect(copy.text).toContain('Çà et là: ß, ø, ü.');
    expect(copy.html).toContain('Çà et là: ß, ø, ü.');
  });
});
