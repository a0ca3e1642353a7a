import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '@fleetfuel/contract';
import { SESSION_STORAGE_KEY } from '@/lib/auth/session-storage';
import { FakeRefusal, answer, renderWithApp, sessionUser } from '@/test/render-with-app';
import { deviceRedemptionQueue } from '../offline/redemption-queue';
import { AttendantSwitch } from './AttendantSwitch';

const ME = sessionUser('ATTENDANT');
const BOLA = '00000000-0000-4000-8000-0000000000b1';
const TUNDE = '00000000-0000-4000-8000-0000000000b2';
const attendants = {
  attendants: [
    { id: BOLA, name: 'Bola Adeyemi', hasPin: true },
    { id: ME.id, name: ME.name, hasPin: true },
    { id: TUNDE, name: 'Tunde Bakare', hasPin: false },
  ],
};

function renderSwitch(reply: (body: unknown) => unknown, redeem: () => unknown = () => ({ message: 'Coupon redeemed' })) {
  const bodies: unknown[] = [];
  const rendered = renderWithApp(<AttendantSwitch />, {
    role: 'ATTENDANT',
    api: [
      answer(routes.fuelRequests.complete, () => {
        bodies.push('redeemed');
        return redeem();
      }),
      answer(routes.stationDevice.attendants, () => attendants),
      answer(routes.stationDevice.switchAttendant, ({ body }) => {
        bodies.push(body);
        return reply(body);
      }),
    ],
  });
  return { ...rendered, bodies };
}

async function openDialog() {
  const user = userEvent.setup({ delay: null });
  expect(await screen.findByText('Ada Okafor')).toBeTruthy();
  await user.click(screen.getByRole('button', { name: /^Switch attendant/ }));
  const form = await screen.findByRole('form', { name: 'Switch attendant' });
  await within(form).findByRole('radio', { name: 'Bola Adeyemi' });
  return { user, form };
}

describe('the shared device on the station desk', () => {
  it('lists the other attendants, those without a PIN disabled, with a masked numeric PIN field', async () => {
    renderSwitch(() => new FakeRefusal(500, { error: 'unused', message: 'unused', code: 'INTERNAL' }));
    const { form } = await openDialog();
    expect(within(form).queryByRole('radio', { name: ME.name })).toBeNull();
    expect(within(form).getByRole('radio', { name: 'Tunde Bakare' })).toHaveProperty('disabled', true);
    expect(within(form).getByText('No PIN set')).toBeTruthy();
    const pin = within(form).getByLabelText(/Their station PIN/);
    expect(pin.getAttribute('type')).toBe('password');
    expect(pin.getAttribute('inputmode')).toBe('numeric');
    expect(pin.getAttribute('autocomplete')).toBe('off');
  });

  it('hands the device over with the right PIN (Enter), and shows the new attendant', async () => {
    const bola = { ...sessionUser('STATION_REP'), id: BOLA, name: 'Bola Adeyemi', firstName: 'Bola' };
    const { bodies } = renderSwitch(() => ({ token: 'bola-token', user: bola }));
    const { user, form } = await openDialog();
    await user.click(within(form).getByRole('radio', { name: 'Bola Adeyemi' }));
    await user.type(within(form).getByLabelText(/Their station PIN/), '1234');
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Switch' })).toHaveProperty('disabled', false));
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Bola Adeyemi now has this device')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Switch attendant' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Switch attendant (now Bola Adeyemi)' })).toBeTruthy();
    expect(bodies).toEqual([{ attendantId: BOLA, pin: '1234' }]);
    expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}')).toMatchObject({ token: 'bola-token', user: { id: BOLA } });
  });

  it('shows a wrong PIN under the field, and a lock above the form', async () => {
    let tries = 0;
    renderSwitch(() => {
      tries += 1;
      return tries === 1
        ? new FakeRefusal(422, {
            error: 'Wrong PIN; 4 tries left before switching to Bola Adeyemi is locked',
            message: 'Wrong PIN; 4 tries left before switching to Bola Adeyemi is locked',
            code: 'RULE_VIOLATION',
            field: 'pin',
          })
        : new FakeRefusal(429, {
            error: 'Switching to Bola Adeyemi is locked until 23 Nov 2026, 14:20 after 5 wrong PINs',
            message: 'Switching to Bola Adeyemi is locked until 23 Nov 2026, 14:20 after 5 wrong PINs',
            code: 'RATE_LIMITED',
          });
    });
    const { user, form } = await openDialog();
    await user.click(within(form).getByRole('radio', { name: 'Bola Adeyemi' }));
    const pin = within(form).getByLabelText(/Their station PIN/);
    await user.type(pin, '0000');
    await user.click(within(form).getByRole('button', { name: 'Switch' }));
    expect(await within(form).findByText('Wrong PIN; 4 tries left before switching to Bola Adeyemi is locked')).toBeTruthy();
    expect((pin as HTMLInputElement).value).toBe('');

    await user.type(pin, '9999');
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Switch' })).toHaveProperty('disabled', false));
    await user.keyboard('{Enter}');
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toBe('Switching to Bola Adeyemi is locked until 23 Nov 2026, 14:20 after 5 wrong PINs');
  });

  describe('with redemptions this attendant recorded offline', () => {
    const queueOne = () =>
      deviceRedemptionQueue(ME.id).add({
        requestId: '00000000-0000-4000-8000-0000000000f1',
        body: { code: 'ABCD-2345', dispensedVolume: 20 },
        code: 'ABCD-2345',
        plate: 'LND-451-KJ',
        fuelType: 'PETROL',
        unit: 'L',
      });

    it('sends them under this attendant before the device changes hands', async () => {
      queueOne();
      const bola = { ...sessionUser('STATION_REP'), id: BOLA, name: 'Bola Adeyemi', firstName: 'Bola' };
      const { bodies } = renderSwitch(() => ({ token: 'bola-token', user: bola }));
      const { user, form } = await openDialog();
      await user.click(within(form).getByRole('radio', { name: 'Bola Adeyemi' }));
      await user.type(within(form).getByLabelText(/Their station PIN/), '1234');
      await user.click(within(form).getByRole('button', { name: 'Switch' }));
      expect(await screen.findByText('Bola Adeyemi now has this device')).toBeTruthy();
      expect(bodies).toEqual(['redeemed', { attendantId: BOLA, pin: '1234' }]);
      expect(deviceRedemptionQueue(ME.id).items()).toEqual([]);
    });

    it('keeps the device when they cannot be sent yet, and says why', async () => {
      queueOne();
      const { bodies } = renderSwitch(
        () => ({ token: 'unused', user: ME }),
        () => new FakeRefusal(503, { error: 'Try again', message: 'Try again', code: 'UNAVAILABLE' }),
      );
      const { user, form } = await openDialog();
      await user.click(within(form).getByRole('radio', { name: 'Bola Adeyemi' }));
      await user.type(within(form).getByLabelText(/Their station PIN/), '1234');
      await user.click(within(form).getByRole('button', { name: 'Switch' }));
      const alert = await within(form).findByRole('alert');
      expect(alert.textContent).toMatch(/^1 redemption recorded offline by .+ could not be sent yet/);
      expect(bodies).toEqual(['redeemed']);
      expect(deviceRedemptionQueue(ME.id).items()).toHaveLength(1);
    });
  });
});
