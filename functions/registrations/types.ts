import type { Locale } from '../site.ts';

export type RegistrationStatus = 'confirmed' | 'waitlisted' | 'cancelled';

/** A sign-up as the visitor sent it, checked (input.ts). */
export interface SignUp {
  eventId: number;
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

/** A stored registration. `token` is the secret of its mail link. */
export interface Registration {
  id: string;
  eventId: number;
  status: RegistrationStatus;
  locale: Locale;
  firstName: string;
  surname: string;
  email: string;
  participant: string;
  remarks: string;
  answers: Record<string, string | number>;
  userUid: string | null;
  token: string;
  createdAt: string;
  confirmedAt: string | null;
  cancelledAt: string | null;
  /** 1 for the first on the waitlist; null unless waitlisted. */
  waitlistPosition: number | null;
}

/** Places of one event right now. */
export interface EventPlaces {
  capacity: number;
  confirmed: number;
  waitlisted: number;
  placesLeft: number;
}

export type CreateOutcome =
  | { kind: 'created'; registration: Registration; promoted: Registration[] }
  /** The same person (email + participant) already has a live registration for this event. */
  | { kind: 'duplicate'; existingId: string };

export type CancelOutcome =
  | { kind: 'cancelled'; registration: Registration; promoted: Registration[] }
  /** Cancelled before: nothing changes, nobody is promoted twice. */
  | { kind: 'already-cancelled'; registration: Registration };
