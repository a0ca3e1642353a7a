/**
 * The read replica (DATABASE_READ_URL): reports and analytics read it, everything else reads and
 * writes the primary. The "replica" here is a second copy of the seeded template that differs from
 * the primary in a few values changed in it alone, so each reply shows which database it was read
 * from. A replica is a PostgreSQL server's: PostgreSQL only.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AnalyticsOverview } from '@fleetfuel/contract';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { databaseUrl } from '../../../test/database-url.js';

/** A plate only the replica has (the primary keeps LND-451-KJ), and an application name to find its pool by. */
const REPLICA_PLATE = 'RPL-451-KJ';
const CLOSING_APP_NAME = 'ff-replica-closing';

describe.runIf(inject('dbEngine') === 'postgres')('the read replica (DATABASE_READ_URL)', () => {
  let t: TestApp;
  let admin: pg.Client;
  let replicaName: string;
  let replicaUrl: string;
  let token: string;
  let acmeId: string;
  let dir: string;

  /** Runs one statement on the replica copy, on a connection of its own. */
  async function onReplica<Row extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<Row[]> {
    const client = new pg.Client({ connectionString: replicaUrl });
    await client.connect();
    try {
      return (await client.query<Row>(text, values)).rows;
    } finally {
      await client.end();
    }
  }

  /** Active drivers and assets of Acme as the primary holds them. */
  async function primaryCounts() {
    const drivers = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('organization_id', '=', acmeId)
      .where('role', '=', 'DRIVER')
      .where('status', '=', 'ACTIVE')
      .executeTakeFirstOrThrow();
    const vehicles = await t.db
      .selectFrom('vehicles')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('organization_id', '=', acmeId)
      .executeTakeFirstOrThrow();
    return { drivers: Number(drivers.n), vehicles: Number(vehicles.n) };
  }

  async function replicaVehicleCount() {
    const [row] = await onReplica<{ n: string }>('SELECT count(*) AS n FROM vehicles WHERE organization_id = $1', [acmeId]);
    return Number(row?.n);
  }

  async function overviewCounts(app: FastifyInstance = t.app) {
    const res = await app.inject({ method: 'GET', url: '/api/analytics/overview?months=3', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AnalyticsOverview>().counts;
  }

  /** The text of the Vehicles & Drivers report (pdftotext). */
  async function vehiclesDriversReport() {
    const res = await t.call('GET', '/api/reports/x/vehicles-drivers-list', { token });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const file = path.join(dir, `${randomBytes(4).toString('hex')}.pdf`);
    writeFileSync(file, res.rawPayload);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  }

  async function replicaConnections(applicationName: string) {
    const { rows } = await admin.query<{ n: string }>(
      'SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1 AND application_name = $2',
      [replicaName, applicationName],
    );
    return Number(rows[0]?.n);
  }

  beforeAll(async () => {
    const serverUrl = inject('postgresUrl');
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    // A copy of the same seeded template the harness copies for the primary: equal until changed below.
    replicaName = `ff_replica_${process.pid}_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${replicaName} TEMPLATE ${inject('postgresTemplate')}`);
    replicaUrl = databaseUrl(serverUrl, replicaName);
    t = await createTestApp({ databaseReadUrl: replicaUrl });
    token = await t.login('orgadmin@acme.test');
    acmeId = (await t.db.selectFrom('organizations').select('id').where('name', '=', 'Acme Logistics').executeTakeFirstOrThrow()).id;
    // Only the replica: one asset renamed, one Acme driver switched off.
    await onReplica("UPDATE vehicles SET plate_number = $1 WHERE plate_number = 'LND-451-KJ'", [REPLICA_PLATE]);
    const switchedOff = await onReplica(
      `UPDATE users SET status = 'INACTIVE'
       WHERE id = (SELECT id FROM users WHERE organization_id = $1 AND role = 'DRIVER' AND status = 'ACTIVE' ORDER BY id LIMIT 1)
       RETURNING id`,
      [acmeId],
    );
    expect(switchedOff).toHaveLength(1);
    dir = mkdtempSync(path.join(tmpdir(), 'fleetfuel-replica-'));
  });
  afterAll(async () => {
    await t.close();
    await admin.query(`DROP DATABASE IF EXISTS ${replicaName} WITH (FORCE)`);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads a report from the replica while the vehicles list reads the primary', async () => {
    const text = await vehiclesDriversReport();
    expect(text).toContain('Vehicles & Drivers Report');
    expect(text).toContain(REPLICA_PLATE);
    expect(text).not.toContain('LND-451-KJ');

    const list = await t.call('GET', '/api/vehicles', { token, query: { search: '451-KJ' } });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<{ data: Array<{ plateNumber: string }> }>().data.map((v) => v.plateNumber)).toEqual(['LND-451-KJ']);
  });

  it('counts the analytics overview on the replica', async () => {
    const primary = await primaryCounts();
    expect(primary.drivers).toBeGreaterThan(1);
    const counts = await overviewCounts();
    // The driver switched off on the replica alone is missing from the overview.
    expect(counts.drivers).toBe(primary.drivers - 1);
    expect(counts.vehicles).toBe(primary.vehicles);
  });

  it('writes to the primary, which the replica (here never synced) does not see, while the list does', async () => {
    const before = await primaryCounts();
    const created = await t.call('POST', '/api/vehicles', {
      token,
      body: { plateNumber: 'PRI-001-AA', make: 'Toyota', model: 'Corolla', type: 'VEHICLE', fuelType: 'PETROL', tankSize: 50 },
    });
    expect(created.statusCode, created.body).toBe(200);

    expect((await primaryCounts()).vehicles).toBe(before.vehicles + 1);
    expect(await replicaVehicleCount()).toBe(before.vehicles);
    expect((await overviewCounts()).vehicles).toBe(before.vehicles);
    const list = await t.call('GET', '/api/vehicles', { token, query: { search: 'PRI-001' } });
    expect(list.json<{ data: Array<{ plateNumber: string }>; meta: { total: number } }>()).toMatchObject({
      data: [{ plateNumber: 'PRI-001-AA' }],
      meta: { total: 1 },
    });
    expect(await vehiclesDriversReport()).not.toContain('PRI-001-AA');
  });

  it('without DATABASE_READ_URL, reads analytics from the primary', async () => {
    const app = await buildApp({ config: { ...t.config, databaseReadUrl: null }, db: t.db });
    try {
      await app.ready();
      const primary = await primaryCounts();
      expect(await overviewCounts(app)).toMatchObject({ drivers: primary.drivers, vehicles: primary.vehicles });
    } finally {
      await app.close();
    }
  });

  it('closes the replica pool with the app', async () => {
    const url = new URL(replicaUrl);
    url.searchParams.set('application_name', CLOSING_APP_NAME);
    const app = await buildApp({ config: { ...t.config, databaseReadUrl: url.toString() }, db: t.db });
    await app.ready();
    await overviewCounts(app);
    expect(await replicaConnections(CLOSING_APP_NAME)).toBeGreaterThan(0);
    await app.close();
    // The server ends a backend a moment after its client has gone.
    await vi.waitFor(async () => expect(await replicaConnections(CLOSING_APP_NAME)).toBe(0), { timeout: 5_000, interval: 50 });
  });
});
