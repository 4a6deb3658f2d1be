import type { ComponentProps } from 'react';
import AvatarIsland from './avatar.tsx';
import BasicForm from './basic-form.tsx';
import ContactForm from './contact-form.tsx';
import CustomerForm from './customer-form.tsx';
import EventSignup from './event-signup.tsx';
import JobForm from './job-form.tsx';
import Login from './login.tsx';
import MyRegistrations from './my-registrations.tsx';
import PlacesLeft from './places-left.tsx';
import QuestionForm from './question-form.tsx';
import RegistrationDetail from './registration-detail.tsx';
import RequestedPath from './requested-path.tsx';
import SignupCall from './signup-call.tsx';
import SignupWindow from './signup-window.tsx';
import SiteSearch from './site-search.tsx';
import Toaster from './toaster.tsx';

/**
 * Every island by name, for the server side (templates/components/Island.tsx renders them). The
 * browser side bundles each top-level islands/<name>.tsx as its own entry (cli/build/islands.ts);
 * tests/islands/registry.test.ts keeps the two lists equal.
 */
export const islands = {
  avatar: AvatarIsland,
  'basic-form': BasicForm,
  'contact-form': ContactForm,
  'customer-form': CustomerForm,
  'event-signup': EventSignup,
  'job-form': JobForm,
  login: Login,
  'my-registrations': MyRegistrations,
  'places-left': PlacesLeft,
  'question-form': QuestionForm,
  'registration-detail': RegistrationDetail,
  'requested-path': RequestedPath,
  'signup-call': SignupCall,
  'signup-window': SignupWindow,
  'site-search': SiteSearch,
  toaster: Toaster,
};

export type IslandName = keyof typeof islands;
export type IslandProps<N extends IslandName> = ComponentProps<(typeof islands)[N]>;

/** Islands that show their result as a toast: a page with one of them gets the toaster too. */
export const needsToaster: ReadonlySet<IslandName> = new Set([
  'basic-form',
  'contact-form',
  'customer-form',
  'job-form',
  'question-form',
]);

// The islands' public side for templates, which render islands on the server and fill in their
// props: templates import this file only, never an island's internals (tests/unit/import-graph.test.ts).
export { renderIsland } from './runtime/server.ts';
export { authErrorKeys, type AuthErrorMessages } from './lib/auth/errors.ts';
export type { IdentityConfig } from './lib/auth/types.ts';
export type { LoginText } from './components/auth/text.ts';
export type { SignedInMenuProps } from './components/account/SignedInMenu.tsx';
export type { FormText } from './components/MailForm.tsx';
export type { FieldSpec } from './components/FormField.tsx';
export type { RegistrationText } from './lib/registration-types.ts';
export type { LoginProps } from './login.tsx';
export type { EventSignupText } from './event-signup.tsx';
export type { SignupCardState, SignupCardText } from './signup-window.tsx';
