/** A maintenance work order outside its decisions: its PDF, and the job a station's typed code or scanned QR stands for. */
import { formatNaira } from '@fleetfuel/contract';
import { normalizeCouponCode } from '../../../platform/coupons.js';
import { AppError } from '../../../platform/errors.js';
import type { Actor } from '../../../platform/http/actor.js';
import { dateTimeIn, dayIn, languageOf } from '../../notifications/index.js';
import { languageOfFirst } from '../fuel-requests.repository.js';
import { requestCouponPdf } from '../coupon-pdf.js';
import * as repository from '../maintenance.repository.js';
import type { MaintenanceRow } from '../maintenance.repository.js';
import { whyNotCompletable } from '../rules/redemption-rules.js';
import type { MaintenanceDeps } from './deps.js';
import { toMaintenance, viewMaintenance } from './view.js';

/** The work order of an approved (or completed) job as a PDF, with its signed QR. */
export async function workOrderPdf(deps: Pick<MaintenanceDeps, 'db' | 'clock' | 'coupons'>, actor: Actor, id: string) {
  const row = await viewMaintenance(deps.db, actor, id);
  if (row.status !== 'APPROVED' && row.status !== 'COMPLETED') throw new AppError('RULE_VIOLATION', 'Only approved jobs have a work order');
  const qrPayload = await deps.coupons.sign({
    kind: 'M',
    requestId: row.id,
    stationId: row.station_id,
    max: row.cost_kobo,
    expiresAt: 0,
    code: row.coupon_code ?? undefined,
    plate: row.plate_number,
  });
  // A work order is the organization's paper for the station: in the language of whoever prints it.
  const language = languageOf(await languageOfFirst(deps.db, [actor.userId]));
  return requestCouponPdf({
    kind: 'MAINTENANCE',
    language,
    filePrefix: 'work-order',
    row: { ...row, status: row.status },
    qrPayload,
    generatedAt: dateTimeIn(language, deps.clock.now().toISOString()),
    details: (labels) => [
      [labels.work, row.description],
      [labels.approvedCost, formatNaira(row.cost_kobo)],
      [labels.station, row.station_name ? `${row.station_name}${row.station_address ? `, ${row.station_address}` : ''}` : labels.noStation],
      [labels.date, dayIn(language, row.service_date)],
    ],
  });
}

/** The job a work order's code or QR stands for, as the station sees it, whether it is completable or not. */
export async function findWorkOrderForStation(
  deps: Pick<MaintenanceDeps, 'db' | 'coupons'>,
  stationId: string,
  workOrder: { code?: string | undefined; qr?: string | undefined },
) {
  let row: MaintenanceRow | undefined;
  if (workOrder.qr !== undefined) {
    const claims = await deps.coupons.verify(workOrder.qr);
    if (!claims || claims.kind !== 'M') return null;
    row = await repository.findMaintenance(deps.db, claims.requestId, { organizationId: null });
  } else {
    row = await repository.findMaintenanceByCode(deps.db, normalizeCouponCode(workOrder.code ?? ''));
  }
  if (!row || row.station_id !== stationId) return null;
  return { request: toMaintenance(row), message: whyNotCompletable(row) };
}
