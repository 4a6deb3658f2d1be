/**
 * The pages a plain HTML form (no JavaScript) is sent to after a post: one "sent" page per form,
 * one "not sent" page per reason. Shared by the build (cli/routes: it makes these pages) and the
 * functions (they answer 303 to them), so the two can never name a page the other lacks.
 * Imports nothing: the build's route table and the functions bundle both load it.
 */

/** The forms of the site: the mail forms by their `kind`, and the event sign-up. */
export const formKinds = ['contact', 'question', 'customer', 'basic', 'job', 'signup'] as const;
export type FormKind = (typeof formKinds)[number];

/** Why a form was not sent, as far as the visitor can act on it. */
export const failureReasons = ['invalid', 'busy', 'unavailable', 'closed', 'duplicate', 'refused'] as const;
export type FailureReason = (typeof failureReasons)[number];

export const isFormKind = (value: unknown): value is FormKind => formKinds.includes(value as FormKind);

/**
 * The reason of a function's refusal, from its status and the field it named:
 * 400 and 413 a field (or the whole form) the visitor can correct; 429 too many posts; 403 not
 * from this site; 409/404 on `event` an event that closed or is gone; 409 on `email` an address
 * with too many sign-ups waiting for confirmation; anything else (5xx) the server could not do it now.
 */
export function failureReason(status: number, field: string | undefined): FailureReason {
  if (status === 429) return 'busy';
  if (status === 401 || status === 403) return 'refused';
  if ((status === 404 || status === 409) && field === 'event') return 'closed';
  if (status === 409 && field === 'email') return 'duplicate';
  if (status >= 400 && status < 500) return 'invalid';
  return 'unavailable';
}
