import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '@fleetfuel/contract';
import { approvedFuelRequest as approved } from '@/test/fuel-request';
import { answer, renderWithApp } from '@/test/render-with-app';
import { fillAmount } from '../redeem-form';
import { FuelRedeemForm } from './RedeemForms';

describe('fillAmount', () => {
  it('works out kobo as the server does: centilitres times kobo, rounded half up', () => {
    expect(fillAmount(7.5, 1050.5)).toBe(7878.75);
    expect(fillAmount(0.01, 0.5)).toBe(0.01);
    expect(fillAmount(0.01, 0.49)).toBe(0);
    expect(fillAmount(33.33, 617)).toBe(20564.61);
  });
});

describe('FuelRedeemForm: the review before money moves', () => {
  it('shows litres × price = naira, the plate and the fuel, and sends nothing until Confirm', async () => {
    const user = userEvent.setup({ delay: null });
    const bodies: unknown[] = [];
    let done = false;
    renderWithApp(
      <FuelRedeemForm
        request={{ ...approved, pricePerUnit: 1050.5 }}
        coupon={{ code: 'ABCD-2345' }}
        onDone={() => (done = true)}
        onCancel={() => undefined}
        onError={() => undefined}
      />,
      {
        role: 'ATTENDANT',
        api: [answer(routes.fuelRequests.complete, ({ body }) => (bodies.push(body), { message: 'Coupon redeemed', request: approved }))],
      },
    );
    const volume = screen.getByRole('textbox', { name: /Dispensed Volume/ });
    await user.clear(volume);
    await user.type(volume, '7.5');
    const reviewButton = screen.getByRole('button', { name: 'Review' });
    await waitFor(() => expect(reviewButton).toHaveProperty('disabled', false));
    await user.click(reviewButton);

    const review = await screen.findByRole('region', { name: 'Check before you confirm' });
    expect(within(review).getByLabelText('Amount worked out').textContent).toBe('7.5 L × ₦1,050.50 = ₦7,878.75');
    expect(within(review).getByRole('group', { name: 'Plate' }).textContent).toContain('LND-451-KJ');
    expect(within(review).getByRole('group', { name: 'Fuel' }).textContent).toContain('PETROL');
    expect(within(review).getByRole('group', { name: 'Amount' }).textContent).toContain('₦7,878.75');
    expect(bodies).toEqual([]);

    // Back keeps what was typed.
    await user.click(within(review).getByRole('button', { name: 'Back' }));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Dispensed Volume/ }).value).toBe('7.5');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    await user.click(
      within(await screen.findByRole('region', { name: 'Check before you confirm' })).getByRole('button', { name: 'Confirm' }),
    );
    await waitFor(() => expect(done).toBe(true));
    expect(bodies).toEqual([{ code: 'ABCD-2345', dispensedVolume: 7.5 }]);
  });
});
