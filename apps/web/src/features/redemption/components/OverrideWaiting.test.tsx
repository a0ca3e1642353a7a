/**
 * A fill that breaks a SOFT fuel policy waits at the pump: the screen shows why, asks every five
 * seconds, redeems by itself once a manager approves, and stops with the manager's note on a decline.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes, type OverrideStatus, type PolicyOverride } from '@fleetfuel/contract';
import { approvedFuelRequest } from '@/test/fuel-request';
import { FakeRefusal, TEST_ORGANIZATION_ID, answer, renderWithApp } from '@/test/render-with-app';
import { FuelRedeemForm } from './RedeemForms';

const OVERRIDE_ID = '00000000-0000-4000-8000-0000000004a1';
const BREACH = '25 L dispensed; the limit is 20 L per fill (organization policy)';
const request = { ...approvedFuelRequest, volume: 30, heldAmount: 30_000 };

const stopped = {
  error: `A manager must approve this fill: ${BREACH}. Wait here: it goes through once approved`,
  message: `A manager must approve this fill: ${BREACH}. Wait here: it goes through once approved`,
  code: 'OVERRIDE_REQUIRED',
  overrideId: OVERRIDE_ID,
};

function override(status: OverrideStatus, decided: Partial<PolicyOverride> = {}): { override: PolicyOverride } {
  return {
    override: {
      id: OVERRIDE_ID,
      status,
      breaches: [BREACH],
      dispensedVolume: 25,
      request: { id: request.id, couponCode: 'ABCD-2345', volume: 30, fuelType: 'PETROL', supplyDate: '2026-11-24' },
      vehicle: { id: request.vehicle.id, plateNumber: 'LND-451-KJ', make: 'Toyota', model: 'Hilux' },
      driver: null,
      station: { id: '00000000-0000-4000-8000-0000000000c1', name: 'Unity Fuels Ikeja' },
      organization: { id: TEST_ORGANIZATION_ID, name: 'Acme Logistics' },
      requestedBy: { id: '00000000-0000-4000-8000-000000000001', name: 'Ada Okafor' },
      requestedAt: '2026-11-24T10:15:00.000Z',
      decidedBy: null,
      decidedAt: null,
      note: null,
      expiresAt: null,
      ...decided,
    },
  };
}

/** The attendant's redeem form for the coupon, against these API answers. */
function renderRedeemForm(api: ReturnType<typeof answer>[], onDone: () => void = () => undefined) {
  return renderWithApp(
    <FuelRedeemForm
      request={request}
      coupon={{ code: 'ABCD-2345' }}
      onDone={onDone}
      onCancel={() => undefined}
      onError={() => undefined}
    />,
    { role: 'ATTENDANT', api },
  );
}

/** Fills in 25 L, reviews and confirms: the first complete call. */
async function confirmFill(user: ReturnType<typeof userEvent.setup>) {
  const volume = screen.getByRole('textbox', { name: /Dispensed Volume/ });
  await user.clear(volume);
  await user.type(volume, '25');
  const review = screen.getByRole('button', { name: 'Review' });
  await waitFor(() => expect(review).toHaveProperty('disabled', false));
  await user.click(review);
  await user.click(
    within(await screen.findByRole('region', { name: 'Check before you confirm' })).getByRole('button', { name: 'Confirm' }),
  );
}

describe('FuelRedeemForm: waiting for a manager at the pump', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the breach, polls every five seconds, and sends the same redemption again once approved', async () => {
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    const bodies: unknown[] = [];
    const statuses: OverrideStatus[] = ['PENDING', 'APPROVED'];
    let done = false;
    const { api } = renderRedeemForm(
      [
        answer(routes.fuelRequests.complete, ({ body }) => {
          bodies.push(body);
          return bodies.length === 1 ? new FakeRefusal(422, stopped) : { message: 'Coupon redeemed', request };
        }),
        answer(routes.overrides.station, () => override(statuses.shift() ?? 'APPROVED')),
      ],
      () => (done = true),
    );
    await confirmFill(user);

    const waiting = await screen.findByRole('region', { name: "Waiting for a manager's approval" });
    expect(within(waiting).getByRole('list', { name: 'Why it needs approval' }).textContent).toContain(BREACH);
    expect(waiting.textContent).toContain('LND-451-KJ');
    expect(waiting.textContent).toContain('25 L');
    expect(within(waiting).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    // The refusal is the waiting panel, not an error toast.
    expect(screen.queryByText(stopped.error)).toBeNull();
    const stationCalls = () => api.calls.filter((call) => call === `GET ${routes.overrides.station.path}`).length;
    expect(stationCalls()).toBe(1);
    expect(bodies).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(5_000);
    await waitFor(() => expect(stationCalls()).toBe(2));
    await waitFor(() => expect(done).toBe(true));
    expect(await screen.findByText('Coupon redeemed')).toBeTruthy();
    expect(screen.queryByText(stopped.error)).toBeNull();
    expect(bodies).toEqual([
      { code: 'ABCD-2345', dispensedVolume: 25 },
      { code: 'ABCD-2345', dispensedVolume: 25 },
    ]);
  });

  it("shows the manager's note on a decline and sends nothing more", async () => {
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    const bodies: unknown[] = [];
    const statuses: OverrideStatus[] = ['PENDING', 'DECLINED'];
    const { api } = renderRedeemForm([
      answer(routes.fuelRequests.complete, ({ body }) => (bodies.push(body), new FakeRefusal(422, stopped))),
      answer(routes.overrides.station, () => {
        const status = statuses.shift() ?? 'DECLINED';
        return status === 'DECLINED'
          ? override(status, {
              note: 'Tank was filled this morning',
              decidedBy: { id: '00000000-0000-4000-8000-0000000000d2', name: 'Ngozi Eze' },
            })
          : override(status);
      }),
    ]);
    await confirmFill(user);
    await screen.findByRole('region', { name: "Waiting for a manager's approval" });

    await vi.advanceTimersByTimeAsync(5_000);
    const declined = await screen.findByRole('region', { name: 'Declined' });
    expect(declined.textContent).toContain('Note from Ngozi Eze: Tank was filled this morning');
    expect(declined.textContent).toContain('You can dispense less and try again');

    // No more asking, and nothing sent again.
    await vi.advanceTimersByTimeAsync(15_000);
    expect(api.calls.filter((call) => call === `GET ${routes.overrides.station.path}`)).toHaveLength(2);
    expect(bodies).toHaveLength(1);

    // Back to the litres, to dispense less.
    await user.click(within(declined).getByRole('button', { name: 'Change the litres' }));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Dispensed Volume/ }).value).toBe('25');
  });

  it('cancels the override on the server when the attendant stops waiting, then goes back to the litres', async () => {
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    const cancelled: string[] = [];
    const { api } = renderRedeemForm([
      answer(routes.fuelRequests.complete, () => new FakeRefusal(422, stopped)),
      answer(routes.overrides.station, () => override('PENDING')),
      answer(routes.overrides.cancel, () => {
        cancelled.push(OVERRIDE_ID);
        return { message: 'Override cancelled: nothing was redeemed', ...override('CANCELLED') };
      }),
    ]);
    await confirmFill(user);
    const waiting = await screen.findByRole('region', { name: "Waiting for a manager's approval" });

    await user.click(within(waiting).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(cancelled).toEqual([OVERRIDE_ID]));
    expect(api.calls).toContain(`POST ${routes.overrides.cancel.path}`);
    expect(await screen.findByRole('textbox', { name: /Dispensed Volume/ })).toBeTruthy();
    expect(screen.queryByRole('region', { name: "Waiting for a manager's approval" })).toBeNull();
  });
});
