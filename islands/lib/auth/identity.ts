import type { Identity, StartOptions } from './firebase.ts';
import type { IdentityConfig } from './types.ts';

/**
 * The door to Firebase for islands: `await loadIdentity(config)` downloads the SDK (a chunk of its
 * own, fetched only when this is called) and starts it once per page. The login island uses it, and
 * so may the registrations islands, which need a fresh `__session` cookie before they ask
 * /api/registrations:
 *
 *   const identity = await loadIdentity(config);
 *   const { profile } = await identity.ready; // signed in (and cookie synced) or null
 *
 * Pages that only need to know who is signed in read profile.ts instead: no Firebase at all.
 */
let loading: Promise<Identity> | undefined;

export function loadIdentity(
  config: IdentityConfig,
  languageCode?: string,
  options: StartOptions = {},
): Promise<Identity> {
  loading ??= import('./firebase.ts').then((module) => module.startIdentity(config, languageCode, options));
  return loading;
}

export type { Identity } from './firebase.ts';
export type { IdentityConfig, IdentityState, Profile } from './types.ts';
