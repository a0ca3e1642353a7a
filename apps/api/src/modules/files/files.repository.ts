import type { Database } from '../../platform/db/database.js';

export interface FileRecord {
  storageKey: string;
  purpose: string;
  contentType: string;
  sizeBytes: number;
  originalName: string | null;
  organizationId: string | null;
  fuelStationId: string | null;
  uploadedBy: string | null;
}

export async function insertFile(db: Database, file: FileRecord): Promise<void> {
  await db
    .insertInto('files')
    .values({
      storage_key: file.storageKey,
      purpose: file.purpose,
      content_type: file.contentType,
      size_bytes: file.sizeBytes,
      original_name: file.originalName,
      organization_id: file.organizationId,
      fuel_station_id: file.fuelStationId,
      uploaded_by: file.uploadedBy,
    })
    .execute();
}

export function findFile(db: Database, storageKey: string) {
  return db
    .selectFrom('files')
    .select(['storage_key', 'purpose', 'content_type', 'organization_id', 'fuel_station_id', 'created_at'])
    .where('storage_key', '=', storageKey)
    .executeTakeFirst();
}

/** Deletes file records; returns the storage keys whose bytes can then be discarded. */
export async function deleteFiles(
  db: Database,
  where: { organizationId?: string; fuelStationId?: string; keys?: readonly string[] },
): Promise<string[]> {
  let query = db.deleteFrom('files');
  if (where.organizationId) query = query.where('organization_id', '=', where.organizationId);
  if (where.fuelStationId) query = query.where('fuel_station_id', '=', where.fuelStationId);
  if (where.keys) {
    if (where.keys.length === 0) return [];
    query = query.where('storage_key', 'in', where.keys);
  }
  const rows = await query.returning('storage_key').execute();
  return rows.map((r) => r.storage_key);
}
