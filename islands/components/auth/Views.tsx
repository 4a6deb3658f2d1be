import { Avatar } from '../Avatar.tsx';
import type { Identity } from '../../lib/auth/identity.ts';
import { profileName } from '../../lib/auth/profile.ts';
import type { Profile } from '../../lib/auth/types.ts';
import { AuthForm } from './AuthForm.tsx';
import type { TextFieldSpec } from './TextField.tsx';
import type { LoginText } from './text.ts';

export type Mode = 'sign-in' | 'sign-up' | 'reset' | 'new-password';

/** What every view gets: the words, the way to Firebase (loaded on demand), and a way to another view. */
export interface ViewProps {
  text: LoginText;
  identity: () => Promise<Identity>;
  show: (mode: Mode, notice?: string) => void;
}

const emailField = (text: LoginText): TextFieldSpec => ({
  name: 'email',
  type: 'email',
  max: 254,
  label: text.email,
  autoComplete: 'email',
});

function Switch({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="link-button" onClick={onClick}>
      {label}
    </button>
  );
}

export function SignInView({ text, identity, show, onSignedIn }: ViewProps & { onSignedIn: () => void }) {
  return (
    <AuthForm
      id="login"
      heading={text.headings.signIn}
      fields={[emailField(text)]}
      password={{ label: text.password, autoComplete: 'current-password' }}
      submit={text.signIn}
      busy={text.signingIn}
      text={text}
      onSubmit={async ({ email = '', password = '' }) => {
        await (await identity()).signIn(email.trim(), password);
        onSignedIn();
      }}
    >
      <p className="auth-switches">
        <Switch label={text.forgotPassword} onClick={() => show('reset')} />
        <Switch label={text.toSignUp} onClick={() => show('sign-up')} />
      </p>
    </AuthForm>
  );
}

export function SignUpView({ text, identity, show, onSignedIn }: ViewProps & { onSignedIn: () => void }) {
  const status = async (password: string) => (await identity()).passwordStatus(password);
  return (
    <AuthForm
      id="signup"
      heading={text.headings.signUp}
      fields={[{ name: 'name', type: 'text', max: 100, label: text.name, autoComplete: 'name' }, emailField(text)]}
      password={{ label: text.password, autoComplete: 'new-password', status }}
      submit={text.signUp}
      busy={text.signingUp}
      text={text}
      onSubmit={async ({ name = '', email = '', password = '' }) => {
        await (await identity()).signUp(email.trim(), password, name.trim());
        onSignedIn();
      }}
    >
      <p className="auth-switches">
        <Switch label={text.toSignIn} onClick={() => show('sign-in')} />
      </p>
    </AuthForm>
  );
}

export function ResetView({ text, identity, show }: ViewProps) {
  return (
    <AuthForm
      id="reset"
      heading={text.headings.reset}
      intro={<p className="form-note">{text.resetIntro}</p>}
      fields={[emailField(text)]}
      submit={text.sendReset}
      busy={text.sendingReset}
      text={text}
      onSubmit={async ({ email = '' }) => {
        await (await identity()).sendPasswordReset(email.trim());
        show('sign-in', text.resetSent.replace('{email}', email.trim()));
      }}
    >
      <p className="auth-switches">
        <Switch label={text.toSignIn} onClick={() => show('sign-in')} />
      </p>
    </AuthForm>
  );
}

/** The page a reset mail's link opens (?mode=resetPassword&oobCode=...): choose a new password. */
export function NewPasswordView({ text, identity, show, code, email }: ViewProps & { code: string; email: string }) {
  const status = async (password: string) => (await identity()).passwordStatus(password);
  return (
    <AuthForm
      id="new-password"
      heading={text.headings.newPassword}
      intro={<p className="form-note">{text.newPasswordFor.replace('{email}', email)}</p>}
      fields={[]}
      password={{ label: text.newPassword, autoComplete: 'new-password', status }}
      submit={text.saveNewPassword}
      busy={text.savingNewPassword}
      text={text}
      onSubmit={async ({ password = '' }) => {
        await (await identity()).confirmPasswordReset(code, password);
        show('sign-in', text.passwordChanged);
      }}
    />
  );
}

export function SignedInView({
  text,
  profile,
  registrations,
  next,
  onSignOut,
  busy,
}: {
  text: LoginText;
  profile: Profile;
  registrations: string;
  next: string | undefined;
  onSignOut: () => void;
  busy: boolean;
}) {
  const name = profileName(profile);
  return (
    <section className="auth-signed-in" aria-labelledby="signed-in-heading">
      <Avatar src={profile.photo} alt={name} size="3xl" />
      <h1 id="signed-in-heading">{text.signedInAs.replace('{name}', name)}</h1>
      <p className="form-note">{profile.email}</p>
      <p className="auth-actions">
        {next && (
          <a className="button" href={next}>
            {text.continue}
          </a>
        )}
        <a className={next ? 'button button-quiet' : 'button'} href={registrations}>
          {text.myRegistrations}
        </a>
        <button type="button" className="button button-quiet" onClick={onSignOut} aria-disabled={busy}>
          {busy ? text.signingOut : text.signOut}
        </button>
      </p>
    </section>
  );
}
