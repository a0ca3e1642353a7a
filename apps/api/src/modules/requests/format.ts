/** Wording shared by request messages and documents. */
import { FUEL_UNITS, type SoldFuelType } from '@fleetfuel/contract';
import { formatNumber } from '../../platform/number-format.js';

export const litres = (volume: number | string, fuelType: SoldFuelType) => `${formatNumber(Number(volume), 2)} ${FUEL_UNITS[fuelType]}`;

export const plateOf = (vehicle: { plate_number: string | null; make: string; model: string }) =>
  vehicle.plate_number ?? `${vehicle.make} ${vehicle.model}`;
