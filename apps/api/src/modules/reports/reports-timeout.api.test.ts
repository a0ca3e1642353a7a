/**
 * A report's reads run in read-only transactions under the reports' own statement timeout
 * (REPORT_STATEMENT_TIMEOUT_MS), not the pool's: each transaction sees the configured limit, and on
 * PostgreSQL a report whose read runs past it is cancelled and answered 503, leaving the pool's
 * connection clean for the next request. (PGlite cannot cancel a statement.)
 */
import { execFileSync } from 'node:child_process';
import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../platform/db/database.js';
import { DEFAULT_PREPARED_STATEMENTS } from '../../platform/db/prepared-statements.js';
import { type TestApp } from '../../../test/harness.js';
import { databaseUrl } from '../../../test/database-url.js';
import { demoIds } from '../../../test/demo-world.js';
import { useTestApp } from '../../../test/test-world.js';
import { reportReads } from './reports.repository.js';

const world = useTestApp({ signIn: ['admin@fleetfuel.test'] });

/** The session settings a statement outside any report sees. */
async function sessionSettings(db: TestApp['db']) {
  const { rows } = await sql<{ timeout: string; read_only: string }>`
    SELECT current_setting('statement_timeout') AS timeout, current_setting('transaction_read_only') AS read_only`.execute(db);
  return rows[0];
}

describe('report statement timeout', () => {
  it('reads in a read-only transaction that sees the report limit, which ends with it', async () => {
    const outside = await sessionSettings(world.t.db);
    const reads = reportReads(world.t.db, 4_321);
    expect(await reads((trx) => sessionSettings(trx))).toEqual({ timeout: '4321ms', read_only: 'on' });
    await expect(
      reads((trx) => trx.updateTable('organizations').set({ name: 'Renamed' }).where('name', '=', 'Beta Haulage').execute()),
    ).rejects.toMatchObject({ code: '25006' });
    expect(await sessionSettings(world.t.db)).toEqual(outside);
    expect(outside?.timeout).not.toBe('4321ms');
    expect(await reportReads(world.t.db, 0)((trx) => sessionSettings(trx))).toEqual({ timeout: '0', read_only: 'on' });
  });

  it.runIf(inject('dbEngine') === 'postgres')(
    'cancels a report read past REPORT_STATEMENT_TIMEOUT_MS with a 503, and its connection serves the next report',
    { timeout: 60_000 },
    async () => {
      const beta = await demoIds(world.t).organization('Beta Haulage');
      // 20,000 assets: the Insurance Status report's first batch sorts them all, far longer than 1 ms.
      await sql`INSERT INTO vehicles (organization_id, plate_number, make, model, type, fuel_type)
        SELECT ${beta}, 'LOAD-' || lpad(i::text, 5, '0'), 'Toyota', 'Hiace', 'VEHICLE', 'DIESEL'
        FROM generate_series(1, 20000) AS i`.execute(world.t.db);
      await sql`ANALYZE vehicles`.execute(world.t.db);
      const database = (await sql<{ name: string }>`SELECT current_database() AS name`.execute(world.t.db)).rows[0]!.name;
      // One connection without a timeout of its own: the report's limit is the only one, and every
      // request after the cancelled one goes through the same connection.
      const handle = await openDatabase({
        engine: 'postgres',
        url: databaseUrl(inject('postgresUrl'), database),
        limits: {
          poolSize: 1,
          statementTimeoutMs: 0,
          idleInTransactionTimeoutMs: 0,
          acquireTimeoutMs: 0,
          preparedStatements: DEFAULT_PREPARED_STATEMENTS,
        },
      });
      const strict = await buildApp({ config: { ...world.t.config, reports: { statementTimeoutMs: 1 } }, db: handle.db });
      const usual = await buildApp({ config: world.t.config, db: handle.db });
      try {
        const get = (app: typeof strict, organizationId: string) =>
          app.inject({
            method: 'GET',
            url: '/api/reports/x/insurance-status',
            query: { organizationId },
            headers: { authorization: `Bearer ${world.token('admin@fleetfuel.test')}` },
          });
        const cancelled = await get(strict, beta);
        expect(cancelled.statusCode, cancelled.body).toBe(503);
        expect(cancelled.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', error: expect.stringMatching(/took too long/) as string });
        expect(Number(cancelled.headers['retry-after'])).toBeGreaterThan(0);

        // The cancelled read's transaction rolled back: the connection is out of it, with its own settings.
        expect(await sessionSettings(handle.db)).toEqual({ timeout: '0', read_only: 'off' });
        const served = await get(usual, await demoIds(world.t).organization('Acme Logistics'));
        expect(served.statusCode, served.body).toBe(200);
        const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: served.rawPayload, encoding: 'utf8' });
        expect(text).toMatch(/Total\s+4 assets\s+2 active\s+1 expired\s+1 not insured/);
      } finally {
        await strict.close();
        await usual.close();
        await handle.close();
      }
    },
  );
});
