import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes, type Webhook } from '@fleetfuel/contract';
import { answer, renderWithApp } from '@/test/render-with-app';
import { WebhooksPanel } from './WebhooksPanel';

const existing: Webhook = {
  id: '11111111-1111-4111-8111-111111111111',
  url: 'https://erp.acme.example/fleetfuel',
  events: ['fuel_request.approved', 'wallet.low_balance'],
  createdAt: '2026-11-20T09:00:00.000Z',
  lastDelivery: { event: 'fuel_request.approved', status: 'DELIVERED', attempts: 1, createdAt: '2026-11-21T09:00:00.000Z' },
};

describe('WebhooksPanel', () => {
  it('adds an endpoint for the chosen events and shows its secret once, with a copy button', async () => {
    const user = userEvent.setup({ delay: null });
    const bodies: unknown[] = [];
    renderWithApp(<WebhooksPanel />, {
      api: [
        answer(routes.webhooks.list, () => ({ webhooks: bodies.length ? [existing] : [] })),
        answer(routes.webhooks.create, ({ body }) => {
          bodies.push(body);
          return { message: 'Webhook added', webhook: existing, secret: 'whsec_shown-once' };
        }),
      ],
    });
    expect(await screen.findByText('No Record')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add Webhook' }));
    const form = await screen.findByRole('form', { name: 'Add webhook' });
    const submit = within(form).getByRole('button', { name: 'Add Webhook' });
    await user.type(within(form).getByRole('textbox', { name: /^URL/ }), 'https://erp.acme.example/fleetfuel');
    // No event chosen yet: Add Webhook sends nothing, says so under Events and takes the focus to the first box.
    expect(submit).toHaveProperty('disabled', false);
    await user.click(submit);
    expect(await within(form).findByText('Choose at least one event')).toBeTruthy();
    expect(document.activeElement).toBe(within(form).getAllByRole('checkbox')[0]);
    expect(bodies).toEqual([]);
    await user.click(within(form).getByRole('checkbox', { name: 'Fuel request approved' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Wallet balance low' }));
    await waitFor(() => expect(within(form).queryByText('Choose at least one event')).toBeNull());
    await user.click(submit);

    expect(await screen.findByText('whsec_shown-once')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(bodies).toEqual([{ url: 'https://erp.acme.example/fleetfuel', events: ['fuel_request.approved', 'wallet.low_balance'] }]);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    const table = await screen.findByRole('table', { name: 'Webhooks' });
    expect(within(table).getByText('Fuel request approved, Wallet balance low')).toBeTruthy();
    expect(screen.queryByText('whsec_shown-once')).toBeNull();
  });

  it('refuses an empty event choice with the API’s message', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithApp(<WebhooksPanel />, { api: [answer(routes.webhooks.list, () => ({ webhooks: [] }))] });
    await user.click(await screen.findByRole('button', { name: 'Add Webhook' }));
    const form = await screen.findByRole('form', { name: 'Add webhook' });
    const approved = within(form).getByRole('checkbox', { name: 'Fuel request approved' });
    await user.click(approved);
    await user.click(approved);
    expect(await within(form).findByText('Choose at least one event')).toBeTruthy();
  });

  it('lists deliveries with their status and last result, and deletes after confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    let deleted = false;
    renderWithApp(<WebhooksPanel />, {
      api: [
        answer(routes.webhooks.list, () => ({ webhooks: deleted ? [] : [existing] })),
        answer(routes.webhooks.deliveries, () => ({
          deliveries: [
            {
              id: '22222222-2222-4222-8222-222222222222',
              eventId: '33333333-3333-4333-8333-333333333333',
              event: 'wallet.low_balance',
              status: 'PENDING',
              attempts: 2,
              createdAt: '2026-11-21T10:00:00.000Z',
              deliveredAt: null,
              nextAttemptAt: '2026-11-21T10:02:00.000Z',
              lastAttempt: { statusCode: 500, error: 'The receiver answered 500', attemptedAt: '2026-11-21T10:01:00.000Z' },
            },
          ],
          meta: { page: 1, pageSize: 10, total: 1 },
        })),
        answer(routes.webhooks.remove, () => {
          deleted = true;
          return { message: 'Webhook deleted' };
        }),
      ],
    });
    const table = await screen.findByRole('table', { name: 'Webhooks' });
    expect(within(table).getByText('Delivered')).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: 'Deliveries' }));
    const deliveries = await screen.findByRole('table', { name: 'Deliveries' });
    expect(within(deliveries).getByText('Wallet balance low')).toBeTruthy();
    expect(within(deliveries).getByText('Pending')).toBeTruthy();
    expect(within(deliveries).getByText('The receiver answered 500')).toBeTruthy();
    expect(within(deliveries).getByText('21 Nov 2026, 11:02')).toBeTruthy();
    await user.keyboard('{Escape}');

    await user.click(within(table).getByRole('button', { name: `Delete ${existing.url}` }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Webhook deleted')).toBeTruthy();
    expect(await screen.findByText('No Record')).toBeTruthy();
  });
});
