/**
 * The Flags page puts a pending request's Approve and Reject in a flag's details: the same dialogs
 * and calls as Fuel Tracking's, for the organization admin only.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes, type FuelRequest } from '@fleetfuel/contract';
import { policyFlag } from '@/features/flags/flag-fixtures';
import { pendingFuelRequest } from '@/test/fuel-request';
import { answer, renderWithApp } from '@/test/render-with-app';
import { FlagsPage } from './flags';
import { savedOrganizationSettings } from '@/test/organization-settings';

const pending: FuelRequest = {
  ...pendingFuelRequest,
  id: policyFlag.request.id,
  volume: 45,
  fuelType: 'DIESEL',
  flags: [{ code: 'POLICY_BREACH', severity: 'warning', message: policyFlag.message }],
};

const settings = { settings: savedOrganizationSettings };

/** No override waiting at the pump: the page shows no "Overrides waiting". */
const noOverrides = { data: [], total: 0 };

/**
 * Opens the pending request's flag as the organization admin; `decision` is the call its Approve
 * or Reject makes, answered with `message`. Resolves to the flag's dialog and the bodies sent.
 */
async function openPendingFlag(decision: 'approve' | 'reject', message: string) {
  const user = userEvent.setup({ delay: null });
  const bodies: unknown[] = [];
  const status = decision === 'approve' ? 'APPROVED' : 'REJECTED';
  renderWithApp(<FlagsPage />, {
    at: '/flags',
    api: [
      answer(routes.flags.list, () => ({ data: [policyFlag], total: 1 })),
      answer(routes.overrides.list, () => noOverrides),
      answer(routes.fuelRequests.single, () => pending),
      answer(routes.fuelRequests.stations, () => ({ stations: [] })),
      answer(routes.organizationSettings.get, () => settings),
      answer(routes.fuelRequests[decision], ({ body }) => {
        bodies.push(body);
        return { message, request: { ...pending, status } };
      }),
    ],
  });
  return { user, bodies, flag: await openFlag(user) };
}

async function openFlag(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'View Policy breach on LND-451-KJ' }));
  return screen.findByRole('dialog', { name: 'Policy breach' });
}

describe('FlagsPage', () => {
  it("offers the pending request's Approve to the organization admin, with the approve dialog and call of Fuel Tracking", async () => {
    const { user, bodies, flag } = await openPendingFlag('approve', 'Fuel request approved.');
    await user.click(await within(flag).findByRole('button', { name: 'Approve request' }));
    const approve = await screen.findByRole('dialog', { name: 'Approve fuel request' });
    expect(await within(approve).findByText('Check this flag before approving')).toBeTruthy();
    await user.click(await within(approve).findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Fuel request approved.')).toBeTruthy();
    expect(bodies).toEqual([{ note: '' }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Approve fuel request' })).toBeNull());
  });

  it("offers the pending request's Reject, with the reject dialog and call of Fuel Tracking", async () => {
    const { user, bodies, flag } = await openPendingFlag('reject', 'Fuel request rejected.');
    await user.click(await within(flag).findByRole('button', { name: 'Reject request' }));
    const reject = await screen.findByRole('dialog', { name: 'Reject fuel request' });
    await user.type(await within(reject).findByRole('textbox', { name: /^Note/ }), 'Over the policy');
    await user.click(within(reject).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Fuel request rejected.')).toBeTruthy();
    expect(bodies).toEqual([{ note: 'Over the policy' }]);
  });

  it('shows the assistant the pending flag without Approve or Reject', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = renderWithApp(<FlagsPage />, {
      role: 'ASST_ADMINISTRATOR',
      at: '/flags',
      api: [answer(routes.flags.list, () => ({ data: [policyFlag], total: 1 })), answer(routes.overrides.list, () => noOverrides)],
    });
    const flag = await openFlag(user);
    expect(within(flag).getByText('Max litres per fill: 40 L; 45 L requested')).toBeTruthy();
    expect(within(flag).queryByRole('button', { name: 'Approve request' })).toBeNull();
    expect(within(flag).queryByRole('button', { name: 'Reject request' })).toBeNull();
    expect(api.calls).not.toContain(`GET ${routes.fuelRequests.single.path}`);
  });
});
