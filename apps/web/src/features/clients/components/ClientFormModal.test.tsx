import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, routes } from '@fleetfuel/contract';
import { answer, emptyPage, heldReply, pressIncompleteSubmit, renderWithApp, submitWhileHeld } from '@/test/render-with-app';
import { ClientFormModal } from './ClientFormModal';

const planChoices = answer(routes.plans.list, () => emptyPage('subscriptions'));

describe('ClientFormModal', () => {
  it('leaves Add Client enabled: pressed too early, it sends nothing and says which fields are required', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = renderWithApp(<ClientFormModal opened onClose={vi.fn()} />, { role: 'ADMIN', api: [planChoices] });
    const form = screen.getByRole('form', { name: 'Add client' });
    const submit = within(form).getByRole('button', { name: 'Add Client' });
    const name = within(form).getByRole('textbox', { name: 'Name' });
    const type = within(form).getByRole('combobox', { name: 'Type' });
    await pressIncompleteSubmit(user, submit, api, [
      [name, MESSAGES.required],
      [type, MESSAGES.required],
    ]);

    await user.type(name, 'Delta Couriers');
    await user.selectOptions(type, 'Other');
    await waitFor(() => expect(within(form).queryByText(MESSAGES.required)).toBeNull());
  });

  it('keeps the submit disabled while the client is being registered, then closes with the spec toast', async () => {
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    const create = heldReply();
    const { api } = renderWithApp(<ClientFormModal opened onClose={onClose} />, {
      role: 'ADMIN',
      api: [planChoices, answer(routes.organizations.create, create.handler)],
    });
    const form = screen.getByRole('form', { name: 'Add client' });
    const submit = within(form).getByRole('button', { name: 'Add Client' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Delta Couriers');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Type' }), 'Other');

    const reply = { id: '00000000-0000-4000-8000-0000000000c1', name: 'Delta Couriers' };
    await submitWhileHeld(user, submit, { api, route: routes.organizations.create, held: create, reply });
    expect(await screen.findByText('Delta Couriers Registered!')).toBeTruthy();
    expect(onClose).toHaveBeenCalledOnce();
  });
});
