import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, routes } from '@fleetfuel/contract';
import { answer, heldReply, pressIncompleteSubmit, renderWithApp, submitWhileHeld } from '@/test/render-with-app';
import { StationFormModal } from './StationFormModal';

describe('StationFormModal', () => {
  it('sends nothing from Add Fuel Station until a name and a fuel are given, with the messages of the spec', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = renderWithApp(<StationFormModal opened onClose={vi.fn()} />, { role: 'ADMIN' });
    const form = screen.getByRole('form', { name: 'Add fuel station' });
    const submit = within(form).getByRole('button', { name: 'Add Fuel Station' });
    await pressIncompleteSubmit(user, submit, api, [[within(form).getByRole('textbox', { name: 'Name' }), MESSAGES.required]]);
    expect(within(form).getByText('Choose at least one fuel type')).toBeTruthy();

    await user.click(within(form).getByRole('textbox', { name: 'Name' }));
    await user.type(within(form).getByRole('textbox', { name: 'Latitude' }), '6.6');
    await user.click(within(form).getByRole('checkbox', { name: 'DIESEL (L)' }));
    await user.click(within(form).getByRole('checkbox', { name: 'DIESEL (L)' }));
    expect(await within(form).findByText('This field is required')).toBeTruthy();
    expect(within(form).getByText('Give both latitude and longitude, or neither')).toBeTruthy();
    expect(within(form).getByText('Choose at least one fuel type')).toBeTruthy();

    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Unity Fuels Ikeja');
    await user.clear(within(form).getByRole('textbox', { name: 'Latitude' }));
    await user.click(within(form).getByRole('checkbox', { name: 'PETROL (L)' }));
    await waitFor(() => expect(within(form).queryByText('This field is required')).toBeNull());
    expect(within(form).queryByText('Choose at least one fuel type')).toBeNull();
  });

  it('keeps the submit disabled while the station is being created, then closes with the spec toast', async () => {
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    const create = heldReply();
    const { api } = renderWithApp(<StationFormModal opened onClose={onClose} />, {
      role: 'ADMIN',
      api: [answer(routes.fuelStations.create, create.handler)],
    });
    const form = screen.getByRole('form', { name: 'Add fuel station' });
    const submit = within(form).getByRole('button', { name: 'Add Fuel Station' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Unity Fuels Ikeja');
    await user.click(within(form).getByRole('checkbox', { name: 'PETROL (L)' }));
    await submitWhileHeld(user, submit, {
      api,
      route: routes.fuelStations.create,
      held: create,
      reply: { id: '00000000-0000-4000-8000-0000000000f1', name: 'Unity Fuels Ikeja' },
    });
    expect(await screen.findByText('Unity Fuels Ikeja Fuel Station Created!')).toBeTruthy();
    expect(onClose).toHaveBeenCalledOnce();
  });
});
