import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { routes } from '@fleetfuel/contract';
import { answer, renderWithApp } from '@/test/render-with-app';
import { TodaysRedemptions } from './TodaysRedemptions';

const common = {
  vehicle: { id: '00000000-0000-4000-8000-0000000000c1', plateNumber: 'APP-220-XA', make: 'Toyota', model: 'Dyna' },
  organization: { id: '00000000-0000-4000-8000-0000000000d1', name: 'Acme Logistics' },
  redeemedBy: { id: '00000000-0000-4000-8000-0000000000e1', name: 'Sani Danjuma' },
};
const reply = {
  redemptions: [
    {
      ...common,
      kind: 'MAINTENANCE',
      id: '00000000-0000-4000-8000-0000000000a2',
      redeemedAt: '2026-11-23T10:30:00.000Z',
      fuelType: null,
      volume: null,
      unit: null,
      description: 'Wheel alignment',
      amount: 25000,
    },
    {
      ...common,
      kind: 'FUEL',
      id: '00000000-0000-4000-8000-0000000000a1',
      redeemedAt: '2026-11-23T09:15:00.000Z',
      fuelType: 'DIESEL',
      volume: 45,
      unit: 'L',
      description: null,
      amount: 51750,
    },
  ],
  summary: { count: 2, fuelCount: 1, maintenanceCount: 1, amount: 76750, volumes: [{ unit: 'L', volume: 45 }] },
  meta: { page: 1, pageSize: 20, total: 2 },
};

describe("Today's Redemptions", () => {
  it.each(['STATION_REP', 'ATTENDANT'] as const)(
    'shows maintenance jobs beside fuel coupons, each with its amount, and the day’s totals (%s)',
    async (role) => {
      renderWithApp(<TodaysRedemptions />, { role, api: [answer(routes.redemptions.station, () => reply)] });
      const table = await screen.findByRole('table', { name: "Today's redemptions" });
      const job = (await within(table).findByText('Wheel alignment')).closest('tr') as HTMLElement;
      expect(within(job).getByText('Maintenance')).toBeTruthy();
      expect(within(job).getByText('₦25,000.00')).toBeTruthy();
      const fuel = within(table)
        .getByText(/45(\.00)? L DIESEL/)
        .closest('tr') as HTMLElement;
      expect(within(fuel).getByText('Fuel')).toBeTruthy();
      expect(within(fuel).getByText('₦51,750.00')).toBeTruthy();
      expect(screen.getByText(/1 coupon · 1 job · 45(\.00)? L · ₦76,750/)).toBeTruthy();
    },
  );
});
