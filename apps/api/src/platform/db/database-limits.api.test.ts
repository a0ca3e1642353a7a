/**
 * The PostgreSQL pool's limits: a statement past `statement_timeout` is cancelled and answered 503,
 * a request that finds every connection busy gets 503 with Retry-After instead of waiting without
 * end, a transaction left idle is closed by the server, and one transaction may allow itself a
 * longer timeout. PGlite is one in-process connection that cannot cancel a statement: PostgreSQL only.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { databaseUrl } from '../../../test/database-url.js';
import { DEFAULT_PREPARED_STATEMENTS } from './prepared-statements.js';
import { allowLongerStatements, openDatabase, POOL_BUSY_RETRY_AFTER_SECONDS, type DatabaseHandle, type PoolLimits } from './database.js';

const NO_LIMITS: PoolLimits = {
  poolSize: 2,
  statementTimeoutMs: 0,
  idleInTransactionTimeoutMs: 0,
  acquireTimeoutMs: 0,
  preparedStatements: DEFAULT_PREPARED_STATEMENTS,
};

describe.runIf(inject('dbEngine') === 'postgres')('PostgreSQL pool limits', () => {
  let shared: TestApp;
  let databaseName: string;
  let token: string;
  const opened: Array<{ handle: DatabaseHandle; app: FastifyInstance }> = [];

  /** A second instance over the test's database, through a pool with these limits. */
  async function instanceWith(limits: Partial<PoolLimits>) {
    const handle = await openDatabase({
      engine: 'postgres',
      url: databaseUrl(inject('postgresUrl'), databaseName),
      limits: { ...NO_LIMITS, ...limits },
    });
    const app = await buildApp({ config: shared.config, db: handle.db });
    await app.ready();
    opened.push({ handle, app });
    return { db: handle.db, me: () => app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } }) };
  }

  beforeAll(async () => {
    shared = await createTestApp();
    const current = await sql<{ name: string }>`SELECT current_database() AS name`.execute(shared.db);
    databaseName = current.rows[0]!.name;
    token = await shared.login('orgadmin@acme.test');
  });
  afterAll(async () => {
    for (const { app, handle } of opened) {
      await app.close();
      await handle.close();
    }
    await shared.close();
  });

  it('cancels a statement that runs past statement_timeout and answers 503 with Retry-After, not 500', async () => {
    const instance = await instanceWith({ statementTimeoutMs: 200 });
    expect((await instance.me()).statusCode).toBe(200);
    // Another connection holds the sessions table, so the sign-in check waits on the lock, as a
    // query stuck behind a heavy report would.
    await shared.db.transaction().execute(async (trx) => {
      await sql`LOCK TABLE sessions IN ACCESS EXCLUSIVE MODE`.execute(trx);
      const reply = await instance.me();
      expect(reply.statusCode, reply.body).toBe(503);
      expect(reply.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', error: expect.stringMatching(/took too long/) as string });
      expect(Number(reply.headers['retry-after'])).toBeGreaterThan(0);
    });
    expect((await instance.me()).statusCode).toBe(200);
  });

  it('answers 503 with Retry-After when no pool connection frees up in time, instead of waiting', async () => {
    // The acquire timeout also bounds opening a connection (pg-pool's connectionTimeoutMillis): long
    // enough for the instance's first connection on a loaded machine, far shorter than the wait below.
    const instance = await instanceWith({ poolSize: 1, acquireTimeoutMs: 1_000 });
    await instance.db.transaction().execute(async (trx) => {
      await sql`SELECT 1`.execute(trx);
      const started = Date.now();
      const reply = await instance.me();
      expect(reply.statusCode, reply.body).toBe(503);
      expect(reply.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', error: expect.stringMatching(/busy/) as string });
      expect(reply.headers['retry-after']).toBe(String(POOL_BUSY_RETRY_AFTER_SECONDS));
      // It gave up after the acquire timeout rather than when the transaction ended.
      expect(Date.now() - started).toBeLessThan(5_000);
    });
    expect((await instance.me()).statusCode).toBe(200);
  });

  it('has PostgreSQL close a connection left idle inside a transaction, and the pool goes on', async () => {
    const instance = await instanceWith({ idleInTransactionTimeoutMs: 150 });
    const abandoned = instance.db.transaction().execute(async (trx) => {
      const backend = (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx)).rows[0]!.pid;
      // Left idle inside the transaction until the server has ended its backend, seen from another connection.
      await vi.waitFor(
        async () => {
          const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM pg_stat_activity WHERE pid = ${backend}`.execute(shared.db);
          expect(Number(rows[0]?.n), 'the idle transaction’s backend is still there').toBe(0);
        },
        { timeout: 10_000, interval: 25 },
      );
      await sql`SELECT 1`.execute(trx);
    });
    await expect(abandoned).rejects.toThrow(/idle-in-transaction|terminat|Connection/i);
    expect((await instance.me()).statusCode).toBe(200);
  });

  it('lets one transaction run longer statements than the pool default, and only that one, each planned for its values', async () => {
    const instance = await instanceWith({ statementTimeoutMs: 150 });
    const planCacheMode = (db: typeof instance.db) =>
      sql<{ mode: string }>`SELECT current_setting('plan_cache_mode') AS mode`.execute(db).then((result) => result.rows[0]!.mode);
    await expect(sql`SELECT pg_sleep(0.4)`.execute(instance.db)).rejects.toMatchObject({ code: '57014' });
    await instance.db.transaction().execute(async (trx) => {
      await allowLongerStatements(trx, 5_000);
      await sql`SELECT pg_sleep(0.4)`.execute(trx);
      expect(await planCacheMode(trx)).toBe('force_custom_plan');
    });
    await expect(sql`SELECT pg_sleep(0.4)`.execute(instance.db)).rejects.toMatchObject({ code: '57014' });
    expect(await planCacheMode(instance.db)).toBe('auto');
  });
});
