/**
 * The fuel policies page: policies by scope (organization, groups, drivers, vehicles) in plain
 * words, the organization admin's Add, Edit and Delete, and the assistant's read-only list.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '@fleetfuel/contract';
import { answer, emptyPage, renderWithApp } from '@/test/render-with-app';
import { IDS, organizationScope, policy, stationsReply } from '../policy-fixtures';
import { PoliciesPanel } from './PoliciesPanel';

/** As the API answers them, though the page orders them itself. */
const POLICIES = [
  policy(1, {
    rule: 'WEEKLY_BUDGET_NAIRA',
    value: 150000,
    enforcement: 'HARD',
    scope: { type: 'VEHICLE', id: IDS.hilux, name: 'LND-451-KJ' },
  }),
  policy(2, {
    rule: 'ALLOWED_HOURS',
    value: { from: '06:00', to: '22:00' },
    enforcement: 'SOFT',
    scope: { type: 'GROUP', id: IDS.operations, name: 'Operations' },
  }),
  policy(3, {
    rule: 'ALLOWED_DAYS',
    value: ['FRI', 'MON', 'TUE'],
    enforcement: 'HARD',
    scope: { type: 'DRIVER', id: IDS.musa, name: 'Musa Bello' },
  }),
  policy(4, { rule: 'ALLOWED_STATIONS', value: [IDS.unity], enforcement: 'SOFT', scope: organizationScope }),
  policy(5, { rule: 'MAX_LITRES_PER_FILL', value: 40, enforcement: 'HARD', scope: organizationScope }),
  policy(6, { rule: 'VALID_INSURANCE', value: true, enforcement: 'HARD', scope: organizationScope }),
];

const listed = (policies = POLICIES) => answer(routes.fuelPolicies.list, () => ({ policies }));
const stations = answer(routes.fuelRequests.stations, () => stationsReply);
/** The vehicle's weekly budget, 92% used on the Wednesday of its week. */
const usage = answer(routes.fuelPolicies.usage, () => ({
  budgets: [
    {
      policyId: POLICIES[0]?.id as string,
      rule: 'WEEKLY_BUDGET_NAIRA' as const,
      enforcement: 'HARD' as const,
      scope: { type: 'VEHICLE' as const, id: IDS.hilux, name: 'LND-451-KJ' },
      period: { kind: 'WEEK' as const, from: '2026-11-23', to: '2026-11-29' },
      unit: 'NAIRA' as const,
      limit: 150000,
      used: 138000,
      remaining: 12000,
      projected: 322000,
      percentUsed: 92,
    },
  ],
}));

/** Each section's rows, as "rule — scope — enforcement" texts. */
function sectionRows(name: string): string[] {
  const list = screen.getByRole('list', { name });
  return within(list)
    .getAllByRole('listitem')
    .map((row) => row.textContent ?? '');
}

describe('PoliciesPanel', () => {
  it('lists the policies by scope, organization first, each rule in plain words with its scope and enforcement', async () => {
    const { container } = renderWithApp(<PoliciesPanel />, { api: [listed(), stations, usage] });
    await screen.findByRole('list', { name: 'Organization-wide' });
    // The page's own sections: the toasts' region ("Notifications Alt+T") is the app's, not the page's.
    const sections = within(container)
      .getAllByRole('region')
      .map((section) => section.getAttribute('aria-label'))
      .filter((label) => !label?.startsWith('Notifications'));
    expect(sections).toEqual(['Organization-wide', 'Groups', 'Drivers', 'Vehicles']);

    await waitFor(() =>
      expect(sectionRows('Organization-wide')).toEqual([
        'Max litres per fill: 40 LWhole organizationRefuse',
        'Allowed stations: Unity Fuels IkejaWhole organizationLet through, flagged',
        'Valid insurance requiredWhole organizationRefuse',
      ]),
    );
    expect(sectionRows('Groups')).toEqual(['Allowed hours: 06:00–22:00 (Lagos time)Group OperationsLet through, flagged']);
    expect(sectionRows('Drivers')).toEqual(['Allowed days: Mon, Tue, FriDriver Musa BelloRefuse']);
    expect(sectionRows('Vehicles')).toEqual(['Weekly budget: ₦150,000.00Vehicle LND-451-KJRefuse']);
    expect(screen.getByRole('button', { name: 'Add Policy' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Actions for Max litres per fill: 40 L (Whole organization)' })).toBeTruthy();

    // The budget's use this week, above the rules.
    const budgets = await screen.findByRole('list', { name: 'Budgets this period' });
    expect(within(budgets).getByRole('progressbar', { name: 'Weekly budget · Vehicle LND-451-KJ: 92% used' })).toBeTruthy();
    expect(budgets.textContent).toContain('₦138,000.00 of ₦150,000.00 used · ₦12,000.00 left · at this pace ₦322,000.00 by 29 Nov 2026');
  });

  it('explains what policies do when there are none, with Add Policy for the organization admin', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithApp(<PoliciesPanel />, { api: [listed([])] });
    expect(await screen.findByRole('heading', { name: 'No fuel policies yet' })).toBeTruthy();
    expect(screen.getByText(/the rules checked whenever fuel is requested, approved and redeemed/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add Policy' }));
    expect(await screen.findByRole('form', { name: 'Add fuel policy' })).toBeTruthy();
  });

  it('is read-only for the assistant: no Add, Edit or Delete', async () => {
    renderWithApp(<PoliciesPanel />, { role: 'ASST_ADMINISTRATOR', api: [listed(), stations, usage] });
    await screen.findByRole('list', { name: 'Vehicles' });
    expect(screen.getByText(/\(read-only\)/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Policy' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).toBeNull();
  });

  it('has no Add Policy for the assistant when there are none either', async () => {
    renderWithApp(<PoliciesPanel />, { role: 'ASST_ADMINISTRATOR', api: [listed([])] });
    expect(await screen.findByRole('heading', { name: 'No fuel policies yet' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Policy' })).toBeNull();
  });

  it('edits a policy from its row', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithApp(<PoliciesPanel />, { api: [listed(), stations, usage, answer(routes.vehicles.list, () => emptyPage())] });
    await user.click(await screen.findByRole('button', { name: 'Actions for Weekly budget: ₦150,000.00 (Vehicle LND-451-KJ)' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit', hidden: true }));
    const form = await screen.findByRole('form', { name: 'Edit fuel policy' });
    expect(within(form).getByRole('textbox', { name: 'Amount' })).toHaveProperty('value', '150000');
    // The policy's own vehicle is named though it is not among the vehicles listed.
    expect(within(form).getByRole('option', { name: 'LND-451-KJ' })).toBeTruthy();
  });

  it('deletes a policy after its confirmation, with the API’s toast', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = renderWithApp(<PoliciesPanel />, {
      api: [listed(), stations, usage, answer(routes.fuelPolicies.remove, () => ({ message: 'Fuel policy removed' }))],
    });
    await user.click(await screen.findByRole('button', { name: 'Actions for Max litres per fill: 40 L (Whole organization)' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete fuel policy' });
    expect(dialog.textContent).toContain('Delete Max litres per fill: 40 L for the whole organization?');
    expect(api.calls).not.toContain('DELETE /fuel-policies/:id');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Fuel policy removed')).toBeTruthy();
    expect(api.calls).toContain('DELETE /fuel-policies/:id');
  });
});
