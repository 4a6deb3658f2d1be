import type { Locale } from '../../shared/locale.ts';
import type { RegistrationStatus } from '../../shared/registration-view.ts';
import type { Registration } from './types.ts';

/**
 * A registration's own columns (of `registrations r`). A pending sign-up past its time reads as
 * expired at once, before any write marks it so: expiry needs no timer, on `site serve` or on
 * Firebase, and a pending one holds no place, so nothing else waits for that write.
 */
export const REGISTRATION_FIELDS = `
  r.id, r.event_id, CASE WHEN r.status = 'pending' AND r.expires_at <= now() THEN 'expired' ELSE r.status END AS status,
  r.locale, r.first_name, r.surname, r.email, r.participant, r.remarks, r.answers, r.user_uid, r.token,
  r.created_at, r.confirmed_at, r.cancelled_at, r.expires_at, r.verified_at`;

/** What every read selects: the own columns and the waitlist position, counted by the database. */
export const REGISTRATION_COLUMNS = `${REGISTRATION_FIELDS},
  CASE WHEN r.status = 'waitlisted' THEN (
    SELECT count(*)::int FROM registrations w WHERE w.event_id = r.event_id AND w.status = 'waitlisted' AND w.seq <= r.seq
  ) END AS waitlist_position`;

export interface RegistrationRow {
  id: string;
  event_id: number;
  status: RegistrationStatus;
  locale: Locale;
  first_name: string;
  surname: string;
  email: string;
  participant: string;
  remarks: string;
  /** pg and PGlite both parse jsonb; a string is tolerated in case a driver does not. */
  answers: Record<string, string | number> | string;
  user_uid: string | null;
  token: string;
  created_at: Date | string;
  confirmed_at: Date | string | null;
  cancelled_at: Date | string | null;
  expires_at: Date | string | null;
  verified_at: Date | string | null;
  waitlist_position: number | null;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export function toRegistration(row: RegistrationRow): Registration {
  return {
    id: row.id,
    eventId: Number(row.event_id),
    status: row.status,
    locale: row.locale,
    firstName: row.first_name,
    surname: row.surname,
    email: row.email,
    participant: row.participant,
    remarks: row.remarks,
    answers:
      typeof row.answers === 'string' ? (JSON.parse(row.answers) as Record<string, string | number>) : row.answers,
    userUid: row.user_uid,
    token: row.token,
    createdAt: iso(row.created_at)!,
    confirmedAt: iso(row.confirmed_at),
    cancelledAt: iso(row.cancelled_at),
    expiresAt: iso(row.expires_at),
    verifiedAt: iso(row.verified_at),
    waitlistPosition: row.waitlist_position === null ? null : Number(row.waitlist_position),
  };
}
