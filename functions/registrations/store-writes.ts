import { randomBytes } from 'node:crypto';
import { mailedRecently, queueMail, queuePromotions } from './outbox-rows.ts';
import { REGISTRATION_COLUMNS, toRegistration, type RegistrationRow } from './rows.ts';
import { fillFreePlaces, lockEvent, nextPlace, WITHOUT_POSITION } from './store-places.ts';
import type { SqlRunner } from './sql.ts';
import type {
  CancelOutcome,
  ConfirmOutcome,
  CreateOutcome,
  Registration,
  SignUp,
  Signer,
  WriteRules,
} from './types.ts';

/**
 * The three writes that move places around, each one transaction that starts by locking the
 * event's row (store-places.ts) and queues its mails in the same transaction (outbox-rows.ts).
 *
 * A guest's sign-up takes no place: it waits, pending, for the link in its mail. Only then
 * (confirmRegistration) does it get a place or a waitlist number, in the order people confirm.
 * An address nobody reads never confirms, so made-up sign-ups hold nothing, however many.
 */

/** Ids and link tokens: unguessable (72 and 192 random bits), URL-safe. */
export const newId = () => randomBytes(9).toString('base64url');
export const newToken = () => randomBytes(24).toString('base64url');

/** Who a registration is for, so the same person twice is caught whatever the capitals or spaces. */
export function personKey(email: string, participant: string): string {
  const fold = (value: string) => value.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
  return `${fold(email)}\n${fold(participant)}`;
}

const LIVE = `('pending', 'confirmed', 'waitlisted')`;

