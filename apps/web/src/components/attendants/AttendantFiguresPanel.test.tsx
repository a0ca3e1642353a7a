import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { routes, type AttendantsReply } from '@fleetfuel/contract';
import { answer, renderWithApp } from '@/test/render-with-app';
import { AttendantFiguresPanel } from './AttendantFiguresPanel';

const reply: AttendantsReply = {
  from: '2026-10-31',
  to: '2026-11-29',
  attendants: [
    {
      id: '00000000-0000-4000-8000-0000000000a1',
      name: 'Sani Danjuma',
      station: { id: '00000000-0000-4000-8000-0000000000c1', name: 'Unity Fuels Ikeja' },
      redemptions: 40,
      litres: 1234.5,
      amount: 1_172_775,
      flagged: 13,
      nearMaximum: 12,
      roundVolumes: 1,
      repeatVehicle: 0,
      outsideHours: 0,
      flags: [{ code: 'NEAR_MAXIMUM', severity: 'warning', message: "12 of 40 fills (30%) stopped within 5% under the coupon's maximum" }],
    },
    {
      id: '00000000-0000-4000-8000-0000000000a2',
      name: 'Bola Ade',
      station: { id: '00000000-0000-4000-8000-0000000000c1', name: 'Unity Fuels Ikeja' },
      redemptions: 3,
      litres: 60,
      amount: 57_000,
      flagged: 0,
      nearMaximum: 0,
      roundVolumes: 0,
      repeatVehicle: 0,
      outsideHours: 0,
      flags: [],
    },
  ],
};

describe('AttendantFiguresPanel', () => {
  it('lists each attendant’s figures and the patterns raised, with their numbers', async () => {
    renderWithApp(<AttendantFiguresPanel showStation />, {
      role: 'ADMINISTRATOR',
      api: [answer(routes.redemptions.attendants, () => reply)],
    });
    const table = await screen.findByRole('table', { name: 'Attendants' });
    const sani = (await within(table).findByText('Sani Danjuma')).closest('tr') as HTMLElement;
    expect(within(sani).getByText('Unity Fuels Ikeja')).toBeTruthy();
    expect(within(sani).getByText('₦1,172,775.00')).toBeTruthy();
    expect(within(sani).getByText("12 of 40 fills (30%) stopped within 5% under the coupon's maximum")).toBeTruthy();
    expect(screen.getByText(/1 with patterns to look at/)).toBeTruthy();
    // The last 30 days by default.
    const from = screen.getByLabelText<HTMLInputElement>('From').value;
    const to = screen.getByLabelText<HTMLInputElement>('To').value;
    expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(29);
  });
});
