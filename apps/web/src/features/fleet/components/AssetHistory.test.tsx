import { describe, expect, it, type Mock } from 'vitest';
import { screen, within } from '@testing-library/react';
import { routes, type EfficiencyReply, type Role, type Vehicle } from '@fleetfuel/contract';
import { answer, emptyPage, renderWithApp } from '@/test/render-with-app';
import { testVehicle } from '@/test/vehicle';
import { FuelLogsPanel } from './AssetHistory';

const VEHICLE_ID = '00000000-0000-4000-8000-0000000000c1';
const vehicle: Vehicle = {
  ...testVehicle,
  id: VEHICLE_ID,
  plateNumber: 'EFF-001-AA',
  model: 'Corolla',
  fuelType: 'PETROL',
  tankSize: null,
  insuranceStatus: 'NOT_INSURED',
};
const efficiency: EfficiencyReply = {
  from: '2026-08-24',
  to: '2026-11-21',
  vehicles: [
    {
      vehicleId: VEHICLE_ID,
      plateNumber: 'EFF-001-AA',
      name: 'Toyota Corolla',
      fuelType: 'PETROL',
      unit: 'L',
      distanceKm: 1000,
      volume: 90,
      kmPerUnit: 11.11,
      costPerKm: 85.5,
      fills: 4,
      runs: 2,
    },
  ],
  meta: { page: 1, pageSize: 20, total: 1 },
  silentAssets: [],
  silentAssetsTotal: 0,
};
const logs = {
  ...emptyPage('requests'),
  summary: { totalVolume: 0, pendingVolume: 0, approvedVolume: 0, dispensedVolume: 0, pendingCount: 0 },
};

function renderPanel(role: Role, reply: EfficiencyReply = efficiency) {
  return renderWithApp(<FuelLogsPanel vehicle={vehicle} />, {
    role,
    api: [answer(routes.fuelRequests.allRequests, () => logs), answer(routes.analytics.efficiency, () => reply)],
  });
}

describe('FuelLogsPanel: the asset’s efficiency', () => {
  it('shows km/L, cost per km, distance and litres of the last 90 days for that vehicle', async () => {
    const { api } = renderPanel('ASST_ADMINISTRATOR');
    const figures = await screen.findByRole('group', { name: 'Efficiency, last 90 days' });
    expect(await within(figures).findByText('11.11')).toBeTruthy();
    expect(within(figures).getByText('km/L:', { exact: false })).toBeTruthy();
    expect(within(figures).getByText('₦85.50')).toBeTruthy();
    expect(within(figures).getByText('1,000 km')).toBeTruthy();
    expect(within(figures).getByText('90 L')).toBeTruthy();
    expect(api.calls).toContain('GET /analytics/efficiency');
    const asked = (globalThis.fetch as Mock).mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => url.pathname === '/api/analytics/efficiency');
    expect(asked?.searchParams.get('vehicleId')).toBe(VEHICLE_ID);
  });

  it('says when the period has too few readings to measure', async () => {
    renderPanel('ADMINISTRATOR', { ...efficiency, vehicles: [{ ...efficiency.vehicles[0]!, kmPerUnit: null, costPerKm: null }] });
    expect(await screen.findByText('Not enough readings to measure')).toBeTruthy();
  });

  it('does not ask a driver, who has no analytics, for it', async () => {
    const { api } = renderWithApp(<FuelLogsPanel vehicle={vehicle} />, {
      role: 'DRIVER',
      api: [answer(routes.fuelRequests.allRequests, () => logs)],
    });
    expect(await screen.findByRole('table', { name: /Fuel logs of EFF-001-AA/ })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Efficiency, last 90 days' })).toBeNull();
    expect(api.calls).not.toContain('GET /analytics/efficiency');
  });
});
