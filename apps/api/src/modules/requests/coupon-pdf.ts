/** The PDF a station is shown for an approved request: a fuel coupon or a maintenance work order. */
import type { Language } from '@fleetfuel/contract';
import { renderCoupon, type CouponDocument } from '../../platform/pdf/coupon.js';
import { COUPON_LABELS, type CouponLabels } from '../../platform/pdf/coupon-labels.js';

/** What every request's coupon shows of it, whatever its kind. */
interface CouponRequest {
  organization_name: string;
  make: string;
  model: string;
  plate_number: string | null;
  requester_name: string;
  approver_name: string | null;
  status: 'APPROVED' | 'COMPLETED';
  coupon_code: string | null;
}

/**
 * Renders a request's coupon in `language`: its organization and vehicle, then the kind's own
 * `details` (worded with the same labels), then who asked and approved and its status; named
 * `<filePrefix>-<plate>-<code>.pdf`.
 */
export async function requestCouponPdf(options: {
  kind: CouponDocument['kind'];
  language: Language;
  filePrefix: string;
  row: CouponRequest;
  qrPayload: string;
  generatedAt: string;
  details: (labels: CouponLabels) => Array<[string, string]>;
}): Promise<{ pdf: Buffer; filename: string }> {
  const { row } = options;
  const labels = COUPON_LABELS[options.language];
  const code = row.coupon_code as string;
  const pdf = await renderCoupon({
    kind: options.kind,
    language: options.language,
    code,
    qrPayload: options.qrPayload,
    organization: row.organization_name,
    generatedAt: options.generatedAt,
    rows: [
      [labels.organization, row.organization_name],
      [labels.vehicle, `${row.make} ${row.model}`],
      [labels.plate, row.plate_number ?? '—'],
      ...options.details(labels),
      [labels.requestedBy, row.requester_name],
      [labels.approvedBy, row.approver_name ?? '—'],
      [labels.status, labels.statuses[row.status]],
    ],
  });
  return { pdf, filename: `${options.filePrefix}-${(row.plate_number ?? row.model).replace(/[^A-Za-z0-9-]/g, '')}-${code}.pdf` };
}
