/**
 * A quick check of the bench data generator (not part of `npm test`): BENCH_SCALE 0.002 into a
 * throwaway database, twice with the same seed. The generator itself fails on any broken ledger
 * invariant; this also checks the counts, every status, and that a seed gives the same rows.
 * Run: npx vitest run -c bench/vitest.config.ts (needs PostgreSQL at 127.0.0.1:5432, or set
 * BENCH_CHECK_SERVER_URL=postgres://user@127.0.0.1:port).
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { countsFor, dropDatabase, generateBenchData } from './data.js';

const server = process.env.BENCH_CHECK_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432';
const url = `${server}/fleetfuel_bench_check_${process.pid}`;
const SCALE = 0.002;

async function fingerprint(): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const one = async (query: string) => String((await client.query<{ v: string }>(query)).rows[0]?.v);
    // Generated rows have ids derived from the seed; the demo seed's rows have random ids and are left out.
    const generated = `v.created_at < now() - interval '700 days'`;
    return {
      requests:
        await one(`SELECT md5(string_agg(r.id || r.status || r.volume || coalesce(r.amount_kobo, 0) || coalesce(r.coupon_code, ''), ',' ORDER BY r.id)) AS v
                           FROM fuel_requests r JOIN vehicles v ON v.id = r.vehicle_id WHERE ${generated}`),
      vehicles: await one(
        `SELECT md5(string_agg(v.id || coalesce(v.plate_number, '') || v.type || v.fuel_type, ',' ORDER BY v.id)) AS v FROM vehicles v WHERE ${generated}`,
      ),
      money: await one(
        `SELECT string_agg(kind || ':' || balance_kobo || ':' || held_kobo, ',' ORDER BY kind, balance_kobo, held_kobo) AS v FROM ledger_accounts`,
      ),
    };
  } finally {
    await client.end();
  }
}

describe('bench data generator', () => {
  afterAll(async () => {
    await dropDatabase(url);
  });

  it('fills every table with the counts of its scale, in every status, reproducibly from the seed', async () => {
    const counts = countsFor(SCALE);
    const first = await generateBenchData({ url, scale: SCALE, seed: 7, log: () => undefined });
    expect(first.counts['Acme Logistics vehicles']).toBeGreaterThanOrEqual(counts.largeVehicles);
    expect(first.counts['Acme Logistics drivers']).toBeGreaterThanOrEqual(counts.largeDrivers);
    expect(first.counts.organizations).toBe(counts.organizations);
    expect(first.counts.fuel_stations).toBe(counts.stations);
    expect(first.counts.fuel_requests).toBeGreaterThanOrEqual(counts.fuelRequests + counts.redemptionCoupons);
    expect(first.counts.maintenance_requests).toBeGreaterThanOrEqual(counts.maintenanceRequests);
    for (const status of ['PENDING', 'APPROVED', 'REJECTED', 'COMPLETED', 'EXPIRED']) {
      expect(first.counts[`fuel_requests ${status}`], status).toBeGreaterThan(0);
    }
    const a = await fingerprint();
    await generateBenchData({ url, scale: SCALE, seed: 7, log: () => undefined });
    expect(await fingerprint()).toEqual(a);
  });
});
