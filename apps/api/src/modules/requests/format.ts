/** Wording shared by request messages and documents. */
import { FUEL_UNITS, type SoldFuelType } from '@fleetfuel/contract';
import { formatNumber } from '../../platform/number-format.js';

export const litres = (volume: number | string, fuelType: SoldFuelType) => `${formatNumber(Number(volume), 2)} ${FUEL_UNITS[fuelType]}`;

export const plateOf = (vehicle: { plate_number: string | null; make: string; model: string }) =>
  vehicle.plate_number ?? `${vehicle.make} ${vehicle.model}`;

/** Kobo for a volume (to the centilitre) at a price per unit, rounded to the nearest kobo. */
export function costOf(volume: number | string, priceKobo: bigint): bigint {
  const centi = BigInt(Math.round(Number(volume) * 100));
  return (centi * priceKobo + 50n) / 100n;
}
