import { describe, expect, it, type Mock } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { routes, type AnalyticsOverview, type EfficiencyReply } from '@fleetfuel/contract';
import { businessDate } from '@/lib/format';
import { monthsPeriod } from '@/lib/analytics-efficiency';
import { answer, renderWithApp } from '@/test/render-with-app';
import { AnalyticsView } from './AnalyticsView';

const months = (n: number) => Array.from({ length: n }, (_, i) => ({ month: `2026-0${i + 1}`, label: `M${i + 1}` }));
const overview: AnalyticsOverview = {
  scope: 'ORGANIZATION',
  counts: {
    vehicles: 3,
    drivers: 1,
    organizations: 1,
    fuelStations: 2,
    maintenanceRequests: { PENDING: 0, APPROVED: 0, REJECTED: 0, COMPLETED: 0 },
    maintenanceDue: 0,
  },
  notes: { vehicles: '', drivers: '', fuelConsumption: '', maintenanceDue: '' },
  fuelSummary: { totalRequested: 0, totalPending: 0, totalCompleted: 0, thisMonth: 0 },
  graph: {
    monthlyFuelVolume: months(6).map((m) => ({ ...m, volume: 10 })),
    monthlyFinancials: months(6).map((m) => ({ ...m, expenses: 100, earnings: 0 })),
  },
  // The overview's own efficiency is no longer what the page draws.
  consumption: { completedByDriver: [] },
  recent: { maintenanceLogs: [], fuelRequests: [] },
  maintenanceAlerts: [],
  fraud: { openFlags: 0, confirmedFraudRequests: 0, confirmedFraudAmount: 0, recoveredAmount: 0 },
};
const EV = '00000000-0000-4000-8000-0000000000e1';
const IDLE = '00000000-0000-4000-8000-0000000000e3';
const efficiency: EfficiencyReply = {
  from: '2026-06-01',
  to: '2026-11-21',
  vehicles: [
    {
      vehicleId: EV,
      plateNumber: 'EFF-002-EV',
      name: 'BYD T3',
      fuelType: 'ELECTRIC',
      unit: 'kWh',
      distanceKm: 300,
      volume: 50,
      kmPerUnit: 6,
      costPerKm: 33.33,
      fills: 2,
      runs: 1,
    },
  ],
  meta: { page: 1, pageSize: 10, total: 1 },
  silentAssets: [
    { vehicleId: IDLE, plateNumber: 'EFF-003-ZZ', name: 'Toyota Corolla', lastFillAt: null, daysSinceLastFill: null },
    { vehicleId: EV, plateNumber: 'EFF-002-EV', name: 'BYD T3', lastFillAt: '2026-10-10T12:00:00.000Z', daysSinceLastFill: 42 },
  ],
  silentAssetsTotal: 25,
};

/** The organization's view ends with the attendants who filled its fleet: none in these tests. */
const noAttendants = answer(routes.redemptions.attendants, () => ({ attendants: [], from: '2026-10-31', to: '2026-11-29' }));

describe('AnalyticsView: fuel efficiency and silent assets', () => {
  it('asks for the worst ten of the period and lists the silent assets with links', async () => {
    renderWithApp(<AnalyticsView filters={{ months: 6, organizationId: null }} onFiltersChange={() => undefined} />, {
      api: [answer(routes.analytics.overview, () => overview), answer(routes.analytics.efficiency, () => efficiency), noAttendants],
    });
    const silent = await screen.findByRole('region', { name: 'Silent Assets' });
    expect(await within(silent).findByRole('link', { name: 'EFF-003-ZZ' })).toHaveProperty(
      'href',
      expect.stringContaining(`/assets/details?id=${IDLE}&tab=fuel-logs`),
    );
    expect(within(silent).getByText('Never filled')).toBeTruthy();
    expect(within(silent).getByText('42 days')).toBeTruthy();
    expect(within(silent).getByText(/2 of 25 shown/)).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Attendants' })).toBeTruthy();

    const chart = screen.getByRole('region', { name: 'Fuel Efficiency' });
    await waitFor(() => expect(within(chart).getByText(/^Worst 10 vehicles by km\/kWh/)).toBeTruthy());

    const calls = (globalThis.fetch as Mock).mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
    const asked = calls.find((url) => url.pathname === '/api/analytics/efficiency');
    const period = monthsPeriod(6, businessDate());
    expect(Object.fromEntries(asked?.searchParams ?? [])).toEqual({ from: period.from, to: period.to, pageSize: '10' });
  });

  it('says so when no asset is silent and no vehicle could be measured', async () => {
    renderWithApp(<AnalyticsView filters={{ months: 6, organizationId: null }} onFiltersChange={() => undefined} />, {
      api: [
        answer(routes.analytics.overview, () => overview),
        answer(routes.analytics.efficiency, () => ({ ...efficiency, vehicles: [], silentAssets: [], silentAssetsTotal: 0 })),
        noAttendants,
      ],
    });
    const silent = await screen.findByRole('region', { name: 'Silent Assets' });
    expect(await within(silent).findByText('None')).toBeTruthy();
    expect(await within(screen.getByRole('region', { name: 'Fuel Efficiency' })).findByText('No Record')).toBeTruthy();
  });
});

describe('AnalyticsView: fraud and recoveries', () => {
  it('shows the confirmed fraud and the naira recovered, as the Dashboard does', async () => {
    const fraud = { openFlags: 3, confirmedFraudRequests: 1, confirmedFraudAmount: 12_500.5, recoveredAmount: 4000 };
    renderWithApp(<AnalyticsView filters={{ months: 6, organizationId: null }} onFiltersChange={() => undefined} />, {
      api: [
        answer(routes.analytics.overview, () => ({ ...overview, fraud })),
        answer(routes.analytics.efficiency, () => efficiency),
        noAttendants,
      ],
    });
    const section = await screen.findByRole('region', { name: 'Fraud and recoveries' });
    const confirmed = within(section).getByRole('group', { name: 'Confirmed fraud' });
    expect(within(confirmed).getByText('₦12,500.50')).toBeTruthy();
    expect(within(confirmed).getByText('1 fill paid for')).toBeTruthy();
    expect(within(within(section).getByRole('group', { name: 'Recovered' })).getByText('₦4,000.00')).toBeTruthy();
    expect(
      within(section)
        .getByRole('link', { name: /^Flags to review\s*3/ })
        .getAttribute('href'),
    ).toBe('/flags');
  });

  it('shows none for a caller without the figures', async () => {
    renderWithApp(<AnalyticsView filters={{ months: 6, organizationId: null }} onFiltersChange={() => undefined} />, {
      api: [
        answer(routes.analytics.overview, () => ({ ...overview, fraud: null })),
        answer(routes.analytics.efficiency, () => efficiency),
        noAttendants,
      ],
    });
    await screen.findByRole('region', { name: 'Silent Assets' });
    expect(screen.queryByRole('region', { name: 'Fraud and recoveries' })).toBeNull();
  });
});
