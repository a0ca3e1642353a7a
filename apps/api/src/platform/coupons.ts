/**
 * Coupons: a short code a person can read out and type, and a QR payload signed by the server and
 * bound to the request, the station and the most it may pay for, with its expiry. A payload
 * changed by one character fails the signature; a payload that verifies is still checked against
 * the request it names.
 *
 * Payloads are compact JWS signed with Ed25519 (`EdDSA`), whose public keys `GET /coupons/keys`
 * publishes, so a station's device can check a coupon with no network. Payloads of the first
 * version (`FF1.`, HMAC with APP_SECRET) still verify until their coupons expire.
 */
import { createHmac, randomInt, sign as signBytes, timingSafeEqual, verify as verifyBytes } from 'node:crypto';
import type { CouponKeyRing } from './coupon-keys.js';
/** No I, O, 0 or 1: nothing a person could misread. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export type CouponKind = 'F' | 'M';

export interface CouponClaims {
  kind: CouponKind;
  requestId: string;
  stationId: string | null;
  /** Litres for fuel, kobo for maintenance: the most the coupon pays for. */
  max: string;
  /** Unix seconds; 0 when the coupon has no expiry of its own (work orders). */
  expiresAt: number;
  /** What the station's device shows before the network answers (JWS payloads only). */
  code?: string | undefined;
  fuelType?: string | undefined;
  plate?: string | null | undefined;
}

/** The JWS header `typ` of a vehicle sticker (coupons carry none). */
const VEHICLE_STICKER_TYP = 'ff-vehicle+jws';

/** What a windscreen sticker names: the vehicle, its organization and the plate printed beside it. */
export interface VehicleStickerClaims {
  vehicleId: string;
  organizationId: string;
  plate: string | null;
}

/** The JWS claims, short because they travel in a QR code. */
interface JwsClaims {
  k: CouponKind;
  rid: string;
  code?: string;
  sid: string | null;
  fuel?: string;
  max: string;
  plate?: string | null;
  exp?: number;
}

export function newCouponCode(): string {
  const pick = () => ALPHABET[randomInt(ALPHABET.length)] as string;
  return `${Array.from({ length: 4 }, pick).join('')}-${Array.from({ length: 4 }, pick).join('')}`;
}

/** The code as stored, whatever case, spaces or dashes the person typed. */
export function normalizeCouponCode(input: string): string {
  const compact = input.toUpperCase().replace(/[\s-]/g, '');
  return compact.length === 8 ? `${compact.slice(0, 4)}-${compact.slice(4)}` : compact;
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function parseJson<T>(part: string): T | null {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as T;
  } catch {
    return null;
  }
}

/**
 * How many signatures a signer keeps. Every page of requests carries the QR payload of each approved
 * coupon on it, and signing was a tenth of a list's server time; an Ed25519 signature is the same
 * for the same key and bytes, so a kept one is exactly what signing again would give.
 */
const KEPT_SIGNATURES = 5_000;

