/**
 * What a station user types or scans. A coupon code is short (ABCD-2345) and is typed in any case,
 * with or without its dash or spaces; a QR code carries the server's signed payload, which is sent
 * as it is: a compact JWS (three base64url parts joined by dots), or on coupons printed before
 * those, the first version's `FF1.…`.
 */

export type CouponInput = { code: string } | { qr: string };

/** The first version's prefix; such coupons still redeem until they expire. */
export const LEGACY_QR_PREFIX = 'FF1.';
/** A compact JWS: header.claims.signature, each base64url. A typed code never holds a dot. */
const COMPACT_JWS = /^[\w-]+\.[\w-]+\.[\w-]+$/;
const CODE_MAX = 40;
const QR_MAX = 2000;

/** "abcd 2345", "abcd2345" or "ABCD-2345" → "ABCD-2345"; codes of another length keep their characters. */
export function normalizeCouponCode(input: string): string {
  const compact = input.toUpperCase().replace(/[\s-]/g, '');
  return compact.length === 8 ? `${compact.slice(0, 4)}-${compact.slice(4)}` : compact;
}

export function isQrPayload(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.startsWith(LEGACY_QR_PREFIX) || COMPACT_JWS.test(trimmed);
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
