/** The photos taken at a fuel request's pump (0051): listed oldest first, read on their request's index. */
import type { Database } from '../../platform/db/database.js';

export function evidenceOf(db: Database, fuelRequestId: string) {
  return db
    .selectFrom('fuel_request_evidence as e')
    .innerJoin('users as u', 'u.id', 'e.uploaded_by')
    .select(['e.id', 'e.kind', 'e.storage_key', 'e.uploaded_by', 'e.created_at', 'u.name as uploader_name'])
    .where('e.fuel_request_id', '=', fuelRequestId)
    .orderBy('e.created_at')
    .orderBy('e.id')
    .execute();
}

/** The request a station may add a photo to, locked so that two photos at once count each other. */
export function lockRequestForEvidence(db: Database, id: string) {
  return db
    .selectFrom('fuel_requests as r')
    .select([
      'r.id',
      'r.organization_id',
      'r.station_id',
      'r.status',
      'r.redeemed_at',
      (eb) =>
        eb
          .selectFrom('fuel_request_evidence as e')
          .select(eb.fn.countAll<string>().as('n'))
          .whereRef('e.fuel_request_id', '=', 'r.id')
          .as('photos'),
    ])
    .where('r.id', '=', id)
    .forNoKeyUpdate('r')
    .executeTakeFirst();
}

export async function insertEvidence(
  db: Database,
  values: { fuelRequestId: string; organizationId: string; stationId: string; storageKey: string; uploadedBy: string },
): Promise<void> {
  await db
    .insertInto('fuel_request_evidence')
    .values({
      fuel_request_id: values.fuelRequestId,
      organization_id: values.organizationId,
      fuel_station_id: values.stationId,
      kind: 'ODOMETER_PHOTO',
      storage_key: values.storageKey,
      uploaded_by: values.uploadedBy,
    })
    .execute();
}
