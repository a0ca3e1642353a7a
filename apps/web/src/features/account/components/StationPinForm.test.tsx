import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes, type Role } from '@fleetfuel/contract';
import { FakeRefusal, answer, renderWithApp } from '@/test/render-with-app';
import { SecurityPanel } from './SecurityPanel';

function renderPanel(role: Role) {
  const bodies: Array<{ currentPassword?: string }> = [];
  renderWithApp(<SecurityPanel />, {
    role,
    api: [
      answer(routes.account.sessions, () => ({ sessions: [] })),
      answer(routes.account.setStationPin, ({ body }) => {
        bodies.push(body as { currentPassword?: string });
        return bodies.length === 1
          ? new FakeRefusal(400, {
              error: 'The current password is not correct',
              message: 'The current password is not correct',
              code: 'VALIDATION_FAILED',
              field: 'currentPassword',
            })
          : { message: 'Station PIN saved; use it to take over the station’s shared device' };
      }),
    ],
  });
  return bodies;
}

describe('Station PIN on the Account page', () => {
  it('lets station staff set a PIN of 4 to 6 digits with their current password', async () => {
    const user = userEvent.setup({ delay: null });
    const bodies = renderPanel('ATTENDANT');
    const form = await screen.findByRole('form', { name: 'Station PIN' });
    const pin = within(form).getByLabelText(/New PIN/);
    expect(pin.getAttribute('inputmode')).toBe('numeric');
    await user.type(pin, '12a');
    await user.tab();
    expect(await within(form).findByText('PIN must be 4 to 6 digits')).toBeTruthy();
    const save = within(form).getByRole('button', { name: 'Save station PIN' });
    // Pressed while the PIN is wrong: nothing is sent, and the PIN keeps its message and takes the focus.
    await user.click(save);
    expect(within(form).getByText('PIN must be 4 to 6 digits')).toBeTruthy();
    expect(document.activeElement).toBe(pin);
    expect(bodies).toEqual([]);

    await user.clear(pin);
    await user.type(pin, '2468');
    await user.type(within(form).getByLabelText(/Current password/), 'Wrong-Pass-1');
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    await user.click(save);
    expect(await within(form).findByText('The current password is not correct')).toBeTruthy();

    const password = within(form).getByLabelText(/Current password/);
    await user.clear(password);
    await user.type(password, 'Demo-Pass-2026');
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    await user.click(save);
    expect(await screen.findByText('Station PIN saved; use it to take over the station’s shared device')).toBeTruthy();
    expect(bodies).toEqual([
      { pin: '2468', currentPassword: 'Wrong-Pass-1' },
      { pin: '2468', currentPassword: 'Demo-Pass-2026' },
    ]);
  });

  it('is shown to a station representative, not to a driver', async () => {
    renderPanel('STATION_REP');
    expect(await screen.findByRole('form', { name: 'Station PIN' })).toBeTruthy();
  });

  it('is not shown to a driver', async () => {
    renderPanel('DRIVER');
    expect(await screen.findByRole('form', { name: 'Change password' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Station PIN' })).toBeNull();
  });
});
