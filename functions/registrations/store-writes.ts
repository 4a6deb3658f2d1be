import { randomBytes } from 'node:crypto';
import { REGISTRATION_COLUMNS, toRegistration, type RegistrationRow } from './rows.ts';
import type { SqlRunner } from './sql.ts';
import type { CancelOutcome, CreateOutcome, Registration, SignUp } from './types.ts';

/**
 * The two writes that move places around, each one transaction that starts by locking the
 * event's row. Every other sign-up or cancellation of that event waits for the lock, so "count
 * the confirmed, then take a place" cannot race: this is the transaction DESIGN.md asks for, not
 * a read-then-write. Other events are not held up.
 */

/** Ids and link tokens: unguessable (72 and 192 random bits), URL-safe. */
export const newId = () => randomBytes(9).toString('base64url');
export const newToken = () => randomBytes(24).toString('base64url');

/** Who a registration is for, so the same person twice is caught whatever the capitals or spaces. */
export function personKey(email: string, participant: string): string {
  const fold = (value: string) => value.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
  return `${fold(email)}\n${fold(participant)}`;
}

/** Locks the event's row (creating it at first use) and brings its capacity up to the built site's. */
async function lockEvent(tx: SqlRunner, eventId: number, capacity: number): Promise<void> {
  await tx.query('INSERT INTO events (id, capacity) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [eventId, capacity]);
  const [row] = await tx.query<{ capacity: number }>('SELECT capacity FROM events WHERE id = $1 FOR UPDATE', [eventId]);
  if (row && Number(row.capacity) !== capacity) await tx.query('UPDATE events SET capacity = $2 WHERE id = $1', [eventId, capacity]);
}

async function counts(tx: SqlRunner, eventId: number): Promise<{ confirmed: number; waitlisted: number }> {
  const [row] = await tx.query<{ confirmed: number; waitlisted: number }>(
    `SELECT count(*) FILTER (WHERE status = 'confirmed')::int AS confirmed, count(*) FILTER (WHERE status = 'waitlisted')::int AS waitlisted
       FROM registrations WHERE event_id = $1`,
    [eventId],
  );
  return { confirmed: Number(row?.confirmed ?? 0), waitlisted: Number(row?.waitlisted ?? 0) };
}

async function readOne(tx: SqlRunner, id: string): Promise<Registration | undefined> {
  const [row] = await tx.query<RegistrationRow>(`SELECT ${REGISTRATION_COLUMNS} FROM registrations r WHERE r.id = $1`, [id]);
  return row ? toRegistration(row) : undefined;
}

/**
 * Free places go to the waitlist in sign-up order: after a cancellation, and when the site was
 * rebuilt with a larger capacity. Called with the event locked.
 */
async function fillFreePlaces(tx: SqlRunner, eventId: number, capacity: number): Promise<Registration[]> {
  const { confirmed } = await counts(tx, eventId);
  const free = capacity - confirmed;
  if (free <= 0) return [];
  const rows = await tx.query<{ id: string }>(
    `UPDATE registrations SET status = 'confirmed', confirmed_at = now()
      WHERE id IN (SELECT id FROM registrations WHERE event_id = $1 AND status = 'waitlisted' ORDER BY seq LIMIT $2)
      RETURNING id`,
    [eventId, free],
  );
  if (rows.length === 0) return [];
  const promoted = await tx.query<RegistrationRow>(`SELECT ${REGISTRATION_COLUMNS} FROM registrations r WHERE r.id = ANY($1::text[]) ORDER BY r.seq`, [rows.map((row) => row.id)]);
  return promoted.map(toRegistration);
}

export async function createRegistration(tx: SqlRunner, signUp: SignUp, userUid: string | null, capacity: number): Promise<CreateOutcome> {
  await lockEvent(tx, signUp.eventId, capacity);
  const key = personKey(signUp.email, signUp.participant);
  const [existing] = await tx.query<{ id: string }>("SELECT id FROM registrations WHERE event_id = $1 AND person_key = $2 AND status <> 'cancelled'", [signUp.eventId, key]);
  if (existing) return { kind: 'duplicate', existing: (await readOne(tx, existing.id))! };
  // Someone already waiting keeps their turn: a place freed by a lower capacity is theirs first.
  const promoted = await fillFreePlaces(tx, signUp.eventId, capacity);
  const { confirmed, waitlisted } = await counts(tx, signUp.eventId);
  const status = confirmed < capacity && waitlisted === 0 ? 'confirmed' : 'waitlisted';
  const id = newId();
  await tx.query(
    `INSERT INTO registrations (id, event_id, status, locale, first_name, surname, email, participant, remarks, answers, person_key, user_uid, token, confirmed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12, $13, CASE WHEN $3 = 'confirmed' THEN now() END)`,
    [id, signUp.eventId, status, signUp.locale, signUp.firstName, signUp.surname, signUp.email, signUp.participant, signUp.remarks, JSON.stringify(signUp.answers), key, userUid, newToken()],
  );
  return { kind: 'created', registration: (await readOne(tx, id))!, promoted };
}

export async function cancelRegistration(tx: SqlRunner, id: string, capacity: number): Promise<CancelOutcome | undefined> {
  const [found] = await tx.query<{ event_id: number }>('SELECT event_id FROM registrations WHERE id = $1', [id]);
  if (!found) return undefined;
  const eventId = Number(found.event_id);
  await lockEvent(tx, eventId, capacity);
  const [row] = await tx.query<{ status: string }>('SELECT status FROM registrations WHERE id = $1 FOR UPDATE', [id]);
  if (row?.status === 'cancelled') return { kind: 'already-cancelled', registration: (await readOne(tx, id))! };
  await tx.query("UPDATE registrations SET status = 'cancelled', cancelled_at = now() WHERE id = $1", [id]);
  const promoted = await fillFreePlaces(tx, eventId, capacity);
  return { kind: 'cancelled', registration: (await readOne(tx, id))!, promoted };
}
