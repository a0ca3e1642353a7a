/**
 * Coupons: a short code a person can read out and type, and a QR payload signed by the server and
 * bound to the request, the station and the most it may pay for, with its expiry. A payload
 * changed by one character fails the signature; a payload that verifies is still checked against
 * the request it names.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/** No I, O, 0 or 1: nothing a person could misread. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export type CouponKind = 'F' | 'M';

export interface CouponClaims {
  kind: CouponKind;
  requestId: string;
  stationId: string | null;
  /** Litres for fuel, kobo for maintenance: the most the coupon pays for. */
  max: string;
  /** Unix seconds. */
  expiresAt: number;
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

export function createCouponSigner(secret: string) {
  const sign = (body: string) => createHmac('sha256', secret).update(`coupon:${body}`).digest('base64url');

  return {
    sign(claims: CouponClaims): string {
      const body = Buffer.from(
        JSON.stringify({ k: claims.kind, r: claims.requestId, s: claims.stationId, m: claims.max, e: claims.expiresAt }),
      ).toString('base64url');
      return `FF1.${body}.${sign(body)}`;
    },

    /** The claims of a payload whose signature holds, or null. Expiry is the caller's to judge. */
    verify(payload: string): CouponClaims | null {
      const [version, body, signature] = payload.trim().split('.');
      if (version !== 'FF1' || !body || !signature) return null;
      const expected = Buffer.from(sign(body));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
          k: CouponKind;
          r: string;
          s: string | null;
          m: string;
          e: number;
        };
        return { kind: claims.k, requestId: claims.r, stationId: claims.s, max: claims.m, expiresAt: claims.e };
      } catch {
        return null;
      }
    },
  };
}

export type CouponSigner = ReturnType<typeof createCouponSigner>;
