/**
 * The overview's aggregations, each scoped to what the caller may see. Months are Lagos months
 * (UTC+1, no daylight saving, so a fixed offset is exact).
 */
import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import type { DB } from '../../platform/db/schema.js';

export type AnalyticsScope =
  | { kind: 'PLATFORM' }
  | { kind: 'ORGANIZATION'; organizationId: string }
  | { kind: 'DRIVER'; organizationId: string; userId: string; vehicleId: string | null }
  | { kind: 'STATION'; stationId: string; seesEarnings: boolean };

const NONE = '00000000-0000-0000-0000-000000000000';
const lagosMonth = (column: string) => sql<string>`to_char((${sql.ref(column)} AT TIME ZONE 'UTC') + interval '1 hour', 'YYYY-MM')`;

type RequestTable = { r: { organization_id: string; station_id: string | null; requested_by: string; vehicle_id: string; status: string } };

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
        return eb.exists(
          eb
            .selectFrom('fuel_requests as served')
            .select('served.id')
            .whereRef('served.vehicle_id', '=', 'v.id')
            .where('served.station_id', '=', scope.stationId)
            .where('served.status', '=', 'COMPLETED'),
        );
    }
  };
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
          return eb.exists(
            eb
              .selectFrom('fuel_requests as served')
              .select('served.id')
              .whereRef('served.requested_by', '=', 'u.id')
              .where('served.station_id', '=', scope.stationId)
              .where('served.status', '=', 'COMPLETED'),
          );
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
            .selectFrom('fuel_requests')
            .select(sql<string>`count(DISTINCT organization_id)`.as('n'))
            .where('station_id', '=', scope.stationId)
            .where('status', '=', 'COMPLETED')
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
  const [v, d, dv, o, s] = await Promise.all([
    vehicles.executeTakeFirstOrThrow(),
    drivers.executeTakeFirstOrThrow(),
    driversWithVehicle.executeTakeFirstOrThrow(),
    organizations.executeTakeFirstOrThrow(),
    stations.executeTakeFirstOrThrow(),
  ]);
  return {
    vehicles: Number(v.n),
    drivers: Number(d.n),
    driversWithVehicle: Number(dv.n),
    organizations: Number(o.n),
    fuelStations: Number(s.n),
  };
}

export async function maintenanceByStatus(db: Database, scope: AnalyticsScope) {
  const rows = await db
    .selectFrom('maintenance_requests as r')
    .select(['r.status', (eb) => eb.fn.countAll<string>().as('n')])
    .where(requestsInScope(scope))
    .groupBy('r.status')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)])) as Record<string, number>;
}

