/** What the windscreen stickers print of the assets, one or a batch at a time. */
import type { Database } from '../../platform/db/database.js';
import { afterCursor, cursorInstant, type NewestFirstCursor } from '../../platform/db/keyset.js';

/** What a windscreen sticker prints of an asset, with its organization's name and the batch cursor. */
function stickerVehicles(db: Database, organizationId: string) {
  return db
    .selectFrom('vehicles as v')
    .innerJoin('organizations as o', 'o.id', 'v.organization_id')
    .select(['v.id', 'v.organization_id', 'v.plate_number', 'v.make', 'v.model', 'o.name as organization_name'])
    .where('v.organization_id', '=', organizationId);
}

export type StickerVehicleRow = NonNullable<Awaited<ReturnType<typeof findStickerVehicle>>>;

export function findStickerVehicle(db: Database, id: string, organizationId: string) {
  return stickerVehicles(db, organizationId).where('v.id', '=', id).executeTakeFirst();
}

/**
 * One batch of the assets a sticker sheet prints, newest first after `after`: the `ids` asked for
 * (any status), or every asset still in use. Only the organization's own: an id of another is not read.
 */
export function stickerVehicleBatch(
  db: Database,
  scope: { organizationId: string; ids: readonly string[] | null },
  after: NewestFirstCursor | null,
  size: number,
) {
  return stickerVehicles(db, scope.organizationId)
    .select(cursorInstant('v.created_at').as('cursor_at'))
    .$if(scope.ids !== null, (q) => q.where('v.id', 'in', scope.ids as string[]))
    .$if(scope.ids === null, (q) => q.where('v.status', '<>', 'INACTIVE'))
    .$if(after !== null, (q) => q.where(afterCursor('v.created_at', 'v.id', after as NewestFirstCursor)))
    .orderBy('v.created_at', 'desc')
    .orderBy('v.id')
    .limit(size)
    .execute();
}
