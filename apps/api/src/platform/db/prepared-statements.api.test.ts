/**
 * The pool's prepared statements (prepared-statements.ts): a parameterised statement is prepared on
 * its connection and reused; a connection holds no more than its capacity, what falls out is
 * deallocated once the connection is back in the pool (even after a failed transaction), and a
 * statement prepared again after that runs as before. PGlite has no pool: PostgreSQL only.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app.js';
import { lagosDate } from '../clock.js';
import { demoIds } from '../../../test/demo-world.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { databaseUrl } from '../../../test/database-url.js';
import { openDatabase, type Database } from './database.js';
import { statementName } from './prepared-statements.js';

describe.runIf(inject('dbEngine') === 'postgres')('prepared statements on PostgreSQL connections', () => {
  let shared: TestApp;
  let databaseName: string;
  /** Pools and app instances the tests opened, closed after them. */
  const opened: Array<{ close(): Promise<unknown> }> = [];

  /** A pool of one connection keeping `capacity` statements prepared: every call meets the same backend. */
  async function oneConnection(capacity: number): Promise<Database> {
    const handle = await openDatabase({
      engine: 'postgres',
      url: databaseUrl(inject('postgresUrl'), databaseName),
      limits: { poolSize: 1, statementTimeoutMs: 0, idleInTransactionTimeoutMs: 0, acquireTimeoutMs: 0, preparedStatements: capacity },
    });
    opened.push(handle);
    return handle.db;
  }

  /** Statement `n` of a family whose texts differ, each with a bind parameter. */
  const numbered = (db: Database, n: number, value: number) =>
    sql<{ value: number }>`SELECT ${value}::int + ${sql.lit(n)} AS value`.execute(db).then((result) => result.rows[0]!.value);
  const textOf = (n: number) => `SELECT $1::int + ${n} AS value`;

  /** The connection's prepared statements (this read has no parameter: it is never prepared itself). */
  const prepared = (db: Database) =>
    sql<{ name: string }>`SELECT name FROM pg_prepared_statements ORDER BY name`
      .execute(db)
      .then((result) => result.rows.map((row) => row.name));

  beforeAll(async () => {
    shared = await createTestApp();
    databaseName = (await sql<{ name: string }>`SELECT current_database() AS name`.execute(shared.db)).rows[0]!.name;
  });

  afterAll(async () => {
    await Promise.all(opened.map((handle) => handle.close()));
    await shared?.close();
  });

  it('prepares a parameterised statement once and runs it again by name', async () => {
    const db = await oneConnection(10);
    expect(await numbered(db, 1, 41)).toBe(42);
    expect(await numbered(db, 1, 1)).toBe(2);
    expect(await prepared(db)).toEqual([statementName(textOf(1))]);
    // Kysely's own queries too, with their values bound rather than written into the text.
    const rows = await db.selectFrom('organizations').select('name').where('name', '=', 'Acme Logistics').execute();
    expect(rows).toEqual([{ name: 'Acme Logistics' }]);
    expect(await prepared(db)).toHaveLength(2);
  });

  it('holds at most its capacity, the least recently used falling out and coming back as before', async () => {
    const db = await oneConnection(2);
    for (let round = 0; round < 3; round += 1) {
      for (let n = 0; n < 5; n += 1) {
        expect(await numbered(db, n, round)).toBe(round + n);
        expect((await prepared(db)).length).toBeLessThanOrEqual(2);
      }
    }
    // 3 and 4 were the last two used; 0 is used again: 3 falls out, 4 stays.
    expect(await numbered(db, 0, 7)).toBe(7);
    expect(await prepared(db)).toEqual([statementName(textOf(0)), statementName(textOf(4))].sort());
  });

  it('deallocates what fell out during a failed transaction once it has rolled back', async () => {
    const db = await oneConnection(1);
    await expect(
      db.transaction().execute(async (trx) => {
        await numbered(trx, 10, 1);
        // Prepared in place of 10, which falls out while the transaction can no longer run anything.
        await numbered(trx, 11, 1);
        await sql`SELECT 1 / ${0}::int`.execute(trx);
      }),
    ).rejects.toThrow(/division by zero/);
    expect(await numbered(db, 10, 2)).toBe(12);
    expect(await numbered(db, 11, 2)).toBe(13);
    expect(await prepared(db)).toEqual([statementName(textOf(11))]);
  });

  it('prepares afresh once a migration has changed what a prepared statement returns', async () => {
    const db = await oneConnection(10);
    await sql`CREATE TABLE prepared_probe (id int PRIMARY KEY, label text)`.execute(db);
    await sql`INSERT INTO prepared_probe VALUES (1, 'one')`.execute(db);
    const read = () => sql<Record<string, unknown>>`SELECT * FROM prepared_probe WHERE id = ${1}`.execute(db).then((result) => result.rows);
    expect(await read()).toEqual([{ id: 1, label: 'one' }]);
    // As another instance's rollout would, while this one runs.
    await sql`ALTER TABLE prepared_probe ADD COLUMN note text`.execute(shared.db);
    await expect(read()).rejects.toMatchObject({ code: '0A000' });
    expect(await read()).toEqual([{ id: 1, label: 'one', note: null }]);
  });

  it('answers a call that meets such a statement 503 with Retry-After, and the next one as before', async () => {
    const instance = await buildApp({ config: shared.config, db: await oneConnection(10) });
    opened.push(instance);
    const token = await shared.login('orgadmin@acme.test');
    const find = demoIds(shared);
    const created = await shared.call('POST', '/api/fuel-requests', {
      token,
      body: {
        vehicleId: await find.vehicle('APP-220-XA'),
        stationId: await find.station('Unity Fuels Ikeja'),
        supplyDate: lagosDate(new Date()),
        volume: 10,
      },
    });
    const id = created.json().request.id as string;
    const get = () =>
      instance.inject({ method: 'GET', url: `/api/fuel-requests/single/${id}`, headers: { authorization: `Bearer ${token}` } });
    expect((await get()).statusCode).toBe(200);
    await sql`ALTER TABLE fuel_requests ADD COLUMN probe int`.execute(shared.db);
    const refused = await get();
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect((await get()).statusCode).toBe(200);
  });

  it('prepares nothing with a capacity of 0', async () => {
    const db = await oneConnection(0);
    expect(await numbered(db, 1, 1)).toBe(2);
    expect(await prepared(db)).toEqual([]);
  });
});
