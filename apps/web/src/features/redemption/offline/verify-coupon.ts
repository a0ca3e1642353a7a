/**
 * A coupon checked with no network, against the device's copies of the signing keys and of the
 * station's open coupons. A scanned QR payload (compact JWS, EdDSA) has its signature checked with
 * WebCrypto, then its station and expiry; a typed code is looked up in the open coupons. Either
 * way the coupon must be in the open list: a coupon missing from it may have been redeemed. A
 * coupon whose organization requires the driver's confirmation is never valid offline.
 */
import { lagosDateTime, type OpenCoupon } from '@fleetfuel/contract';
import { LEGACY_QR_PREFIX, type CouponInput } from '../coupon-input';
import type { CouponPublicKey, OfflineCouponData } from './offline-cache';

export const VALID_SIGNED = 'Valid offline: signature, station and expiry checked';
export const VALID_TYPED = "Valid offline: found in this station's open coupons, expiry checked";
export const LEGACY_OFFLINE = 'Cannot be checked offline: this older QR code is checked by the server. Type the coupon code instead.';
export const BAD_SIGNATURE = 'The signature of this QR code is not valid: it is not a genuine FleetFuel coupon';
export const UNKNOWN_KEY = 'This QR code was signed with a key this device does not know yet. Check it when the network returns.';
export const OTHER_STATION = 'This coupon is for another station';
export const WORK_ORDER_OFFLINE = 'Work orders cannot be completed offline. Complete it when the network returns.';
export const NOT_IN_LIST =
  "This coupon is not among this station's open coupons on this device: it may be redeemed already, expired, for another station, or issued after the list was last updated.";
export const ALREADY_QUEUED = 'This coupon is already saved on this device and will be sent when the network returns';
export const CONFIRMATION_OFFLINE =
  "Do not dispense on this coupon now: its organization needs the driver's PIN or code, which only the server can check. Redeem it when the network returns.";

export type OfflineVerdict = { valid: true; message: string; coupon: OpenCoupon } | { valid: false; message: string };

export interface OfflineCheckContext {
  stationId: string;
  data: OfflineCouponData;
  now: Date;
  /** Request ids of redemptions already waiting on this device. */
  queued: ReadonlySet<string>;
}

/** The JWS claims of a coupon (see the API's platform/coupons.ts). */
interface CouponClaims {
  k?: unknown;
  rid?: unknown;
  sid?: unknown;
  exp?: unknown;
}

function base64urlBytes(part: string): Uint8Array<ArrayBuffer> {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

export function decodeJson<T>(part: string): T | null {
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(base64urlBytes(part)));
    return typeof value === 'object' && value !== null ? (value as T) : null;
  } catch {
    return null;
  }
}

export async function signatureHolds(key: CouponPublicKey, signedText: string, signature: string): Promise<boolean> {
  try {
    const publicKey = await crypto.subtle.importKey('jwk', { kty: key.kty, crv: key.crv, x: key.x }, { name: 'Ed25519' }, false, [
      'verify',
    ]);
    return await crypto.subtle.verify({ name: 'Ed25519' }, publicKey, base64urlBytes(signature), new TextEncoder().encode(signedText));
  } catch {
    // A key or a signature that cannot even be read proves nothing.
    return false;
  }
}

/** An open coupon that has not expired and is not already waiting on this device. */
function stillOpen(coupon: OpenCoupon | undefined, context: OfflineCheckContext, valid: string): OfflineVerdict {
  if (!coupon) return { valid: false, message: NOT_IN_LIST };
  const expiresAt = new Date(coupon.expiresAt);
  if (expiresAt.getTime() <= context.now.getTime()) return { valid: false, message: `This coupon expired on ${lagosDateTime(expiresAt)}` };
  if (context.queued.has(coupon.requestId)) return { valid: false, message: ALREADY_QUEUED };
  // Refused before any fuel flows (docs/security.md, "Offline redemption"); a copy kept before the
  // list said so (no flag at all) is treated as needing it.
  if (coupon.driverConfirmationRequired !== false) return { valid: false, message: CONFIRMATION_OFFLINE };
  return { valid: true, message: valid, coupon };
}

async function checkSigned(payload: string, context: OfflineCheckContext): Promise<OfflineVerdict> {
  const [headerPart = '', claimsPart = '', signature = ''] = payload.split('.');
  const header = decodeJson<{ alg?: unknown; kid?: unknown; typ?: unknown }>(headerPart);
  // A coupon's header has no `typ`: a vehicle sticker (ff-vehicle+jws) is never a coupon.
  if (header?.alg !== 'EdDSA' || typeof header.kid !== 'string' || header.typ !== undefined) {
    return { valid: false, message: BAD_SIGNATURE };
  }
  const key = context.data.keys.find((candidate) => candidate.kid === header.kid);
  if (!key) return { valid: false, message: UNKNOWN_KEY };
  if (!(await signatureHolds(key, `${headerPart}.${claimsPart}`, signature))) return { valid: false, message: BAD_SIGNATURE };
  const claims = decodeJson<CouponClaims>(claimsPart);
  if (!claims || typeof claims.rid !== 'string') return { valid: false, message: BAD_SIGNATURE };
  if (claims.k === 'M') return { valid: false, message: WORK_ORDER_OFFLINE };
  if (claims.sid !== context.stationId) return { valid: false, message: OTHER_STATION };
  // The signed expiry is checked even when the list is older than it.
  if (typeof claims.exp === 'number' && claims.exp * 1000 <= context.now.getTime()) {
    return { valid: false, message: `This coupon expired on ${lagosDateTime(new Date(claims.exp * 1000))}` };
  }
  return stillOpen(
    context.data.coupons.find((coupon) => coupon.requestId === claims.rid),
    context,
    VALID_SIGNED,
  );
}

export async function checkCouponOffline(input: CouponInput, context: OfflineCheckContext): Promise<OfflineVerdict> {
  if ('code' in input) {
    return stillOpen(
      context.data.coupons.find((coupon) => coupon.code === input.code),
      context,
      VALID_TYPED,
    );
  }
  const payload = input.qr.trim();
  if (payload.startsWith(LEGACY_QR_PREFIX)) return { valid: false, message: LEGACY_OFFLINE };
  return checkSigned(payload, context);
}
