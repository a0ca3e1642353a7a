/**
 * "Overrides waiting" on the Flags page: the organization admin approves a fill stopped at the pump
 * in one tap, or declines it with a note; the assistant only sees it.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes, type PolicyOverride } from '@fleetfuel/contract';
import { TEST_ORGANIZATION_ID, answer, renderWithApp } from '@/test/render-with-app';
import { OverridesWaiting } from './OverridesWaiting';

const BREACH = '25 L dispensed; the limit is 20 L per fill (organization policy)';

const pendingOverride: PolicyOverride = {
  id: '00000000-0000-4000-8000-0000000004a1',
  status: 'PENDING',
  breaches: [BREACH],
  dispensedVolume: 25,
  request: {
    id: '00000000-0000-4000-8000-0000000000f1',
    couponCode: 'ABCD-2345',
    volume: 30,
    fuelType: 'PETROL',
    supplyDate: '2026-11-24',
  },
  vehicle: { id: '00000000-0000-4000-8000-0000000000b1', plateNumber: 'LND-451-KJ', make: 'Toyota', model: 'Hilux' },
  driver: { id: '00000000-0000-4000-8000-0000000000d3', name: 'Musa Ibrahim' },
  station: { id: '00000000-0000-4000-8000-0000000000c1', name: 'Unity Fuels Ikeja' },
  organization: { id: TEST_ORGANIZATION_ID, name: 'Acme Logistics' },
  requestedBy: { id: '00000000-0000-4000-8000-0000000000e1', name: 'Chidi Attendant' },
  requestedAt: '2026-11-24T10:15:00.000Z',
  decidedBy: null,
  decidedAt: null,
  note: null,
  expiresAt: null,
};

function decidedReply(body: unknown) {
  const decision = (body as { decision: string }).decision;
  return {
    message: decision === 'APPROVE' ? 'Override approved.' : 'Override declined.',
    override: { ...pendingOverride, status: decision === 'APPROVE' ? 'APPROVED' : 'DECLINED' },
  };
}

describe('OverridesWaiting', () => {
  it('lists a pending override with its plate, station, litres, breaches and attendant, and approves it in one tap', async () => {
    const user = userEvent.setup({ delay: null });
    const bodies: unknown[] = [];
    let waiting = [pendingOverride];
    renderWithApp(<OverridesWaiting />, {
      api: [
        answer(routes.overrides.list, () => ({ data: waiting, total: waiting.length })),
        answer(routes.overrides.decide, ({ body }) => {
          bodies.push(body);
          waiting = [];
          return decidedReply(body);
        }),
      ],
    });
    const card = await screen.findByRole('article', { name: 'Override for LND-451-KJ' });
    expect(screen.getByRole('heading', { name: 'Overrides waiting' })).toBeTruthy();
    expect(within(card).getByRole('list', { name: 'Breaches' }).textContent).toContain(BREACH);
    expect(within(card).getByLabelText('Litres asked').textContent).toBe('25 L');
    expect(card.textContent).toContain('Unity Fuels Ikeja');
    expect(card.textContent).toContain('asked by Chidi Attendant');

    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Override approved.')).toBeTruthy();
    expect(bodies).toEqual([{ decision: 'APPROVE' }]);
    // Nothing waits any more: the section goes away.
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Overrides waiting' })).toBeNull());
  });

  it('declines with the note the attendant will read', async () => {
    const user = userEvent.setup({ delay: null });
    const bodies: unknown[] = [];
    renderWithApp(<OverridesWaiting />, {
      api: [
        answer(routes.overrides.list, () => ({ data: [pendingOverride], total: 1 })),
        answer(routes.overrides.decide, ({ body }) => (bodies.push(body), decidedReply(body))),
      ],
    });
    const card = await screen.findByRole('article', { name: 'Override for LND-451-KJ' });
    await user.click(within(card).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this fill' });
    expect(bodies).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'Tank was full yesterday');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Override declined.')).toBeTruthy();
    expect(bodies).toEqual([{ decision: 'DECLINE', note: 'Tank was full yesterday' }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Decline this fill' })).toBeNull());
  });

  it('shows the assistant the waiting override without Approve or Decline', async () => {
    renderWithApp(<OverridesWaiting />, {
      role: 'ASST_ADMINISTRATOR',
      api: [answer(routes.overrides.list, () => ({ data: [pendingOverride], total: 1 }))],
    });
    const card = await screen.findByRole('article', { name: 'Override for LND-451-KJ' });
    expect(within(card).getByRole('list', { name: 'Breaches' }).textContent).toContain(BREACH);
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('shows nothing while no override waits', async () => {
    const { api } = renderWithApp(<OverridesWaiting />, {
      api: [answer(routes.overrides.list, () => ({ data: [], total: 0 }))],
    });
    await waitFor(() => expect(api.calls).toContain(`GET ${routes.overrides.list.path}`));
    expect(screen.queryByRole('heading', { name: 'Overrides waiting' })).toBeNull();
  });

  it('asks nothing for a role without overrides.read', () => {
    const { api } = renderWithApp(<OverridesWaiting />, { role: 'ATTENDANT' });
    expect(api.calls).not.toContain(`GET ${routes.overrides.list.path}`);
    expect(screen.queryByRole('heading', { name: 'Overrides waiting' })).toBeNull();
  });
});
