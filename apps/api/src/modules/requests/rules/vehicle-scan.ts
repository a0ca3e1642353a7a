/**
 * The windscreen-sticker rule at the pump (issue 42): when the organization requires it, a fuel
 * coupon redeems only with the signed sticker of the vehicle it was approved for. The signature
 * (and its `typ`) is checked by the caller; this judges what the verified sticker names.
 */
import type { VehicleStickerClaims } from '../../../platform/coupons.js';

const STICKER_MISSING = "Scan the vehicle's windscreen sticker";
const STICKER_INVALID = 'This is not a valid FleetFuel vehicle sticker';

/**
 * Why the redemption is refused, or null: `given` says whether a sticker was sent at all, `sticker`
 * is its verified claims (null when the signature or `typ` failed).
 */
export function vehicleScanRefusal(
  request: { requiresScan: boolean; vehicleId: string; organizationId: string; plate: string | null },
  given: boolean,
  sticker: VehicleStickerClaims | null,
): string | null {
  if (!request.requiresScan) return null;
  if (!given) return STICKER_MISSING;
  if (!sticker) return STICKER_INVALID;
  if (sticker.vehicleId === request.vehicleId && sticker.organizationId === request.organizationId) return null;
  return `This sticker is for ${sticker.plate ?? 'another vehicle'}; the coupon is for ${request.plate ?? 'another vehicle'}`;
}
