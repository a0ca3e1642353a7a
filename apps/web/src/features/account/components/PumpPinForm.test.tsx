import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '@fleetfuel/contract';
import { answer, renderWithApp } from '@/test/render-with-app';
import { SecurityPanel } from './SecurityPanel';

function renderPanel(role: 'DRIVER' | 'ADMINISTRATOR') {
  const bodies: unknown[] = [];
  renderWithApp(<SecurityPanel />, {
    role,
    api: [
      answer(routes.account.sessions, () => ({ sessions: [] })),
      answer(routes.account.setPumpPin, ({ body }) => {
        bodies.push(body);
        return { message: 'Pump PIN saved; give it at the pump when the attendant asks for it' };
      }),
    ],
  });
  return bodies;
}

describe('Pump PIN on the Account page', () => {
  it('lets a driver set a PIN of 4 to 6 digits', async () => {
    const user = userEvent.setup({ delay: null });
    const bodies = renderPanel('DRIVER');
    const form = await screen.findByRole('form', { name: 'Pump PIN' });
    const pin = within(form).getByLabelText(/New PIN/);
    await user.type(pin, '12a');
    await user.tab();
    expect(await within(form).findByText('PIN must be 4 to 6 digits')).toBeTruthy();
    // Pressed while the PIN is wrong: nothing is sent, and the PIN keeps its message and takes the focus.
    await user.click(within(form).getByRole('button', { name: 'Save PIN' }));
    expect(within(form).getByText('PIN must be 4 to 6 digits')).toBeTruthy();
    expect(document.activeElement).toBe(pin);
    expect(bodies).toEqual([]);

    await user.clear(pin);
    await user.type(pin, '4821');
    const save = within(form).getByRole('button', { name: 'Save PIN' });
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    await user.click(save);
    expect(await screen.findByText('Pump PIN saved; give it at the pump when the attendant asks for it')).toBeTruthy();
    expect(bodies).toEqual([{ pin: '4821' }]);
  });

  it('is not shown to other roles', async () => {
    renderPanel('ADMINISTRATOR');
    expect(await screen.findByRole('form', { name: 'Change password' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Pump PIN' })).toBeNull();
  });
});