async function pendingFor(tx: SqlRunner, email: string): Promise<number> {
  const [row] = await tx.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM registrations WHERE lower(email) = lower($1) AND status = 'pending' AND expires_at > now()`,
    [email],
  );
  return Number(row?.count ?? 0);
}

/**
 * The same person signing up again: their own link goes to their address once more (the
 * confirmation request while pending, with its time renewed; otherwise a reminder), unless a
 * mail went in the last minutes. What the request typed changes nothing stored.
 */
async function remind(tx: SqlRunner, existing: Registration, rules: WriteRules): Promise<CreateOutcome> {
  if (await mailedRecently(tx, existing.id, rules.remindMinutes))
    return { kind: 'duplicate', registration: existing, mails: [] };
  let registration = existing;
  if (existing.status === 'pending') {
    const [row] = await tx.query<RegistrationRow>(
      `UPDATE registrations r SET expires_at = now() + make_interval(mins => $2) WHERE r.id = $1 RETURNING ${WITHOUT_POSITION}`,
      [existing.id, rules.confirmMinutes],
    );
    registration = toRegistration(row!);
  }
  const kind = registration.status === 'pending' ? 'confirm' : 'reminder';
  return { kind: 'duplicate', registration, mails: await queueMail(tx, rules, kind, registration) };
}

export async function createRegistration(
  tx: SqlRunner,
  signUp: SignUp,
  signer: Signer,
  rules: WriteRules,
): Promise<CreateOutcome> {
  await lockEvent(tx, signUp.eventId, rules.capacity);
  const key = personKey(signUp.email, signUp.participant);
  const [existing] = await tx.query<RegistrationRow>(
    `SELECT ${REGISTRATION_COLUMNS} FROM registrations r WHERE r.event_id = $1 AND r.person_key = $2 AND r.status IN ${LIVE}`,
    [signUp.eventId, key],
  );
  if (existing) return remind(tx, toRegistration(existing), rules);

  // Each unconfirmed sign-up mails its address: a stranger varying the participant's name must not
  // be able to fill someone's mailbox (the same person again is the reminder above, at most every few minutes).
  if (!signer.addressProven && (await pendingFor(tx, signUp.email)) >= rules.pendingPerAddress)
    return { kind: 'too-many-pending' };
  const place = signer.addressProven ? await nextPlace(tx, signUp.eventId, rules.capacity) : undefined;
  const [row] = await tx.query<RegistrationRow>(
    `INSERT INTO registrations AS r (id, event_id, status, locale, first_name, surname, email, participant, remarks, answers, person_key, user_uid, token,
                                     confirmed_at, verified_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12, $13,
             CASE WHEN $3::text = 'confirmed' THEN now() END, CASE WHEN $3::text <> 'pending' THEN now() END,
             CASE WHEN $3::text = 'pending' THEN now() + make_interval(mins => $14) END)
     RETURNING ${WITHOUT_POSITION}`,
    [
      newId(),
      signUp.eventId,
      place?.status ?? 'pending',
      signUp.locale,
      signUp.firstName,
      signUp.surname,
      signUp.email,
      signUp.participant,
      signUp.remarks,
      JSON.stringify(signUp.answers),
      key,
      signer.uid,
      newToken(),
      rules.confirmMinutes,
    ],
  );
  const registration = { ...toRegistration(row!), waitlistPosition: place?.position ?? null };
  const kind = place ? place.status : 'confirm';
  const mails = await queueMail(tx, rules, kind, registration);
  const promoted = place?.promoted ?? [];
  mails.push(...(await queuePromotions(tx, promoted, rules)));
  return { kind: 'created', registration, promoted, mails };
}

/**
 * The link in the mail was used: the address is proven, and the sign-up joins the line now, with
 * a place while places are left, else at the end of the waitlist. Its sign-up number is renewed,
 * so the line is in order of confirmation: waiting unconfirmed never kept anyone's turn.
 */
export async function confirmRegistration(
  tx: SqlRunner,
  id: string,
  eventId: number,
  rules: WriteRules,
): Promise<ConfirmOutcome | undefined> {
  await lockEvent(tx, eventId, rules.capacity);
  const [before] = await tx.query<RegistrationRow>(
    `SELECT ${REGISTRATION_COLUMNS} FROM registrations r WHERE r.id = $1 AND r.event_id = $2`,
    [id, eventId],
  );
  if (!before) return undefined;
  if (before.status !== 'pending') return { kind: 'unchanged', registration: toRegistration(before) };
  const place = await nextPlace(tx, eventId, rules.capacity);
  const [row] = await tx.query<RegistrationRow>(
    `UPDATE registrations r SET status = $2, verified_at = now(), expires_at = NULL, seq = nextval(pg_get_serial_sequence('registrations', 'seq')),
            confirmed_at = CASE WHEN $2::text = 'confirmed' THEN now() END
      WHERE r.id = $1 RETURNING ${WITHOUT_POSITION}`,
    [id, place.status],
  );
  const registration = { ...toRegistration(row!), waitlistPosition: place.position };
  const mails = [
    ...(await queueMail(tx, rules, place.status, registration)),
    ...(await queuePromotions(tx, place.promoted, rules)),
  ];
  return { kind: 'confirmed', registration, promoted: place.promoted, mails };
}

/** `eventId` as read before (a registration never changes event), to lock before touching it. */
export async function cancelRegistration(
  tx: SqlRunner,
  id: string,
  eventId: number,
  rules: WriteRules,
): Promise<CancelOutcome | undefined> {
  await lockEvent(tx, eventId, rules.capacity);
  // `was`: a pending sign-up cancelled gets no mail (nothing was ever confirmed to that address).
  const [row] = await tx.query<RegistrationRow & { was: string }>(
    `UPDATE registrations r SET status = 'cancelled', cancelled_at = now(), expires_at = NULL
       FROM (SELECT id, status AS was FROM registrations WHERE id = $1 AND event_id = $2) old
      WHERE r.id = old.id AND r.status IN ${LIVE}
      RETURNING ${WITHOUT_POSITION}, old.was`,
    [id, eventId],
  );
  if (!row) {
    const [before] = await tx.query<RegistrationRow>(
      `SELECT ${REGISTRATION_COLUMNS} FROM registrations r WHERE r.id = $1 AND r.event_id = $2`,
      [id, eventId],
    );
    return before ? { kind: 'already-cancelled', registration: toRegistration(before) } : undefined;
  }
  const registration = toRegistration(row);
  const promoted = await fillFreePlaces(tx, eventId, rules.capacity);
  const mails = row.was === 'pending' ? [] : await queueMail(tx, rules, 'cancelled', registration);
  mails.push(...(await queuePromotions(tx, promoted, rules)));
  return { kind: 'cancelled', registration, promoted, mails };
}
