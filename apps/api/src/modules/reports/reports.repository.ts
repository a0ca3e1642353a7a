import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { allowLongerStatements, type Database } from '../../platform/db/database.js';
import { afterCursor, cursorInstant, type NewestFirstCursor } from '../../platform/db/keyset.js';

export function findOrganizationName(db: Database, organizationId: string) {
  return db.selectFrom('organizations').select('name').where('id', '=', organizationId).executeTakeFirst();
}

/** Runs one read of a report (a batch, a count) the way every read of a report runs. */
export type ReportReads = <T>(read: (db: Database) => Promise<T>) => Promise<T>;

/**
 * A report's reads: each in a read-only transaction of its own whose statements may run for
 * `statementTimeoutMs` (0: without limit), however short the pool's timeout for the rest of the API.
 * A transaction per read, not one for the whole report: the report is written while the client
 * downloads it, and a transaction held that long would keep a pool connection (PGlite's only one)
 * from every other request, and be closed by the idle-in-transaction timeout on a slow download. A
 * cancelled statement rolls its own transaction back, so the connection returns to the pool clean.
 */
export function reportReads(db: Database, statementTimeoutMs: number): ReportReads {
  return (read) =>
    db.transaction().execute(async (trx) => {
      // Not Kysely's setAccessMode: the PGlite dialect's BEGIN leaves it out.
      await sql`SET TRANSACTION READ ONLY`.execute(trx);
      await allowLongerStatements(trx, statementTimeoutMs);
      return read(trx);
    });
}

/**
 * A column of a report's print order, ascending, and where the cursor (the last row of a batch)
 * holds its value, cast to the column's type. A nullable column sorts its blanks last, as ORDER BY
 * does, and names a value of its type that stands in for NULL (only ever compared with another).
 */
interface OrderColumn<Cursor> {
  ref: string;
  field: keyof Cursor;
  type: 'text' | 'date' | 'uuid';
  blank?: RawBuilder<unknown>;
}

const BLANK_TEXT = sql`''::text`;
const BLANK_DATE = sql`'infinity'::date`;

/**
 * A column as sort keys that are never NULL, so that rows compare as a whole: a nullable column is
 * `column IS NULL` (false first: blanks last) and then its value, or the stand-in among blanks.
 */
function sortKeys(value: RawBuilder<unknown>, blank: RawBuilder<unknown> | undefined): RawBuilder<unknown>[] {
  return blank ? [sql`${value} IS NULL`, sql`coalesce(${value}, ${blank})`] : [value];
}

/**
 * The next batch of a report in its print order (the columns end in a unique id): ordered by the
 * columns' sort keys, and, after the first batch, only the rows whose keys come after the cursor's
 * as a row, `(keys) > (cursor's keys)`. The cursor's keys are its values through the same
 * `sortKeys`, so the comparison cannot drift from the order.
 */
function inPrintOrder<DB, TB extends keyof DB, O, Cursor>(
  query: SelectQueryBuilder<DB, TB, O>,
  columns: OrderColumn<Cursor>[],
  after: Cursor | null,
  size: number,
): SelectQueryBuilder<DB, TB, O> {
  const keys = columns.flatMap((column) => sortKeys(sql.ref(column.ref), column.blank));
  const ordered = keys.reduce((step, key) => step.orderBy(key), query).limit(size);
  if (!after) return ordered;
  const cursorKeys = columns.flatMap((column) => sortKeys(sql`${after[column.field]}::${sql.raw(column.type)}`, column.blank));
  return ordered.where(sql<boolean>`(${sql.join(keys)}) > (${sql.join(cursorKeys)})`);
}

/** A vehicle's place in the Comprehensive report's order: (plate, model, id), assets without a plate last. */
interface VehicleKey {
  plate_number: string | null;
  model: string;
  id: string;
}

/**
 * The Comprehensive report's rows in batches of `batchSize`, in print order (plate, then model;
 * assets without a plate, generators, last): each vehicle with the fuel redeemed and the
 * maintenance completed between two instants. Each batch is a keyset step on
 * `vehicles_organization_plate`, and each vehicle's sums come from its own completed requests in
 * the period (`fuel_requests_vehicle_redeemed`, `maintenance_requests_vehicle_completed`,
 * index-only): a batch costs the same at the first vehicle or the 20,000th, and no query reads
 * another tenant's rows.
 */
export async function* combinedBatches(reads: ReportReads, organizationId: string, period: { from: Date; until: Date }, batchSize: number) {
  for (const plated of [true, false]) {
    let after: VehicleKey | null = null;
    for (;;) {
      const rows = await reads((db) => combinedBatch(db, organizationId, period, { plated, after }, batchSize));
      if (rows.length > 0) yield rows;
      const last = rows.at(-1);
      if (!last || rows.length < batchSize) break;
      after = last;
    }
  }
}

