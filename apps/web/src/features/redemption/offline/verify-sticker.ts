/**
 * A vehicle's windscreen sticker read at the pump (issue 42): a compact JWS of `typ`
 * ff-vehicle+jws, signed with the coupon keys, naming the vehicle, its organization and its plate.
 * Online, the device compares the vehicle it names with the coupon's before the server checks the
 * signature; offline, it checks the signature too, against the keys it keeps.
 */
import type { CouponPublicKey } from './offline-cache';
import { decodeJson, signatureHolds } from './verify-coupon';

const VEHICLE_STICKER_TYP = 'ff-vehicle+jws';
export const NOT_A_STICKER = 'This is not a FleetFuel vehicle sticker. Scan the sticker on the windscreen.';
export const STICKER_BAD_SIGNATURE = 'The signature of this sticker is not valid: it is not a genuine FleetFuel vehicle sticker';
export const STICKER_UNKNOWN_KEY = 'This sticker was signed with a key this device does not know yet. Redeem it when the network returns.';
export const STICKER_MISSING = "Scan the vehicle's windscreen sticker";

export interface StickerClaims {
  vehicleId: string;
  organizationId: string;
  plate: string | null;
}

/** The vehicle the coupon is for. */
export interface CouponVehicle {
  id: string;
  plate: string | null;
}

export type StickerVerdict = { valid: true; claims: StickerClaims } | { valid: false; message: string };

function parts(payload: string) {
  const [header = '', claims = '', signature = '', ...rest] = payload.trim().split('.');
  return { header, claims, signature, wellFormed: header !== '' && claims !== '' && signature !== '' && rest.length === 0 };
}

/** What a sticker names, read without its signature (the server, or `checkStickerOffline`, checks that). */
export function readSticker(payload: string): StickerClaims | null {
  const { header, claims, wellFormed } = parts(payload);
  if (!wellFormed) return null;
  const head = decodeJson<{ alg?: unknown; typ?: unknown }>(header);
  if (head?.alg !== 'EdDSA' || head.typ !== VEHICLE_STICKER_TYP) return null;
  const body = decodeJson<{ v?: unknown; o?: unknown; plate?: unknown }>(claims);
  if (!body || typeof body.v !== 'string' || typeof body.o !== 'string') return null;
  return { vehicleId: body.v, organizationId: body.o, plate: typeof body.plate === 'string' ? body.plate : null };
}

/** The refusal the server would give for a sticker of another vehicle, or null when it is the coupon's. */
function wrongVehicle(claims: StickerClaims, vehicle: CouponVehicle): string | null {
  if (claims.vehicleId === vehicle.id) return null;
  return `This sticker is for ${claims.plate ?? 'another vehicle'}; the coupon is for ${vehicle.plate ?? 'another vehicle'}`;
}

/** Online: the sticker read and compared with the coupon's vehicle. */
export function checkSticker(payload: string, vehicle: CouponVehicle): StickerVerdict {
  const claims = readSticker(payload);
  if (!claims) return { valid: false, message: NOT_A_STICKER };
  const wrong = wrongVehicle(claims, vehicle);
  return wrong ? { valid: false, message: wrong } : { valid: true, claims };
}

/** Offline: as online, and its signature checked against the keys the device keeps. */
export async function checkStickerOffline(
  payload: string,
  vehicle: CouponVehicle,
  keys: readonly CouponPublicKey[],
): Promise<StickerVerdict> {
  const read = checkSticker(payload, vehicle);
  if (!read.valid) return read;
  const { header, claims, signature } = parts(payload);
  const kid = decodeJson<{ kid?: unknown }>(header)?.kid;
  const key = keys.find((candidate) => candidate.kid === kid);
  if (!key) return { valid: false, message: STICKER_UNKNOWN_KEY };
  if (!(await signatureHolds(key, `${header}.${claims}`, signature))) return { valid: false, message: STICKER_BAD_SIGNATURE };
  return read;
}
