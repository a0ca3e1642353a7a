import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { routes } from '@fleetfuel/contract';
import { answer, renderWithApp } from '@/test/render-with-app';
import { PriceManagement } from './PriceManagement';

const petrol = {
  id: '00000000-0000-4000-8000-0000000000a1',
  fuelStationId: '00000000-0000-4000-8000-0000000000b1',
  fuelType: 'PETROL',
  pricePerLitre: 950,
  unit: 'L',
  setBy: null,
  createdAt: '2026-11-20T09:00:00.000Z',
};

describe('PriceManagement', () => {
  it('offers a first price only for the fuels the station sells', async () => {
    renderWithApp(<PriceManagement />, {
      role: 'STATION_REP',
      api: [
        answer(routes.prices.history, () => ({
          availableFuels: ['PETROL', 'DIESEL'],
          current: [petrol],
          prices: [petrol],
          meta: { page: 1, pageSize: 10, total: 1 },
        })),
      ],
    });
    expect(await screen.findByRole('form', { name: 'Set DIESEL price' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Set PETROL price' })).toBeTruthy();
    // ELECTRIC and CNG are fuels FleetFuel knows, but this station does not sell them.
    expect(screen.queryByText('ELECTRIC (kWh)')).toBeNull();
    expect(screen.queryByText('CNG (kg)')).toBeNull();
    const filter = screen.getByRole('combobox', { name: /fuel type/i });
    expect(within(filter).queryByRole('option', { name: 'ELECTRIC' })).toBeNull();
    expect(within(filter).getByRole('option', { name: 'DIESEL' })).toBeTruthy();
  });
});
