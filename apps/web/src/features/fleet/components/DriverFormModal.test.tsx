import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, routes } from '@fleetfuel/contract';
import { answer, emptyPage, heldReply, pressIncompleteSubmit, renderWithApp, submitWhileHeld } from '@/test/render-with-app';
import { DriverFormModal } from './DriverFormModal';

const groupsOfTheOrganization = answer(routes.departments.list, () => emptyPage());

describe('DriverFormModal', () => {
  it('leaves Add Driver enabled: pressed with wrong values, it sends nothing and shows the messages of the spec', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = renderWithApp(<DriverFormModal opened onClose={vi.fn()} />, { api: [groupsOfTheOrganization] });
    const form = screen.getByRole('form', { name: 'Add driver' });
    const submit = within(form).getByRole('button', { name: 'Add Driver' });
    const email = within(form).getByRole('textbox', { name: 'Email' });
    const phone = within(form).getByRole('textbox', { name: 'Phone' });
    await user.type(email, 'not-an-email');
    await user.type(phone, '123');

    await pressIncompleteSubmit(user, submit, api, [
      [within(form).getByRole('textbox', { name: 'Name' }), MESSAGES.required],
      [email, 'Must be a valid email'],
      [phone, 'Must be a valid Nigerian phone number'],
    ]);
  });

  it('keeps the submit disabled while the driver is being created, then closes with the spec toast', async () => {
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    const create = heldReply();
    const { api } = renderWithApp(<DriverFormModal opened onClose={onClose} />, {
      api: [groupsOfTheOrganization, answer(routes.drivers.create, create.handler)],
    });
    const form = screen.getByRole('form', { name: 'Add driver' });
    const submit = within(form).getByRole('button', { name: 'Add Driver' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Emeka Obi');
    await user.type(within(form).getByRole('textbox', { name: 'Phone' }), '08031234567');
    await user.type(within(form).getByLabelText(/^Password/), 'Fleet-Driver-2026');
    await submitWhileHeld(user, submit, {
      api,
      route: routes.drivers.create,
      held: create,
      reply: { id: '00000000-0000-4000-8000-0000000000e1', name: 'Emeka Obi' },
    });
    expect(await screen.findByText('Emeka Obi Registered!')).toBeTruthy();
    expect(onClose).toHaveBeenCalledOnce();
  });
});
