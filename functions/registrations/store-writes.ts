import { randomBytes } from 'node:crypto';
import { REGISTRATION_COLUMNS, REGISTRATION_FIELDS, toRegistration, type RegistrationRow } from './rows.ts';
import type { SqlRunner } from './sql.ts';
import type { CancelOutcome, CreateOutcome, Registration, SignUp } from './types.ts';

/**
 * The two writes that move places around, each one transaction that starts by locking the
 * event's row. Every other sign-up or cancellation of that event waits for the lock, so "count
 * the confirmed, then take a place" cannot race: this is the transaction DESIGN.md asks for, not
 * a read-then-write. Other events are not held up.
 *
 * Few statements on purpose: the embedded database writes its files through after every
 * statement (that is what makes a confirmed sign-up durable there), so each one costs a sync.
 * The lock and the counting must stay separate statements, though: a statement sees the data as
 * it was when it began, so a count in the statement that waited for the lock would be stale.
 */

/** What a write returns: the row as written; the caller knows (or needs no) waitlist position. */
const WITHOUT_POSITION = `${REGISTRATION_FIELDS}, NULL::int AS waitlist_position`;

/** Ids and link tokens: unguessable (72 and 192 random bits), URL-safe. */
export const newId = () => randomBytes(9).toString('base64url');
export const newToken = () => randomBytes(24).toString('base64url');

/** Who a registration is for, so the same person twice is caught whatever the capitals or spaces. */
export function personKey(email: string, participant: string): string {
  const fold = (value: string) => value.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
  return `${fold(email)}\n${fold(participant)}`;
}

/**
 * Locks the event's row until the transaction ends, creating it at first use and keeping its
 * capacity the built site's. The upsert locks in both cases (insert or update).
 */
async function lockEvent(tx: SqlRunner, eventId: number, capacity: number): Promise<void> {
  await tx.query('INSERT INTO events (id, capacity) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET capacity = EXCLUDED.capacity', [eventId, capacity]);
}

/**
 * Free places go to the waitlist in sign-up order: after a cancellation, and when the site was
 * rebuilt with a larger capacity. One statement; called with the event locked.
 */
async function fillFreePlaces(tx: SqlRunner, eventId: number, capacity: number): Promise<Registration[]> {
  const rows = await tx.query<RegistrationRow>(
    `UPDATE registrations r SET status = 'confirmed', confirmed_at = now()
      WHERE r.id IN (
        SELECT id FROM registrations WHERE event_id = $1 AND status = 'waitlisted' ORDER BY seq
         LIMIT GREATEST(0, $2::int - (SELECT count(*)::int FROM registrations WHERE event_id = $1 AND status = 'confirmed')))
      RETURNING ${WITHOUT_POSITION}`,
    [eventId, capacity],
  );
  return rows.map(toRegistration).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export async function createRegistration(tx: SqlRunner, signUp: SignUp, userUid: string | null, capacity: number): Promise<CreateOutcome> {
  await lockEvent(tx, signUp.eventId, capacity);
  const key = personKey(signUp.email, signUp.participant);
  const [state] = await tx.query<{ confirmed: number; waitlisted: number; existing: string | null }>(
    `SELECT count(*) FILTER (WHERE status = 'confirmed')::int AS confirmed,
            count(*) FILTER (WHERE status = 'waitlisted')::int AS waitlisted,
            max(id) FILTER (WHERE person_key = $2 AND status <> 'cancelled') AS existing
       FROM registrations WHERE event_id = $1`,
    [signUp.eventId, key],
  );
  if (state?.existing) return { kind: 'duplicate', existingId: state.existing };
  let confirmed = Number(state?.confirmed ?? 0);
  let waitlisted = Number(state?.waitlisted ?? 0);
  // A place freed by a larger capacity is for whoever already waits, before this newcomer.
  const promoted = confirmed < capacity && waitlisted > 0 ? await fillFreePlaces(tx, signUp.eventId, capacity) : [];
  confirmed += promoted.length;
  waitlisted -= promoted.length;
  const status = confirmed < capacity && waitlisted === 0 ? 'confirmed' : 'waitlisted';
  const [row] = await tx.query<RegistrationRow>(
    `INSERT INTO registrations AS r (id, event_id, status, locale, first_name, surname, email, participant, remarks, answers, person_key, user_uid, token, confirmed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12, $13, CASE WHEN $3::text = 'confirmed' THEN now() END)
     RETURNING ${WITHOUT_POSITION}`,
    [newId(), signUp.eventId, status, signUp.locale, signUp.firstName, signUp.surname, signUp.email, signUp.participant, signUp.remarks, JSON.stringify(signUp.answers), key, userUid, newToken()],
  );
  // Under the lock the line is exactly as counted: this one joins at its end.
  const registration = { ...toRegistration(row!), waitlistPosition: status === 'waitlisted' ? waitlisted + 1 : null };
  return { kind: 'created', registration, promoted };
}

/** `eventId` as read before (a registration never changes event), to lock before touching it. */
export async function cancelRegistration(tx: SqlRunner, id: string, eventId: number, capacity: number): Promise<CancelOutcome | undefined> {
  await lockEvent(tx, eventId, capacity);
  const [row] = await tx.query<RegistrationRow>(
    `UPDATE registrations r SET status = 'cancelled', cancelled_at = now() WHERE r.id = $1 AND r.event_id = $2 AND r.status <> 'cancelled'
     RETURNING ${WITHOUT_POSITION}`,
    [id, eventId],
  );
  if (!row) {
    const [before] = await tx.query<RegistrationRow>(`SELECT ${REGISTRATION_COLUMNS} FROM registrations r WHERE r.id = $1 AND r.event_id = $2`, [id, eventId]);
    return before ? { kind: 'already-cancelled', registration: toRegistration(before) } : undefined;
  }
  const promoted = await fillFreePlaces(tx, eventId, capacity);
  return { kind: 'cancelled', registration: toRegistration(row), promoted };
}
