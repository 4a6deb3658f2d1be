/** The navigation's profile: what is kept, and when a stored one still stands against the session. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseProfile, PROFILE_KEY, profileName } from '../../islands/lib/auth/profile.ts';
import { EXPIRY_MARGIN_MS, profileStands, type SessionAnswer } from '../../islands/lib/auth/session.ts';
import type { Profile } from '../../islands/lib/auth/types.ts';
import { PROFILE_STORAGE_KEY } from '../../islands/lib/signed-in-hint.ts';
import { repoRoot } from '../unit/fixtures/model.ts';

const now = Date.parse('2026-11-22T12:00:00Z');
const anna: Profile = {
  uid: 'u-anna',
  email: 'anna@example.nl',
  name: 'Anna de Vries',
  sessionExpires: now + 30 * 60_000,
};

describe('profileStands: a stored profile against what GET /api/__session says', () => {
  test.each<[string, Profile, SessionAnswer, boolean]>([
    ['the cookie names the same user', anna, { kind: 'signed-in', uid: 'u-anna' }, true],
    ['the cookie names another user', anna, { kind: 'signed-in', uid: 'u-bert' }, false],
    ['the cookie was refused (revoked, disabled, expired)', anna, { kind: 'refused' }, false],
    ['no cookie while the token should still be valid: ended elsewhere', anna, { kind: 'none' }, false],
    [
      'no cookie after the token expired: it lapsed, Firebase renews it on an identity page',
      { ...anna, sessionExpires: now - 60_000 },
      { kind: 'none' },
      true,
    ],
    [
      'no cookie within the 30 s margin before expiry: lapsed too',
      { ...anna, sessionExpires: now + EXPIRY_MARGIN_MS - 1 },
      { kind: 'none' },
      true,
    ],
    [
      'no cookie just outside the margin: ended elsewhere',
      { ...anna, sessionExpires: now + EXPIRY_MARGIN_MS + 1 },
      { kind: 'none' },
      false,
    ],
    ['the server cannot say: keep (an outage signs nobody out)', anna, { kind: 'unavailable' }, true],
  ])('%s', (_, profile, answer, stands) => {
    expect(profileStands(profile, answer, now)).toBe(stands);
  });
});

describe('parseProfile: only a whole profile counts', () => {
  test.each<[string, string | null, Profile | null]>([
    ['a profile', JSON.stringify(anna), anna],
    [
      'with a photo',
      JSON.stringify({ ...anna, photo: 'https://example.nl/a.jpg' }),
      { ...anna, photo: 'https://example.nl/a.jpg' },
    ],
    [
      'without a name',
      JSON.stringify({ uid: 'u', email: 'a@b.nl', sessionExpires: 1 }),
      { uid: 'u', email: 'a@b.nl', sessionExpires: 1 },
    ],
    [
      'an empty name is left out',
      JSON.stringify({ ...anna, name: '' }),
      { uid: anna.uid, email: anna.email, sessionExpires: anna.sessionExpires },
    ],
    ['nothing stored', null, null],
    ['not JSON', '{uid:', null],
    ['JSON null', 'null', null],
    ['no uid', JSON.stringify({ ...anna, uid: undefined }), null],
    ['no expiry', JSON.stringify({ ...anna, sessionExpires: '1' }), null],
    ['unknown fields are dropped', JSON.stringify({ ...anna, token: 'secret' }), anna],
  ])('%s', (_, raw, expected) => {
    expect(parseProfile(raw)).toEqual(expected);
  });
});

test.each<[Profile, string]>([
  [anna, 'Anna de Vries'],
  [{ uid: 'u', email: 'jan.jansen@example.nl', sessionExpires: 0 }, 'jan.jansen'],
])('the name shown for %j is %s', (profile, name) => {
  expect(profileName(profile)).toBe(name);
});

test('the header reads the profile under the same key, without importing profile.ts (which would ship it on every page)', () => {
  expect(PROFILE_STORAGE_KEY).toBe(PROFILE_KEY);
  const header = readFileSync(join(repoRoot, 'islands/header.ts'), 'utf8');
  expect(header).toContain("from './lib/signed-in-hint.ts'");
  expect(header).not.toMatch(/from '\.\/lib\/auth\//);
});
