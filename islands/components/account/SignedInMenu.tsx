import { useEffect, useState } from 'react';
import { Avatar } from '../Avatar.tsx';
import { initials } from '../../lib/initials.ts';
import { clearProfile, onProfileChange, profileName, readProfile } from '../../lib/auth/profile.ts';
import { fetchSession, profileStands } from '../../lib/auth/session.ts';
import { signOutHere } from '../../lib/auth/sign-out.ts';
import type { Profile } from '../../lib/auth/types.ts';

export interface SignedInMenuProps {
  /** The login page and my registrations, in the page's language. */
  login: string;
  registrations: string;
  /** "Account van {name}", "Mijn inschrijvingen", "Uitloggen". */
  labels: { account: string; registrations: string; signOut: string };
}

/**
 * The header's menu for a signed-in visitor: their avatar (photo, else initials) opening my
 * registrations and sign out. Loaded only when a profile is stored (islands/header.ts). The profile
 * is checked once per page against the `__session` cookie (lib/auth/session.ts says when it
 * stands), so one whose session ended elsewhere is cleared and the login link comes back.
 */
export function SignedInMenu({ login, registrations, labels }: SignedInMenuProps) {
  const [profile, setProfile] = useState<Profile | null>(readProfile);
  useEffect(() => {
    const stop = onProfileChange(setProfile);
    const stored = readProfile();
    if (stored) {
      void fetchSession().then((answer) => {
        if (!profileStands(stored, answer, Date.now())) clearProfile();
      });
    }
    return stop;
  }, []);
  // The template's login link (templates/components/AccountLink.tsx) steps aside while someone is shown.
  useEffect(() => {
    const link = document.querySelector<HTMLElement>('.site-header [data-account="signed-out"]');
    if (link) link.style.display = profile ? 'none' : '';
  }, [profile]);

  if (!profile) return null;
  const name = profileName(profile);
  return (
    <details className="account-menu" data-account="signed-in">
      <summary>
        <Avatar src={profile.photo} text={initials(name)} size="md" />
        <span className="visually-hidden">{labels.account.replace('{name}', name)}</span>
      </summary>
      <ul>
        <li>
          <a href={registrations}>{labels.registrations}</a>
        </li>
        <li>
          <button type="button" onClick={() => void signOutHere(login)}>
            {labels.signOut}
          </button>
        </li>
      </ul>
    </details>
  );
}
