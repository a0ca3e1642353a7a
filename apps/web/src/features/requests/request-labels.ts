/** How requests, vehicles and station prices read on the request screens. */
import { FUEL_UNITS, dispensedFuelType, type AssetType, type SoldFuelType, type VehicleFuelType } from '@fleetfuel/contract';
import { formatCurrency } from '@/lib/format';

export interface VehicleRef {
  plateNumber: string | null;
  make: string;
  model: string;
  type: AssetType;
}

const ASSET_TYPE_LABELS: Record<AssetType, string> = {
  VEHICLE: 'Vehicle',
  GENERATOR: 'Generator',
  MOTORCYCLE: 'Motorcycle',
};

function assetTypeLabel(type: AssetType): string {
  return ASSET_TYPE_LABELS[type];
}

/** "LND-451-KJ"; an asset without a plate (a generator) goes by its make and model. */
export function vehicleName(vehicle: VehicleRef): string {
  return vehicle.plateNumber ?? `${vehicle.make} ${vehicle.model}`;
}

/** "Toyota Hilux", or "Generator" for an asset that already goes by its make and model. */
export function vehicleDetail(vehicle: VehicleRef): string {
  return vehicle.plateNumber ? `${vehicle.make} ${vehicle.model}` : assetTypeLabel(vehicle.type);
}

/** The label of a vehicle in a select: "LND-451-KJ — Toyota Hilux". */
export function vehicleOptionLabel(vehicle: VehicleRef): string {
  return `${vehicleName(vehicle)} — ${vehicleDetail(vehicle)}`;
}

export interface StationPrice {
  fuelType: SoldFuelType;
  pricePerLitre: number;
  unit: string;
}

export interface StationChoice {
  id: string;
  name: string;
  address: string | null;
  availableFuels: readonly SoldFuelType[];
  prices: readonly StationPrice[];
}

/** What a station charges for the fuel a vehicle of this fuel type draws (a HYBRID draws PETROL). */
export function priceFor(station: StationChoice, vehicleFuel: VehicleFuelType): StationPrice | null {
  const fuel = dispensedFuelType(vehicleFuel);
  return station.prices.find((price) => price.fuelType === fuel) ?? null;
}

/** "₦950.00 per L". */
export function priceLabel(price: StationPrice): string {
  return `${formatCurrency(price.pricePerLitre)} per ${price.unit}`;
}

export interface StationOption {
  value: string;
  label: string;
  disabled: boolean;
}

/**
 * A station in the request form's select. Once the vehicle is known each station shows its price
 * for that vehicle's fuel; a station that does not sell that fuel cannot be chosen.
 */
export function stationOption(station: StationChoice, vehicleFuel: VehicleFuelType | null): StationOption {
  if (vehicleFuel === null) return { value: station.id, label: station.name, disabled: false };
  const fuel = dispensedFuelType(vehicleFuel);
  if (!station.availableFuels.includes(fuel)) {
    return { value: station.id, label: `${station.name} (does not sell ${fuel})`, disabled: true };
  }
  const price = priceFor(station, vehicleFuel);
  return {
    value: station.id,
    label: price ? `${station.name} — ${formatCurrency(price.pricePerLitre)}/${price.unit}` : `${station.name} (no ${fuel} price yet)`,
    disabled: false,
  };
}

/** The unit a vehicle's fuel is measured in: L, kWh or kg. */
export function unitOf(vehicleFuel: VehicleFuelType): string {
  return FUEL_UNITS[dispensedFuelType(vehicleFuel)];
}

/** The estimate the form shows: volume × the station's current price, to the kobo. */
export function estimatedCost(volume: number, price: StationPrice): number {
  return Math.round(volume * price.pricePerLitre * 100) / 100;
}
