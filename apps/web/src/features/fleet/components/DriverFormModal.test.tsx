import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '@fleetfuel/contract';
import { answer, emptyPage, heldReply, renderWithApp, submitWhileHeld } from '@/test/render-with-app';
import { DriverFormModal } from './DriverFormModal';

const groupsOfTheOrganization = answer(routes.departments.list, () => emptyPage());

describe('DriverFormModal', () => {
  it('keeps Add Driver disabled until the form is valid, with the messages of the spec', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithApp(<DriverFormModal opened onClose={vi.fn()} />, { api: [groupsOfTheOrganization] });
    const form = screen.getByRole('form', { name: 'Add driver' });
    const submit = within(form).getByRole('button', { name: 'Add Driver' });
    await waitFor(() => expect(submit).toHaveProperty('disabled', true));

    await user.click(within(form).getByRole('textbox', { name: 'Name' }));
    await user.type(within(form).getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await user.type(within(form).getByRole('textbox', { name: 'Phone' }), '123');
    await user.tab();
    expect(await within(form).findByText('This field is required')).toBeTruthy();
    expect(within(form).getByText('Must be a valid email')).toBeTruthy();
    expect(within(form).getByText('Must be a valid Nigerian phone number')).toBeTruthy();
    expect(submit).toHaveProperty('disabled', true);
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
