/** Every identity error code of spec §8 gets its own clear message in Dutch and English; anything else the fallback. */
import { describe, expect, test } from 'vitest';
import { authErrorCode, authErrorKey, authErrorMessage } from '../../islands/lib/auth/errors.ts';
import { loginText } from '../../templates/lib/identity-props.ts';
import { siteFor } from './helpers/site.ts';

const nl = loginText(siteFor('nl')).errors;
const en = loginText(siteFor('en')).errors;

// The spec's list (§8), each with the message a visitor reads, in both languages.
const table: Array<[code: string, nl: string, en: string]> = [
  [
    'wrong-password',
    "Dit wachtwoord klopt niet. Probeer het opnieuw, of kies 'Wachtwoord vergeten?'.",
    "That password is not correct. Try again, or choose 'Forgot your password?'.",
  ],
  ['invalid-email', 'Dit is geen geldig e-mailadres.', 'This is not a valid email address.'],
  [
    'invalid-credential',
    'Het e-mailadres of het wachtwoord klopt niet.',
    'The email address or the password is not correct.',
  ],
  [
    'email-already-in-use',
    "Er bestaat al een account met dit e-mailadres. Log in, of kies 'Wachtwoord vergeten?'.",
    "An account with this email address already exists. Log in, or choose 'Forgot your password?'.",
  ],
  [
    'user-not-found',
    'Er is geen account met dit e-mailadres. Controleer het adres of maak een account aan.',
    'There is no account with this email address. Check the address or create an account.',
  ],
  [
    'too-many-requests',
    'Te veel pogingen achter elkaar. Wacht even en probeer het dan opnieuw.',
    'Too many attempts in a row. Please wait a moment and try again.',
  ],
  [
    'user-disabled',
    'Dit account is uitgeschakeld. Neem contact met ons op als je denkt dat dit niet klopt.',
    'This account has been disabled. Please contact us if you think this is a mistake.',
  ],
  ['user-token-expired', 'Je sessie is verlopen. Log opnieuw in.', 'Your session has expired. Please log in again.'],
  [
    'expired-action-code',
    'Deze link is verlopen. Vraag een nieuwe aan.',
    'This link has expired. Please ask for a new one.',
  ],
  [
    'invalid-action-code',
    'Deze link is ongeldig of al gebruikt. Vraag een nieuwe aan.',
    'This link is invalid or has already been used. Please ask for a new one.',
  ],
  [
    'requires-recent-login',
    'Log voor de veiligheid opnieuw in en probeer het daarna nog eens.',
    'For your security, please log in again and then try once more.',
  ],
  [
    'password-does-not-meet-requirements',
    'Dit wachtwoord voldoet niet aan alle eisen hieronder.',
    'This password does not meet all the requirements below.',
  ],
  [
    'network-request-failed',
    'Er is geen verbinding. Controleer je internetverbinding en probeer het opnieuw.',
    'There is no connection. Check your internet connection and try again.',
  ],
  [
    'multi-factor-auth-required',
    'Voor dit account is een extra controlestap nodig die deze website niet kent. Neem contact met ons op.',
    'This account needs an extra verification step that this website does not support. Please contact us.',
  ],
  [
    'account-exists-with-different-credential',
    'Er bestaat al een account met dit e-mailadres, met een andere manier van inloggen. Log in zoals je dat eerder deed.',
    'An account with this email address already exists with another way of logging in. Log in the way you did before.',
  ],
  [
    'credential-already-in-use',
    'Deze inloggegevens horen al bij een ander account.',
    'These sign-in details already belong to another account.',
  ],
];

const fallback = {
  nl: 'Inloggen is niet gelukt door een onbekende fout. Probeer het opnieuw.',
  en: 'Logging in did not work because of an unknown error. Please try again.',
};

describe('identity error messages', () => {
  test.each(table)('auth/%s', (code, dutch, english) => {
    // As the SDK throws it (a FirebaseError with code auth/...) and as the spec names it.
    const thrown = Object.assign(new Error('Firebase: Error'), { code: `auth/${code}` });
    expect(authErrorMessage(thrown, nl)).toBe(dutch);
    expect(authErrorMessage(thrown, en)).toBe(english);
    expect(authErrorMessage(code, nl)).toBe(dutch);
  });

  test('each spec code has a message of its own, not the fallback, and no two codes share one', () => {
    const keys = table.map(([code]) => authErrorKey(code));
    expect(keys).not.toContain('fallback');
    // user-token-expired is the only one the session refusal shares (both mean: log in again).
    expect(new Set(keys).size).toBe(table.length);
  });

  test.each([
    ['an unknown code', { code: 'auth/internal-error' }],
    ['an error without a code', new TypeError('Failed to fetch')],
    ['nothing', undefined],
    ['a code that is an Object.prototype key', { code: 'auth/constructor' }],
  ])('%s gets the fallback', (_, error) => {
    expect(authErrorKey(error)).toBe('fallback');
    expect(authErrorMessage(error, nl)).toBe(fallback.nl);
    expect(authErrorMessage(error, en)).toBe(fallback.en);
  });

  test.each([
    ['auth/weak-password', 'weakPassword'],
    ['session-refused', 'tokenExpired'],
  ])('%s (not in the spec, but Firebase and our session function say it) -> %s', (code, key) => {
    expect(authErrorKey(code)).toBe(key);
  });

  test('codes are read from errors and strings alike', () => {
    expect(authErrorCode({ code: 'auth/user-disabled' })).toBe('user-disabled');
    expect(authErrorCode('auth/user-disabled')).toBe('user-disabled');
    expect(authErrorCode(42)).toBeUndefined();
  });
});
