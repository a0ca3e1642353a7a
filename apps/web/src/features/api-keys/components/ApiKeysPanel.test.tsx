import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, routes, type ApiKey } from '@fleetfuel/contract';
import { answer, pressIncompleteSubmit, renderWithApp } from '@/test/render-with-app';
import { ApiKeysPanel } from './ApiKeysPanel';

const SECRET = 'ff_live_Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5d2Fs';

const created: ApiKey = {
  id: '00000000-0000-4000-8000-0000000000b1',
  name: 'Dispatch system',
  scope: 'request',
  prefix: SECRET.slice(0, 12),
  createdBy: { id: '00000000-0000-4000-8000-000000000001', name: 'Ada Okafor' },
  createdAt: '2026-03-02T09:15:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
};

describe('ApiKeysPanel: creating a key', () => {
  it('sends the name and scope, then shows the secret once with a warning and a copy button', async () => {
    const user = userEvent.setup({ delay: null });
    const bodies: unknown[] = [];
    let listed: ApiKey[] = [];
    const { api } = renderWithApp(<ApiKeysPanel />, {
      role: 'ADMINISTRATOR',
      api: [
        answer(routes.apiKeys.list, () => ({ apiKeys: listed })),
        answer(routes.apiKeys.create, ({ body }) => {
          bodies.push(body);
          listed = [created];
          return { message: 'API key created', apiKey: created, secret: SECRET };
        }),
      ],
    });
    expect(await screen.findByText('No Record')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Create API Key' }));
    const form = await screen.findByRole('form', { name: 'Create API key' });
    const submit = within(form).getByRole('button', { name: 'Create Key' });
    const name = within(form).getByRole('textbox', { name: /^Name/ });
    const scope = within(form).getByRole('combobox', { name: /^Scope/ });
    await pressIncompleteSubmit(user, submit, api, [
      [name, MESSAGES.required],
      [scope, MESSAGES.required],
    ]);
    await user.type(name, 'Dispatch system');
    await user.selectOptions(scope, 'request');
    await user.click(submit);

    const dialog = await screen.findByRole('dialog', { name: 'Copy your API key' });
    expect(bodies).toEqual([{ name: 'Dispatch system', scope: 'request' }]);
    expect(within(dialog).getByLabelText('API key secret').textContent).toBe(SECRET);
    expect(within(dialog).getByText(/it will not be shown again/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Copy Key' })).toBeTruthy();

    // The list shows the new key by its prefix only; once the dialog is closed the secret is gone.
    const table = await screen.findByRole('table', { name: 'API keys' });
    expect(within(table).getByText('Dispatch system')).toBeTruthy();
    expect(within(table).queryByText(SECRET)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Create API Key' }));
    const again = await screen.findByRole('form', { name: 'Create API key' });
    expect(within(again).getByRole('textbox', { name: /^Name/ })).toHaveProperty('value', '');
    expect(screen.queryByText(SECRET)).toBeNull();
  });
});
