import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes, type OutgoingMessage } from '@fleetfuel/contract';
import { answer, renderWithApp } from '@/test/render-with-app';
import { MessagesPanel } from './MessagesPanel';

const refused: OutgoingMessage = {
  id: '42',
  channel: 'EMAIL',
  status: 'FAILED',
  recipient: 'orgadmin@acme.test',
  recipientName: 'Tunde Bakare',
  organization: { id: '00000000-0000-4000-8000-0000000000a1', name: 'Acme Logistics' },
  subject: 'Fuel approved for LND-451-KJ',
  body: 'Your request for 40 L of PETROL was approved.',
  attempts: 8,
  lastError: '550 5.1.1 Mailbox unavailable',
  createdAt: '2026-11-20T09:15:00.000Z',
  nextAttemptAt: null,
  sentAt: null,
};
const text: OutgoingMessage = {
  ...refused,
  id: '41',
  channel: 'SMS',
  status: 'SENT',
  recipient: '+2348030000004',
  recipientName: 'Musa Ibrahim',
  subject: null,
  body: 'FleetFuel receipt: 9.5 L of PETROL for LND-451-KJ at Unity Fuels Ikeja.',
  attempts: 1,
  lastError: null,
  sentAt: '2026-11-20T09:16:00.000Z',
};

describe('MessagesPanel', () => {
  it('lists e-mails and texts with where each stands, and sends a refused one again', async () => {
    const user = userEvent.setup({ delay: null });
    let listed = [refused, text];
    const { api } = renderWithApp(<MessagesPanel />, {
      role: 'ADMIN',
      api: [
        answer(routes.outbox.list, () => ({ messages: listed, meta: { page: 1, pageSize: 25, total: listed.length } })),
        answer(routes.outbox.resend, () => {
          const pending = { ...refused, status: 'PENDING' as const, attempts: 0, nextAttemptAt: '2026-11-27T00:20:00.000Z' };
          listed = [pending, text];
          return { message: 'The message will be sent again now', outgoingMessage: pending };
        }),
      ],
    });
    const table = await screen.findByRole('table', { name: 'Messages' });
    await within(table).findByText('Fuel approved for LND-451-KJ');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Fuel approved for LND-451-KJ')).toBeTruthy();
    expect(within(first).getByText('E-mail · Acme Logistics')).toBeTruthy();
    expect(within(first).getByText('Failed')).toBeTruthy();
    expect(within(first).getByText('550 5.1.1 Mailbox unavailable')).toBeTruthy();
    expect(within(second).getByText(text.body)).toBeTruthy();
    expect(within(second).getByText('Sent')).toBeTruthy();
    // Only a refused message can be sent again.
    expect(within(second).queryByRole('button', { name: /Send again/ })).toBeNull();

    await user.click(within(first).getByRole('button', { name: 'Send again to orgadmin@acme.test' }));
    expect(await screen.findByText('The message will be sent again now')).toBeTruthy();
    expect(api.calls).toContain('PATCH /admin/messages/:id/resend');
    await waitFor(() => expect(within(table).getByText('Pending')).toBeTruthy());
    expect(within(table).queryByRole('button', { name: /Send again/ })).toBeNull();
  });
});
