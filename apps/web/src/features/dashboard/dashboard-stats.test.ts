import { describe, expect, it } from 'vitest';
import { formatStatNumber } from '@/lib/format';
import { assetDetailsPath, dashboardStats, vehicleLabel } from './dashboard-stats';

const overview = {
  counts: {
    vehicles: 1204,
    drivers: 1,
    organizations: 1,
    fuelStations: 2,
    maintenanceRequests: { PENDING: 1, APPROVED: 1, REJECTED: 0, COMPLETED: 2 },
    maintenanceDue: 0,
  },
  notes: {
    vehicles: '2 vehicles with a driver',
    drivers: 'Active driver accounts',
    fuelConsumption: '294.5 L this month',
    maintenanceDue: 'Nothing due',
  },
  fuelSummary: { totalRequested: 2200, totalPending: 200, totalCompleted: 1738.456, thisMonth: 294.5 },
};

describe('dashboardStats', () => {
  it('gives the four cards of the spec in order, with the server notes', () => {
    const stats = dashboardStats(overview);
    expect(stats.map((s) => s.title)).toEqual(['Total Vehicles', 'Active Drivers', 'Fuel Consumption (L)', 'Maintenance Due']);
    expect(stats.map((s) => s.note)).toEqual(['2 vehicles with a driver', 'Active driver accounts', '294.5 L this month', 'Nothing due']);
  });

  it('counts consumption as the litres dispensed and names units in the singular for one', () => {
    const [vehicles, drivers, fuel, due] = dashboardStats(overview);
    expect(fuel).toMatchObject({ number: 1738.456, unit: 'L' });
    expect(vehicles?.unit).toBe('vehicles');
    expect(drivers?.unit).toBe('driver');
    expect(due?.unit).toBe('vehicles');
  });

  it('shows figures with thousands separators and at most two decimals', () => {
    const [vehicles, , fuel] = dashboardStats(overview);
    expect(formatStatNumber(vehicles?.number ?? NaN)).toBe('1,204');
    expect(formatStatNumber(fuel?.number ?? NaN)).toBe('1,738.46');
    expect(formatStatNumber(294.5)).toBe('294.5');
  });
});

describe('vehicle links', () => {
  it('names an asset by its plate, else its make and model', () => {
    expect(vehicleLabel({ plateNumber: 'LND-451-KJ', make: 'Toyota', model: 'Hilux' })).toBe('LND-451-KJ');
    expect(vehicleLabel({ plateNumber: null, make: 'Mikano', model: 'MP-30' })).toBe('Mikano MP-30');
  });

  it('links to the asset details page', () => {
    expect(assetDetailsPath('68310e2b-f166-4cc1-bce7-0ae73d1094e7')).toBe('/assets/details?id=68310e2b-f166-4cc1-bce7-0ae73d1094e7');
  });
});
