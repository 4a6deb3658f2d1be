/**
 * Issue 17, items 13 and 14, over real HTTP: a form field named like one of Object's own
 * properties is refused by its name (not "function Object() { [native code] }: ..."), and a number
 * question takes whole numbers only ("2015,5" was stored as 2015.5).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkField, type FieldRule } from '../../islands/lib/form-rules.ts';
import { forms } from '../functions/helpers/forms.ts';
import { postJson } from '../functions/helpers/post.ts';
import { embedded, type Database } from '../registrations/helpers/databases.ts';
import {
  eventFacts,
  signUp,
  startRegistrationsServer,
  type RegistrationsServer,
} from '../registrations/helpers/site.ts';

let database: Database;
let site: RegistrationsServer;
beforeAll(async () => {
  database = await embedded();
  site = await startRegistrationsServer([eventFacts(7)], await database.fresh());
});
afterAll(async () => {
  await site?.stop();
  await database?.stop();
});

describe('item 13: fields named like Object.prototype', () => {
  // JSON.parse makes `__proto__` an own key, as any other name: the body below carries it as sent.
  test.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'])(
    'a mail form with a field %s',
    async (name) => {
      const body = `${JSON.stringify(forms.contact).slice(0, -1)},${JSON.stringify(name)}:"x"}`;
      const response = await postJson(site.url, '/mail/send-new', body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        statusMessage: `${name}: dit veld hoort niet bij het formulier.`,
        field: name,
      });
    },
  );

  test.each(['constructor', '__proto__', 'toString'])(
    'a sign-up with %s as a field, and as an answer',
    async (name) => {
      const field = await site.call('POST', '/api/registrations', {
        body: JSON.parse(`${JSON.stringify(signUp(7, 1)).slice(0, -1)},${JSON.stringify(name)}:"x"}`),
      });
      expect(field).toEqual({ status: 400, body: { statusMessage: `Onbekend veld: ${name}.`, field: name } });
      const answer = await site.call('POST', '/api/registrations', {
        body: signUp(7, 1, { answers: JSON.parse(`{"birthYear":2010,${JSON.stringify(name)}:"x"}`) }),
      });
      expect(answer).toEqual({
        status: 400,
        body: { statusMessage: `Dit evenement stelt geen vraag "${name}".`, field: `answers.${name}` },
      });
    },
  );
});

/** A plain HTML form's post (no JavaScript), answered 303 to a result page. */
async function plainPost(path: string, fields: Record<string, string>): Promise<string | null> {
  const response = await fetch(`${site.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: site.url, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  expect(response.status).toBe(303);
  return response.headers.get('location');
}

const asFields = (record: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(record).flatMap(([name, value]) =>
      value !== null && typeof value === 'object'
        ? Object.entries(value).map(([inner, v]) => [`${name}.${inner}`, String(v)])
        : [[name, String(value)]],
    ),
  );

describe('items 13 and 14 in a plain form (urlencoded) too', () => {
  test.each(['constructor', '__proto__', 'toString'])('a mail form with a field %s is not sent', async (name) => {
    expect(await plainPost('/mail/send-new', { ...asFields(forms.contact), [name]: 'x' })).toBe(
      '/niet-verzonden/invalid',
    );
  });

  test('a sign-up answering 2015,5 is not stored; 2015 is', async () => {
    expect(await plainPost('/api/registrations', asFields(signUp(7, 20, { answers: { birthYear: '2015,5' } })))).toBe(
      '/niet-verzonden/invalid',
    );
    expect(await plainPost('/api/registrations', asFields(signUp(7, 21, { answers: { birthYear: '2015' } })))).toBe(
      '/verzonden/signup',
    );
  });
});

describe('item 14: a number question takes a whole number', () => {
  test.each([
    ['2015,5'],
    ['2015.5'],
    [2015.5],
    ['2015.0'],
    ['1e3'],
    ['0x7df'],
    ['2 015'],
    ['+2015'],
    ['２０１５'],
    ['99999999999999999999'],
  ])('%j is refused', async (value) => {
    const answer = await site.call('POST', '/api/registrations', {
      body: signUp(7, 2, { answers: { birthYear: value } }),
    });
    expect(answer).toEqual({
      status: 400,
      body: { statusMessage: 'Geboortejaar: vul een heel getal in.', field: 'answers.birthYear' },
    });
  });

  test('in English too', async () => {
    const answer = await site.call('POST', '/api/registrations', {
      body: signUp(7, 2, { locale: 'en', answers: { birthYear: '2015,5' } }),
    });
    expect(answer.body.statusMessage).toBe('Year of birth: please enter a whole number.');
  });

  test.each([
    [2015, 2015, 10],
    ['2015', 2015, 11],
    [' 2015 ', 2015, 12],
    ['02015', 2015, 13],
  ])('%j is stored as %j', async (value, stored, person) => {
    // A guest's sign-up is stored at once and shown once confirmed from its mail (item 4).
    const { registration } = await site.signUpConfirmed(signUp(7, person, { answers: { birthYear: value } }));
    expect(registration.answers).toEqual({ birthYear: stored });
  });

  test('the form says so before sending, with the same rule', () => {
    const rule: FieldRule = {
      name: 'birthYear',
      kind: 'number',
      required: true,
      max: 20,
      minValue: 2000,
      maxValue: 2022,
    };
    const messages = {
      required: 'verplicht',
      tooLong: 'te lang',
      invalidEmail: 'e-mail',
      invalidPhone: 'telefoon',
      invalidNumber: 'heel getal',
    };
    expect(checkField(rule, '2015,5', messages)).toBe('heel getal');
    expect(checkField(rule, '2015.5', messages)).toBe('heel getal');
    expect(checkField(rule, '2015', messages)).toBeUndefined();
  });
});
