import { REGISTRATION_COLUMNS, toRegistration, type RegistrationRow } from './rows.ts';
import { migrate } from './migrations.ts';
import { resolve } from 'node:path';
import { Outbox, type DueReport, type Send } from './outbox.ts';
import { SentJournal } from './sent-journal.ts';
import { cancelRegistration, confirmRegistration, createRegistration } from './store-writes.ts';
import type { SqlClient } from './sql.ts';
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
 * The one way into the registrations data. Which database is behind it is decided once, here:
 * DATABASE_URL names a PostgreSQL server; without it the embedded PGlite keeps its files in
 * `dataDir`. The SQL is the same for both.
 */
export interface StoreOptions {
  databaseUrl?: string | undefined;
  /** Folder of the embedded database, or `memory://` (tests); undefined where none may be kept (Firebase). */
  dataDir: string | undefined;
  /** Most connections to PostgreSQL at once (default 10). */
  poolSize?: number | undefined;
  /** Where the outbox says what it could not send. */
  log?: (line: string) => void;
}

/** Registrations asked for where only PostgreSQL may keep them (Firebase) and DATABASE_URL is not set. */
export class NoDatabaseError extends Error {
  constructor() {
    super(
      'DATABASE_URL is not set, and this host keeps no embedded database (Cloud Functions lose their files): set the DATABASE_URL secret (docs/deploy.md#database)',
    );
    this.name = 'NoDatabaseError';
  }
}

export interface RegistrationStore {
  readonly kind: SqlClient['kind'];
  readonly location: string;
  /** `rules`: of the registration's event as built (capacity, mail words, time to confirm). */
  create(signUp: SignUp, signer: Signer, rules: WriteRules): Promise<CreateOutcome>;
  confirm(id: string, eventId: number, rules: WriteRules): Promise<ConfirmOutcome | undefined>;
  cancel(id: string, eventId: number, rules: WriteRules): Promise<CancelOutcome | undefined>;
  get(id: string): Promise<Registration | undefined>;
  /** A signed-in visitor's registrations: made while signed in, or (verified address) to their email. */
  listFor(who: { uid: string; verifiedEmail?: string | undefined }): Promise<Registration[]>;
  /** Confirmed and waitlisted per event that has any registration. */
  counts(): Promise<Map<number, { confirmed: number; waitlisted: number }>>;
  /** Sends the mails a write queued (after its commit); true when all went. */
  sendMails(ids: readonly number[], send: Send): Promise<boolean>;
  /** Sends every queued mail that is due (left by a process that died, or waiting for a retry); `all`: also those not yet due again. */
  sendDueMails(send: Send, all?: boolean): Promise<DueReport>;
  close(): Promise<void>;
}

/**
 * The chosen database's driver, loaded. Each is loaded only when chosen: a server on PostgreSQL
 * never loads the WebAssembly, and the functions bundle needs neither package until a
 * registration is asked for. Loading pg takes the event loop for a tenth of a second: `site serve`
 * does it before it listens (service.ts), not in the middle of its first visitors.
 */
export function loadDriver(options: Pick<StoreOptions, 'databaseUrl'>) {
  return options.databaseUrl ? import('./store-postgres.ts') : import('./store-embedded.ts');
}

export async function openStore(options: StoreOptions): Promise<RegistrationStore> {
  if (!options.databaseUrl && options.dataDir === undefined) throw new NoDatabaseError();
  const driver = await loadDriver(options);
  const client =
    'openPostgres' in driver
      ? driver.openPostgres(options.databaseUrl as string, { max: options.poolSize })
      : await driver.openEmbedded(options.dataDir as string);
  // The embedded database's note of mails SMTP accepted (sent-journal.ts), beside its folder.
  const journal =
    options.databaseUrl || !options.dataDir || options.dataDir.startsWith('memory://')
      ? undefined
      : new SentJournal(`${resolve(options.dataDir)}.mail-sent`);
  const outbox = new Outbox(client, options.log ?? ((line) => console.log(line)), journal);
  try {
    await migrate(client);
    await outbox.recover();
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
  return storeOver(client, outbox);
}

function storeOver(client: SqlClient, outbox: Outbox): RegistrationStore {
  return {
    kind: client.kind,
    location: client.location,
    create: (signUp, signer, rules) => client.transaction((tx) => createRegistration(tx, signUp, signer, rules)),
    confirm: (id, eventId, rules) => client.transaction((tx) => confirmRegistration(tx, id, eventId, rules)),
    cancel: (id, eventId, rules) => client.transaction((tx) => cancelRegistration(tx, id, eventId, rules)),
    async get(id) {
      const [row] = await client.query<RegistrationRow>(
        `SELECT ${REGISTRATION_COLUMNS} FROM registrations r WHERE r.id = $1`,
        [id],
      );
      return row ? toRegistration(row) : undefined;
    },
    async listFor({ uid, verifiedEmail }) {
      const rows = await client.query<RegistrationRow>(
        `SELECT ${REGISTRATION_COLUMNS} FROM registrations r
          WHERE r.user_uid = $1 OR ($2::text IS NOT NULL AND lower(r.email) = lower($2::text))
          ORDER BY r.created_at DESC, r.seq DESC`,
        [uid, verifiedEmail ?? null],
      );
      return rows.map(toRegistration);
    },
    async counts() {
      const rows = await client.query<{ event_id: number; confirmed: number; waitlisted: number }>(
        `SELECT event_id, count(*) FILTER (WHERE status = 'confirmed')::int AS confirmed, count(*) FILTER (WHERE status = 'waitlisted')::int AS waitlisted
           FROM registrations GROUP BY event_id`,
      );
      return new Map(
        rows.map((row) => [
          Number(row.event_id),
          { confirmed: Number(row.confirmed), waitlisted: Number(row.waitlisted) },
        ]),
      );
    },
    sendMails: (ids, send) => outbox.send(ids, send),
    sendDueMails: (send, all) => outbox.sendDue(send, all),
    async close() {
      await outbox.settle();
      await client.close();
    },
  };
}
