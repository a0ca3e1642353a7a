/** Which driver drives which vehicle: the assignment itself and its history rows. */
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';

export function findDriverInOrganization(db: Database, driverId: string, organizationId: string) {
  return db
    .selectFrom('users as u')
    .leftJoin('vehicles as v', 'v.driver_id', 'u.id')
    .select(['u.id', 'u.name', 'u.status', 'v.id as vehicle_id', 'v.plate_number as vehicle_plate'])
    .where('u.id', '=', driverId)
    .where('u.organization_id', '=', organizationId)
    .where('u.role', '=', 'DRIVER')
    .executeTakeFirst();
}

/** Gives a driverless vehicle its driver; false when the vehicle already has one. */
export async function setDriverIfFree(db: Database, vehicleId: string, driverId: string): Promise<boolean> {
  const result = await db
    .updateTable('vehicles')
    .set({ driver_id: driverId, updated_at: sql<Date>`now()` })
    .where('id', '=', vehicleId)
    .where('driver_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Takes the given driver off the vehicle; false when that driver no longer drives it. */
export async function clearDriver(db: Database, vehicleId: string, driverId: string): Promise<boolean> {
  const result = await db
    .updateTable('vehicles')
    .set({ driver_id: null, updated_at: sql<Date>`now()` })
    .where('id', '=', vehicleId)
    .where('driver_id', '=', driverId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function openAssignment(db: Database, values: { organizationId: string; vehicleId: string; driverId: string; by: string }) {
  await db
    .insertInto('vehicle_assignments')
    .values({ organization_id: values.organizationId, vehicle_id: values.vehicleId, driver_id: values.driverId, assigned_by: values.by })
    .execute();
}

export async function closeAssignment(db: Database, vehicleId: string, by: string) {
  await db
    .updateTable('vehicle_assignments')
    .set({ unassigned_at: sql<Date>`now()`, unassigned_by: by })
    .where('vehicle_id', '=', vehicleId)
    .where('unassigned_at', 'is', null)
    .execute();
}
