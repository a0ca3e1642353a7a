/**
 * Indexes that let the Comprehensive report read an organization of 20,000 vehicles in batches
 * (issue 16): the report walks the organization's vehicles in its printed order (plate, then model)
 * with a keyset cursor, and totals each batch's fills and jobs in the period from the vehicle's own
 * completed requests alone, index-only, never from the organization's (or every tenant's) history.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX vehicles_organization_plate ON vehicles (organization_id, plate_number, model, id)`.execute(db);
  await sql`CREATE INDEX fuel_requests_vehicle_redeemed ON fuel_requests (vehicle_id, redeemed_at)
    INCLUDE (organization_id, dispensed_volume, amount_kobo) WHERE status = 'COMPLETED'`.execute(db);
  await sql`CREATE INDEX maintenance_requests_vehicle_completed ON maintenance_requests (vehicle_id, completed_at)
    INCLUDE (organization_id, amount_kobo) WHERE status = 'COMPLETED'`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
