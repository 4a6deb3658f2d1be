import { toRegistration, REGISTRATION_FIELDS, type RegistrationRow } from './rows.ts';
import type { SqlRunner } from './sql.ts';
import type { RegistrationStatus } from '../../shared/registration-view.ts';
import type { Registration } from './types.ts';

/**
 * The statements every place-moving write starts with, each called with the event's row locked
 * (lockEvent first): every other sign-up, confirmation or cancellation of that event waits for
 * the lock, so "count the confirmed, then take a place" cannot race. This is the transaction
 * DESIGN.md asks for, not a read-then-write. Other events are not held up.
 *
 * Few statements on purpose: the embedded database writes its files through after every
 * statement (that is what makes a confirmed sign-up durable there), so each one costs a sync.
 * The lock and the counting must stay separate statements, though: a statement sees the data as
 * it was when it began, so a count in the statement that waited for the lock would be stale.
 */

/** What a write returns: the row as written; the caller knows (or needs no) waitlist position. */
export const WITHOUT_POSITION = `${REGISTRATION_FIELDS}, NULL::int AS waitlist_position`;

/**
 * Locks the event's row until the transaction ends, creating it at first use and keeping its
 * capacity the built site's. The upsert locks in both cases (insert or update). Unconfirmed
 * sign-ups past their time are marked expired in the same breath (one statement, no extra
 * sync): the lazy expiry that frees their person for a new sign-up, with no timer anywhere.
 */
export async function lockEvent(tx: SqlRunner, eventId: number, capacity: number): Promise<void> {
  await tx.query(
    `WITH locked AS (
       INSERT INTO events (id, capacity) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET capacity = EXCLUDED.capacity RETURNING id
     )
     UPDATE registrations SET status = 'expired' WHERE event_id = (SELECT id FROM locked) AND status = 'pending' AND expires_at <= now()`,
    [eventId, capacity],
  );
}

/**
 * Free places go to the waitlist in line order: after a cancellation, and when the site was
 * rebuilt with a larger capacity. One statement; called with the event locked.
 */
export async function fillFreePlaces(tx: SqlRunner, eventId: number, capacity: number): Promise<Registration[]> {
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

/**
 * Where a newly proven registration goes: a place while places are left and nobody waits, else
 * the end of the waitlist. A place freed by a larger capacity goes to whoever already waits,
 * before this newcomer (`promoted`). Called with the event locked, so the line is exactly as counted.
 */
export async function nextPlace(
  tx: SqlRunner,
  eventId: number,
  capacity: number,
): Promise<{
  status: Extract<RegistrationStatus, 'confirmed' | 'waitlisted'>;
  position: number | null;
  promoted: Registration[];
}> {
  const [state] = await tx.query<{ confirmed: number; waitlisted: number }>(
    `SELECT count(*) FILTER (WHERE status = 'confirmed')::int AS confirmed, count(*) FILTER (WHERE status = 'waitlisted')::int AS waitlisted
       FROM registrations WHERE event_id = $1`,
    [eventId],
  );
  let confirmed = Number(state?.confirmed ?? 0);
  let waitlisted = Number(state?.waitlisted ?? 0);
  const promoted = confirmed < capacity && waitlisted > 0 ? await fillFreePlaces(tx, eventId, capacity) : [];
  confirmed += promoted.length;
  waitlisted -= promoted.length;
  const status = confirmed < capacity && waitlisted === 0 ? 'confirmed' : 'waitlisted';
  return { status, position: status === 'waitlisted' ? waitlisted + 1 : null, promoted };
}
