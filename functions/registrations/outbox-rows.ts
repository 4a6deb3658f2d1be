import type { MailMessage } from '../mail/mailer.ts';
import type { SqlRunner } from './sql.ts';
import type { MailKind, Registration, WriteRules } from './types.ts';

/**
 * Queues a registration's mail in the transaction that changed the registration: committed
 * together or not at all, so no stored registration is ever without its mail (sent after the
 * commit by outbox.ts, or by the next process if this one dies first).
 */
export async function queueMail(
  tx: SqlRunner,
  rules: WriteRules,
  kind: MailKind,
  registration: Registration,
): Promise<number[]> {
  if (!rules.compose) return [];
  const message: MailMessage = rules.compose(kind, registration);
  const [row] = await tx.query<{ id: string | number }>(
    'INSERT INTO mail_outbox (registration_id, kind, message) VALUES ($1, $2, $3::jsonb) RETURNING id',
    [registration.id, kind, JSON.stringify(message)],
  );
  return [Number(row!.id)];
}

/** The mails of promotions: each promoted registrant hears of their place. */
export async function queuePromotions(
  tx: SqlRunner,
  promoted: readonly Registration[],
  rules: WriteRules,
): Promise<number[]> {
  const ids: number[] = [];
  for (const registration of promoted) ids.push(...(await queueMail(tx, rules, 'promoted', registration)));
  return ids;
}

/**
 * Whether a sign-up already sent this registration its link in the last `minutes` (the request
 * to confirm, or a reminder: the mails anyone can cause by signing up): a repeated sign-up sends
 * the link again, but a stranger repeating someone's sign-up cannot flood their mailbox.
 */
export async function mailedRecently(tx: SqlRunner, registrationId: string, minutes: number): Promise<boolean> {
  const rows = await tx.query(
    `SELECT 1 FROM mail_outbox WHERE registration_id = $1 AND kind IN ('confirm', 'reminder') AND created_at > now() - make_interval(mins => $2) LIMIT 1`,
    [registrationId, minutes],
  );
  return rows.length > 0;
}