export async function fuelTotals(db: Database, scope: AnalyticsScope, monthStart: Date) {
  const row = await db
    .selectFrom('fuel_requests as r')
    .select([
      sql<string>`coalesce(sum(r.volume) FILTER (WHERE r.status <> 'REJECTED'), 0)`.as('requested'),
      sql<string>`coalesce(sum(r.volume) FILTER (WHERE r.status = 'PENDING'), 0)`.as('pending'),
      sql<string>`coalesce(sum(r.dispensed_volume) FILTER (WHERE r.status = 'COMPLETED'), 0)`.as('completed'),
      sql<string>`coalesce(sum(r.dispensed_volume) FILTER (WHERE r.status = 'COMPLETED' AND r.redeemed_at >= ${monthStart}), 0)`.as(
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

export async function monthlyFuel(db: Database, scope: AnalyticsScope, since: Date) {
  return db
    .selectFrom('fuel_requests as r')
    .select([lagosMonth('r.redeemed_at').as('month'), sql<string>`sum(r.dispensed_volume)`.as('volume')])
    .where(requestsInScope(scope))
    .where('r.status', '=', 'COMPLETED')
    .where('r.redeemed_at', '>=', since)
    .groupBy('month')
    .execute();
}

/** What the scope paid (organizations) and received (stations, the platform) each month, in kobo. */
export async function monthlyMoney(db: Database, scope: AnalyticsScope, since: Date) {
  const paidFuel = db
    .selectFrom('fuel_requests as r')
    .select([lagosMonth('r.redeemed_at').as('month'), 'r.amount_kobo as paid', 'r.fee_kobo as fee'])
    .where(requestsInScope(scope))
    .where('r.status', '=', 'COMPLETED')
    .where('r.redeemed_at', '>=', since);
  const paidMaintenance = db
    .selectFrom('maintenance_requests as r')
    .select([lagosMonth('r.completed_at').as('month'), 'r.amount_kobo as paid', 'r.fee_kobo as fee'])
    .where(requestsInScope(scope))
    .where('r.status', '=', 'COMPLETED')
    .where('r.completed_at', '>=', since)
    // Jobs without a station were paid outside FleetFuel; they are still the organization's expense.
    .where((eb) => (scope.kind === 'STATION' ? eb('r.station_id', 'is not', null) : eb.lit(true)));
  const rows = await db
    .selectFrom(paidFuel.unionAll(paidMaintenance).as('p'))
    .select(['p.month', sql<string>`coalesce(sum(p.paid), 0)`.as('paid'), sql<string>`coalesce(sum(p.fee), 0)`.as('fees')])
    .groupBy('p.month')
    .execute();
  const revenue =
    scope.kind === 'PLATFORM'
      ? await db
          .selectFrom('postings as p')
          .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
          .select([lagosMonth('p.created_at').as('month'), sql<string>`sum(p.amount_kobo)`.as('revenue')])
          .where('a.kind', '=', 'PLATFORM_REVENUE')
          .where('p.created_at', '>=', since)
          .groupBy('month')
          .execute()
      : [];
  return { rows, revenue };
}

export function fuelByDriver(db: Database, scope: AnalyticsScope, since: Date, limit: number) {
  return db
    .selectFrom('fuel_requests as r')
    .innerJoin('vehicles as v', 'v.id', 'r.vehicle_id')
    .leftJoin('users as driver', 'driver.id', 'v.driver_id')
    .innerJoin('users as requester', 'requester.id', 'r.requested_by')
    .select([sql<string>`coalesce(driver.name, requester.name)`.as('name'), sql<string>`sum(r.dispensed_volume)`.as('volume')])
    .where(requestsInScope(scope))
    .where('r.status', '=', 'COMPLETED')
    .where('r.redeemed_at', '>=', since)
    .groupBy(sql`coalesce(driver.name, requester.name)`)
    .orderBy('volume', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Fuel efficiency by the fill-to-fill method: between two redemptions with odometer readings, the
 * distance driven over the litres filled at the later one.
 */
export function efficiency(db: Database, scope: AnalyticsScope, since: Date, limit: number) {
  const fills = db
    .selectFrom('fuel_requests as r')
    .select([
      'r.vehicle_id',
      'r.dispensed_volume',
      sql<string>`r.odometer - lag(r.odometer) OVER (PARTITION BY r.vehicle_id ORDER BY r.redeemed_at, r.id)`.as('distance'),
      'r.redeemed_at',
    ])
    .where(requestsInScope(scope))
    .where('r.status', '=', 'COMPLETED')
    .where('r.odometer', 'is not', null);
  return db
    .selectFrom(fills.as('f'))
    .innerJoin('vehicles as v', 'v.id', 'f.vehicle_id')
    .select([
      'v.id',
      'v.plate_number',
      'v.make',
      'v.model',
      sql<string>`sum(f.distance)`.as('distance'),
      sql<string>`sum(f.dispensed_volume)`.as('litres'),
    ])
    .where('f.distance', 'is not', null)
    .where(sql`f.distance`, '>', 0)
    .where('f.redeemed_at', '>=', since)
    .groupBy(['v.id', 'v.plate_number', 'v.make', 'v.model'])
    .orderBy(sql`sum(f.distance) / nullif(sum(f.dispensed_volume), 0)`, 'desc')
    .limit(limit)
    .execute();
}
