/** The PDF a station is shown for an approved request: a fuel coupon or a maintenance work order. */
import { renderCoupon, type CouponDocument } from '../../platform/pdf/coupon.js';

/** What every request's coupon shows of it, whatever its kind. */
interface CouponRequest {
  organization_name: string;
  make: string;
  model: string;
  plate_number: string | null;
  requester_name: string;
  approver_name: string | null;
  status: string;
  coupon_code: string | null;
}

/**
 * Renders a request's coupon: its organization and vehicle, then the kind's own `details`, then who
 * asked and approved and its status; named `<filePrefix>-<plate>-<code>.pdf`.
 */
export async function requestCouponPdf(options: {
  kind: CouponDocument['kind'];
  filePrefix: string;
  row: CouponRequest;
  qrPayload: string;
  generatedAt: string;
  details: Array<[string, string]>;
}): Promise<{ pdf: Buffer; filename: string }> {
  const { row } = options;
  const code = row.coupon_code as string;
  const pdf = await renderCoupon({
    kind: options.kind,
    code,
    qrPayload: options.qrPayload,
    organization: row.organization_name,
    generatedAt: options.generatedAt,
    rows: [
      ['Organization', row.organization_name],
      ['Vehicle', `${row.make} ${row.model}`],
      ['Plate number', row.plate_number ?? '—'],
      ...options.details,
      ['Requested by', row.requester_name],
      ['Approved by', row.approver_name ?? '—'],
      ['Status', row.status],
    ],
  });
  return { pdf, filename: `${options.filePrefix}-${(row.plate_number ?? row.model).replace(/[^A-Za-z0-9-]/g, '')}-${code}.pdf` };
}
