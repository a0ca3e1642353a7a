import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, routes } from '@fleetfuel/contract';
import { answer, fieldError, heldReply, pressIncompleteSubmit, renderWithApp, submitWhileHeld } from '@/test/render-with-app';
import { GroupFormModal } from './GroupFormModal';

describe('GroupFormModal', () => {
  it('leaves Add Group enabled: pressing it with the name missing sends nothing and says so on the field', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = renderWithApp(<GroupFormModal opened onClose={vi.fn()} />);
    const form = screen.getByRole('form', { name: 'Add group' });
    const submit = within(form).getByRole('button', { name: 'Add Group' });
    const name = within(form).getByRole('textbox', { name: 'Name' });
    await pressIncompleteSubmit(user, submit, api, [[name, MESSAGES.required]]);

    await user.type(name, 'Operations');
    await waitFor(() => expect(fieldError(name)).toBeNull());
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
