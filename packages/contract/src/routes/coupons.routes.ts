import { z } from 'zod';
import { route } from './route.js';

/** An Ed25519 public key in a JWKS (RFC 8037). */
const couponPublicKeySchema = z.object({
  kty: z.literal('OKP'),
  crv: z.literal('Ed25519'),
  x: z.string(),
  kid: z.string(),
  alg: z.literal('EdDSA'),
  use: z.literal('sig'),
});

export const couponRoutes = {
  keys: route({
    method: 'GET',
    path: '/coupons/keys',
    permission: 'public',
    summary:
      "The public keys (JWKS) that verify coupons' QR payloads (compact JWS, EdDSA): a station's device caches them to check coupons offline",
    tag: 'coupons',
    reply: z.object({ keys: z.array(couponPublicKeySchema) }),
  }),
};
