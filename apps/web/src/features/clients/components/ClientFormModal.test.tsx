import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '@fleetfuel/contract';
import { answer, emptyPage, heldReply, renderWithApp, submitWhileHeld } from '@/test/render-with-app';
import { ClientFormModal } from './ClientFormModal';

const planChoices = answer(routes.plans.list, () => emptyPage('subscriptions'));

describe('ClientFormModal', () => {
  it('keeps Add Client disabled and says which fields are required until the form is valid', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithApp(<ClientFormModal opened onClose={vi.fn()} />, { role: 'ADMIN', api: [planChoices] });
    const form = screen.getByRole('form', { name: 'Add client' });
    const submit = within(form).getByRole('button', { name: 'Add Client' });
    await waitFor(() => expect(submit).toHaveProperty('disabled', true));

    // Visiting a field and leaving it empty is what shows its message (spec section 5).
    await user.click(within(form).getByRole('textbox', { name: 'Name' }));
    await user.click(within(form).getByRole('combobox', { name: 'Type' }));
    await user.tab();
    expect(await within(form).findAllByText('This field is required')).toHaveLength(2);

    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Delta Couriers');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Type' }), 'Other');
    await waitFor(() => expect(submit).toHaveProperty('disabled', false));
    expect(within(form).queryByText('This field is required')).toBeNull();
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
