/**
 * Windscreen stickers (issue 42): each vehicle's QR is a payload signed with the coupon keys under
 * its own JWS `typ`, naming the vehicle, its organization and its plate, so that at the pump the
 * attendant's scan proves the vehicle there is the one the coupon was approved for. Only the
 * organization's own admins print them: an id of another organization reads as not found.
 */
import { MAX_STICKERS_PER_SHEET } from '@fleetfuel/contract';
import type { VehicleStickerClaims } from '../../platform/coupons.js';
import type { Database } from '../../platform/db/database.js';
import { inBatches } from '../../platform/db/keyset.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/actor.js';
import { renderStickerSheet, type StickerDocument } from '../../platform/pdf/stickers.js';
import { owningOrganization } from '../../platform/tenancy/organization-scope.js';
import * as repository from './vehicle-stickers.repository.js';
import type { StickerVehicleRow } from './vehicle-stickers.repository.js';

/** Rows read per statement while gathering a sheet. */
const BATCH_ROWS = 100;

export interface VehicleStickersDeps {
  db: Database;
  signer: { signSticker(claims: VehicleStickerClaims): Promise<string> };
}

export function createVehicleStickers(deps: VehicleStickersDeps) {
  const { db, signer } = deps;

  const sign = (row: StickerVehicleRow) =>
    signer.signSticker({ vehicleId: row.id, organizationId: row.organization_id, plate: row.plate_number });

  return {
    async sticker(actor: Actor, id: string) {
      const row = await repository.findStickerVehicle(db, id, owningOrganization(actor, null));
      if (!row) throw notFound('Vehicle');
      return { payload: await sign(row) };
    },

    /** The PDF sheet: the `ids` asked for (all of them the organization's own), or the fleet in use. */
    async stickerSheet(actor: Actor, query: { ids?: string[] | undefined }) {
      const organizationId = owningOrganization(actor, null);
      const ids = query.ids && query.ids.length > 0 ? [...new Set(query.ids)] : null;
      const rows: StickerVehicleRow[] = [];
      // One more than a sheet holds is enough to know the fleet is too large: the rest is not read.
      for await (const batch of inBatches(
        (after, size) => repository.stickerVehicleBatch(db, { organizationId, ids }, after, size),
        BATCH_ROWS,
      )) {
        rows.push(...batch);
        if (rows.length > MAX_STICKERS_PER_SHEET) {
          throw new AppError(
            'RULE_VIOLATION',
            `The fleet has more than ${MAX_STICKERS_PER_SHEET} assets: choose at most ${MAX_STICKERS_PER_SHEET} to print at a time`,
          );
        }
      }
      if (ids && rows.length < ids.length) throw notFound('Vehicle');
      const first = rows[0];
      if (!first) throw new AppError('RULE_VIOLATION', 'The organization has no assets to print stickers for');
      const stickers: StickerDocument[] = [];
      for (const row of rows) {
        stickers.push({
          plate: row.plate_number ?? `${row.make} ${row.model}`,
          name: `${row.make} ${row.model}`,
          qrPayload: await sign(row),
          organization: row.organization_name,
        });
      }
      const pdf = await renderStickerSheet(stickers, first.organization_name);
      return { pdf, filename: `vehicle-stickers-${stickers.length}.pdf` };
    },
  };
}

export type VehicleStickersService = ReturnType<typeof createVehicleStickers>;
