import type { SqlClient } from './sql.ts';

/**
 * The registrations' schema, one numbered step per change; a step is never edited once shipped,
 * only followed by a new one, so every database (a laptop's .site/data, production PostgreSQL)
 * gets from any earlier version to this one by the same SQL.
 */
export const migrations: ReadonlyArray<{ version: number; name: string; sql: string }> = [
  {
    version: 1,
    name: 'events and registrations',
    sql: `
      -- One row per event that ever had a sign-up: the row every sign-up and cancellation of the
      -- event locks (SELECT ... FOR UPDATE), so counting places and taking one is never a race.
      CREATE TABLE events (
        id integer PRIMARY KEY,
        capacity integer NOT NULL CHECK (capacity >= 0)
      );
      CREATE TABLE registrations (
        id text PRIMARY KEY,
        -- Sign-up order: the waitlist is served by it.
        seq bigserial NOT NULL UNIQUE,
        event_id integer NOT NULL REFERENCES events (id),
        status text NOT NULL CHECK (status IN ('confirmed', 'waitlisted', 'cancelled')),
        locale text NOT NULL CHECK (locale IN ('nl', 'en')),
        first_name text NOT NULL,
        surname text NOT NULL,
        email text NOT NULL,
        participant text NOT NULL,
        remarks text NOT NULL DEFAULT '',
        answers jsonb NOT NULL DEFAULT '{}',
        -- lower(email) + lower(participant): the same person twice for one event is refused.
        person_key text NOT NULL,
        user_uid text,
        -- Kept as is (not hashed): a promotion mail, sent long after sign-up, carries the same link.
        token text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        confirmed_at timestamptz,
        cancelled_at timestamptz
      );
      CREATE UNIQUE INDEX registrations_one_per_person ON registrations (event_id, person_key) WHERE status <> 'cancelled';
      CREATE INDEX registrations_by_event ON registrations (event_id, status, seq);
      CREATE INDEX registrations_by_user ON registrations (user_uid) WHERE user_uid IS NOT NULL;
      CREATE INDEX registrations_by_email ON registrations (lower(email));
    `,
  },
  {
    version: 2,
    name: 'unconfirmed sign-ups and the mail outbox',
    sql: `
      -- A guest's sign-up waits for the link in its mail (pending, until expires_at) and holds no
      -- place: made-up addresses never confirm, so they never take one. 'expired': not confirmed in time.
      ALTER TABLE registrations DROP CONSTRAINT registrations_status_check;
      ALTER TABLE registrations ADD CONSTRAINT registrations_status_check
        CHECK (status IN ('pending', 'confirmed', 'waitlisted', 'cancelled', 'expired'));
      ALTER TABLE registrations ADD COLUMN expires_at timestamptz;
      -- When the address was proven: the mail's link used, or a verified address signed in.
      ALTER TABLE registrations ADD COLUMN verified_at timestamptz;
      DROP INDEX registrations_one_per_person;
      CREATE UNIQUE INDEX registrations_one_per_person ON registrations (event_id, person_key)
        WHERE status IN ('pending', 'confirmed', 'waitlisted');
      -- Every registration mail, written in the transaction that changed the registration and sent
      -- after its commit: a process killed in between leaves the row, and the next one sends it.
      CREATE TABLE mail_outbox (
        id bigserial PRIMARY KEY,
        registration_id text NOT NULL REFERENCES registrations (id),
        kind text NOT NULL,
        -- The whole message as composed then (with its Message-ID), so a later send is the same mail.
        message jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        -- Given up (the recipient refused, or days of failures); kept, with last_error, for the office.
        failed_at timestamptz,
        last_error text
      );
      CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;
      CREATE INDEX mail_outbox_by_registration ON mail_outbox (registration_id, created_at);
    `,
  },
];

// Any fixed number: two server instances starting at once take turns migrating.
const MIGRATION_LOCK = 710_007;

/** Brings the database up to the last migration; a no-op when it is there already. */
export async function migrate(client: SqlClient): Promise<number[]> {
  return client.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await tx.query<{ version: number }>('SELECT version FROM schema_migrations')).map((row) => Number(row.version)),
    );
    const newest = Math.max(0, ...done);
    const known = migrations.at(-1)?.version ?? 0;
    // An older build against a newer schema could misread it: refuse rather than guess.
    if (newest > known)
      throw new Error(
        `the registrations database is at schema version ${newest}, this build knows up to ${known}: deploy the newer build`,
      );
    const applied: number[] = [];
    for (const step of migrations) {
      if (done.has(step.version)) continue;
      await tx.exec(step.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [step.version, step.name]);
      applied.push(step.version);
    }
    return applied;
  });
}
