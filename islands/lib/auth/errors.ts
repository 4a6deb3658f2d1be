/**
 * Firebase Auth error codes (spec §8) to the key of their message under `login.errors` in
 * content/<locale>/strings.yaml. The login island gets those messages as props, in the page's
 * language; any code not listed here gets `fallback`. Codes come as the SDK throws them
 * ("auth/wrong-password") or bare, as the spec writes them ("wrong-password").
 */
export const authErrorKeys = {
  'wrong-password': 'wrongPassword',
  'invalid-email': 'invalidEmail',
  'invalid-credential': 'invalidCredential',
  'email-already-in-use': 'emailInUse',
  'user-not-found': 'userNotFound',
  'too-many-requests': 'tooManyRequests',
  'user-disabled': 'userDisabled',
  'user-token-expired': 'tokenExpired',
  'expired-action-code': 'expiredActionCode',
  'invalid-action-code': 'invalidActionCode',
  'requires-recent-login': 'requiresRecentLogin',
  'password-does-not-meet-requirements': 'passwordRequirements',
  'network-request-failed': 'network',
  'multi-factor-auth-required': 'multiFactor',
  'account-exists-with-different-credential': 'accountExists',
  'credential-already-in-use': 'credentialInUse',
  // Not in the spec's list, but what Firebase (and its emulator) answer to a password under 6 characters.
  'weak-password': 'weakPassword',
  // The session function refused a token the SDK still held (a revoked or disabled account).
  'session-refused': 'tokenExpired',
} as const;

export type AuthErrorKey = (typeof authErrorKeys)[keyof typeof authErrorKeys] | 'fallback';
export type AuthErrorMessages = Record<AuthErrorKey, string>;

/** The code of a thrown error ("auth/user-disabled" -> "user-disabled"), if it has one. */
export function authErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null | undefined)?.code ?? error;
  return typeof code === 'string' ? code.replace(/^auth\//, '') : undefined;
}

export function authErrorKey(error: unknown): AuthErrorKey {
  const code = authErrorCode(error);
  return code !== undefined && Object.hasOwn(authErrorKeys, code)
    ? authErrorKeys[code as keyof typeof authErrorKeys]
    : 'fallback';
}

/** The visitor's message for an error, in the language of `messages`. */
export const authErrorMessage = (error: unknown, messages: AuthErrorMessages): string => messages[authErrorKey(error)];
