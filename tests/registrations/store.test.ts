/**
 * The data-access module on its own, on both databases: migrations, waitlist order when the
 * built capacity changes, "the same person", and whose registrations a signed-in visitor sees.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { migrate, migrations } from '../../functions/registrations/migrations.ts';
import { openStore, type RegistrationStore } from '../../functions/registrations/store.ts';
import { personKey } from '../../functions/registrations/store-writes.ts';
import type { SignUp } from '../../functions/registrations/types.ts';
import { databaseKinds, startDatabase, type Database } from './helpers/databases.ts';

const person = (n: number, overrides: Partial<SignUp> = {}): SignUp => ({
  eventId: 1, locale: 'nl', firstName: `P${n}`, surname: 'Jansen', email: `p${n}@example.nl`, participant: `P${n} Jansen`, remarks: '', answers: {}, ...overrides,
});

test('the same person: capitals, spaces and Unicode forms do not make a new one', () => {
  expect(personKey(' Anna@Example.NL ', 'Tim  de Vries')).toBe(personKey('anna@example.nl', 'tim de vries'));
  expect(personKey('a@b.nl', 'Ｔｉｍ')).toBe(personKey('a@b.nl', 'tim'));
  expect(personKey('a@b.nl', 'Tim')).not.toBe(personKey('a@b.nl', 'Lotte'));
});

describe.each(databaseKinds('tests/registrations/store.test.ts'))('the store on the %s database', (kind) => {
  let database: Database;
  let options: { databaseUrl?: string; dataDir: string };
  let store: RegistrationStore;

  beforeAll(async () => {
    database = await startDatabase(kind);
    const env = await database.fresh();
    options = { databaseUrl: env.DATABASE_URL, dataDir: env.SITE_DATA_DIR ?? '' };
    store = await openStore(options);
  });
  afterAll(async () => {
    await store?.close();
    await database?.stop();
  });

  test('a larger capacity in a new build hands the new places to the waitlist first', async () => {
    const made = [];
    for (let n = 1; n <= 4; n += 1) made.push(await store.create(person(n), null, 2));
    expect(made.map((m) => (m.kind === 'created' ? m.registration.status : m.kind))).toEqual(['confirmed', 'confirmed', 'waitlisted', 'waitlisted']);
    // Rebuilt with 4 places: the next sign-up promotes the two waiting and itself goes on the list after nobody.
    const next = await store.create(person(5), null, 4);
    expect(next.kind === 'created' && next.promoted.map((r) => r.firstName)).toEqual(['P3', 'P4']);
    expect(next.kind === 'created' && next.registration).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
    // A smaller capacity takes no place away from anyone already confirmed.
    const smaller = await store.create(person(6), null, 1);
    expect(smaller.kind === 'created' && smaller.registration).toMatchObject({ status: 'waitlisted', waitlistPosition: 2 });
    expect((await store.counts()).get(1)).toEqual({ confirmed: 4, waitlisted: 2 });
  });

  test('the same person twice is refused; after cancelling they may sign up again', async () => {
    const first = await store.create(person(10, { eventId: 2 }), null, 5);
    const again = await store.create(person(10, { eventId: 2, email: 'P10@EXAMPLE.NL', participant: ' p10  jansen ' }), null, 5);
    expect(again.kind).toBe('duplicate');
    if (first.kind !== 'created') throw new Error('not created');
    const cancelled = await store.cancel(first.registration.id, 2, 5);
    expect(cancelled?.kind).toBe('cancelled');
    expect((await store.cancel(first.registration.id, 2, 5))?.kind).toBe('already-cancelled');
    expect((await store.create(person(10, { eventId: 2 }), null, 5)).kind).toBe('created');
    expect(await store.cancel('no-such-id', 2, 5)).toBeUndefined();
  });

  test('a signed-in visitor sees what they made and what was made for their verified address', async () => {
    await store.create(person(20, { eventId: 3 }), 'uid-20', 5);
    await store.create(person(21, { eventId: 3, email: 'Twenty@Example.nl' }), null, 5);
    await store.create(person(22, { eventId: 3 }), 'uid-other', 5);
    const mine = await store.listFor({ uid: 'uid-20', verifiedEmail: 'twenty@example.nl' });
    expect(mine.map((r) => r.firstName).sort()).toEqual(['P20', 'P21']);
    expect((await store.listFor({ uid: 'uid-20', verifiedEmail: undefined })).map((r) => r.firstName)).toEqual(['P20']);
  });

  test('migrating again changes nothing; a database newer than the code is refused', async () => {
    await store.close();
    const client = kind === 'postgres'
      ? (await import('../../functions/registrations/store-postgres.ts')).openPostgres(options.databaseUrl!)
      : await (await import('../../functions/registrations/store-embedded.ts')).openEmbedded(options.dataDir);
    try {
      expect(await migrate(client)).toEqual([]);
      const future = migrations.length + 1;
      await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [future, 'from the future']);
      await expect(migrate(client)).rejects.toThrow(`schema version ${future}, this build knows up to ${future - 1}`);
      await client.query('DELETE FROM schema_migrations WHERE version = $1', [future]);
    } finally {
      await client.close();
    }
    store = await openStore(options);
    expect((await store.counts()).get(1)).toEqual({ confirmed: 4, waitlisted: 2 });
  });

  test('a second open: refused on the embedded folder (naming its owner), shared on a PostgreSQL server', async () => {
    if (kind === 'embedded') {
      await expect(openStore(options)).rejects.toThrow(`is in use by process ${process.pid}`);
    } else {
      const other = await openStore(options);
      expect((await other.counts()).get(1)).toEqual({ confirmed: 4, waitlisted: 2 });
      await other.close();
    }
    // Either way the first store still works.
    expect((await store.counts()).get(1)).toEqual({ confirmed: 4, waitlisted: 2 });
  });
});
