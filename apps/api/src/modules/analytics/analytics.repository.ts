/**
 * The overview's aggregations, each scoped to what the caller may see. Months are Lagos months
 * (UTC+1, no daylight saving, so a fixed offset is exact).
 *
 * Totals and monthly figures of the platform, an organization or a station come from the monthly
 * rollups (migration 0011), so their cost follows the months shown, not the requests made. A
 * driver's figures cover one vehicle and one requester, read through their indexes.
 */
import { expressionBuilder, sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import { NO_DRIVER_IDS_BELOW, PLATFORM_SCOPE_ID } from '../../platform/db/rollups.js';
import type { DB } from '../../platform/db/schema.js';

export type AnalyticsScope =
  | { kind: 'PLATFORM' }
  | { kind: 'ORGANIZATION'; organizationId: string }
  | { kind: 'DRIVER'; organizationId: string; userId: string; vehicleId: string | null }
  | { kind: 'STATION'; stationId: string; seesEarnings: boolean };

const NONE = '00000000-0000-0000-0000-000000000000';
const lagosMonth = (column: string) => sql<string>`to_char((${sql.ref(column)} AT TIME ZONE 'UTC') + interval '1 hour', 'YYYY-MM')`;

type RequestTable = { r: { organization_id: string; station_id: string | null; requested_by: string; vehicle_id: string; status: string } };

/** Where a scope's rollup rows are, and which statuses of them it sees; null for a driver. */
function rollupOf(scope: AnalyticsScope) {
  switch (scope.kind) {
    case 'PLATFORM':
      return { scope: 'PLATFORM' as const, scopeId: PLATFORM_SCOPE_ID, statuses: null };
    case 'ORGANIZATION':
      return { scope: 'ORGANIZATION' as const, scopeId: scope.organizationId, statuses: null };
    case 'STATION':
      return { scope: 'STATION' as const, scopeId: scope.stationId, statuses: ['APPROVED', 'COMPLETED'] };
    case 'DRIVER':
      return null;
  }
}

/** A scope's rollup rows of one or more subjects (the caller checked that the scope has rollups). */
function rollupRows(db: Database, rollup: NonNullable<ReturnType<typeof rollupOf>>, subjects: Array<'FUEL' | 'MAINTENANCE' | 'REVENUE'>) {
  return db
    .selectFrom('analytics_monthly_totals as t')
    .where('t.scope', '=', rollup.scope)
    .where('t.scope_id', '=', rollup.scopeId)
    .where('t.subject', 'in', subjects)
    .$if(rollup.statuses !== null, (q) => q.where('t.status', 'in', rollup.statuses ?? []));
}

/** Requests (fuel or maintenance, aliased r) in scope; stations see what reached them. */
function requestsInScope(scope: AnalyticsScope) {
  return (eb: ExpressionBuilder<RequestTable, 'r'>) => {
    switch (scope.kind) {
      case 'PLATFORM':
        return eb.lit(true);
      case 'ORGANIZATION':
        return eb('r.organization_id', '=', scope.organizationId);
      case 'DRIVER':
        return eb.and([
          eb('r.organization_id', '=', scope.organizationId),
          eb.or([eb('r.requested_by', '=', scope.userId), eb('r.vehicle_id', '=', scope.vehicleId ?? NONE)]),
        ]);
      case 'STATION':
        return eb.and([eb('r.station_id', '=', scope.stationId), eb('r.status', 'in', ['APPROVED', 'COMPLETED'])]);
    }
  };
}

function vehiclesInScope(scope: AnalyticsScope) {
  return (eb: ExpressionBuilder<DB & { v: DB['vehicles'] }, 'v'>) => {
    switch (scope.kind) {
      case 'PLATFORM':
        return eb.lit(true);
      case 'ORGANIZATION':
        return eb('v.organization_id', '=', scope.organizationId);
      case 'DRIVER':
        return eb('v.id', '=', scope.vehicleId ?? NONE);
      case 'STATION':
        return eb('v.id', 'in', reachOf(scope.stationId, 'VEHICLE'));
    }
  };
}

/** Whom a station has served (`analytics_station_reach`, 0029): its rows, not a probe of every vehicle or user. */
function reachOf(stationId: string, kind: 'VEHICLE' | 'REQUESTER' | 'ORGANIZATION') {
  return expressionBuilder<DB, never>()
    .selectFrom('analytics_station_reach as reach')
    .select('reach.subject_id')
    .where('reach.station_id', '=', stationId)
    .where('reach.kind', '=', kind);
}

/** The vehicle a driver drives, if any. */
export function findVehicleOfDriver(db: Database, driverId: string) {
  return db.selectFrom('vehicles').select('id').where('driver_id', '=', driverId).executeTakeFirst();
}

export async function countRegistry(db: Database, scope: AnalyticsScope) {
  const vehicles = db
    .selectFrom('vehicles as v')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where(vehiclesInScope(scope));
  const drivers = db
    .selectFrom('users as u')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('u.role', '=', 'DRIVER')
    .where('u.status', '=', 'ACTIVE')
    .where((eb) => {
      switch (scope.kind) {
        case 'PLATFORM':
          return eb.lit(true);
        case 'ORGANIZATION':
          return eb('u.organization_id', '=', scope.organizationId);
        case 'DRIVER':
          return eb('u.id', '=', scope.userId);
        case 'STATION':
          return eb('u.id', 'in', reachOf(scope.stationId, 'REQUESTER'));
      }
    });
  const driversWithVehicle = db
    .selectFrom('vehicles as v')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where(vehiclesInScope(scope))
    .where('v.driver_id', 'is not', null);
  const organizations =
    scope.kind === 'PLATFORM'
      ? db.selectFrom('organizations').select((eb) => eb.fn.countAll<string>().as('n'))
      : scope.kind === 'STATION'
        ? db
            .selectFrom('analytics_station_reach as reach')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('reach.station_id', '=', scope.stationId)
            .where('reach.kind', '=', 'ORGANIZATION')
        : db.selectNoFrom(sql<string>`1`.as('n'));
  const stations =
    scope.kind === 'PLATFORM'
      ? db.selectFrom('fuel_stations').select((eb) => eb.fn.countAll<string>().as('n'))
      : scope.kind === 'STATION'
        ? db.selectNoFrom(sql<string>`1`.as('n'))
        : db
            .selectFrom('fuel_stations')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('status', '=', 'ACTIVE');
  // One statement: the five counts take one connection and one round trip.
  const row = await db
    .selectNoFrom([
      vehicles.as('vehicles'),
      drivers.as('drivers'),
      driversWithVehicle.as('drivers_with_vehicle'),
      organizations.as('organizations'),
      stations.as('stations'),
    ])
    .executeTakeFirstOrThrow();
  return {
    vehicles: Number(row.vehicles),
    drivers: Number(row.drivers),
    driversWithVehicle: Number(row.drivers_with_vehicle),
    organizations: Number(row.organizations),
    fuelStations: Number(row.stations),
  };
}

export async function maintenanceByStatus(db: Database, scope: AnalyticsScope) {
  const rollup = rollupOf(scope);
  const rows = rollup
    ? await rollupRows(db, rollup, ['MAINTENANCE'])
        .select(['t.status', sql<string>`sum(t.request_count)`.as('n')])
        .groupBy('t.status')
        .execute()
    : await db
        .selectFrom('maintenance_requests as r')
        .select(['r.status', (eb) => eb.fn.countAll<string>().as('n')])
        .where(requestsInScope(scope))
        .groupBy('r.status')
        .execute();
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)])) as Record<string, number>;
}

