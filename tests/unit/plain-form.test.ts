import { describe, expect, test } from 'vitest';
import { failureReason } from '../../functions/form-results.ts';
import { formFields } from '../../functions/plain-form.ts';

const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe('formFields: a urlencoded body as the functions read JSON', () => {
  test.each([
    ['plain fields', 'kind=contact&email=a%40example.nl', { kind: 'contact', email: 'a@example.nl' }],
    ['+ is a space, line breaks kept', 'question=Twee+regels%0D%0Ahier', { question: 'Twee regels\r\nhier' }],
    ['empty and blank fields are left out (not filled in)', 'name=&phone=+++&email=x', { email: 'x' }],
    [
      'a dotted name is one level deeper',
      'answers.birthYear=2012&answers.shirt=M',
      { answers: { birthYear: '2012', shirt: 'M' } },
    ],
    ['only the first dot nests', 'answers.a.b=1', { answers: { 'a.b': '1' } }],
    ['a name starting with a dot stays flat', '.x=1', { '.x': '1' }],
    ['the last of a repeated name wins', 'email=a&email=b', { email: 'b' }],
    ['a group after a value of the same name replaces it', 'answers=x&answers.a=1', { answers: { a: '1' } }],
    ['no fields at all', '', {}],
  ])('%s', (_, body, expected) => {
    expect(plain(formFields(body))).toEqual(expected);
  });

  test('__proto__ and constructor are plain fields: nothing reaches a prototype', () => {
    const fields = formFields('__proto__=x&constructor.prototype=y&__proto__.polluted=1');
    expect(Object.keys(fields).sort()).toEqual(['__proto__', 'constructor']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(fields)).toBeNull();
  });
});

describe('failureReason: what a refusal means to the visitor', () => {
  test.each([
    [400, 'email', 'invalid'],
    [400, undefined, 'invalid'],
    [413, undefined, 'invalid'],
    [415, undefined, 'invalid'],
    [429, undefined, 'busy'],
    [403, undefined, 'refused'],
    [401, 'password', 'refused'],
    [409, 'event', 'closed'],
    [404, 'event', 'closed'],
    [409, 'email', 'duplicate'],
    [404, undefined, 'invalid'],
    [500, undefined, 'unavailable'],
    [503, undefined, 'unavailable'],
  ] as const)('%i on %s: %s', (status, field, reason) => {
    expect(failureReason(status, field)).toBe(reason);
  });
});
