import { describe, expect, it } from 'vitest';
import { driverOption } from './choices';
import { assetName, dailyCapLabel, keeperLabel, orEmpty, tankUnit } from './fleet-labels';
import { documentFileError } from './document-file';

const VEHICLE = {
  id: '6f1c2b1e-8a51-4d8e-9c39-3f7f0c1d2e3a',
  plateNumber: 'LND-451-KJ',
  make: 'Toyota',
  model: 'Hilux',
  type: 'VEHICLE',
  fuelType: 'PETROL',
} as const;

describe('fleet labels', () => {
  it('calls the driver of a generator its Care Taker', () => {
    expect(keeperLabel('GENERATOR')).toBe('Care Taker');
    expect(keeperLabel('VEHICLE')).toBe('Driver');
    expect(keeperLabel('')).toBe('Driver');
  });

  it('names an asset by its plate, or by make and model without one', () => {
    expect(assetName(VEHICLE)).toBe('LND-451-KJ');
    expect(assetName({ ...VEHICLE, plateNumber: null })).toBe('Toyota Hilux');
  });

  it('shows units and blanks', () => {
    expect(tankUnit('ELECTRIC')).toBe('kWh');
    expect(tankUnit('DIESEL')).toBe('L');
    expect(dailyCapLabel(0)).toBe('No cap');
    expect(dailyCapLabel(1500)).toBe('1,500 L');
    expect(orEmpty(null)).toBe('—');
    expect(orEmpty(0)).toBe('0');
  });
});

describe('driver choices', () => {
  const driver = { id: '0b4f7a2c-1d3e-4f5a-8b6c-7d8e9f0a1b2c', name: 'Musa Ibrahim', status: 'ACTIVE', vehicle: null } as const;

  it('disables drivers who already hold a vehicle, saying which', () => {
    expect(driverOption(driver)).toEqual({ value: driver.id, label: 'Musa Ibrahim', disabled: false });
    expect(driverOption({ ...driver, vehicle: VEHICLE })).toEqual({
      value: driver.id,
      label: 'Musa Ibrahim (has LND-451-KJ)',
      disabled: true,
    });
    // The vehicle's own driver is not "taken" for that vehicle.
    expect(driverOption({ ...driver, vehicle: VEHICLE }, VEHICLE.id).disabled).toBe(false);
  });

  it('disables disabled accounts', () => {
    expect(driverOption({ ...driver, status: 'INACTIVE' })).toMatchObject({ label: 'Musa Ibrahim (Inactive)', disabled: true });
  });
});

describe('insurance documents', () => {
  it('takes a PDF or an image up to 10 MB', () => {
    expect(documentFileError({ type: 'application/pdf', size: 2048 })).toBeNull();
    expect(documentFileError({ type: 'image/webp', size: 2048 })).toBeNull();
    expect(documentFileError(null)).toBeNull();
    expect(documentFileError({ type: 'application/msword', size: 2048 })).toBe('Choose a PDF or an image (PNG, JPEG, WebP or GIF)');
    expect(documentFileError({ type: 'application/pdf', size: 10 * 1024 * 1024 + 1 })).toBe('The document must be at most 10 MB');
  });
});