function combinedBatch(
  db: Database,
  organizationId: string,
  period: { from: Date; until: Date },
  position: { plated: boolean; after: VehicleKey | null },
  limit: number,
) {
  const { plated, after } = position;
  let vehicles = db
    .selectFrom('vehicles')
    .select(['id', 'plate_number', 'make', 'model', 'type', 'department_id'])
    .where('organization_id', '=', organizationId)
    .where('plate_number', plated ? 'is not' : 'is', null)
    .orderBy('plate_number')
    .orderBy('model')
    .orderBy('id')
    .limit(limit);
  if (after) {
    vehicles = vehicles.where(
      plated
        ? sql<boolean>`(plate_number, model, id) > (${after.plate_number}, ${after.model}, ${after.id}::uuid)`
        : sql<boolean>`(model, id) > (${after.model}, ${after.id}::uuid)`,
    );
  }
  return db
    .selectFrom(vehicles.as('v'))
    .leftJoin('departments as g', 'g.id', 'v.department_id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('fuel_requests as r')
          .select([
            sql<string>`count(*)`.as('fills'),
            sql<string>`coalesce(sum(r.dispensed_volume), 0)`.as('litres'),
            sql<string>`coalesce(sum(r.amount_kobo), 0)`.as('fuel_kobo'),
          ])
          .whereRef('r.vehicle_id', '=', 'v.id')
          .where('r.organization_id', '=', organizationId)
          .where('r.status', '=', 'COMPLETED')
          .where('r.redeemed_at', '>=', period.from)
          .where('r.redeemed_at', '<', period.until)
          .as('f'),
      (join) => join.onTrue(),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('maintenance_requests as r')
          .select([sql<string>`count(*)`.as('jobs'), sql<string>`coalesce(sum(r.amount_kobo), 0)`.as('maintenance_kobo')])
          .whereRef('r.vehicle_id', '=', 'v.id')
          .where('r.organization_id', '=', organizationId)
          .where('r.status', '=', 'COMPLETED')
          .where('r.completed_at', '>=', period.from)
          .where('r.completed_at', '<', period.until)
          .as('m'),
      (join) => join.onTrue(),
    )
    .select([
      'v.id',
      'v.plate_number',
      'v.make',
      'v.model',
      'v.type',
      'g.name as group_name',
      sql<string>`coalesce(f.fills, 0)`.as('fills'),
      sql<string>`coalesce(f.litres, 0)`.as('litres'),
      sql<string>`coalesce(f.fuel_kobo, 0)`.as('fuel_kobo'),
      sql<string>`coalesce(m.jobs, 0)`.as('jobs'),
      sql<string>`coalesce(m.maintenance_kobo, 0)`.as('maintenance_kobo'),
    ])
    .orderBy('v.plate_number')
    .orderBy('v.model')
    .orderBy('v.id')
    .execute();
}

/** Where a batch of the Insurance Status report ended. */
export interface InsuranceCursor {
  coverage_end: string | null;
  plate_number: string | null;
  model: string;
  id: string;
}

/** Soonest expiry first, uninsured assets last; then by plate, assets without one last, then model. */
const INSURANCE_ORDER: OrderColumn<InsuranceCursor>[] = [
  { ref: 'p.coverage_end', field: 'coverage_end', type: 'date', blank: BLANK_DATE },
  { ref: 'v.plate_number', field: 'plate_number', type: 'text', blank: BLANK_TEXT },
  { ref: 'v.model', field: 'model', type: 'text' },
  { ref: 'v.id', field: 'id', type: 'uuid' },
];

/** The next `size` assets after `after`, each with its latest policy, in the Insurance Status report's order. */
export function insuranceBatch(db: Database, organizationId: string, after: InsuranceCursor | null, size: number) {
  const latest = db
    .selectFrom('insurance_policies as ip')
    .distinctOn('ip.vehicle_id')
    .select([
      'ip.vehicle_id',
      'ip.insurer_name',
      'ip.insurance_type',
      'ip.insurance_number',
      'ip.coverage_start',
      'ip.coverage_end',
      'ip.amount_kobo',
    ])
    .where('ip.organization_id', '=', organizationId)
    .orderBy('ip.vehicle_id')
    .orderBy('ip.created_at', 'desc');
  const assets = db
    .selectFrom('vehicles as v')
    .leftJoin(latest.as('p'), 'p.vehicle_id', 'v.id')
    .select([
      'v.id',
      'v.plate_number',
      'v.make',
      'v.model',
      'v.type',
      'p.insurer_name',
      'p.insurance_type',
      'p.insurance_number',
      'p.coverage_start',
      'p.coverage_end',
      'p.amount_kobo',
    ])
    .where('v.organization_id', '=', organizationId);
  return inPrintOrder(assets, INSURANCE_ORDER, after, size).execute();
}