export function createCouponSigner(options: { secret: string; keys: CouponKeyRing }) {
  /** Signatures by `kid.header.body`, oldest first (a Map keeps insertion order). */
  const signatures = new Map<string, string>();
  function signOnce(kid: string, signingInput: string, privateKey: Parameters<typeof signBytes>[2]): string {
    const key = `${kid}.${signingInput}`;
    let signature = signatures.get(key);
    if (signature === undefined) {
      signature = signBytes(null, Buffer.from(signingInput), privateKey).toString('base64url');
      if (signatures.size >= KEPT_SIGNATURES) signatures.delete(signatures.keys().next().value as string);
      signatures.set(key, signature);
    }
    return signature;
  }

  const hmac = (body: string) => createHmac('sha256', options.secret).update(`coupon:${body}`).digest('base64url');

  /** The first version's payloads: HMAC over the claims with APP_SECRET. */
  function verifyLegacy(body: string, signature: string): CouponClaims | null {
    const expected = Buffer.from(hmac(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    const claims = parseJson<{ k: CouponKind; r: string; s: string | null; m: string; e: number }>(body);
    return claims && { kind: claims.k, requestId: claims.r, stationId: claims.s, max: claims.m, expiresAt: claims.e };
  }

  /** Whether a compact JWS holds: EdDSA, a published key id, the signature, and exactly the `typ` asked for. */
  async function verifiedJws(headerPart: string, body: string, signature: string, typ: string | undefined): Promise<boolean> {
    const header = parseJson<{ alg?: string; kid?: string; typ?: string }>(headerPart);
    if (header?.alg !== 'EdDSA' || typeof header.kid !== 'string' || header.typ !== typ) return false;
    const publicKey = await options.keys.publicKey(header.kid);
    if (!publicKey) return false;
    return verifyBytes(null, Buffer.from(`${headerPart}.${body}`), publicKey, Buffer.from(signature, 'base64url'));
  }

  async function verifyJws(headerPart: string, body: string, signature: string): Promise<CouponClaims | null> {
    // A coupon's header has no `typ`: a vehicle sticker (or anything else typed) is never a coupon.
    if (!(await verifiedJws(headerPart, body, signature, undefined))) return null;
    const claims = parseJson<JwsClaims>(body);
    if (!claims || (claims.k !== 'F' && claims.k !== 'M') || typeof claims.rid !== 'string' || typeof claims.max !== 'string') return null;
    return {
      kind: claims.k,
      requestId: claims.rid,
      stationId: claims.sid,
      max: claims.max,
      expiresAt: claims.exp ?? 0,
      code: claims.code,
      fuelType: claims.fuel,
      plate: claims.plate,
    };
  }

  return {
    /** A compact JWS of the claims, signed with the current Ed25519 key. */
    async sign(claims: CouponClaims): Promise<string> {
      const key = await options.keys.signingKey();
      // No `typ`: every byte makes the QR denser, and the claims say what the token is.
      const header = base64url({ alg: 'EdDSA', kid: key.kid });
      const jws: JwsClaims = { k: claims.kind, rid: claims.requestId, sid: claims.stationId, max: claims.max };
      if (claims.code !== undefined) jws.code = claims.code;
      if (claims.fuelType !== undefined) jws.fuel = claims.fuelType;
      if (claims.plate !== undefined) jws.plate = claims.plate;
      if (claims.expiresAt > 0) jws.exp = claims.expiresAt;
      const body = base64url(jws);
      return `${header}.${body}.${signOnce(key.kid, `${header}.${body}`, key.privateKey)}`;
    },

    /** The claims of a payload whose signature holds, or null. Expiry is the caller's to judge. */
    async verify(payload: string): Promise<CouponClaims | null> {
      const [first, body, signature, ...rest] = payload.trim().split('.');
      if (!first || !body || !signature || rest.length > 0) return null;
      return first === 'FF1' ? verifyLegacy(body, signature) : verifyJws(first, body, signature);
    },

    /**
     * A vehicle's windscreen sticker: a compact JWS with its own `typ`, so that neither a coupon nor
     * a sticker can stand for the other. It has no expiry: it lives on the windscreen. It verifies
     * as long as the key that signed it is published: when the ring rotates, the retired key stays
     * in the JWKS until its `verify_until` (the latest expiry of the coupons it signed), and after
     * that its stickers no longer verify and must be printed again with the current key.
     */
    async signSticker(claims: VehicleStickerClaims): Promise<string> {
      const key = await options.keys.signingKey();
      const header = base64url({ alg: 'EdDSA', kid: key.kid, typ: VEHICLE_STICKER_TYP });
      const body = base64url({ v: claims.vehicleId, o: claims.organizationId, plate: claims.plate });
      return `${header}.${body}.${signOnce(key.kid, `${header}.${body}`, key.privateKey)}`;
    },

    /** The claims of a sticker whose signature and `typ` hold, or null (a coupon is not a sticker). */
    async verifySticker(payload: string): Promise<VehicleStickerClaims | null> {
      const [headerPart, body, signature, ...rest] = payload.trim().split('.');
      if (!headerPart || !body || !signature || rest.length > 0) return null;
      if (!(await verifiedJws(headerPart, body, signature, VEHICLE_STICKER_TYP))) return null;
      const claims = parseJson<{ v?: unknown; o?: unknown; plate?: unknown }>(body);
      if (!claims || typeof claims.v !== 'string' || typeof claims.o !== 'string') return null;
      return { vehicleId: claims.v, organizationId: claims.o, plate: typeof claims.plate === 'string' ? claims.plate : null };
    },

    /** Signs a payload of the first version; kept so tests can prove such coupons still redeem. */
    signLegacy(claims: CouponClaims): string {
      const body = Buffer.from(
        JSON.stringify({ k: claims.kind, r: claims.requestId, s: claims.stationId, m: claims.max, e: claims.expiresAt }),
      ).toString('base64url');
      return `FF1.${body}.${hmac(body)}`;
    },
  };
}

export type CouponSigner = ReturnType<typeof createCouponSigner>;