/** The months an overview shows: from `since` (the first day of its first month) to the current month. */
export interface Period {
  since: Date;
  firstMonth: string;
  currentMonth: string;
}

export async function fuelTotals(db: Database, scope: AnalyticsScope, period: Period) {
  const rollup = rollupOf(scope);
  const row = rollup
    ? await rollupRows(db, rollup, ['FUEL'])
        .select([
          sql<string>`coalesce(sum(t.volume) FILTER (WHERE t.status <> 'REJECTED'), 0)`.as('requested'),
          sql<string>`coalesce(sum(t.volume) FILTER (WHERE t.status = 'PENDING'), 0)`.as('pending'),
          sql<string>`coalesce(sum(t.dispensed_volume) FILTER (WHERE t.status = 'COMPLETED'), 0)`.as('completed'),
          // Completed requests are counted in the month they were redeemed.
          sql<string>`coalesce(sum(t.dispensed_volume) FILTER (WHERE t.status = 'COMPLETED' AND t.month >= ${period.currentMonth}), 0)`.as(
            'this_month',
          ),
        ])
        .executeTakeFirstOrThrow()
    : await db
        .selectFrom('fuel_requests as r')
        .select([
          sql<string>`coalesce(sum(r.volume) FILTER (WHERE r.status <> 'REJECTED'), 0)`.as('requested'),
          sql<string>`coalesce(sum(r.volume) FILTER (WHERE r.status = 'PENDING'), 0)`.as('pending'),
          sql<string>`coalesce(sum(r.dispensed_volume) FILTER (WHERE r.status = 'COMPLETED'), 0)`.as('completed'),
          sql<string>`coalesce(sum(r.dispensed_volume) FILTER (WHERE r.status = 'COMPLETED' AND r.redeemed_at >= ${new Date(`${period.currentMonth}-01T00:00:00+01:00`)}), 0)`.as(
            'this_month',
          ),
        ])
        .where(requestsInScope(scope))
        .executeTakeFirstOrThrow();
  return {
    requested: Number(row.requested),
    pending: Number(row.pending),
    completed: Number(row.completed),
    thisMonth: Number(row.this_month),
  };
}