/** The organization's completed maintenance jobs, for the Service Term report's history. */
function completedJobs(db: Database, organizationId: string) {
  return db.selectFrom('maintenance_requests as r').where('r.organization_id', '=', organizationId).where('r.status', '=', 'COMPLETED');
}

/** How many jobs the history lists, for its title. */
export async function countCompletedJobs(db: Database, organizationId: string): Promise<number> {
  const row = await completedJobs(db, organizationId)
    .select((eb) => eb.fn.countAll<string>().as('jobs'))
    .executeTakeFirstOrThrow();
  return Number(row.jobs);
}

/**
 * The next `size` completed jobs after `after`, latest completion first (a completed job always
 * has its completion instant: a CHECK holds it), for the Service Term report's history.
 */
export function maintenanceHistoryBatch(db: Database, organizationId: string, after: NewestFirstCursor | null, size: number) {
  return completedJobs(db, organizationId)
    .innerJoin('vehicles as v', 'v.id', 'r.vehicle_id')
    .leftJoin('fuel_stations as s', 's.id', 'r.station_id')
    .select([
      'r.id',
      cursorInstant('r.completed_at').as('cursor_at'),
      'r.completed_at',
      'r.service_date',
      'v.plate_number',
      'v.make',
      'v.model',
      'r.description',
      's.name as station_name',
      'r.odometer',
      'r.amount_kobo',
    ])
    .$if(after !== null, (q) => q.where(afterCursor('r.completed_at', 'r.id', after as NewestFirstCursor)))
    .orderBy('r.completed_at', 'desc')
    .orderBy('r.id')
    .limit(size)
    .execute();
}

/** Where a batch of the Vehicles & Drivers report's assets ended. */
export interface RegistryCursor {
  type: string;
  plate_number: string | null;
  model: string;
  id: string;
}

/** By type, then plate (assets without one last), then model. */
const REGISTRY_ORDER: OrderColumn<RegistryCursor>[] = [
  { ref: 'v.type', field: 'type', type: 'text' },
  { ref: 'v.plate_number', field: 'plate_number', type: 'text', blank: BLANK_TEXT },
  { ref: 'v.model', field: 'model', type: 'text' },
  { ref: 'v.id', field: 'id', type: 'uuid' },
];

/** The next `size` assets after `after`, with group, driver and since when, in the registry's order. */
export function registryBatch(db: Database, organizationId: string, after: RegistryCursor | null, size: number) {
  const assets = db
    .selectFrom('vehicles as v')
    .leftJoin('departments as g', 'g.id', 'v.department_id')
    .leftJoin('users as d', 'd.id', 'v.driver_id')
    .leftJoin('vehicle_assignments as a', (join) => join.onRef('a.vehicle_id', '=', 'v.id').on('a.unassigned_at', 'is', null))
    .select([
      'v.id',
      'v.plate_number',
      'v.make',
      'v.model',
      'v.type',
      'v.fuel_type',
      'v.status',
      'g.name as group_name',
      'd.name as driver_name',
      'd.phone as driver_phone',
      'a.assigned_at',
    ])
    .where('v.organization_id', '=', organizationId);
  return inPrintOrder(assets, REGISTRY_ORDER, after, size).execute();
}

/** Drivers without a vehicle, for the registry report's second table. */
function unassignedDrivers(db: Database, organizationId: string) {
  return db
    .selectFrom('users as u')
    .leftJoin('vehicles as v', 'v.driver_id', 'u.id')
    .where('u.organization_id', '=', organizationId)
    .where('u.role', '=', 'DRIVER')
    .where('v.id', 'is', null);
}

/** The registry report's headcounts, for its tables' titles. */
export async function countRegistry(db: Database, organizationId: string): Promise<{ assets: number; unassignedDrivers: number }> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('vehicles').select(eb.fn.countAll<string>().as('n')).where('organization_id', '=', organizationId).as('assets'),
      unassignedDrivers(db, organizationId).select(eb.fn.countAll<string>().as('n')).as('unassigned_drivers'),
    ])
    .executeTakeFirstOrThrow();
  return { assets: Number(row.assets), unassignedDrivers: Number(row.unassigned_drivers) };
}

/** Where a batch of the drivers without a vehicle ended. */
export interface DriverCursor {
  name: string;
  id: string;
}

const DRIVERS_ORDER: OrderColumn<DriverCursor>[] = [
  { ref: 'u.name', field: 'name', type: 'text' },
  { ref: 'u.id', field: 'id', type: 'uuid' },
];

/** The next `size` drivers without a vehicle after `after`, by name. */
export function unassignedDriverBatch(db: Database, organizationId: string, after: DriverCursor | null, size: number) {
  const drivers = unassignedDrivers(db, organizationId)
    .leftJoin('departments as g', 'g.id', 'u.department_id')
    .select(['u.id', 'u.name', 'u.phone', 'u.email', 'u.status', 'g.name as group_name']);
  return inPrintOrder(drivers, DRIVERS_ORDER, after, size).execute();
}
