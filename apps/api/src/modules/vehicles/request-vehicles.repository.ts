/** What fuel and maintenance requests read and change of a vehicle (and lock of its group) inside their transactions. */
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';

/** What a request needs of its vehicle, with its group; locked when the caller approves or redeems. */
export function findVehicleForRequest(db: Database, vehicleId: string, organizationId: string | null, options: { lock: boolean }) {
  return (
    db
      .selectFrom('vehicles as v')
      .leftJoin('departments as g', 'g.id', 'v.department_id')
      .innerJoin('organizations as o', 'o.id', 'v.organization_id')
      // Its driver now, whose freeze refuses a new request (approval and the pump check the request's own driver).
      .leftJoin('users as d', 'd.id', 'v.driver_id')
      .select((eb) => [
        'o.coupon_validity_days',
        'o.allow_expired_insurance',
        'o.require_note_for_flagged_approval',
        eb
          .selectFrom('insurance_policies as ip')
          .select('ip.coverage_end')
          .whereRef('ip.vehicle_id', '=', 'v.id')
          .orderBy('ip.created_at', 'desc')
          .limit(1)
          .as('insurance_end'),
      ])
      .select([
        'v.id',
        'v.organization_id',
        'v.plate_number',
        'v.make',
        'v.model',
        'v.type',
        'v.fuel_type',
        'v.status',
        'v.driver_id',
        'v.tank_size',
        'v.last_odometer',
        'v.department_id',
        'g.name as department_name',
        'g.status as department_status',
        'g.max_daily_consumption',
        'v.frozen_reason as vehicle_frozen_reason',
        'd.name as driver_name',
        'd.frozen_reason as driver_frozen_reason',
      ])
      .where('v.id', '=', vehicleId)
      .$if(organizationId !== null, (q) => q.where('v.organization_id', '=', organizationId as string))
      .$if(options.lock, (q) => q.forNoKeyUpdate('v'))
      .executeTakeFirst()
  );
}

/** Records a reading; the odometer never goes back. */
export async function recordOdometer(db: Database, vehicleId: string, reading: number): Promise<void> {
  await db
    .updateTable('vehicles')
    .set({ last_odometer: reading, updated_at: sql<Date>`now()` })
    .where('id', '=', vehicleId)
    .where((eb) => eb.or([eb('last_odometer', 'is', null), eb('last_odometer', '<=', String(reading))]))
    .execute();
}

/**
 * Sets a vehicle's status and returns the one it had (for its audit entry): `old` is the same row
 * joined in, which an UPDATE reads as it was before the statement.
 */
export function setVehicleStatus(db: Database, vehicleId: string, status: string) {
  return db
    .updateTable('vehicles as v')
    .from('vehicles as old')
    .set({ status, updated_at: sql<Date>`now()` })
    .whereRef('old.id', '=', 'v.id')
    .where('v.id', '=', vehicleId)
    .returning(['old.status as before', 'v.organization_id'])
    .executeTakeFirst();
}

/** Locks a group's row so that approvals against its daily cap are counted one after another. */
export function lockDepartment(db: Database, departmentId: string) {
  return db
    .selectFrom('departments')
    .select(['id', 'max_daily_consumption'])
    .where('id', '=', departmentId)
    .forNoKeyUpdate()
    .executeTakeFirst();
}
