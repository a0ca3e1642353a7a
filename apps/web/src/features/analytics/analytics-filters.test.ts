import { describe, expect, it } from 'vitest';
import { overviewRequestQuery } from '@/lib/analytics-overview';
import {
  driverBars,
  efficiencyBars,
  efficiencyUnitLabel,
  readAnalyticsFilters,
  showsEarnings,
  silentFor,
  writeAnalyticsFilters,
} from './analytics-filters';

const ORG = '76f5f502-7ece-4159-b682-61f06f94698f';

describe('analytics filters', () => {
  it('reads the period, falling back to six months for anything but 3, 6, 12 or 24', () => {
    expect(readAnalyticsFilters(new URLSearchParams(''), true)).toEqual({ months: 6, organizationId: null });
    expect(readAnalyticsFilters(new URLSearchParams('months=24'), true).months).toBe(24);
    expect(readAnalyticsFilters(new URLSearchParams('months=7'), true).months).toBe(6);
    expect(readAnalyticsFilters(new URLSearchParams('months=abc'), true).months).toBe(6);
  });

  it('reads an organization only for ADMIN and only when it is an id', () => {
    expect(readAnalyticsFilters(new URLSearchParams(`organizationId=${ORG}`), true).organizationId).toBe(ORG);
    expect(readAnalyticsFilters(new URLSearchParams(`organizationId=${ORG}`), false).organizationId).toBeNull();
    expect(readAnalyticsFilters(new URLSearchParams('organizationId=nope'), true).organizationId).toBeNull();
  });

  it('writes the filters back, leaving the defaults out and keeping other parameters', () => {
    const written = writeAnalyticsFilters(new URLSearchParams('tab=x&months=12'), { months: 6, organizationId: ORG });
    expect(written.toString()).toBe(`tab=x&organizationId=${ORG}`);
    expect(writeAnalyticsFilters(written, { months: 24, organizationId: null }).toString()).toBe('tab=x&months=24');
  });

  it('builds the API query: the organization only when one is chosen', () => {
    expect(overviewRequestQuery({ months: 12, organizationId: null })).toEqual({ months: 12 });
    expect(overviewRequestQuery({ months: 3, organizationId: ORG })).toEqual({ months: 3, organizationId: ORG });
  });
});

describe('chart data', () => {
  it('shows earnings only where the scope has them', () => {
    expect(showsEarnings('PLATFORM')).toBe(true);
    expect(showsEarnings('ORGANIZATION')).toBe(false);
    expect(showsEarnings('DRIVER')).toBe(false);
  });

  it('turns efficiency rows into bars with how each figure was reached', () => {
    const vehicle = { fuelType: 'PETROL', unit: 'L', fills: 3, runs: 1 } as const;
    const bars = efficiencyBars([
      {
        ...vehicle,
        vehicleId: 'a',
        plateNumber: 'LND-451-KJ',
        name: 'Toyota Hilux',
        distanceKm: 6410,
        volume: 548,
        kmPerUnit: 11.7,
        costPerKm: 81.2,
      },
      {
        ...vehicle,
        vehicleId: 'b',
        plateNumber: null,
        name: 'Mikano MP-30',
        distanceKm: 1200,
        volume: 100.5,
        kmPerUnit: 11.94,
        costPerKm: null,
      },
      { ...vehicle, vehicleId: 'c', plateNumber: 'KJA-1', name: 'Bajaj', distanceKm: 0, volume: 0, kmPerUnit: null, costPerKm: null },
    ]);
    expect(bars).toEqual([
      { id: 'a', name: 'LND-451-KJ', value: 11.7, detail: 'Toyota Hilux: 6,410 km on 548 L, ₦81.20/km' },
      { id: 'b', name: 'Mikano MP-30', value: 11.94, detail: '1,200 km on 100.5 L' },
    ]);
  });

  it('names the measure by the units of the vehicles shown, and how long an asset has been silent', () => {
    const row = {
      vehicleId: 'a',
      plateNumber: 'A',
      name: 'A',
      fuelType: 'PETROL',
      distanceKm: 1,
      volume: 1,
      kmPerUnit: 1,
      costPerKm: 1,
      fills: 2,
      runs: 1,
    } as const;
    expect(efficiencyUnitLabel([{ ...row, unit: 'L' }])).toBe('km/L');
    expect(efficiencyUnitLabel([{ ...row, fuelType: 'ELECTRIC', unit: 'kWh' }])).toBe('km/kWh');
    expect(
      efficiencyUnitLabel([
        { ...row, unit: 'L' },
        { ...row, fuelType: 'ELECTRIC', unit: 'kWh' },
      ]),
    ).toBe('km/L or km/kWh');
    expect([silentFor(null), silentFor(1), silentFor(42)]).toEqual(['Never filled', '1 day', '42 days']);
  });

  it('keeps drivers of the same name apart', () => {
    const bars = driverBars([
      { driverId: ORG, name: 'Ngozi Eze', volume: 1138.5 },
      { driverId: '0c8f3c3e-5b0a-4c47-9d55-3f0c1c6f8a21', name: 'Ngozi Eze', volume: 20 },
      { driverId: null, name: 'No driver', volume: 12 },
    ]);
    expect(new Set(bars.map((b) => b.id)).size).toBe(3);
    expect(bars[0]).toMatchObject({ name: 'Ngozi Eze', value: 1138.5 });
    expect(bars[2]).toMatchObject({ id: 'no-driver', name: 'No driver', value: 12 });
  });
});
