/**
 * Photos of the odometer at the pump (issue 42): the station that redeems the coupon sends them
 * before the redemption (an organization may require one) or within a day after it; stored like
 * other files, readable by the organization and the station, listed with the request.
 */
import { MAX_EVIDENCE_PHOTOS, type FuelEvidence } from '@fleetfuel/contract';
import type { Database } from '../../../platform/db/database.js';
import { AppError, notFound } from '../../../platform/errors.js';
import type { Actor } from '../../../platform/http/actor.js';
import type { UploadedFile } from '../../../platform/http/uploads.js';
import { auditTrail } from '../../audit/index.js';
import type { FilesService } from '../../files/index.js';
import * as repository from '../fuel-evidence.repository.js';

/** How long after its redemption a station may still add a photo it could not send at the pump. */
const AFTER_REDEMPTION_MS = 24 * 3_600_000;

export interface EvidenceDeps {
  db: Database;
  files: Pick<FilesService, 'store' | 'url'>;
  clock: { now(): Date };
}

/** The request's photos as the reply shows them, each with a signed link. */
export async function listEvidence(deps: Pick<EvidenceDeps, 'db' | 'files'>, fuelRequestId: string): Promise<FuelEvidence[]> {
  const rows = await repository.evidenceOf(deps.db, fuelRequestId);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as FuelEvidence['kind'],
    url: deps.files.url(row.storage_key) ?? '',
    uploadedBy: { id: row.uploaded_by, name: row.uploader_name },
    uploadedAt: row.created_at.toISOString(),
  }));
}

/** Why this station may not add a photo to the request now, or null. */
function whyNoPhoto(request: { status: string; redeemed_at: Date | null; photos: string | null }, now: Date): string | null {
  if (Number(request.photos ?? 0) >= MAX_EVIDENCE_PHOTOS) return `This request already has ${MAX_EVIDENCE_PHOTOS} photos`;
  if (request.status === 'APPROVED') return null;
  if (request.status === 'COMPLETED' && request.redeemed_at && now.getTime() - request.redeemed_at.getTime() <= AFTER_REDEMPTION_MS) {
    return null;
  }
  return request.status === 'COMPLETED'
    ? 'Photos are added at the pump, or within a day of the redemption'
    : `Photos are added at the pump; this request is ${request.status}`;
}

export async function addOdometerPhoto(deps: EvidenceDeps, actor: Actor, id: string, photo: UploadedFile | undefined) {
  const stationId = actor.fuelStationId;
  if (!stationId) throw notFound('Fuel request');
  await deps.db.transaction().execute(async (trx) => {
    const request = await repository.lockRequestForEvidence(trx, id);
    // Another station's coupon is no business of this one: 404, as for an id that does not exist.
    if (!request || request.station_id !== stationId) throw notFound('Fuel request');
    if (!photo) throw new AppError('VALIDATION_FAILED', 'Take a photo of the odometer', { field: 'photo' });
    const why = whyNoPhoto(request, deps.clock.now());
    if (why) throw new AppError('CONFLICT', why);
    const storageKey = await deps.files.store(
      photo,
      'photo',
      { purpose: 'ODOMETER_PHOTO', organizationId: request.organization_id, fuelStationId: stationId, uploadedBy: actor.userId },
      trx,
    );
    await repository.insertEvidence(trx, {
      fuelRequestId: id,
      organizationId: request.organization_id,
      stationId,
      storageKey,
      uploadedBy: actor.userId,
    });
    await auditTrail.record(trx, {
      actor,
      action: 'fuel_request.evidence_added',
      entityId: id,
      organizationId: request.organization_id,
      stationId,
      after: { kind: 'ODOMETER_PHOTO' },
      note: `Photo ${storageKey}`,
    });
  });
  return { message: 'Photo of the odometer saved', evidence: await listEvidence(deps, id) };
}
