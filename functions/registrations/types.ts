import type { MailMessage } from '../mail/mailer.ts';
import type { RegistrationFacts, SignUpFields } from '../../shared/registration-view.ts';

/** A sign-up as the visitor sent it, checked (input.ts). */
export interface SignUp extends SignUpFields {
  eventId: number;
}

/** Who signs up: their account, if signed in, and whether the address typed is proven theirs. */
export interface Signer {
  uid: string | null;
  /** A signed-in visitor whose verified address is the one typed: no mail round needed. */
  addressProven: boolean;
}

/** A stored registration. `token` is the secret of its mail link. */
export interface Registration extends RegistrationFacts {
  eventId: number;
  userUid: string | null;
  token: string;
  confirmedAt: string | null;
  /** When its address was proven (mail link, or a verified account); null before, and for older rows. */
  verifiedAt: string | null;
}

/** Places of one event right now. Pending sign-ups are in neither count: they hold nothing. */
export interface EventPlaces {
  capacity: number;
  confirmed: number;
  waitlisted: number;
  placesLeft: number;
}

export type MailKind = 'confirm' | 'reminder' | 'confirmed' | 'waitlisted' | 'promoted' | 'cancelled';

/**
 * What a write needs of the event besides its id: the built capacity, the words of its mails
 * (composed inside the transaction, from the registration as it leaves it), and how long a
 * guest has to confirm.
 */
export interface WriteRules {
  capacity: number;
  /** Absent for an event gone from the site: nothing to write about, so no mail. */
  compose: ((kind: MailKind, registration: Registration) => MailMessage) | undefined;
  confirmMinutes: number;
  /** A repeated sign-up mails the link again, but not within this many minutes of the last mail. */
  remindMinutes: number;
  /** Unconfirmed sign-ups one address may have waiting at once (each one sends it a mail). */
  pendingPerAddress: number;
}

/** Each write names the mails it queued (mail_outbox ids), to be sent right after its commit. */
export type CreateOutcome =
  | { kind: 'created'; registration: Registration; promoted: Registration[]; mails: number[] }
  /**
   * The same person (email + participant) already has a live registration for this event: a mail
   * with its link went to them again (unless one went in the last minutes).
   */
  | { kind: 'duplicate'; registration: Registration; mails: number[] }
  /** The address has `pendingPerAddress` unconfirmed sign-ups waiting: nothing stored, no mail. */
  | { kind: 'too-many-pending' };

export type ConfirmOutcome =
  | { kind: 'confirmed'; registration: Registration; promoted: Registration[]; mails: number[] }
  /** Not pending (confirmed before, cancelled, expired): nothing changes. */
  | { kind: 'unchanged'; registration: Registration };

export type CancelOutcome =
  | { kind: 'cancelled'; registration: Registration; promoted: Registration[]; mails: number[] }
  /** Cancelled (or expired) before: nothing changes, nobody is promoted twice. */
  | { kind: 'already-cancelled'; registration: Registration };
