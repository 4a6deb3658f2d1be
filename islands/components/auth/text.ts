import type { AuthErrorMessages } from '../../lib/auth/errors.ts';
import type { ChecklistText } from '../../lib/auth/password-rules.ts';

/** Every word the login island shows, in the page's language (templates/lib/identity-props.ts fills it). */
export interface LoginText {
  email: string;
  password: string;
  newPassword: string;
  name: string;
  required: string;
  invalidEmail: string;
  headings: { signIn: string; signUp: string; reset: string; newPassword: string };
  signIn: string;
  signingIn: string;
  signUp: string;
  signingUp: string;
  toSignUp: string;
  toSignIn: string;
  forgotPassword: string;
  sendReset: string;
  sendingReset: string;
  resetIntro: string;
  /** '{email}' is filled in. */
  resetSent: string;
  /** '{email}' is filled in. */
  newPasswordFor: string;
  saveNewPassword: string;
  savingNewPassword: string;
  passwordChanged: string;
  /** '{name}' is filled in. */
  signedInAs: string;
  signOut: string;
  signingOut: string;
  signedOut: string;
  myRegistrations: string;
  continue: string;
  loading: string;
  checklistLabel: string;
  checklist: ChecklistText;
  errors: AuthErrorMessages;
}
