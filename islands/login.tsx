import { useLayoutEffect, useRef, useState } from 'react';
import {
  NewPasswordView,
  ResetView,
  SignedInView,
  SignInView,
  SignUpView,
  type Mode,
} from './components/auth/Views.tsx';
import type { LoginText } from './components/auth/text.ts';
import { authErrorMessage } from './lib/auth/errors.ts';
import { loadIdentity, type Identity } from './lib/auth/identity.ts';
import { safeReturnPath } from '../shared/return-path.ts';
import { readProfile } from './lib/auth/profile.ts';
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
  const [ready, setReady] = useState(false);
  const loading = useRef<Promise<Identity> | null>(null);
  // What the page was opened for, read once in the first effect; the start of Firebase acts on it.
  const opened = useRef<{ target: string | undefined; code: string | null; signOut: boolean }>({
    target: undefined,
    code: null,
    signOut: false,
  });
  const card = useRef<HTMLDivElement>(null);

  /** Firebase, fetched and started on first need; its state then drives the card. */
  const identity = (): Promise<Identity> => {
    if (loading.current) return loading.current;
    const { target, code, signOut } = opened.current;
    const started = (loading.current = loadIdentity(config, locale, { signOut }));
    started
      .then(async (id) => {
        id.subscribe((state) => {
          setProfile(state.profile);
          // A failure found while the page starts (a disabled account, a refused session); the
          // forms report their own calls' failures themselves.
          if (state.error && !state.ready) setNotice(authErrorMessage(state.error, text.errors));
        });
        const state = await id.ready;
        setReady(true);
        if (signOut) setNotice(text.signedOut);
        else if (state.profile && target && !code) location.replace(target);
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
    return started;
  };

  const show = (to: Mode, message = '') => {
    setMode(to);
    setNotice(message);
    // The new form's first control, so keyboard and screen reader users land where they are needed.
    requestAnimationFrame(() => document.querySelector<HTMLElement>('.auth-form input')?.focus());
  };

  // A layout effect: it runs as hydration ends, so the listeners below are in place before the
  // loader says the island is alive (a plain effect waits for a frame, and a visitor, or a test,
  // quick to the email field would go unheard).
  useLayoutEffect(() => {
    const target = returnPath(paths.login);
    setNext(target);
    const params = new URLSearchParams(location.search);
    const code = params.get('mode') === 'resetPassword' ? params.get('oobCode') : null;
    opened.current = { target, code, signOut: takeSignOutIntent() };
    // Someone signed in here before (a stored profile), a reset link or a sign-out: Firebase now.
    // A visitor who never was gets its 32 KB only when they reach for the form, so the page
    // itself stays light (DESIGN.md: Lighthouse 100 on every template).
    if (readProfile() || code || opened.current.signOut) return void identity();
    const now = () => void identity();
    const root = card.current;
    if (root?.contains(document.activeElement)) return now();
    root?.addEventListener('focusin', now, { once: true });
    root?.addEventListener('pointerdown', now, { once: true });
    return () => {
      root?.removeEventListener('focusin', now);
      root?.removeEventListener('pointerdown', now);
    };
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
    // data-identity: Firebase has said who is here (and the cookie agrees); tests wait for it.
    <div className="auth" ref={card} {...(ready ? { 'data-identity': 'ready' } : {})}>
      <p className="auth-notice" role="status">
        {notice}
      </p>
      {profile && mode !== 'new-password' ? (
        <SignedInView
          text={text}
          profile={profile}
          registrations={paths.registrations}
          next={next}
          onSignOut={() => void onSignOut()}
          busy={signingOut}
        />
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
