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