export async function monthlyFuel(db: Database, scope: AnalyticsScope, period: Period) {
  const rollup = rollupOf(scope);
  if (rollup) {
    return rollupRows(db, rollup, ['FUEL'])
      .select(['t.month', sql<string>`sum(t.dispensed_volume)`.as('volume')])
      .where('t.status', '=', 'COMPLETED')
      .where('t.month', '>=', period.firstMonth)
      .groupBy('t.month')
      .execute();
  }
  return db
    .selectFrom('fuel_requests as r')
    .select([lagosMonth('r.redeemed_at').as('month'), sql<string>`sum(r.dispensed_volume)`.as('volume')])
    .where(requestsInScope(scope))
    .where('r.status', '=', 'COMPLETED')
    .where('r.redeemed_at', '>=', period.since)
    .groupBy('month')
    .execute();
}

/** What the scope paid (organizations) and received (stations, the platform) each month, in kobo. */
export async function monthlyMoney(db: Database, scope: AnalyticsScope, period: Period) {
  const rollup = rollupOf(scope);
  if (rollup) {
    // A station's maintenance rows hold only the jobs paid through it (0011), as the live query below filters.
    const rows = await rollupRows(db, rollup, ['FUEL', 'MAINTENANCE'])
      .select(['t.month', sql<string>`coalesce(sum(t.amount_kobo), 0)`.as('paid'), sql<string>`coalesce(sum(t.fee_kobo), 0)`.as('fees')])
      .where('t.status', '=', 'COMPLETED')
      .where('t.month', '>=', period.firstMonth)
      .groupBy('t.month')
      .execute();
    const revenue =
      scope.kind === 'PLATFORM'
        ? await rollupRows(db, rollup, ['REVENUE'])
            .select(['t.month', sql<string>`sum(t.amount_kobo)`.as('revenue')])
            .where('t.month', '>=', period.firstMonth)
            .groupBy('t.month')
            .execute()
        : [];
    return { rows, revenue };
  }
  const paidFuel = db
    .selectFrom('fuel_requests as r')
    .select([lagosMonth('r.redeemed_at').as('month'), 'r.amount_kobo as paid', 'r.fee_kobo as fee'])
    .where(requestsInScope(scope))
    .where('r.status', '=', 'COMPLETED')
    .where('r.redeemed_at', '>=', period.since);
  const paidMaintenance = db
    .selectFrom('maintenance_requests as r')
    .select([lagosMonth('r.completed_at').as('month'), 'r.amount_kobo as paid', 'r.fee_kobo as fee'])
    .where(requestsInScope(scope))
    .where('r.status', '=', 'COMPLETED')
    .where('r.completed_at', '>=', period.since);
  const rows = await db
    .selectFrom(paidFuel.unionAll(paidMaintenance).as('p'))
    .select(['p.month', sql<string>`coalesce(sum(p.paid), 0)`.as('paid'), sql<string>`coalesce(sum(p.fee), 0)`.as('fees')])
    .groupBy('p.month')
    .execute();
  return { rows, revenue: [] };
}

