/**
 * What a station user types or scans. A coupon code is short (ABCD-2345) and is typed in any case,
 * with or without its dash or spaces; a QR code carries the server's signed payload (FF1.…), which
 * is sent as it is.
 */

export type CouponInput = { code: string } | { qr: string };

/** The signed payload's version prefix (see the coupon PDF's QR code). */
const QR_PREFIX = 'FF1.';
const CODE_MAX = 40;
const QR_MAX = 2000;

/** "abcd 2345", "abcd2345" or "ABCD-2345" → "ABCD-2345"; codes of another length keep their characters. */
export function normalizeCouponCode(input: string): string {
  const compact = input.toUpperCase().replace(/[\s-]/g, '');
  return compact.length === 8 ? `${compact.slice(0, 4)}-${compact.slice(4)}` : compact;
}

export function isQrPayload(text: string): boolean {
  return text.trim().startsWith(QR_PREFIX);
}

/** The coupon a typed or pasted text stands for, or null when there is nothing to look up. */
export function parseCouponInput(text: string): CouponInput | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (isQrPayload(trimmed)) return trimmed.length <= QR_MAX ? { qr: trimmed } : null;
  const code = normalizeCouponCode(trimmed);
  return code === '' || code.length > CODE_MAX ? null : { code };
}

/** The coupon a scanned QR code stands for: FleetFuel's signed payload, or a code printed as a QR. */
export function couponFromScan(rawValue: string): CouponInput | null {
  return parseCouponInput(rawValue);
}
