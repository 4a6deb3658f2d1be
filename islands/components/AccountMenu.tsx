import { useEffect, useState, type ComponentType } from 'react';
import { Icon } from './Icon.tsx';
import type { SignedInMenuProps } from './account/SignedInMenu.tsx';

/** Lucide "user" (ISC) as in Avatar.tsx; copied so that this file, on every page, does not pull Avatar in. */
export const userIcon = '<path d="M19 21v-2a4 4 0 0 0-4-4H9a4 4 0 0 0-4 4v2"/><circle cx="12" cy="7" r="4"/>';

/**
 * lib/auth/profile.ts's PROFILE_KEY (tests/auth/profile.test.ts holds them equal). Importing it
 * would put that module, and its chunk, on every page for every visitor.
 */
const PROFILE_KEY = 'site-profile';

export interface AccountMenuProps {
  /** The login page and my registrations, in the page's language. */
  login: string;
  registrations: string;
  /**
   * The page's own path, known when it is built: the login link's return path in the HTML, so
   * hydration changes nothing (the browser's own path replaces it where it differs, as on /nl/...).
   */
  here: string;
  /** "Inloggen", "Account van {name}", "Mijn inschrijvingen", "Uitloggen". */
  labels: { login: string; account: string; registrations: string; signOut: string };
}

/** The signed-out face (and the HTML's, which knows nobody): the login page, which brings the visitor back here. */
export function LoginLink({ login, label, here }: { login: string; label: string; here: string }) {
  return (
    <a className="account-login" href={here ? `${login}?next=${encodeURIComponent(here)}` : login} data-account="signed-out">
      <Icon icon={userIcon} size={18} />
      <span>{label}</span>
    </a>
  );
}

const hasProfile = () => {
  try {
    return localStorage.getItem(PROFILE_KEY) !== null;
  } catch {
    return false;
  }
};

/**
 * Who is signed in, in the header of every page, without Firebase. Most visitors are signed out
 * and get only this: a login link and one look in localStorage. A visitor with a stored profile
 * (written by the login island) gets the signed-in menu, fetched on demand
 * (account/SignedInMenu.tsx): avatar, my registrations, sign out, and the session check.
 */
export function AccountMenu(props: AccountMenuProps) {
  const [here, setHere] = useState(props.here);
  const [Menu, setMenu] = useState<ComponentType<SignedInMenuProps> | null>(null);
  useEffect(() => {
    setHere(location.pathname + location.search);
    const load = () => {
      if (hasProfile()) void import('./account/SignedInMenu.tsx').then((module) => setMenu(() => module.SignedInMenu));
    };
    load();
    // Signed in from another tab: show it here too.
    addEventListener('storage', load);
    return () => removeEventListener('storage', load);
  }, []);
  const link = <LoginLink login={props.login} label={props.labels.login} here={here} />;
  return Menu ? <Menu {...props} here={here} loginLink={link} /> : link;
}
