/**
 * Freezing (issue 44): the asset's Freeze asks for the reason and sends it, the frozen asset says
 * why on its page and offers Unfreeze; a frozen driver says so in the Drivers list. Only the
 * organization admin (and the platform) freezes: the assistant sees no such action.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, routes, type Driver, type Vehicle } from '@fleetfuel/contract';
import { TEST_ORGANIZATION_ID, answer, pressIncompleteSubmit, renderWithApp, sessionUser } from '@/test/render-with-app';
import { testVehicle as vehicle } from '@/test/vehicle';
import { AssetDetails } from './AssetDetails';
import { DriversPanel } from './DriversPanel';

const REASON = 'Suspected siphoning';
const FROZEN = { reason: REASON, at: '2026-11-25T09:30:00.000Z' };

const noTab = () => undefined;

describe('freezing', () => {
  it("freezes an asset with the reason typed, then shows why on the asset's page and unfreezes it", async () => {
    const user = userEvent.setup({ delay: null });
    let current: Vehicle = vehicle;
    const frozenBodies: unknown[] = [];
    const { api } = renderWithApp(<AssetDetails id={vehicle.id} tab="details" onTabChange={noTab} />, {
      api: [
        answer(routes.vehicles.get, () => current),
        answer(routes.vehicles.freeze, ({ body }) => {
          frozenBodies.push(body);
          current = { ...vehicle, frozen: FROZEN };
          return { message: 'LND-451-KJ is frozen', vehicle: current };
        }),
        answer(routes.vehicles.unfreeze, () => {
          current = vehicle;
          return { message: 'LND-451-KJ is unfrozen', vehicle: current };
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Freeze' }));
    const form = await screen.findByRole('form', { name: 'Freeze asset' });
    const submit = within(form).getByRole('button', { name: 'Freeze' });
    const reason = within(form).getByRole('textbox', { name: /^Reason/ });
    await pressIncompleteSubmit(user, submit, api, [[reason, MESSAGES.required]]);
    await user.type(reason, `  ${REASON} `);
    await user.click(submit);

    expect(await screen.findByText('LND-451-KJ is frozen')).toBeTruthy();
    expect(frozenBodies).toEqual([{ reason: REASON }]);
    expect(await screen.findByText(`Frozen: ${REASON}`)).toBeTruthy();
    expect(screen.getByText(/No fuel is requested, approved or redeemed for this asset until it is unfrozen/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Unfreeze' }));
    const confirm = await screen.findByRole('dialog', { name: 'Unfreeze asset' });
    await user.click(within(confirm).getByRole('button', { name: 'Unfreeze' }));
    expect(await screen.findByText('LND-451-KJ is unfrozen')).toBeTruthy();
    expect(api.calls).toContain(`POST ${routes.vehicles.unfreeze.path}`);
    await waitFor(() => expect(screen.queryByText(`Frozen: ${REASON}`)).toBeNull());
    expect(screen.getByRole('button', { name: 'Freeze' })).toBeTruthy();
  });

  it('shows the assistant that an asset is frozen, without Freeze or Unfreeze', async () => {
    renderWithApp(<AssetDetails id={vehicle.id} tab="details" onTabChange={noTab} />, {
      role: 'ASST_ADMINISTRATOR',
      api: [answer(routes.vehicles.get, () => ({ ...vehicle, frozen: FROZEN }))],
    });
    expect(await screen.findByText(`Frozen: ${REASON}`)).toBeTruthy();
    // The session's role is known once Edit (a fleet manager's) shows.
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unfreeze' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Freeze' })).toBeNull();
  });

  it("marks a frozen driver in the Drivers list with the reason, and freezes another from the row's menu", async () => {
    const user = userEvent.setup({ delay: null });
    const driver: Driver = {
      ...sessionUser('DRIVER'),
      id: '00000000-0000-4000-8000-0000000000e2',
      name: 'Chidi Eze',
      organizationId: TEST_ORGANIZATION_ID,
      departmentId: null,
      department: null,
      passwordPending: false,
      frozen: null,
    };
    const frozenDriver: Driver = { ...driver, id: '00000000-0000-4000-8000-0000000000e3', name: 'Ngozi Ibe', frozen: FROZEN };
    const bodies: unknown[] = [];
    renderWithApp(<DriversPanel />, {
      api: [
        answer(routes.drivers.list, () => ({ data: [driver, frozenDriver], meta: { page: 1, pageSize: 20, total: 2 } })),
        answer(routes.drivers.freeze, ({ body }) => {
          bodies.push(body);
          return { message: 'Chidi Eze is frozen', driver: { ...driver, frozen: { ...FROZEN, reason: 'Unpaid fines' } } };
        }),
      ],
    });
    const table = screen.getByRole('table', { name: 'Drivers' });
    const frozenRow = (await within(table).findByText('Ngozi Ibe')).closest('tr')!;
    expect(within(frozenRow).getByText(`Frozen: ${REASON}`)).toBeTruthy();
    const row = within(table).getByText('Chidi Eze').closest('tr')!;
    expect(within(row).queryByText(/^Frozen/)).toBeNull();

    await user.click(within(frozenRow).getByRole('button', { name: 'Actions for Ngozi Ibe' }));
    // Mantine's dropdown transition leaves the items hidden to happy-dom's visibility check.
    expect(await screen.findByRole('menuitem', { name: 'Unfreeze', hidden: true })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Freeze', hidden: true })).toBeNull();
    await user.keyboard('{Escape}');

    await user.click(within(row).getByRole('button', { name: 'Actions for Chidi Eze' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Freeze', hidden: true }));
    const form = await screen.findByRole('form', { name: 'Freeze driver' });
    await user.type(within(form).getByRole('textbox', { name: /^Reason/ }), 'Unpaid fines');
    const submit = within(form).getByRole('button', { name: 'Freeze' });
    await waitFor(() => expect(submit).toHaveProperty('disabled', false));
    await user.click(submit);
    expect(await screen.findByText('Chidi Eze is frozen')).toBeTruthy();
    expect(bodies).toEqual([{ reason: 'Unpaid fines' }]);
  });
});
