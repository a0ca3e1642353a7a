import { describe, expect, it } from 'vitest';
import {
  estimatedCost,
  priceFor,
  priceLabel,
  stationOption,
  unitOf,
  vehicleDetail,
  vehicleName,
  vehicleOptionLabel,
  type StationChoice,
} from './request-labels';

const unity: StationChoice = {
  id: 's1',
  name: 'Unity Fuels Ikeja',
  address: '45 Obafemi Awolowo Way',
  availableFuels: ['PETROL', 'DIESEL'],
  prices: [
    { fuelType: 'PETROL', pricePerLitre: 950, unit: 'L' },
    { fuelType: 'DIESEL', pricePerLitre: 1150, unit: 'L' },
  ],
};

describe('request labels', () => {
  it('names a vehicle by its plate, an asset without one by make and model', () => {
    const hilux = { plateNumber: 'LND-451-KJ', make: 'Toyota', model: 'Hilux', type: 'VEHICLE' as const };
    const generator = { plateNumber: null, make: 'Mikano', model: 'MP 100kVA', type: 'GENERATOR' as const };
    expect(vehicleName(hilux)).toBe('LND-451-KJ');
    expect(vehicleDetail(hilux)).toBe('Toyota Hilux');
    expect(vehicleOptionLabel(hilux)).toBe('LND-451-KJ — Toyota Hilux');
    expect(vehicleOptionLabel(generator)).toBe('Mikano MP 100kVA — Generator');
  });

  it("shows each station's price for the vehicle's fuel; a hybrid draws petrol", () => {
    expect(priceFor(unity, 'HYBRID')).toEqual({ fuelType: 'PETROL', pricePerLitre: 950, unit: 'L' });
    expect(stationOption(unity, 'DIESEL')).toEqual({ value: 's1', label: 'Unity Fuels Ikeja — ₦1,150.00/L', disabled: false });
    expect(stationOption(unity, 'ELECTRIC')).toEqual({ value: 's1', label: 'Unity Fuels Ikeja (does not sell ELECTRIC)', disabled: true });
    expect(stationOption(unity, null)).toEqual({ value: 's1', label: 'Unity Fuels Ikeja', disabled: false });
    expect(stationOption({ ...unity, prices: [] }, 'PETROL').label).toBe('Unity Fuels Ikeja (no PETROL price yet)');
  });

  it('writes prices and estimates in naira, to the kobo', () => {
    expect(priceLabel({ fuelType: 'PETROL', pricePerLitre: 950, unit: 'L' })).toBe('₦950.00 per L');
    expect(estimatedCost(23.5, { fuelType: 'PETROL', pricePerLitre: 950, unit: 'L' })).toBe(22325);
    expect(estimatedCost(0.333, { fuelType: 'PETROL', pricePerLitre: 967.5, unit: 'L' })).toBe(322.18);
    expect(unitOf('ELECTRIC')).toBe('kWh');
    expect(unitOf('HYBRID')).toBe('L');
  });
});
