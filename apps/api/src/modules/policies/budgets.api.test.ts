/**
 * Budgets you can see (issue 44): `GET /fuel-policies/usage` gives each budget policy's period,
 * limit, use, remainder and projection, counting the coupons approved (their hold) and the fills
 * redeemed in its scope; an approval that brings a budget to 80% or 100% e-mails the admins.
 */
import type { BudgetUsage } from '@fleetfuel/contract';
import { describe, expect, it } from 'vitest';
import { lagosDate } from '../../platform/clock.js';
import { creditOrganization } from '../../../test/demo-world.js';
import { eventually } from '../../../test/harness.js';
import { useTestApp } from '../../../test/test-world.js';

const ADMIN = 'orgadmin@acme.test';
const world = useTestApp({
  signIn: ['admin@fleetfuel.test', ADMIN, 'asst@acme.test', 'driver@acme.test', 'orgadmin@beta.test', 'rep@unityfuels.test'],
  ids: async (find) => ({
    acme: await find.organization('Acme Logistics'),
    hilux: await find.vehicle('LND-451-KJ'),
    unity: await find.station('Unity Fuels Ikeja'),
  }),
  setUp: async ({ t }) => creditOrganization(t, 'Acme Logistics', 1_000_000),
});

const usage = (token: string, query: Record<string, string> = {}) => world.t.call('GET', '/api/fuel-policies/usage', { token, query });

async function setPolicy(body: Record<string, unknown>): Promise<string> {
  const res = await world.t.call('POST', '/api/fuel-policies', { token: world.token(ADMIN), body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().policy.id as string;
}

async function approvedRequest(volume: number) {
  const { t, ids } = world;
  const created = await t.call('POST', '/api/fuel-requests', {
    token: world.token(ADMIN),
    body: { vehicleId: ids.hilux, stationId: ids.unity, supplyDate: lagosDate(new Date()), volume },
  });
  expect(created.statusCode, created.body).toBe(200);
  const approved = await t.call('PATCH', `/api/fuel-requests/${created.json().request.id as string}/approve`, {
    token: world.token(ADMIN),
  });
  expect(approved.statusCode, approved.body).toBe(200);
  return approved.json().request as { id: string; heldAmount: number };
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

describe('budget usage', () => {
  it('counts approved coupons in each budget’s scope, with what is left and the pace, and alerts the admins at 80%', async () => {
    const { t, ids } = world;
    await t.db.deleteFrom('fuel_policies').where('organization_id', '=', ids.acme).execute();
    const vehicleLitres = await setPolicy({
      rule: 'MONTHLY_LITRES',
      value: 50,
      enforcement: 'SOFT',
      scope: { type: 'VEHICLE', id: ids.hilux },
    });
    const weeklyNaira = await setPolicy({
      rule: 'WEEKLY_BUDGET_NAIRA',
      value: 900_000,
      enforcement: 'HARD',
      scope: { type: 'ORGANIZATION' },
    });
    await setPolicy({ rule: 'MAX_LITRES_PER_FILL', value: 500, enforcement: 'HARD', scope: { type: 'ORGANIZATION' } });

    const before = (await usage(world.token(ADMIN))).json<{ budgets: BudgetUsage[] }>().budgets;
    // Only budgets, each at nothing used yet.
    expect(before.map((b) => [b.policyId, b.used])).toEqual(
      expect.arrayContaining([
        [vehicleLitres, 0],
        [weeklyNaira, 0],
      ]),
    );
    expect(before).toHaveLength(2);

    const mailsBefore = t.outbox().length;
    const approved = await approvedRequest(40);
    const budgets = (await usage(world.token('asst@acme.test'))).json<{ budgets: BudgetUsage[] }>().budgets;
    const litres = budgets.find((b) => b.policyId === vehicleLitres) as BudgetUsage;
    const days = daysBetween(litres.period.from, litres.period.to);
    const begun = daysBetween(litres.period.from, lagosDate(new Date()));
    expect(litres).toEqual({
      policyId: vehicleLitres,
      rule: 'MONTHLY_LITRES',
      enforcement: 'SOFT',
      scope: { type: 'VEHICLE', id: ids.hilux, name: 'LND-451-KJ' },
      period: { kind: 'MONTH', from: expect.stringMatching(/-01$/), to: litres.period.to },
      unit: 'LITRES',
      limit: 50,
      used: 40,
      remaining: 10,
      projected: Math.round(((40 * days) / begun) * 100) / 100,
      percentUsed: 80,
    });
    expect(budgets.find((b) => b.policyId === weeklyNaira)).toMatchObject({
      unit: 'NAIRA',
      used: approved.heldAmount,
      period: { kind: 'WEEK' },
    });

    // Sent after the reply, like every e-mail.
    const alert = await eventually(() =>
      t
        .outbox()
        .slice(mailsBefore)
        .find((mail) => mail.to === ADMIN && mail.subject === 'Fuel budget 80% used (vehicle LND-451-KJ policy)'),
    );
    expect(alert.text).toContain(
      'The monthly limit of 50 L (vehicle LND-451-KJ policy) is 80% used after approving 40 L for LND-451-KJ. See Fuel Policies for what is left.',
    );

    // The next approval takes it past 100%: a SOFT budget lets it through, and says it is used up.
    await approvedRequest(20);
    const after = (await usage(world.token(ADMIN))).json<{ budgets: BudgetUsage[] }>().budgets.find((b) => b.policyId === vehicleLitres);
    expect(after).toMatchObject({ used: 60, remaining: -10, percentUsed: 120 });
    await eventually(() => t.outbox().find((mail) => mail.subject === 'Fuel budget used up (vehicle LND-451-KJ policy)'));
    // One alert a threshold: the 80% one was not sent again.
    expect(t.outbox().filter((mail) => mail.to === ADMIN && mail.subject.startsWith('Fuel budget 80%'))).toHaveLength(1);
    await t.db.deleteFrom('fuel_policies').where('organization_id', '=', ids.acme).execute();
  });

  it('is read by the organization’s managers and the platform admin for an organization it names', async () => {
    expect((await usage(world.token('orgadmin@beta.test'))).json()).toEqual({ budgets: [] });
    for (const email of ['driver@acme.test', 'rep@unityfuels.test']) expect((await usage(world.token(email))).statusCode).toBe(403);
    const unnamed = await usage(world.token('admin@fleetfuel.test'));
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().field).toBe('organizationId');
    expect((await usage(world.token('admin@fleetfuel.test'), { organizationId: world.ids.acme })).statusCode).toBe(200);
    expect((await usage(world.token('orgadmin@beta.test'), { organizationId: world.ids.acme })).statusCode).toBe(404);
  });
});
