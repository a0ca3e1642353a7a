/** How fleet values read on screen. The stored values are the contract's; only their labels live here. */
import type { AssetType, Vehicle, VehicleFuelType } from '@fleetfuel/contract';
import { formatNumber } from '@/lib/format';

export const ASSET_TYPE_LABELS: Record<AssetType, string> = {
  VEHICLE: 'Vehicle',
  GENERATOR: 'Generator',
  MOTORCYCLE: 'Motorcycle',
};

export const FUEL_TYPE_LABELS: Record<VehicleFuelType, string> = {
  PETROL: 'Petrol',
  DIESEL: 'Diesel',
  ELECTRIC: 'Electric',
  HYBRID: 'Hybrid',
};

export const TRANSMISSION_LABELS: Record<NonNullable<Vehicle['transmissionType']>, string> = {
  auto: 'Auto',
  manual: 'Manual',
  'continuously-variable': 'Continuously variable',
};

/** Spec section 2: the person who looks after a generator is its Care Taker, not its driver. */
export function keeperLabel(type: string | null | undefined): 'Care Taker' | 'Driver' {
  return type === 'GENERATOR' ? 'Care Taker' : 'Driver';
}

/** Electric assets hold kWh in their "tank"; every other fuel is measured in litres. */
export function tankUnit(fuelType: string | null | undefined): 'kWh' | 'L' {
  return fuelType === 'ELECTRIC' ? 'kWh' : 'L';
}

/** The short name of an asset: its plate, or its make and model when it has none (generators). */
export function assetName(vehicle: Pick<Vehicle, 'plateNumber' | 'make' | 'model'>): string {
  return vehicle.plateNumber ?? `${vehicle.make} ${vehicle.model}`;
}

/** What a blank detail shows. */
export const EMPTY_VALUE = '—';

export function orEmpty(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  return String(value);
}

/** Spec section 3: a group's daily cap is in litres, and 0 means none. */
export function dailyCapLabel(litres: number): string {
  return litres === 0 ? 'No cap' : `${formatNumber(litres)} L`;
}
