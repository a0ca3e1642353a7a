import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '@fleetfuel/contract';
import { answer, heldReply, renderWithApp, submitWhileHeld } from '@/test/render-with-app';
import { GroupFormModal } from './GroupFormModal';

describe('GroupFormModal', () => {
  it('keeps Add Group disabled while the name is missing and says so', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithApp(<GroupFormModal opened onClose={vi.fn()} />);
    const form = screen.getByRole('form', { name: 'Add group' });
    const submit = within(form).getByRole('button', { name: 'Add Group' });
    await waitFor(() => expect(submit).toHaveProperty('disabled', true));

    await user.click(within(form).getByRole('textbox', { name: 'Name' }));
    await user.tab();
    expect(await within(form).findByText('This field is required')).toBeTruthy();

    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Operations');
    await waitFor(() => expect(submit).toHaveProperty('disabled', false));
  });

  it('keeps the submit disabled while the group is being created, then closes with the spec toast', async () => {
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    const create = heldReply();
    const { api } = renderWithApp(<GroupFormModal opened onClose={onClose} />, {
      api: [answer(routes.departments.create, create.handler)],
    });
    const form = screen.getByRole('form', { name: 'Add group' });
    const submit = within(form).getByRole('button', { name: 'Add Group' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Operations');
    await submitWhileHeld(user, submit, {
      api,
      route: routes.departments.create,
      held: create,
      reply: { id: '00000000-0000-4000-8000-0000000000d1', name: 'Operations' },
    });
    expect(await screen.findByText('Operations Created!')).toBeTruthy();
    expect(onClose).toHaveBeenCalledOnce();
  });
});
