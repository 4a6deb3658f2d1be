/** The live password checklist from a policy (spec §5), as Firebase's validatePassword reports it. */
import { expect, test } from 'vitest';
import {
  defaultStatus,
  passwordChecklist,
  type PasswordStatus,
  type PolicyOptions,
} from '../../islands/lib/auth/password-rules.ts';
import { loginText } from '../../templates/lib/identity-props.ts';
import { siteFor } from './helpers/site.ts';

const nl = loginText(siteFor('nl')).checklist;
const en = loginText(siteFor('en')).checklist;

/**
 * What Firebase's PasswordPolicyImpl.validatePassword reports for a policy (its rules, restated:
 * length in UTF-16 units, letters and digits ASCII only, symbols from the allowed list).
 */
function status(options: PolicyOptions, password: string, symbols = '!@#$%^&*'): PasswordStatus {
  const has = (test: (c: string) => boolean) => [...password].some(test);
  const result: PasswordStatus = { isValid: true, passwordPolicy: { customStrengthOptions: options } };
  if (options.minPasswordLength) result.meetsMinPasswordLength = password.length >= options.minPasswordLength;
  if (options.maxPasswordLength) result.meetsMaxPasswordLength = password.length <= options.maxPasswordLength;
  if (options.containsLowercaseLetter) result.containsLowercaseLetter = has((c) => c >= 'a' && c <= 'z');
  if (options.containsUppercaseLetter) result.containsUppercaseLetter = has((c) => c >= 'A' && c <= 'Z');
  if (options.containsNumericCharacter) result.containsNumericCharacter = has((c) => c >= '0' && c <= '9');
  if (options.containsNonAlphanumericCharacter)
    result.containsNonAlphanumericCharacter = has((c) => symbols.includes(c));
  result.isValid = [
    result.meetsMinPasswordLength,
    result.meetsMaxPasswordLength,
    result.containsLowercaseLetter,
    result.containsUppercaseLetter,
    result.containsNumericCharacter,
    result.containsNonAlphanumericCharacter,
  ].every((v) => v !== false);
  return result;
}

const strict: PolicyOptions = {
  minPasswordLength: 10,
  maxPasswordLength: 20,
  containsLowercaseLetter: true,
  containsUppercaseLetter: true,
  containsNumericCharacter: true,
  containsNonAlphanumericCharacter: true,
};

test.each<[string, PolicyOptions, string, Array<[string, boolean]>]>([
  ['the default policy, too short', { minPasswordLength: 6 }, 'abc', [['minstens 6 tekens', false]]],
  ['the default policy, long enough', { minPasswordLength: 6 }, 'abcdef', [['minstens 6 tekens', true]]],
  ['no minimum given: Firebase’s 6', {}, 'abcdefg', [['minstens 6 tekens', false]]],
  [
    'a strict policy, nothing typed',
    strict,
    '',
    [
      ['minstens 10 tekens', false],
      ['hoogstens 20 tekens', true],
      ['een kleine letter', false],
      ['een hoofdletter', false],
      ['een cijfer', false],
      ['een leesteken of symbool (zoals ! of #)', false],
    ],
  ],
  [
    'a strict policy, half met',
    strict,
    'tennisbaan',
    [
      ['minstens 10 tekens', true],
      ['hoogstens 20 tekens', true],
      ['een kleine letter', true],
      ['een hoofdletter', false],
      ['een cijfer', false],
      ['een leesteken of symbool (zoals ! of #)', false],
    ],
  ],
  [
    'a strict policy, all met',
    strict,
    'Tennisbaan7!',
    [
      ['minstens 10 tekens', true],
      ['hoogstens 20 tekens', true],
      ['een kleine letter', true],
      ['een hoofdletter', true],
      ['een cijfer', true],
      ['een leesteken of symbool (zoals ! of #)', true],
    ],
  ],
  [
    'a strict policy, too long',
    strict,
    'Tennisbaan7!Tennisbaan7!',
    [
      ['minstens 10 tekens', true],
      ['hoogstens 20 tekens', false],
      ['een kleine letter', true],
      ['een hoofdletter', true],
      ['een cijfer', true],
      ['een leesteken of symbool (zoals ! of #)', true],
    ],
  ],
  [
    'only digits required',
    { minPasswordLength: 8, containsNumericCharacter: true },
    'wachtwoord',
    [
      ['minstens 8 tekens', true],
      ['een cijfer', false],
    ],
  ],
  // Firebase reports the requirement only when the policy sets it true.
  [
    'a requirement set to false is not listed',
    { minPasswordLength: 6, containsUppercaseLetter: false },
    'abcdef',
    [['minstens 6 tekens', true]],
  ],
])('%s', (_, options, password, expected) => {
  const items = passwordChecklist(status(options, password), nl);
  expect(items.map((item) => [item.text, item.met])).toEqual(expected);
});

test('the checklist speaks the page language', () => {
  const items = passwordChecklist(status(strict, 'Tennis'), en);
  expect(items.map((item) => item.text)).toEqual([
    'at least 10 characters',
    'at most 20 characters',
    'a lowercase letter',
    'an uppercase letter',
    'a number',
    'a punctuation mark or symbol (such as ! or #)',
  ]);
  expect(en.met).toBe('done');
  expect(nl.unmet).toBe('nog niet in orde');
});

test.each([
  ['', false],
  ['12345', false],
  ['123456', true],
])('without a policy from the provider, Firebase’s default applies: %j -> %s', (password, valid) => {
  const result = defaultStatus(password);
  expect(result.isValid).toBe(valid);
  expect(passwordChecklist(result, nl)).toEqual([{ rule: 'minLength', text: 'minstens 6 tekens', met: valid }]);
});
