import { useEffect, useRef, useState } from 'react';
import { NewPasswordView, ResetView, SignedInView, SignInView, SignUpView, type Mode } from './components/auth/Views.tsx';
import type { LoginText } from './components/auth/text.ts';
import { authErrorMessage } from './lib/auth/errors.ts';
import { loadIdentity, type Identity } from './lib/auth/identity.ts';
import { safeReturnPath } from './lib/auth/return-path.ts';
import { takeSignOutIntent } from './lib/auth/sign-out.ts';
import type { IdentityConfig, Profile } from './lib/auth/types.ts';

export interface LoginProps {
  locale: 'nl' | 'en';
  identity: IdentityConfig;
  text: LoginText;
  /** The login page in every language and variant (never a place to return to), and my registrations. */
  paths: { login: string[]; registrations: string };
}

/** Where to go after signing in: `?next=`, else the same-site page that linked here; only a path on this site. */
function returnPath(loginPaths: string[]): string | undefined {
  const next = new URLSearchParams(location.search).get('next');
  if (next !== null) return safeReturnPath(next, location.origin, loginPaths);
  if (!document.referrer.startsWith(`${location.origin}/`)) return undefined;
  const from = new URL(document.referrer);
  return safeReturnPath(`${from.pathname}${from.search}`, location.origin, loginPaths);
}

/**
 * The login page's card: sign in, create an account, reset a password, choose a new one from a
 * reset link, and, once signed in, who you are, my registrations and sign out. The markup is the
 * sign-in form from the start (server and first browser render agree); Firebase is fetched as
 * soon as the island wakes, in its own chunk, and a form sent before it arrives waits for it.
 */
export default function Login({ locale, identity: config, text, paths }: LoginProps) {
  const [mode, setMode] = useState<Mode>('sign-in');
  const [notice, setNotice] = useState('');
  const [profile, setProfile] = useState<Profile | null>(null);
  const [reset, setReset] = useState<{ code: string; email: string } | undefined>(undefined);
  const [signingOut, setSigningOut] = useState(false);
  const [next, setNext] = useState<string | undefined>(undefined);
  const loading = useRef<Promise<Identity> | null>(null);
  const identity = () => (loading.current ??= loadIdentity(config, locale));

  const show = (to: Mode, message = '') => {
    setMode(to);
    setNotice(message);
    // The new form's first control, so keyboard and screen reader users land where they are needed.
    requestAnimationFrame(() => document.querySelector<HTMLElement>('.auth-form input')?.focus());
  };

  useEffect(() => {
    const target = returnPath(paths.login);
    setNext(target);
    const params = new URLSearchParams(location.search);
    const code = params.get('mode') === 'resetPassword' ? params.get('oobCode') : null;
    const signOut = takeSignOutIntent();
    let unsubscribe = () => {};
    identity()
      .then(async (id) => {
        unsubscribe = id.subscribe((state) => {
          setProfile(state.profile);
          // A failure found while the page starts (a disabled account, a refused session); the
          // forms report their own calls' failures themselves.
          if (state.error && !state.ready) setNotice(authErrorMessage(state.error, text.errors));
        });
        const state = await id.ready;
        if (signOut) {
          await id.signOut();
          setNotice(text.signedOut);
        } else if (state.profile && target && !code) location.replace(target);
        if (code) {
          try {
            setReset({ code, email: await id.checkResetCode(code) });
            setMode('new-password');
          } catch (error) {
            setNotice(authErrorMessage(error, text.errors));
          }
        }
      })
      .catch((error: unknown) => setNotice(authErrorMessage(error, text.errors)));
    return () => unsubscribe();
  }, []);

  const afterSignIn = () => {
    if (next) location.assign(next);
  };

  const onSignOut = async () => {
    if (signingOut) return;
    setSigningOut(true);
    try {
      await (await identity()).signOut();
      setMode('sign-in');
      setNotice(text.signedOut);
    } catch (error) {
      setNotice(authErrorMessage(error, text.errors));
    } finally {
      setSigningOut(false);
    }
  };

  const view = { text, identity, show };
  return (
    <div className="auth">
      <p className="auth-notice" role="status">
        {notice}
      </p>
      {profile && mode !== 'new-password' ? (
        <SignedInView text={text} profile={profile} registrations={paths.registrations} next={next} onSignOut={() => void onSignOut()} busy={signingOut} />
      ) : mode === 'sign-up' ? (
        <SignUpView {...view} onSignedIn={afterSignIn} />
      ) : mode === 'reset' ? (
        <ResetView {...view} />
      ) : mode === 'new-password' && reset ? (
        <NewPasswordView {...view} code={reset.code} email={reset.email} />
      ) : (
        <SignInView {...view} onSignedIn={afterSignIn} />
      )}
    </div>
  );
}
