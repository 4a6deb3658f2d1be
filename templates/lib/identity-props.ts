import {
  authErrorKeys,
  type AuthErrorMessages,
  type IdentityConfig,
  type LoginProps,
  type LoginText,
  type SignedInMenuProps,
} from '../../islands/index.ts';
import { pathVariants } from '../../shared/paths.ts';
import type { Site } from './site.tsx';

/**
 * Props of the identity islands, from site.config.yaml and the page's strings. Only the login
 * page (and the registrations pages) carry the Firebase config: other pages never need it.
 */

/** Firebase's web config (public by design: it names the project, it grants nothing) and the emulator, if built with one. */
export function identityConfig(site: Site): IdentityConfig {
  const { apiKey, authDomain, projectId, emulator } = site.model.config.firebase;
  return { apiKey, authDomain, projectId, ...(emulator ? { emulator } : {}) };
}

/** Every path of the login page (/login, /nl/login, /en/login): none is a page to return to. */
export function loginPaths(site: Site): string[] {
  return site.model.config.locales.all.flatMap((locale) =>
    pathVariants(locale, site.model.config.routes.login[locale]),
  );
}

const errorKeys = [...new Set(Object.values(authErrorKeys)), 'fallback'] as const;

export function loginText(site: Site): LoginText {
  const t = (key: string) => site.t(`login.${key}`);
  return {
    email: t('email'),
    password: t('password'),
    newPassword: t('newPassword'),
    name: t('name'),
    required: site.t('forms.required'),
    invalidEmail: site.t('forms.invalidEmail'),
    headings: {
      signIn: t('headings.signIn'),
      signUp: t('headings.signUp'),
      reset: t('headings.reset'),
      newPassword: t('headings.newPassword'),
    },
    signIn: t('submit'),
    signingIn: t('submitting'),
    signUp: t('signUp'),
    signingUp: t('signingUp'),
    toSignUp: t('noAccount'),
    toSignIn: t('haveAccount'),
    forgotPassword: t('forgotPassword'),
    sendReset: t('sendReset'),
    sendingReset: t('sendingReset'),
    resetIntro: t('resetIntro'),
    resetSent: t('resetSent'),
    newPasswordFor: t('newPasswordFor'),
    saveNewPassword: t('saveNewPassword'),
    savingNewPassword: t('savingNewPassword'),
    passwordChanged: t('passwordChanged'),
    signedInAs: t('loggedInAs'),
    signOut: t('logout'),
    signingOut: t('loggingOut'),
    signedOut: t('loggedOut'),
    myRegistrations: t('myRegistrations'),
    continue: t('continue'),
    loading: t('loading'),
    checklistLabel: t('rules.label'),
    checklist: {
      minLength: t('rules.minLength'),
      maxLength: t('rules.maxLength'),
      lowercase: t('rules.lowercase'),
      uppercase: t('rules.uppercase'),
      numeric: t('rules.numeric'),
      nonAlphanumeric: t('rules.nonAlphanumeric'),
      met: t('rules.met'),
      unmet: t('rules.unmet'),
    },
    errors: Object.fromEntries(errorKeys.map((key) => [key, t(`errors.${key}`)])) as AuthErrorMessages,
  };
}

export function loginProps(site: Site): LoginProps {
  return {
    locale: site.locale,
    identity: identityConfig(site),
    text: loginText(site),
    paths: { login: loginPaths(site), registrations: site.href('registrations') },
  };
}

/** The header's account menu: no Firebase config, only where to go and what to say. */
export function accountProps(site: Site): SignedInMenuProps {
  return {
    login: site.href('login'),
    registrations: site.href('registrations'),
    labels: {
      account: site.t('login.account'),
      registrations: site.t('login.myRegistrations'),
      signOut: site.t('login.logout'),
    },
  };
}
