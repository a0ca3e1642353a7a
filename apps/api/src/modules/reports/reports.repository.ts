import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';

export function findOrganizationName(db: Database, organizationId: string) {
  return db.selectFrom('organizations').select('name').where('id', '=', organizationId).executeTakeFirst();
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
export async function* combinedBatches(db: Database, organizationId: string, period: { from: Date; until: Date }, batchSize: number) {
  for (const plated of [true, false]) {
    let after: VehicleKey | null = null;
    for (;;) {
      const rows = await combinedBatch(db, organizationId, period, { plated, after }, batchSize);
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

/** Every asset with its latest policy, soonest expiry first (uninsured assets last). */
export function insurance(db: Database, organizationId: string) {
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
  return db
    .selectFrom('vehicles as v')
    .leftJoin(latest.as('p'), 'p.vehicle_id', 'v.id')
    .select([
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
    .where('v.organization_id', '=', organizationId)
    .orderBy(sql`p.coverage_end`, sql`ASC NULLS LAST`)
    .orderBy('v.plate_number')
    .execute();
}

export function maintenanceHistory(db: Database, organizationId: string) {
  return db
    .selectFrom('maintenance_requests as r')
    .innerJoin('vehicles as v', 'v.id', 'r.vehicle_id')
    .leftJoin('fuel_stations as s', 's.id', 'r.station_id')
    .select([
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
    .where('r.organization_id', '=', organizationId)
    .where('r.status', '=', 'COMPLETED')
    .orderBy('r.completed_at', 'desc')
    .execute();
}

export function registry(db: Database, organizationId: string) {
  return db
    .selectFrom('vehicles as v')
    .leftJoin('departments as g', 'g.id', 'v.department_id')
    .leftJoin('users as d', 'd.id', 'v.driver_id')
    .leftJoin('vehicle_assignments as a', (join) => join.onRef('a.vehicle_id', '=', 'v.id').on('a.unassigned_at', 'is', null))
    .select([
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
    .where('v.organization_id', '=', organizationId)
    .orderBy('v.type')
    .orderBy('v.plate_number')
    .orderBy('v.model')
    .execute();
}

/** Drivers without a vehicle, for the registry report's second table. */
export function unassignedDrivers(db: Database, organizationId: string) {
  return db
    .selectFrom('users as u')
    .leftJoin('vehicles as v', 'v.driver_id', 'u.id')
    .leftJoin('departments as g', 'g.id', 'u.department_id')
    .select(['u.name', 'u.phone', 'u.email', 'u.status', 'g.name as group_name'])
    .where('u.organization_id', '=', organizationId)
    .where('u.role', '=', 'DRIVER')
    .where('v.id', 'is', null)
    .orderBy('u.name')
    .execute();
}
