import { useEffect, useState, type ComponentType } from 'react';
import type { SignedInMenuProps } from './account/SignedInMenu.tsx';

/**
 * lib/auth/profile.ts's PROFILE_KEY (tests/auth/profile.test.ts holds them equal). Importing it
 * would put that module, and its chunk, on every page for every visitor.
 */
const PROFILE_KEY = 'site-profile';

export interface AccountMenuProps {
  /** The login page and my registrations, in the page's language. */
  login: string;
  registrations: string;
  /** "Account van {name}", "Mijn inschrijvingen", "Uitloggen". */
  labels: { account: string; registrations: string; signOut: string };
}

/**
 * Who is signed in, in the header of every page, without Firebase. The login link is the
 * template's plain HTML (templates/components/AccountLink.tsx); most visitors are signed out and
 * pay here for one look in localStorage. A stored profile (written by the login island) fetches
 * the signed-in menu on demand (account/SignedInMenu.tsx): avatar, my registrations, sign out,
 * and the session check.
 */
export function AccountMenu(props: AccountMenuProps) {
  const [Menu, setMenu] = useState<ComponentType<SignedInMenuProps> | null>(null);
  useEffect(() => {
    try {
      if (localStorage.getItem(PROFILE_KEY) === null) return;
    } catch {
      return;
    }
    void import('./account/SignedInMenu.tsx').then((module) => setMenu(() => module.SignedInMenu));
  }, []);
  return Menu ? <Menu {...props} /> : null;
}
