/**
 * `npm run bench:data`: (re)creates the benchmark database and fills it with a platform at scale.
 *
 * The database named by BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/fleetfuel_bench,
 * only on 127.0.0.1/localhost) is dropped and created, migrated with the app's migrator and seeded with
 * the demo data (so every demo sign-in works). Acme Logistics (orgadmin@acme.test) becomes the large
 * organization. Everything else is generated set-based inside PostgreSQL (INSERT … SELECT FROM
 * generate_series) from hashes of (BENCH_SEED, row number), so a seed gives the same rows whatever plan
 * PostgreSQL picks; dates are relative to the day of the run, like the demo data.
 *
 * The bulk rows go straight into the tables, not through the ledger service (a million API calls would
 * take hours): every CHECK, foreign key and trigger of the schema still applies (the deferred
 * balanced-entry trigger checks every posting), cached balances are set from the postings at the end,
 * and the ledger invariants are checked with SQL before the run reports success.
 *
 * BENCH_SCALE (default 1) scales every count; BENCH_SEED (default 1) picks the data set.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { migrateToLatest } from '../apps/api/src/db/migrator.js';
import { DEMO_PASSWORD, seedDemoData } from '../apps/api/src/db/seed.js';
import { openDatabase } from '../apps/api/src/platform/db/database.js';

export const DEFAULT_BENCH_URL = 'postgres://postgres@127.0.0.1:5432/fleetfuel_bench';
export const LARGE_ORG_NAME = 'Acme Logistics';
export const LARGE_ORG_ADMIN = 'orgadmin@acme.test';
export const BENCH_PASSWORD = DEMO_PASSWORD;
/** The station whose attendant drives the redemption benchmark, and the note that marks its coupons. */
export const REDEMPTION_STATION = 'Bench Station 001';
export const REDEMPTION_ATTENDANT = 'attendant@station001.bench.test';
export const REDEMPTION_NOTE = 'bench:redemption';
/** Platform fee in basis points used for the generated payments (bench:api starts the server with it). */
export const PLATFORM_FEE_BPS = 100;

export interface BenchCounts {
  organizations: number;
  stations: number;
  largeVehicles: number;
  largeDrivers: number;
  vehiclesPerOrganization: number;
  driversPerOrganization: number;
  fuelRequests: number;
  maintenanceRequests: number;
  redemptionCoupons: number;
}

/** The counts of a scale: 200 organizations (one large), 50 stations, 1,000,000 fuel and 200,000 maintenance requests at 1. */
export function countsFor(scale: number): BenchCounts {
  const n = (full: number, min: number) => Math.max(min, Math.round(full * scale));
  return {
    organizations: n(200, 3), // the two demo organizations included
    stations: n(50, 4), // the two demo stations included
    largeVehicles: n(20_000, 20),
    largeDrivers: n(10_000, 10),
    vehiclesPerOrganization: 50,
    driversPerOrganization: 25,
    fuelRequests: n(1_000_000, 100),
    maintenanceRequests: n(200_000, 20),
    redemptionCoupons: n(20_000, 200),
  };
}

export interface GenerateOptions {
  url: string;
  scale: number;
  seed: number;
  log?: (line: string) => void;
}

export interface GenerateResult {
  counts: Record<string, number>;
  phases: Array<{ phase: string; seconds: number }>;
  totalSeconds: number;
}

