import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';

export function findOrganizationName(db: Database, organizationId: string) {
  return db.selectFrom('organizations').select('name').where('id', '=', organizationId).executeTakeFirst();
}

/** Per vehicle: fuel redeemed and maintenance completed between two Lagos dates (inclusive). */
export function combined(db: Database, organizationId: string, from: Date, until: Date) {
  const fuel = db
    .selectFrom('fuel_requests')
    .select([
      'vehicle_id',
      sql<string>`count(*)`.as('fills'),
      sql<string>`sum(dispensed_volume)`.as('litres'),
      sql<string>`sum(amount_kobo)`.as('fuel_kobo'),
    ])
    .where('status', '=', 'COMPLETED')
    .where('redeemed_at', '>=', from)
    .where('redeemed_at', '<', until)
    .groupBy('vehicle_id');
  const maintenance = db
    .selectFrom('maintenance_requests')
    .select(['vehicle_id', sql<string>`count(*)`.as('jobs'), sql<string>`sum(amount_kobo)`.as('maintenance_kobo')])
    .where('status', '=', 'COMPLETED')
    .where('completed_at', '>=', from)
    .where('completed_at', '<', until)
    .groupBy('vehicle_id');
  return db
    .selectFrom('vehicles as v')
    .leftJoin('departments as g', 'g.id', 'v.department_id')
    .leftJoin(fuel.as('f'), 'f.vehicle_id', 'v.id')
    .leftJoin(maintenance.as('m'), 'm.vehicle_id', 'v.id')
    .select([
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
    .where('v.organization_id', '=', organizationId)
    .orderBy('v.plate_number')
    .orderBy('v.model')
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
