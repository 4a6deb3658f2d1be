/** Field checks of the mail forms, in the page's language. */
import { describe, expect, test } from 'vitest';
import { checkField, checkFields, payloadValues, type FieldRule } from '../../islands/lib/form-rules.ts';

const nl = {
  required: 'Dit veld is verplicht.',
  invalidEmail: 'Vul een geldig e-mailadres in.',
  invalidPhone: 'Vul een geldig telefoonnummer in.',
  tooLong: 'Gebruik hoogstens {max} tekens.',
};
const rule = (kind: FieldRule['kind'], required = true, max = 60): FieldRule => ({ name: 'f', kind, required, max });

describe('one field', () => {
  test.each([
    [rule('text'), '', nl.required],
    [rule('text'), '   ', nl.required],
    [rule('text', false), '', undefined],
    [rule('text'), 'Sanne', undefined],
    [rule('text', true, 5), '123456', 'Gebruik hoogstens 5 tekens.'],
    [rule('text', true, 5), '  12345  ', undefined],
    [rule('email'), 'sanne@example.nl', undefined],
    [rule('email'), 'sanne.de-wit+tennis@club.example.com', undefined],
    [rule('email'), 'sanne@', nl.invalidEmail],
    [rule('email'), 'sanne@example', nl.invalidEmail],
    [rule('email'), 'sanne example@x.nl', nl.invalidEmail],
    [rule('email'), '.sanne@example.nl', nl.invalidEmail],
    [rule('email'), 'sanne..wit@example.nl', nl.invalidEmail],
    [rule('phone', false), '+31 (0)30-2345678', undefined],
    [rule('phone', false), '030 234 56 78', undefined],
    [rule('phone', false), 'bel me', nl.invalidPhone],
    [rule('longtext'), 'Regel 1\nRegel 2', undefined],
    [rule('choice'), '', nl.required],
  ])('%o with %j -> %s', (fieldRule, value, expected) => {
    expect(checkField(fieldRule, value, nl)).toBe(expected);
  });
});

test('every field at once', () => {
  const rules: FieldRule[] = [
    { name: 'firstName', kind: 'text', required: true, max: 100 },
    { name: 'email', kind: 'email', required: true, max: 254 },
    { name: 'phone', kind: 'phone', required: false, max: 40 },
  ];
  expect(checkFields(rules, { firstName: '', email: 'x', phone: '' }, nl)).toEqual({
    firstName: nl.required,
    email: nl.invalidEmail,
  });
  expect(checkFields(rules, { firstName: 'Sanne', email: 'sanne@example.nl' }, nl)).toEqual({});
});

test('the payload: trimmed, empty optional fields left out', () => {
  const rules: FieldRule[] = [
    { name: 'name', kind: 'text', required: false, max: 200 },
    { name: 'email', kind: 'email', required: true, max: 254 },
    { name: 'question', kind: 'longtext', required: true, max: 5000 },
  ];
  expect(
    payloadValues(rules, { name: '  ', email: ' sanne@example.nl ', question: ' Wanneer?\n', website: 'x' }),
  ).toEqual({ email: 'sanne@example.nl', question: 'Wanneer?' });
});