/** Refuses anything but a local server: this drops the database it is given. */
export function assertLocal(url: string): URL {
  const parsed = new URL(url);
  if (!['127.0.0.1', 'localhost'].includes(parsed.hostname)) {
    throw new Error(`Refusing to touch ${parsed.hostname}: the bench database must be on 127.0.0.1 or localhost.`);
  }
  const name = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unexpected database name "${name}" (letters, digits and _ only).`);
  return parsed;
}

export async function recreateDatabase(url: string): Promise<void> {
  const parsed = assertLocal(url);
  const name = parsed.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}

export async function dropDatabase(url: string): Promise<void> {
  const parsed = assertLocal(url);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${parsed.pathname.slice(1)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/**
 * Session-local helpers (pg_temp): deterministic uniform numbers, ids and coupon codes from the seed.
 * `h(n, salt)` ∈ [0, 1); `uid(tag, n)` a stable version-4-shaped uuid (the API's schemas check the version); `code(n)` an 8-character coupon code in the
 * app's alphabet (no I, O, 0, 1), unique per n (multiplication by an odd constant mod 2^40 is a bijection).
 */
async function createHelpers(client: pg.Client, seed: number): Promise<void> {
  await client.query(`
    CREATE OR REPLACE FUNCTION pg_temp.h(n bigint, salt int) RETURNS float8 LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT (hashint8extended(n, ${seed}::bigint * 1000 + salt) & 2147483647)::float8 / 2147483648 $$`);
  await client.query(`
    CREATE OR REPLACE FUNCTION pg_temp.uid(tag text, n bigint) RETURNS uuid LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT overlay(overlay(md5('${seed}:' || tag || ':' || n) placing '4' from 13) placing '8' from 17)::uuid $$`);
  await client.query(`
    CREATE OR REPLACE FUNCTION pg_temp.code(n bigint) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      WITH x AS (SELECT ((n * 2654435761 + ${seed}::bigint * 7919) & 1099511627775) AS v)
      SELECT string_agg(substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', (((x.v >> (5 * k)) & 31) + 1)::int, 1), '' ORDER BY k)
        FILTER (WHERE k < 4) || '-' ||
        string_agg(substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', (((x.v >> (5 * k)) & 31) + 1)::int, 1), '' ORDER BY k)
        FILTER (WHERE k >= 4)
      FROM x, generate_series(0, 7) AS k $$`);
}

/** The triggers (table, name) that keep the analytics rollups (migrations 0011 and 0029) and the vehicles' due-rule facts (0011). */
const ROLLUP_TRIGGERS = [
  ['fuel_requests', 'fuel_requests_rollup'],
  ['maintenance_requests', 'maintenance_requests_rollup'],
  ['postings', 'postings_rollup'],
  ['maintenance_requests', 'maintenance_requests_service_facts'],
  ['insurance_policies', 'insurance_policies_service_facts'],
  ['fuel_requests', 'fuel_requests_redemption_rollup_insert'],
  ['fuel_requests', 'fuel_requests_redemption_rollup_update'],
  ['fuel_requests', 'fuel_requests_redemption_rollup_delete'],
] as const;

async function tuneSession(client: pg.Client): Promise<void> {
  await client.query(`SET synchronous_commit = off`);
  await client.query(`SET work_mem = '256MB'`);
  await client.query(`SET maintenance_work_mem = '512MB'`);
  await client.query(`SET temp_buffers = '512MB'`);
  await client.query(`SET TIME ZONE 'UTC'`);
}

/** Generates the whole data set into a fresh database. */
export async function generateBenchData(options: GenerateOptions): Promise<GenerateResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const c = countsFor(options.scale);
  const phases: GenerateResult['phases'] = [];
  const started = performance.now();
  const phase = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    const result = await work();
    const seconds = (performance.now() - t0) / 1000;
    phases.push({ phase: name, seconds });
    log(`  ${name.padEnd(44)} ${seconds.toFixed(1).padStart(7)} s`);
    return result;
  };

  log(`Bench data: scale ${options.scale}, seed ${options.seed} into ${new URL(options.url).pathname.slice(1)}`);
  await phase('recreate database', () => recreateDatabase(options.url));
  await phase('migrate + demo seed (app code)', async () => {
    const handle = await openDatabase({ engine: 'postgres', url: options.url, poolSize: 2 });
    try {
      await migrateToLatest(handle.db);
      await seedDemoData(handle.db, { ifEmpty: false });
    } finally {
      await handle.close();
    }
  });

  const client = new pg.Client({ connectionString: options.url });
  await client.connect();
  try {
    await tuneSession(client);
    await createHelpers(client, options.seed);
    const q = async (text: string, values: unknown[] = []) => client.query(text, values);
    // The analytics rollups and due-rule facts (migration 0011) are rebuilt once from the bulk rows
    // below, faster than their triggers would keep them a row at a time.
    for (const [table, trigger] of ROLLUP_TRIGGERS) await q(`ALTER TABLE ${table} DISABLE TRIGGER ${trigger}`);

    await phase('organizations, stations, people, fleet', async () => {
      await q(`BEGIN`);
      const newOrgs = c.organizations - 2;
      const newStations = c.stations - 2;
      // The organizations taking part: idx 0 is the large one (Acme Logistics), 1.. are generated.
      await q(`CREATE TEMP TABLE b_org (idx int PRIMARY KEY, id uuid NOT NULL, admin_id uuid NOT NULL, wallet_id uuid,
                 vehicles int NOT NULL, drivers int NOT NULL, departments int NOT NULL, slug text NOT NULL)`);
      await q(
        `
        INSERT INTO b_org (idx, id, admin_id, vehicles, drivers, departments, slug)
        SELECT 0, o.id, u.id, $1, $2, $3, 'acme' FROM organizations o JOIN users u ON u.email = $4 WHERE o.name = $5`,
        [c.largeVehicles, c.largeDrivers, Math.max(3, Math.round(50 * options.scale)), LARGE_ORG_ADMIN, LARGE_ORG_NAME],
      );
      await q(
        `
        INSERT INTO b_org (idx, id, admin_id, vehicles, drivers, departments, slug)
        SELECT i, pg_temp.uid('org', i), pg_temp.uid('admin', i), $2, $3, 4, 'org' || lpad(i::text, 3, '0')
        FROM generate_series(1, $1::int) i`,
        [newOrgs, c.vehiclesPerOrganization, c.driversPerOrganization],
      );

      const enterprise = `(SELECT id FROM subscription_plans WHERE name = 'Enterprise')`;
      // The large organization needs unlimited assets and drivers: it moves to the Enterprise plan.
      await q(`UPDATE organizations SET subscription_plan_id = ${enterprise}, next_billing = now() + interval '20 days',
                 created_at = now() - interval '800 days' WHERE id = (SELECT id FROM b_org WHERE idx = 0)`);
      await q(`
        INSERT INTO organizations (id, name, type, address, status, subscription_plan_id, next_billing, domain, created_at, updated_at)
        SELECT b.id,
          'Bench ' || (ARRAY['Haulage', 'Logistics', 'Transport', 'Energy', 'Builders', 'Foods', 'Health', 'Couriers'])[1 + (b.idx % 8)]
            || ' ' || lpad(b.idx::text, 3, '0') || ' Ltd',
          (ARRAY['government_institution', 'private_organisation', 'ngo_development_organisation', 'transport_logistics_company',
                 'real_estate_construction', 'other'])[1 + (b.idx % 6)],
          (1 + b.idx % 90) || ' ' || (ARRAY['Broad Street, Lagos', 'Ahmadu Bello Way, Abuja', 'Aba Road, Port Harcourt', 'Ring Road, Ibadan',
                 'Zoo Road, Kano', 'Ogui Road, Enugu'])[1 + (b.idx % 6)],
          CASE WHEN pg_temp.h(b.idx, 1) < 0.04 THEN 'SUSPENDED' ELSE 'ACTIVE' END,
          ${enterprise}, now() + make_interval(days => 1 + (b.idx % 29)), b.slug || '.bench.test',
          now() - make_interval(days => 780 + (b.idx % 20)), now() - make_interval(days => 780 + (b.idx % 20))
        FROM b_org b WHERE b.idx > 0`);
      await q(`INSERT INTO ledger_accounts (kind, organization_id) SELECT 'ORGANIZATION_WALLET', id FROM b_org WHERE idx > 0`);
      await q(`UPDATE b_org b SET wallet_id = a.id FROM ledger_accounts a WHERE a.organization_id = b.id`);

      // One password hash (the demo password) for every generated account.
      const hash = `(SELECT password_hash FROM users WHERE email = '${LARGE_ORG_ADMIN}')`;
      await q(`
        INSERT INTO users (id, name, title, email, role, organization_id, password_hash, created_at, updated_at)
        SELECT b.admin_id, 'Admin of ' || o.name, 'Fleet Manager', 'admin@' || b.slug || '.bench.test', 'ADMINISTRATOR', b.id, ${hash},
          o.created_at, o.created_at
        FROM b_org b JOIN organizations o ON o.id = b.id WHERE b.idx > 0`);

      // Stations: idx 1.. generated (all four fuels), beside the two demo stations.
      await q(`CREATE TEMP TABLE b_station (idx int PRIMARY KEY, id uuid NOT NULL, attendant_id uuid NOT NULL, wallet_id uuid)`);
      await q(
        `INSERT INTO b_station SELECT i, pg_temp.uid('station', i), pg_temp.uid('attendant', i), NULL FROM generate_series(1, $1::int) i`,
        [newStations],
      );
      await q(`
        INSERT INTO fuel_stations (id, name, address, latitude, longitude, status, available_fuels, created_at, updated_at)
        SELECT s.id, 'Bench Station ' || lpad(s.idx::text, 3, '0'),
          (1 + s.idx % 120) || ' ' || (ARRAY['Ikorodu Road, Lagos', 'Airport Road, Abuja', 'Trans-Amadi, Port Harcourt', 'Challenge, Ibadan'])[1 + s.idx % 4],
          round((6.3 + pg_temp.h(s.idx, 2) * 6)::numeric, 6), round((3.2 + pg_temp.h(s.idx, 3) * 5)::numeric, 6),
          'ACTIVE', ARRAY['PETROL', 'DIESEL', 'ELECTRIC', 'CNG'], now() - interval '790 days', now() - interval '790 days'
        FROM b_station s`);
      await q(`INSERT INTO ledger_accounts (kind, fuel_station_id) SELECT 'STATION_WALLET', id FROM b_station`);
      await q(`UPDATE b_station s SET wallet_id = a.id FROM ledger_accounts a WHERE a.fuel_station_id = s.id`);
      await q(`
        INSERT INTO users (id, name, email, role, fuel_station_id, password_hash, created_at, updated_at)
        SELECT s.attendant_id, 'Attendant ' || lpad(s.idx::text, 3, '0'), 'attendant@station' || lpad(s.idx::text, 3, '0') || '.bench.test',
          'ATTENDANT', s.id, ${hash}, now() - interval '789 days', now() - interval '789 days'
        FROM b_station s`);
      // Three prices per station and fuel: two years ago, a year ago, a month ago (tiers 0, 1, 2).
      await q(`CREATE TEMP TABLE b_price (station_idx int, fuel text, tier int, price_kobo bigint, PRIMARY KEY (station_idx, fuel, tier))`);
      await q(`
        INSERT INTO b_price
        SELECT s.idx, f.fuel, t.tier,
          (f.base * (0.55 + 0.2 * t.tier + 0.05 * pg_temp.h(s.idx * 10 + t.tier, 4)))::bigint * 100
        FROM b_station s,
          (VALUES ('PETROL', 950), ('DIESEL', 1150), ('ELECTRIC', 210), ('CNG', 380)) AS f (fuel, base),
          generate_series(0, 2) AS t (tier)`);
      await q(`
        INSERT INTO fuel_prices (fuel_station_id, fuel_type, price_kobo, set_by, created_at)
        SELECT s.id, p.fuel, p.price_kobo, NULL, now() - make_interval(days => (ARRAY[740, 365, 30])[p.tier + 1])
        FROM b_price p JOIN b_station s ON s.idx = p.station_idx`);

      // Groups.
      await q(`CREATE TEMP TABLE b_dep (org_idx int, d int, id uuid NOT NULL, PRIMARY KEY (org_idx, d))`);
      await q(
        `INSERT INTO b_dep SELECT b.idx, d, pg_temp.uid('dep', b.idx::bigint * 1000 + d) FROM b_org b, generate_series(1, b.departments) d`,
      );
      await q(`
        INSERT INTO departments (id, organization_id, name, status, max_daily_consumption, created_at, updated_at)
        SELECT d.id, b.id, 'Bench Group ' || lpad(d.d::text, 2, '0'), 'ACTIVE', 0, now() - interval '745 days', now() - interval '745 days'
        FROM b_dep d JOIN b_org b ON b.idx = d.org_idx`);

      // Drivers: driver j of an organization drives its vehicle j.
      await q(`
        INSERT INTO users (id, name, email, role, organization_id, department_id, password_hash, created_at, updated_at)
        SELECT pg_temp.uid('driver', b.idx::bigint * 100000 + j),
          (ARRAY['Musa', 'Chinedu', 'Emeka', 'Tunde', 'Ibrahim', 'Ngozi', 'Aisha', 'Segun', 'Kelechi', 'Yusuf'])[1 + j % 10] || ' ' ||
          (ARRAY['Okafor', 'Bello', 'Adeyemi', 'Eze', 'Lawal', 'Nwosu', 'Danjuma', 'Obi', 'Yusuf', 'Balogun', 'Okonkwo'])[1 + (j / 10) % 11]
            || ' ' || j,
          'driver' || j || '@' || b.slug || '.bench.test', 'DRIVER', b.id,
          (SELECT id FROM b_dep WHERE org_idx = b.idx AND d = 1 + j % b.departments), ${hash},
          now() - interval '744 days', now() - interval '744 days'
        FROM b_org b, generate_series(1, b.drivers) j`);

      // Vehicles of every type and fuel.
      await q(`CREATE TEMP TABLE b_vehicle (org_idx int, j int, id uuid NOT NULL, driver_id uuid, type text, fuel text, request_fuel text,
                 tank numeric, km_per_day int, base_km int, PRIMARY KEY (org_idx, j))`);
      await q(`
        INSERT INTO b_vehicle
        SELECT b.idx, j, pg_temp.uid('vehicle', b.idx::bigint * 100000 + j),
          CASE WHEN j <= b.drivers THEN pg_temp.uid('driver', b.idx::bigint * 100000 + j) END,
          t.type, t.fuel, CASE t.fuel WHEN 'HYBRID' THEN 'PETROL' ELSE t.fuel END,
          CASE t.type WHEN 'VEHICLE' THEN CASE WHEN t.fuel = 'ELECTRIC' THEN 75 ELSE 50 + 10 * floor(pg_temp.h(k, 12) * 36) END
                      WHEN 'MOTORCYCLE' THEN CASE WHEN t.fuel = 'ELECTRIC' THEN 4 ELSE 10 + floor(pg_temp.h(k, 12) * 6) END
                      ELSE 100 + 50 * floor(pg_temp.h(k, 12) * 9) END,
          CASE t.type WHEN 'GENERATOR' THEN 0 ELSE 40 + floor(pg_temp.h(k, 13) * 200)::int END,
          floor(pg_temp.h(k, 14) * 150000)::int
        FROM b_org b, generate_series(1, b.vehicles) j,
          LATERAL (SELECT b.idx::bigint * 100000 + j AS k) kk,
          LATERAL (SELECT pg_temp.h(kk.k, 10) AS r1, pg_temp.h(kk.k, 11) AS r2) r,
          LATERAL (SELECT
            CASE WHEN r.r1 < 0.7 THEN 'VEHICLE' WHEN r.r1 < 0.9 THEN 'MOTORCYCLE' ELSE 'GENERATOR' END AS type) ty,
          LATERAL (SELECT ty.type,
            CASE ty.type
              WHEN 'VEHICLE' THEN CASE WHEN r.r2 < 0.45 THEN 'PETROL' WHEN r.r2 < 0.75 THEN 'DIESEL' WHEN r.r2 < 0.9 THEN 'HYBRID' ELSE 'ELECTRIC' END
              WHEN 'MOTORCYCLE' THEN CASE WHEN r.r2 < 0.85 THEN 'PETROL' ELSE 'ELECTRIC' END
              ELSE CASE WHEN r.r2 < 0.8 THEN 'DIESEL' ELSE 'PETROL' END END AS fuel) t`);
      await q(`
        INSERT INTO vehicles (id, organization_id, plate_number, model, make, type, fuel_type, driver_id, department_id,
          registration_number, chasis_number, transmission_type, color, date_purchase, registration_state, registration_expiry,
          year, state, purchase_price_kobo, tank_size, status, last_odometer, created_at, updated_at)
        SELECT v.id, b.id,
          CASE WHEN v.type = 'GENERATOR' AND v.j % 2 = 0 THEN NULL
               ELSE (ARRAY['LND', 'KJA', 'APP', 'ABJ', 'KAN', 'PHC', 'ENU', 'IBD'])[1 + v.j % 8] || '-' || lpad(v.j::text, 5, '0') || '-' ||
                    upper(substr(b.slug, 1, 1)) || chr(65 + b.idx % 26) END,
          CASE WHEN v.type = 'VEHICLE' AND v.fuel = 'ELECTRIC' THEN (ARRAY['Model 3', 'Kona Electric'])[1 + v.j % 2]
               WHEN v.type = 'VEHICLE' AND v.fuel = 'HYBRID' THEN (ARRAY['Prius', 'Camry Hybrid'])[1 + v.j % 2]
               WHEN v.type = 'VEHICLE' THEN (ARRAY['Hilux', 'Corolla', 'Actros 2640', 'NPR 71', 'Hiace', 'Sienna'])[1 + v.j % 6]
               ELSE CASE v.type
                      WHEN 'MOTORCYCLE' THEN (ARRAY['Boxer BM150', 'HLX 125', 'CG 125'])[1 + v.j % 3]
                      ELSE (ARRAY['MP 100kVA', 'P200-3', 'SDMO 60'])[1 + v.j % 3] END END,
          CASE WHEN v.type = 'VEHICLE' AND v.fuel = 'ELECTRIC' THEN (ARRAY['Tesla', 'Hyundai'])[1 + v.j % 2]
               WHEN v.type = 'VEHICLE' AND v.fuel = 'HYBRID' THEN 'Toyota'
               WHEN v.type = 'VEHICLE' THEN (ARRAY['Toyota', 'Toyota', 'Mercedes-Benz', 'Isuzu', 'Toyota', 'Toyota'])[1 + v.j % 6]
               ELSE CASE v.type
                      WHEN 'MOTORCYCLE' THEN (ARRAY['Bajaj', 'TVS', 'Honda'])[1 + v.j % 3]
                      ELSE (ARRAY['Mikano', 'Perkins', 'SDMO'])[1 + v.j % 3] END END,
          v.type, v.fuel, v.driver_id,
          (SELECT id FROM b_dep WHERE org_idx = v.org_idx AND d = 1 + v.j % b.departments),
          CASE WHEN v.type = 'VEHICLE' THEN 'REG-' || b.idx || '-' || v.j END,
          CASE WHEN v.type = 'VEHICLE' THEN 'CH' || lpad(to_hex(v.j * 7919 + b.idx), 15, '0') END,
          CASE WHEN v.type = 'VEHICLE' THEN (ARRAY['auto', 'manual'])[1 + v.j % 2] END,
          (ARRAY['White', 'Black', 'Silver', 'Blue', 'Red'])[1 + v.j % 5],
          make_date(2012 + v.j % 12, 1 + v.j % 12, 1),
          CASE WHEN v.type = 'VEHICLE' THEN 'Lagos' END,
          CASE WHEN v.type = 'VEHICLE' THEN current_date + (v.j % 700 - 100) END,
          2012 + v.j % 12, 'Lagos',
          CASE v.type WHEN 'VEHICLE' THEN 3850000000 WHEN 'GENERATOR' THEN 1420000000 ELSE 165000000 END,
          v.tank,
          CASE WHEN pg_temp.h(v.org_idx::bigint * 100000 + v.j, 15) < 0.03 THEN 'INACTIVE' ELSE 'ACTIVE' END,
          NULL, now() - interval '743 days', now() - interval '743 days'
        FROM b_vehicle v JOIN b_org b ON b.idx = v.org_idx`);
      await q(`
        INSERT INTO vehicle_assignments (organization_id, vehicle_id, driver_id, assigned_at, assigned_by)
        SELECT b.id, v.id, v.driver_id, now() - interval '742 days', b.admin_id
        FROM b_vehicle v JOIN b_org b ON b.idx = v.org_idx WHERE v.driver_id IS NOT NULL`);
      await q(`COMMIT`);
    });

    // The generated fuel requests, computed once into a temp table, then written month by month.
    await phase(`fuel requests: compute ${c.fuelRequests.toLocaleString('en')}`, async () => {
      await q(
        `CREATE TEMP TABLE b_fr AS
        WITH base AS (
          SELECT n,
            CASE WHEN pg_temp.h(n, 20) < 0.3 THEN 0 ELSE 1 + floor(pg_temp.h(n, 21) * (SELECT count(*) - 1 FROM b_org))::int END AS org_idx,
            pg_temp.h(n, 22) AS rv, 1 + floor(pg_temp.h(n, 23) * (SELECT count(*) FROM b_station))::int AS station_idx,
            now() - interval '730 days' * pg_temp.h(n, 24) AS created_at,
            pg_temp.h(n, 25) AS rs, pg_temp.h(n, 26) AS rvol, pg_temp.h(n, 27) AS rdisp, floor(pg_temp.h(n, 28) * 3)::int AS lead_days,
            pg_temp.h(n, 29) AS rhour
          FROM generate_series(1, $1::int) n),
        placed AS (
          SELECT base.*, v.id AS vehicle_id, v.request_fuel, v.tank, v.km_per_day, v.base_km, coalesce(v.driver_id, o.admin_id) AS requested_by,
            v.driver_id, o.id AS organization_id, o.admin_id, o.wallet_id, s.id AS station_id, s.wallet_id AS station_wallet, s.attendant_id,
            ((base.created_at AT TIME ZONE 'Africa/Lagos')::date + base.lead_days) AS supply_date
          FROM base
          JOIN b_org o ON o.idx = base.org_idx
          JOIN b_vehicle v ON v.org_idx = base.org_idx AND v.j = 1 + floor(base.rv * o.vehicles)::int
          JOIN b_station s ON s.idx = base.station_idx),
        decided AS (
          SELECT placed.*,
            CASE WHEN placed.supply_date + 3 >= (now() AT TIME ZONE 'Africa/Lagos')::date THEN
                   CASE WHEN rs < 0.35 THEN 'PENDING' WHEN rs < 0.7 THEN 'APPROVED'
                        WHEN rs < 0.9 AND placed.supply_date <= (now() AT TIME ZONE 'Africa/Lagos')::date
                          AND placed.created_at < now() - interval '6 hours' THEN 'COMPLETED'
                        WHEN rs < 0.9 THEN 'APPROVED' ELSE 'REJECTED' END
                 ELSE CASE WHEN rs < 0.8 THEN 'COMPLETED' WHEN rs < 0.89 THEN 'REJECTED' WHEN rs < 0.98 THEN 'EXPIRED' ELSE 'PENDING' END
            END AS status,
            round((placed.tank * (0.3 + 0.6 * rvol))::numeric, 2) AS volume,
            (SELECT p.price_kobo FROM b_price p WHERE p.station_idx = placed.station_idx AND p.fuel = placed.request_fuel
               AND p.tier = CASE WHEN placed.created_at < now() - interval '365 days' THEN 0
                                 WHEN placed.created_at < now() - interval '30 days' THEN 1 ELSE 2 END) AS price_kobo
          FROM placed)
        SELECT d.*,
          pg_temp.uid('fr', n) AS id,
          CASE WHEN d.status IN ('APPROVED', 'COMPLETED', 'EXPIRED') THEN pg_temp.code(n) END AS coupon_code,
          least(d.created_at + interval '1 hour' + interval '3 hours' * d.rhour, now()) AS decided_at,
          ((d.supply_date + 3)::timestamp + time '23:59:59') AT TIME ZONE 'Africa/Lagos' AS coupon_expires_at,
          (d.supply_date::timestamp + time '07:00' + interval '12 hours' * d.rhour) AT TIME ZONE 'Africa/Lagos' AS redeem_slot,
          round((d.volume * (0.85 + 0.15 * d.rdisp))::numeric, 2) AS dispensed,
          (d.volume * 100)::bigint * d.price_kobo / 100 AS hold_kobo,
          CASE WHEN d.km_per_day > 0 THEN d.base_km + 1 + round(extract(epoch FROM d.created_at - (now() - interval '730 days')) / 86400 * d.km_per_day, 1) END AS odometer,
          date_trunc('month', d.created_at) AS month
        FROM decided d`,
        [c.fuelRequests],
      );
      await q(
        `ALTER TABLE b_fr ADD COLUMN redeemed_at timestamptz, ADD COLUMN amount_kobo bigint, ADD COLUMN fee_kobo bigint, ADD COLUMN entry_id uuid`,
      );
      await q(`UPDATE b_fr SET
          redeemed_at = greatest(decided_at + interval '10 minutes', least(redeem_slot, now() - interval '1 minute')),
          amount_kobo = greatest(1, (dispensed * 100)::bigint * price_kobo / 100),
          entry_id = pg_temp.uid('frpay', n)
        WHERE status = 'COMPLETED'`);
      await q(`UPDATE b_fr SET fee_kobo = amount_kobo * ${PLATFORM_FEE_BPS} / 10000 WHERE status = 'COMPLETED'`);
      await q(`CREATE INDEX ON b_fr (month)`);
      await q(`ANALYZE b_fr`);
    });

    const months = (await q(`SELECT DISTINCT month FROM b_fr ORDER BY month`)).rows.map((r: { month: Date }) => r.month);
    await phase(`fuel requests: write ${months.length} months (+ entries, postings, holds)`, async () => {
      const revenue = `(SELECT id FROM ledger_accounts WHERE kind = 'PLATFORM_REVENUE')`;
      for (const month of months) {
        await q(`BEGIN`);
        await q(
          `
          INSERT INTO journal_entries (id, idempotency_key, kind, description, reference, created_by, created_at)
          SELECT entry_id, 'redeem:' || id, 'PAYMENT', 'Fuel redeemed: ' || dispensed || ' of ' || request_fuel, coupon_code, attendant_id, redeemed_at
          FROM b_fr WHERE month = $1 AND status = 'COMPLETED'`,
          [month],
        );
        await q(
          `
          INSERT INTO fuel_requests (id, organization_id, vehicle_id, requested_by, driver_id, station_id, fuel_type, volume, supply_date,
            odometer, tank_level, note, status, approved_by, approved_at, price_kobo, hold_kobo, coupon_code, coupon_expires_at,
            rejected_by, rejected_at, rejection_note, redeemed_by, redeemed_at, dispensed_volume, amount_kobo, fee_kobo, payment_entry_id,
            expired_at, created_at, updated_at)
          SELECT id, organization_id, vehicle_id, requested_by, driver_id, station_id, request_fuel, volume, supply_date,
            CASE WHEN status = 'COMPLETED' THEN odometer END,
            (ARRAY[0, 10, 20, 30, 40, 50, 60, 70])[1 + n % 8], NULL, status,
            CASE WHEN status IN ('APPROVED', 'COMPLETED', 'EXPIRED') THEN admin_id END,
            CASE WHEN status IN ('APPROVED', 'COMPLETED', 'EXPIRED') THEN decided_at END,
            CASE WHEN status IN ('APPROVED', 'COMPLETED', 'EXPIRED') THEN price_kobo END,
            CASE WHEN status IN ('APPROVED', 'COMPLETED', 'EXPIRED') THEN hold_kobo END,
            coupon_code,
            CASE WHEN status IN ('APPROVED', 'COMPLETED', 'EXPIRED') THEN coupon_expires_at END,
            CASE WHEN status = 'REJECTED' THEN admin_id END,
            CASE WHEN status = 'REJECTED' THEN decided_at END,
            CASE WHEN status = 'REJECTED' THEN 'Above the weekly plan for this route' END,
            CASE WHEN status = 'COMPLETED' THEN attendant_id END,
            redeemed_at,
            CASE WHEN status = 'COMPLETED' THEN dispensed END,
            amount_kobo, fee_kobo, entry_id,
            CASE WHEN status = 'EXPIRED' THEN coupon_expires_at + interval '5 minutes' END,
            created_at, coalesce(redeemed_at, decided_at)
          FROM b_fr WHERE month = $1`,
          [month],
        );
        await q(
          `
          INSERT INTO postings (entry_id, account_id, amount_kobo, type, note, fee_kobo, created_at)
          SELECT entry_id, wallet_id, -amount_kobo, 'PAYMENT', 'Fuel: ' || dispensed || ' of ' || request_fuel, 0, redeemed_at
            FROM b_fr WHERE month = $1 AND status = 'COMPLETED'
          UNION ALL
          SELECT entry_id, station_wallet, amount_kobo - fee_kobo, 'PAYMENT', 'Fuel: ' || dispensed || ' of ' || request_fuel, fee_kobo, redeemed_at
            FROM b_fr WHERE month = $1 AND status = 'COMPLETED' AND amount_kobo - fee_kobo <> 0
          UNION ALL
          SELECT entry_id, ${revenue}, fee_kobo, 'FEE', 'Platform fee on ' || coupon_code, 0, redeemed_at
            FROM b_fr WHERE month = $1 AND status = 'COMPLETED' AND fee_kobo > 0`,
          [month],
        );
        await q(
          `
          INSERT INTO holds (account_id, amount_kobo, reason, reference, status, created_at, closed_at)
          SELECT wallet_id, hold_kobo, 'Fuel request ' || coupon_code, 'fuel:' || id,
            CASE status WHEN 'APPROVED' THEN 'OPEN' WHEN 'COMPLETED' THEN 'CAPTURED' ELSE 'RELEASED' END,
            decided_at,
            CASE status WHEN 'APPROVED' THEN NULL WHEN 'COMPLETED' THEN redeemed_at ELSE coupon_expires_at + interval '5 minutes' END
          FROM b_fr WHERE month = $1 AND status IN ('APPROVED', 'COMPLETED', 'EXPIRED')`,
          [month],
        );
        await q(`COMMIT`);
      }
      await q(`
        UPDATE vehicles v SET last_odometer = m.km FROM (
          SELECT vehicle_id, max(odometer) AS km FROM b_fr WHERE status = 'COMPLETED' AND odometer IS NOT NULL GROUP BY vehicle_id) m
        WHERE v.id = m.vehicle_id`);
    });

    await phase(`maintenance requests: ${c.maintenanceRequests.toLocaleString('en')}`, async () => {
      await q(
        `CREATE TEMP TABLE b_mr AS
        WITH base AS (
          SELECT n,
            CASE WHEN pg_temp.h(n, 40) < 0.3 THEN 0 ELSE 1 + floor(pg_temp.h(n, 41) * (SELECT count(*) - 1 FROM b_org))::int END AS org_idx,
            pg_temp.h(n, 42) AS rv, CASE WHEN pg_temp.h(n, 43) < 0.3 THEN NULL ELSE 1 + floor(pg_temp.h(n, 44) * (SELECT count(*) FROM b_station))::int END AS station_idx,
            now() - interval '730 days' * pg_temp.h(n, 45) AS created_at, pg_temp.h(n, 46) AS rs, pg_temp.h(n, 47) AS rcost,
            1 + floor(pg_temp.h(n, 48) * 5)::int AS lead_days, pg_temp.h(n, 49) AS rfinal
          FROM generate_series(1, $1::int) n)
        SELECT base.*, pg_temp.uid('mr', n) AS id, v.id AS vehicle_id, v.type, coalesce(v.driver_id, o.admin_id) AS requested_by, o.id AS organization_id,
          o.admin_id, o.wallet_id, s.id AS station_id, s.wallet_id AS station_wallet, s.attendant_id,
          ((base.created_at AT TIME ZONE 'Africa/Lagos')::date + base.lead_days) AS service_date,
          (20000 + floor(base.rcost * 480) * 1000)::bigint * 100 AS cost_kobo,
          CASE WHEN ((base.created_at AT TIME ZONE 'Africa/Lagos')::date + base.lead_days) >= (now() AT TIME ZONE 'Africa/Lagos')::date - 3 THEN
                 CASE WHEN rs < 0.4 THEN 'PENDING' WHEN rs < 0.8 THEN 'APPROVED' WHEN rs < 0.9 THEN 'REJECTED' ELSE 'COMPLETED' END
               ELSE CASE WHEN rs < 0.85 THEN 'COMPLETED' WHEN rs < 0.97 THEN 'REJECTED' ELSE 'PENDING' END END AS status,
          least(base.created_at + interval '6 hours', now()) AS decided_at
        FROM base
        JOIN b_org o ON o.idx = base.org_idx
        JOIN b_vehicle v ON v.org_idx = base.org_idx AND v.j = 1 + floor(base.rv * o.vehicles)::int
        LEFT JOIN b_station s ON s.idx = base.station_idx`,
        [c.maintenanceRequests],
      );
      // One open job per vehicle at most (approval puts the vehicle in the workshop): later duplicates stay PENDING.
      await q(`UPDATE b_mr m SET status = 'PENDING' FROM (
          SELECT id, row_number() OVER (PARTITION BY vehicle_id ORDER BY created_at) AS k FROM b_mr WHERE status = 'APPROVED') d
        WHERE m.id = d.id AND d.k > 1`);
      await q(
        `ALTER TABLE b_mr ADD COLUMN completed_at timestamptz, ADD COLUMN final_kobo bigint, ADD COLUMN fee_kobo bigint, ADD COLUMN entry_id uuid`,
      );
      await q(`UPDATE b_mr SET completed_at = greatest(decided_at + interval '1 hour',
                   least((service_date::timestamp + time '15:00') AT TIME ZONE 'Africa/Lagos', now() - interval '1 minute')),
                 final_kobo = greatest(100, (cost_kobo * (0.8 + 0.2 * rfinal))::bigint / 100 * 100)
               WHERE status = 'COMPLETED'`);
      await q(`UPDATE b_mr SET fee_kobo = CASE WHEN station_id IS NULL THEN 0 ELSE final_kobo * ${PLATFORM_FEE_BPS} / 10000 END,
                 entry_id = CASE WHEN station_id IS NOT NULL THEN pg_temp.uid('mrpay', n) END WHERE status = 'COMPLETED'`);
      await q(`BEGIN`);
      await q(`
        INSERT INTO journal_entries (id, idempotency_key, kind, description, reference, created_by, created_at)
        SELECT entry_id, 'maintenance-paid:' || id, 'PAYMENT', 'Maintenance: bench job ' || n, pg_temp.code(n + 500000000), attendant_id, completed_at
        FROM b_mr WHERE entry_id IS NOT NULL`);
      await q(`
        INSERT INTO maintenance_requests (id, organization_id, vehicle_id, requested_by, station_id, description, service_date, cost_kobo,
          final_cost_kobo, odometer, tank_level, note, status, approved_by, approved_at, hold_kobo, coupon_code, rejected_by, rejected_at,
          rejection_note, completed_by, completed_at, amount_kobo, fee_kobo, payment_entry_id, created_at, updated_at)
        SELECT id, organization_id, vehicle_id, requested_by, station_id,
          (ARRAY['Full service: oil, filters, brake check', 'Tyre rotation and alignment', 'Battery replacement', 'Generator servicing: oil, plugs, load test',
                 'Brake pads and discs', 'Air-conditioning repair'])[1 + n % 6],
          service_date, cost_kobo, final_kobo, NULL, NULL, NULL, status,
          CASE WHEN status IN ('APPROVED', 'COMPLETED') THEN admin_id END,
          CASE WHEN status IN ('APPROVED', 'COMPLETED') THEN decided_at END,
          CASE WHEN status IN ('APPROVED', 'COMPLETED') AND station_id IS NOT NULL THEN cost_kobo END,
          CASE WHEN status IN ('APPROVED', 'COMPLETED') THEN pg_temp.code(n + 500000000) END,
          CASE WHEN status = 'REJECTED' THEN admin_id END,
          CASE WHEN status = 'REJECTED' THEN decided_at END,
          CASE WHEN status = 'REJECTED' THEN 'Get a second quote first' END,
          CASE WHEN status = 'COMPLETED' THEN coalesce(attendant_id, admin_id) END,
          completed_at, final_kobo, fee_kobo, entry_id, created_at, coalesce(completed_at, decided_at)
        FROM b_mr`);
      await q(`
        INSERT INTO postings (entry_id, account_id, amount_kobo, type, note, fee_kobo, created_at)
        SELECT entry_id, wallet_id, -final_kobo, 'PAYMENT', 'Maintenance: bench job ' || n, 0, completed_at FROM b_mr WHERE entry_id IS NOT NULL
        UNION ALL
        SELECT entry_id, station_wallet, final_kobo - fee_kobo, 'PAYMENT', 'Maintenance: bench job ' || n, fee_kobo, completed_at FROM b_mr WHERE entry_id IS NOT NULL
        UNION ALL
        SELECT entry_id, (SELECT id FROM ledger_accounts WHERE kind = 'PLATFORM_REVENUE'), fee_kobo, 'FEE', 'Platform fee on job ' || n, 0, completed_at
          FROM b_mr WHERE entry_id IS NOT NULL AND fee_kobo > 0`);
      await q(`
        INSERT INTO holds (account_id, amount_kobo, reason, reference, status, created_at, closed_at)
        SELECT wallet_id, cost_kobo, 'Maintenance job ' || n, 'maintenance:' || id, CASE status WHEN 'APPROVED' THEN 'OPEN' ELSE 'CAPTURED' END,
          decided_at, CASE status WHEN 'APPROVED' THEN NULL ELSE completed_at END
        FROM b_mr WHERE station_id IS NOT NULL AND status IN ('APPROVED', 'COMPLETED')`);
      await q(`UPDATE vehicles v SET status = 'UNDER_MAINTENANCE' FROM b_mr m WHERE m.vehicle_id = v.id AND m.status = 'APPROVED'`);
      await q(`COMMIT`);
    });

    await phase(`redemption coupons: ${c.redemptionCoupons.toLocaleString('en')}`, () =>
      addRedemptionCoupons(client, c.redemptionCoupons, { skipFunding: true }),
    );

    await phase('card fundings (monthly, wallets never negative)', async () => {
      await q(`BEGIN`);
      // Each organization funds its wallet at the start of every month with what that month spends plus
      // a margin, and once more for what its open holds need: the running balance never goes below zero.
      await q(`CREATE TEMP TABLE b_fund AS
        WITH spend AS (
          SELECT p.account_id, date_trunc('month', p.created_at) AS month, -sum(p.amount_kobo) AS spent
          FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
          WHERE a.kind = 'ORGANIZATION_WALLET' AND p.amount_kobo < 0 AND a.organization_id IN (SELECT id FROM b_org)
          GROUP BY 1, 2),
        held AS (SELECT account_id, sum(amount_kobo) AS held FROM holds WHERE status = 'OPEN' GROUP BY 1)
        SELECT s.account_id, s.month, o.id AS organization_id, o.admin_id,
          ((s.spent * 11 / 10 + coalesce(CASE WHEN s.month = date_trunc('month', now()) THEN h.held END, 0)) / 100000 + 1) * 100000 AS amount_kobo
        FROM spend s JOIN b_org o ON o.wallet_id = s.account_id LEFT JOIN held h ON h.account_id = s.account_id
        UNION ALL
        SELECT h.account_id, date_trunc('month', now()), o.id, o.admin_id, (h.held / 100000 + 1) * 100000
        FROM held h JOIN b_org o ON o.wallet_id = h.account_id
        WHERE NOT EXISTS (SELECT 1 FROM postings p WHERE p.account_id = h.account_id AND p.created_at >= date_trunc('month', now()) AND p.amount_kobo < 0)`);
      await q(`ALTER TABLE b_fund ADD COLUMN k serial, ADD COLUMN entry_id uuid, ADD COLUMN reference text, ADD COLUMN at timestamptz`);
      await q(`UPDATE b_fund SET entry_id = pg_temp.uid('fund', k), reference = 'FF-FUND-BENCH' || lpad(k::text, 7, '0'),
                 at = CASE WHEN month < date_trunc('month', now() - interval '730 days') THEN now() - interval '731 days' ELSE month END`);
      await q(`
        INSERT INTO journal_entries (id, idempotency_key, kind, description, reference, created_by, created_at)
        SELECT entry_id, 'charge:' || reference, 'FUNDING', 'Card payment into wallet', reference, admin_id, at FROM b_fund`);
      await q(`
        INSERT INTO postings (entry_id, account_id, amount_kobo, type, note, created_at)
        SELECT entry_id, (SELECT id FROM ledger_accounts WHERE kind = 'CARD_CLEARING'), -amount_kobo, 'FUNDING', reference, at FROM b_fund
        UNION ALL
        SELECT entry_id, account_id, amount_kobo, 'FUNDING', 'Card top-up', at FROM b_fund`);
      await q(`
        INSERT INTO card_payments (reference, provider, purpose, account_id, organization_id, amount_kobo, status, entry_id, initiated_by, created_at, completed_at)
        SELECT reference, 'sandbox', 'WALLET_FUNDING', account_id, organization_id, amount_kobo, 'SUCCESS', entry_id, admin_id, at, at FROM b_fund`);
      await q(`COMMIT`);
    });

    await phase('analytics rollups (rebuilt from the rows)', async () => {
      for (const [table, trigger] of ROLLUP_TRIGGERS) await q(`ALTER TABLE ${table} ENABLE TRIGGER ${trigger}`);
      await q(`SELECT analytics_rebuild(), analytics_redemptions_rebuild(), vehicle_service_facts_rebuild()`);
    });
    await phase('cached balances and holds from the ledger', () => refreshBalances(client));
    // VACUUM too, not only ANALYZE: the tables were just written in bulk, and until a vacuum marks
    // their pages all-visible every index-only scan (the overview's, the lists') reads the heap as
    // well. A live database reaches that state by autovacuum; measured here without it, the
    // overview ran at half its rate (bench/RESULTS.md, "The data set's vacuum").
    await phase('VACUUM ANALYZE', async () => {
      await q(`VACUUM ANALYZE`);
    });
    await phase('ledger invariants', () => checkInvariants(client));

    const counts: Record<string, number> = {};
    for (const table of [
      'organizations',
      'fuel_stations',
      'users',
      'departments',
      'vehicles',
      'vehicle_assignments',
      'fuel_prices',
      'fuel_requests',
      'maintenance_requests',
      'journal_entries',
      'postings',
      'holds',
      'card_payments',
    ]) {
      const { rows } = await q(`SELECT count(*)::int AS n FROM ${table}`);
      counts[table] = (rows[0] as { n: number }).n;
    }
    const byStatus = await q(`SELECT status, count(*)::int AS n FROM fuel_requests GROUP BY 1 ORDER BY 1`);
    for (const row of byStatus.rows as Array<{ status: string; n: number }>) counts[`fuel_requests ${row.status}`] = row.n;
    const large = await q(
      `SELECT (SELECT count(*)::int FROM vehicles WHERE organization_id = o.id) AS vehicles,
        (SELECT count(*)::int FROM users WHERE organization_id = o.id AND role = 'DRIVER') AS drivers,
        (SELECT count(*)::int FROM fuel_requests WHERE organization_id = o.id) AS requests
      FROM organizations o WHERE o.name = $1`,
      [LARGE_ORG_NAME],
    );
    const l = large.rows[0] as { vehicles: number; drivers: number; requests: number };
    counts[`${LARGE_ORG_NAME} vehicles`] = l.vehicles;
    counts[`${LARGE_ORG_NAME} drivers`] = l.drivers;
    counts[`${LARGE_ORG_NAME} fuel requests`] = l.requests;
    return { counts, phases, totalSeconds: (performance.now() - started) / 1000 };
  } finally {
    await client.end();
  }
}

/**
 * Adds `count` APPROVED fuel requests of the large organization at REDEMPTION_STATION, each with its
 * coupon and open hold, for the redemption benchmark (PATCH /fuel-requests/:id/complete). Funds the
 * wallet for their holds unless `skipFunding` (the data generator funds everything afterwards), and
 * then refreshes the cached balance and held amount of that wallet. Safe to call again: codes and
 * ids continue after the coupons that exist.
 */
export async function addRedemptionCoupons(
  client: pg.Client,
  count: number,
  options: { skipFunding?: boolean; seed?: number } = {},
): Promise<void> {
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  if (options.seed !== undefined) await createHelpers(client, options.seed);
  await q(`BEGIN`);
  const { rows } = await q(`SELECT count(*)::int AS n FROM fuel_requests WHERE note = $1`, [REDEMPTION_NOTE]);
  const offset = (rows[0] as { n: number }).n;
  await q(
    `CREATE TEMP TABLE b_red ON COMMIT DROP AS
    WITH cand AS (
      SELECT v.id, v.organization_id, CASE v.fuel_type WHEN 'HYBRID' THEN 'PETROL' ELSE v.fuel_type END AS fuel_type,
        row_number() OVER (ORDER BY v.id) - 1 AS rn
      FROM vehicles v JOIN organizations o ON o.id = v.organization_id
      WHERE o.name = $3 AND v.status = 'ACTIVE' AND v.type = 'VEHICLE' AND v.fuel_type IN ('PETROL', 'DIESEL', 'HYBRID')
        AND v.registration_number LIKE 'REG-%' -- generated vehicles only: their ids come from the seed
      ORDER BY v.id LIMIT 50)
    SELECT k, pg_temp.uid('redeem', 900000000 + k) AS id, pg_temp.code(900000000 + k) AS code, v.id AS vehicle_id, v.organization_id,
      v.fuel_type, a.id AS wallet_id, adm.id AS admin_id, s.id AS station_id,
      (SELECT price_kobo FROM fuel_prices p WHERE p.fuel_station_id = s.id AND p.fuel_type = v.fuel_type ORDER BY created_at DESC LIMIT 1) AS price_kobo,
      now() - interval '2 days' + interval '1 second' * (k - $1::int) AS created_at
    FROM generate_series($1::int + 1, $1::int + $2::int) k
    JOIN cand v ON v.rn = k % (SELECT count(*) FROM cand)
    JOIN users adm ON adm.email = $4
    JOIN ledger_accounts a ON a.organization_id = v.organization_id
    JOIN fuel_stations s ON s.name = $5`,
    [offset, count, LARGE_ORG_NAME, LARGE_ORG_ADMIN, REDEMPTION_STATION],
  );
  await q(
    `
    INSERT INTO fuel_requests (id, organization_id, vehicle_id, requested_by, station_id, fuel_type, volume, supply_date, tank_level, note, status,
      approved_by, approved_at, price_kobo, hold_kobo, coupon_code, coupon_expires_at, created_at, updated_at)
    SELECT id, organization_id, vehicle_id, admin_id, station_id, fuel_type, 40, (now() AT TIME ZONE 'Africa/Lagos')::date, 20, $1, 'APPROVED',
      admin_id, created_at + interval '1 minute', price_kobo, 40 * price_kobo, code,
      (((now() AT TIME ZONE 'Africa/Lagos')::date + 3)::timestamp + time '23:59:59') AT TIME ZONE 'Africa/Lagos', created_at, created_at
    FROM b_red`,
    [REDEMPTION_NOTE],
  );
  await q(`
    INSERT INTO holds (account_id, amount_kobo, reason, reference, status, created_at)
    SELECT wallet_id, 40 * price_kobo, 'Fuel request ' || code, 'fuel:' || id, 'OPEN', created_at FROM b_red`);
  if (!options.skipFunding) {
    await q(`
      WITH need AS (SELECT wallet_id, organization_id, admin_id, sum(40 * price_kobo) AS amount, max(k) AS k FROM b_red GROUP BY 1, 2, 3),
      entry AS (
        INSERT INTO journal_entries (id, idempotency_key, kind, description, reference, created_by)
        SELECT pg_temp.uid('redeem-fund', k), 'charge:FF-FUND-BENCHR' || k, 'FUNDING', 'Card payment into wallet', 'FF-FUND-BENCHR' || k, admin_id FROM need
        RETURNING id),
      posted AS (
        INSERT INTO postings (entry_id, account_id, amount_kobo, type, note)
        SELECT pg_temp.uid('redeem-fund', k), (SELECT id FROM ledger_accounts WHERE kind = 'CARD_CLEARING'), -amount, 'FUNDING', 'FF-FUND-BENCHR' || k FROM need
        UNION ALL SELECT pg_temp.uid('redeem-fund', k), wallet_id, amount, 'FUNDING', 'Card top-up' FROM need
        RETURNING 1)
      INSERT INTO card_payments (reference, provider, purpose, account_id, organization_id, amount_kobo, status, entry_id, initiated_by, completed_at)
      SELECT 'FF-FUND-BENCHR' || k, 'sandbox', 'WALLET_FUNDING', wallet_id, organization_id, amount, 'SUCCESS', pg_temp.uid('redeem-fund', k), admin_id, now()
      FROM need`);
    await refreshBalances(
      client,
      `(SELECT a.id FROM ledger_accounts a JOIN organizations o ON o.id = a.organization_id WHERE o.name = '${LARGE_ORG_NAME}')`,
    );
  }
  await q(`COMMIT`);
}

/**
 * Sets every (or one) account's cached balance to the sum of its postings, its posting count to
 * their number, and its held amount to its open holds.
 */
async function refreshBalances(client: pg.Client, onlyAccount?: string): Promise<void> {
  await client.query(`
    UPDATE ledger_accounts a SET
      balance_kobo = coalesce((SELECT sum(amount_kobo) FROM postings p WHERE p.account_id = a.id), 0),
      posting_count = (SELECT count(*) FROM postings p WHERE p.account_id = a.id),
      held_kobo = coalesce((SELECT sum(amount_kobo) FROM holds h WHERE h.account_id = a.id AND h.status = 'OPEN'), 0),
      updated_at = now()
    ${onlyAccount ? `WHERE a.id = ${onlyAccount}` : ''}`);
}

/** The ledger's invariants, checked in SQL; throws with the first broken one. */
export async function checkInvariants(client: pg.Client): Promise<void> {
  const checks: Array<[string, string]> = [
    [
      'every journal entry has ≥ 2 postings summing to zero',
      `SELECT count(*)::int AS n FROM (SELECT e.id FROM journal_entries e LEFT JOIN postings p ON p.entry_id = e.id
         GROUP BY e.id HAVING coalesce(sum(p.amount_kobo), 0) <> 0 OR count(p.id) < 2) x`,
    ],
    [
      'every cached balance equals the sum of its postings',
      `SELECT count(*)::int AS n FROM ledger_accounts a LEFT JOIN (SELECT account_id, sum(amount_kobo) AS t FROM postings GROUP BY 1) p
         ON p.account_id = a.id WHERE a.balance_kobo <> coalesce(p.t, 0)`,
    ],
    [
      'every posting count equals the number of its postings',
      `SELECT count(*)::int AS n FROM ledger_accounts a LEFT JOIN (SELECT account_id, count(*) AS c FROM postings GROUP BY 1) p
         ON p.account_id = a.id WHERE a.posting_count <> coalesce(p.c, 0)`,
    ],
    [
      'every held amount equals the open holds',
      `SELECT count(*)::int AS n FROM ledger_accounts a LEFT JOIN (SELECT account_id, sum(amount_kobo) AS t FROM holds WHERE status = 'OPEN' GROUP BY 1) h
         ON h.account_id = a.id WHERE a.held_kobo <> coalesce(h.t, 0)`,
    ],
    [
      'no wallet negative or holding more than its balance',
      `SELECT count(*)::int AS n FROM ledger_accounts WHERE kind IN ('ORGANIZATION_WALLET', 'STATION_WALLET') AND (balance_kobo < 0 OR held_kobo > balance_kobo)`,
    ],
    [
      'no wallet ever negative over time (running balance)',
      `SELECT count(*)::int AS n FROM (SELECT sum(p.amount_kobo) OVER (PARTITION BY p.account_id ORDER BY p.created_at, p.amount_kobo DESC, p.id) AS running
         FROM postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE a.kind IN ('ORGANIZATION_WALLET', 'STATION_WALLET')) x WHERE running < 0`,
    ],
    [
      'every APPROVED request has exactly one open hold of its amount',
      `SELECT count(*)::int AS n FROM fuel_requests r LEFT JOIN holds h ON h.reference = 'fuel:' || r.id AND h.status = 'OPEN'
         WHERE r.status = 'APPROVED' AND (h.id IS NULL OR h.amount_kobo <> r.hold_kobo)`,
    ],
    [
      'every COMPLETED request paid through one balanced entry of its amount',
      `SELECT count(*)::int AS n FROM fuel_requests r LEFT JOIN postings p ON p.entry_id = r.payment_entry_id AND p.amount_kobo = -r.amount_kobo
         WHERE r.status = 'COMPLETED' AND p.id IS NULL`,
    ],
    [
      'no open hold for a request that is not APPROVED',
      `SELECT count(*)::int AS n FROM holds h JOIN fuel_requests r ON h.reference = 'fuel:' || r.id WHERE h.status = 'OPEN' AND r.status <> 'APPROVED'`,
    ],
    [
      'no APPROVED coupon already past its expiry',
      `SELECT count(*)::int AS n FROM fuel_requests WHERE status = 'APPROVED' AND coupon_expires_at <= now()`,
    ],
  ];
  const broken: string[] = [];
  for (const [what, query] of checks) {
    const { rows } = await client.query(query);
    const n = (rows[0] as { n: number }).n;
    if (n !== 0) broken.push(`${what}: ${n} violation(s)`);
  }
  if (broken.length > 0) throw new Error(`LEDGER INVARIANTS BROKEN:\n  ${broken.join('\n  ')}`);
}

async function main(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_URL;
  const scale = Number(process.env.BENCH_SCALE ?? '1');
  const seed = Number(process.env.BENCH_SEED ?? '1');
  if (!(scale > 0 && scale <= 10)) throw new Error(`BENCH_SCALE must be in (0, 10] (got ${process.env.BENCH_SCALE})`);
  if (!Number.isInteger(seed) || seed < 0 || seed > 1_000_000) throw new Error('BENCH_SEED must be a whole number in [0, 1000000]');
  assertLocal(url);
  const result = await generateBenchData({ url, scale, seed });
  console.log('Counts:');
  for (const [what, n] of Object.entries(result.counts)) console.log(`  ${what.padEnd(36)} ${n.toLocaleString('en').padStart(12)}`);
  console.log('Ledger invariants: OK (entries balanced, balances = postings, held = open holds, no wallet negative)');
  console.log(`Total: ${result.totalSeconds.toFixed(1)} s`);
  console.log(`Large organization: ${LARGE_ORG_NAME}; sign in as ${LARGE_ORG_ADMIN} (password ${BENCH_PASSWORD}).`);
  console.log(`Other sign-ins: admin@fleetfuel.test (platform), admin@org001.bench.test, ${REDEMPTION_ATTENDANT} (same password).`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  });
}