/**
 * Litres redeemed in the period by the vehicle's driver at the time of each request (kept on the
 * request: 0015), whoever raised it, the first `limit` by volume; fills of vehicles without a
 * driver come back as one row with a null driver (the chart's "No driver"). A driver's own view
 * sums its few redemptions. The platform, an organization and a station read their list of
 * leading drivers since the period's first month (0034: kept exact by the driver-months' trigger),
 * a few dozen rows whatever the fleet; where it has none that answers for `limit` drivers yet,
 * it is built on the primary (`primary`) from the driver-months, once per scope and first month
 * in a calendar month.
 */
export async function fuelByDriver(db: Database, primary: Database, scope: AnalyticsScope, period: Period, limit: number) {
  if (scope.kind === 'DRIVER') {
    const perDriver = db
      .selectFrom('fuel_requests as r')
      .select(['r.driver_id', sql<string>`sum(r.dispensed_volume)`.as('volume')])
      .where(requestsInScope(scope))
      .where('r.status', '=', 'COMPLETED')
      .where('r.redeemed_at', '>=', period.since)
      .groupBy('r.driver_id');
    return namedTopDrivers(db, perDriver, limit);
  }
  const list = {
    scope: scope.kind,
    scopeId: scope.kind === 'STATION' ? scope.stationId : scope.kind === 'ORGANIZATION' ? scope.organizationId : PLATFORM_SCOPE_ID,
    since: period.firstMonth,
  };
  const usable = async (executor: Database) => {
    const row = await sql<{ usable: boolean }>`
      SELECT analytics_top_drivers_usable(${list.scope}, ${list.scopeId}::uuid, ${list.since}, ${limit}) AS usable`.execute(executor);
    return row.rows[0]?.usable === true;
  };
  let source = db;
  if (!(await usable(db))) {
    await primary.transaction().execute(async (trx) => {
      // Three times what is shown, so that drivers leaving (corrections) seldom leave it short.
      await sql`SELECT analytics_top_drivers_build(${list.scope}, ${list.scopeId}::uuid, ${list.since}, ${limit}, ${limit * 3})`.execute(
        trx,
      );
    });
    source = primary;
  }
  const perDriver = source
    .selectFrom('analytics_top_driver_totals as t')
    .select([
      sql<string | null>`CASE WHEN t.driver_id < ${NO_DRIVER_IDS_BELOW}::uuid THEN NULL ELSE t.driver_id END`.as('driver_id'),
      sql<string>`sum(t.dispensed_volume)`.as('volume'),
    ])
    .where('t.scope', '=', list.scope)
    .where('t.scope_id', '=', list.scopeId)
    .where('t.since_month', '=', list.since)
    .groupBy(sql`1`)
    // A total taken back to nothing (a redemption corrected away) is no redemption at all.
    .having(sql`sum(t.redemptions)`, '>', 0);
  return namedTopDrivers(source, perDriver, limit);
}

/** The first `limit` of drivers' volumes, largest first (then by id, "No driver" last), with their names. */
function namedTopDrivers(
  db: Database,
  perDriver: SelectQueryBuilder<DB, never, { driver_id: string | null; volume: string }>,
  limit: number,
) {
  const top = db.selectFrom(perDriver.as('d')).selectAll().orderBy('d.volume', 'desc').orderBy('d.driver_id').limit(limit);
  return db
    .with('top', () => top)
    .selectFrom('top as p')
    .leftJoin('users as driver', 'driver.id', 'p.driver_id')
    .select(['p.driver_id as driverId', 'driver.name', 'p.volume'])
    .orderBy('p.volume', 'desc')
    .orderBy('p.driver_id')
    .execute();
}
