import type { Profile } from './types.ts';

/**
 * The signed-in visitor's non-secret profile in localStorage, written by the identity module
 * (firebase.ts) whenever the session is synced and read by every page's navigation, which thus
 * shows who is signed in without loading Firebase (DESIGN.md: Firebase only where identity is
 * needed). Storage can be missing or refuse (private modes, a full quota): then nobody is shown.
 */
export const PROFILE_KEY = 'site-profile';
/** Fired on window in this tab when the profile changes; other tabs hear the `storage` event. */
const CHANGE_EVENT = 'site-profile-change';

const text = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** A stored profile, checked field by field: a hand-edited or older entry counts as none. */
export function parseProfile(raw: string | null): Profile | null {
  if (!raw) return null;
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (
    !value ||
    typeof value !== 'object' ||
    !text(value.uid) ||
    !text(value.email) ||
    typeof value.sessionExpires !== 'number'
  )
    return null;
  return {
    uid: value.uid,
    email: value.email,
    ...(text(value.name) ? { name: value.name } : {}),
    ...(text(value.photo) ? { photo: value.photo } : {}),
    sessionExpires: value.sessionExpires,
  };
}

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function readProfile(): Profile | null {
  try {
    return parseProfile(storage()?.getItem(PROFILE_KEY) ?? null);
  } catch {
    return null;
  }
}

function store(value: string | null): void {
  const target = storage();
  try {
    if (value === null) target?.removeItem(PROFILE_KEY);
    else target?.setItem(PROFILE_KEY, value);
  } catch {
    // A full or refusing storage: the navigation then shows the login link, which still works.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function writeProfile(profile: Profile): void {
  store(JSON.stringify(profile));
}

export function clearProfile(): void {
  if (storage()?.getItem(PROFILE_KEY) !== null) store(null);
}

/** Call `listener` with the profile whenever it changes, in this tab or another. Returns the unsubscribe. */
export function onProfileChange(listener: (profile: Profile | null) => void): () => void {
  const onChange = () => listener(readProfile());
  const onStorage = (event: StorageEvent) => {
    if (event.key === PROFILE_KEY || event.key === null) onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** The avatar's name: the display name, else the part of the address before the @. */
export const profileName = (profile: Profile): string => profile.name ?? profile.email.split('@')[0] ?? profile.email;
