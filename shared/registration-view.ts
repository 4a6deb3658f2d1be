import type { Locale } from './locale.ts';

/**
 * `pending`: a sign-up waiting for its address to be proven (the link in its mail); it holds no
 * place. `expired`: pending too long. `confirmed` has a place, `waitlisted` waits for one.
 */
export type RegistrationStatus = 'pending' | 'confirmed' | 'waitlisted' | 'cancelled' | 'expired';

type ByLocale<T> = Record<Locale, T>;

/** What a visitor types when signing up for an event, checked (functions/registrations/input.ts). */
export interface SignUpFields {
  locale: Locale;
  firstName: string;
  surname: string;
  email: string;
  /** Who takes part (a child, for youth events); the sender themselves when left empty. */
  participant: string;
  remarks: string;
  /** The event's own questions, by question id. */
  answers: Record<string, string | number>;
}

/** What a stored registration and the browser's view of it both hold (functions/registrations/types.ts adds the rest). */
export interface RegistrationFacts extends SignUpFields {
  id: string;
  status: RegistrationStatus;
  createdAt: string;
  cancelledAt: string | null;
  /** Until when a pending sign-up can be confirmed; null otherwise. */
  expiresAt: string | null;
  /** 1 for the first on the waitlist; null unless waitlisted. */
  waitlistPosition: number | null;
}

/**
 * What the browser is shown of a registration (functions/registrations/view.ts makes it, the
 * registration islands read it): no token (the holder has it in their link), no account id. The
 * event comes along in both languages, so the page needs no second request; only its id when the
 * site no longer has it.
 */
export interface RegistrationView extends RegistrationFacts {
  event:
    | {
        id: number;
        title: ByLocale<string>;
        start: string;
        end: string;
        page: ByLocale<string>;
        questions: ByLocale<Array<{ id: string; label: string }>>;
      }
    | { id: number };
  /** Until the event starts; after that the organisers plan with the list, and a mail is better. */
  cancellable: boolean;
}
