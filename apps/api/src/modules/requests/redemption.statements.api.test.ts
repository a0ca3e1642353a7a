/**
 * A redemption is the pump's path and the busiest write: each statement is a round trip to the
 * database while the wallets' rows wait (bench/RESULTS.md, "Redemption, profiled"). This keeps its
 * statements at their count, so that a re-read or a lookup added to it is a decision, not a drift.
 */
import { describe, expect, it } from 'vitest';
import { lagosDate } from '../../platform/clock.js';
import { creditOrganization, demoIds } from '../../../test/demo-world.js';
import { countedDemoApp } from '../../../test/statement-count.js';

/**
 * Statements of one redemption once the process knows the wallets' account ids: the session, the
 * locked request with its organization's rule (and whether a reserve holds litres for it: this one
 * drew on none, so the reserves are not read), the vehicle, the flags' history, the audit entry,
 * the hold's capture with the journal entry that pays it (one statement), the request's update, the webhook deliveries
 * (counted twice: the insert and the endpoints it selects), the e-mails into the outbox (counted
 * twice too: the insert and the recipients it selects, the organization's admins and the
 * requester in one, written leased to this process), the postings and the reply's read; then,
 * after the reply, the sender's record that they went: it sends the e-mails it wrote without
 * claiming them. (The vehicle's driver has no phone: no text.)
 */
const REDEMPTION_STATEMENTS = 14;
/** An organization with fuel policies: its policies are read, and a budget's use in its period (issue 44). */
const WITH_BUDGET_POLICIES = REDEMPTION_STATEMENTS + 2;

describe('redemption: statements per request', () => {
  const demo = countedDemoApp();

  it(`runs ${REDEMPTION_STATEMENTS} statements, its e-mails included`, async () => {
    const { t, counter } = demo;
    const find = demoIds(t);
    const admin = await t.login('orgadmin@acme.test');
    const attendant = await t.login('attendant@unityfuels.test');
    await creditOrganization(t, 'Acme Logistics', 100_000);
    // The demo's own fuel policies (budgets) are set aside first, then brought back for the second count.
    const acme = await find.organization('Acme Logistics');
    const policies = await t.db.selectFrom('fuel_policies').selectAll().where('organization_id', '=', acme).execute();
    expect(policies.length).toBeGreaterThan(0);
    await t.db.deleteFrom('fuel_policies').where('organization_id', '=', acme).execute();
    const vehicleId = await find.vehicle('APP-220-XA');
    const stationId = await find.station('Unity Fuels Ikeja');
    const redeem = async () => {
      const created = await t.call('POST', '/api/fuel-requests', {
        token: admin,
        body: { vehicleId, stationId, supplyDate: lagosDate(new Date()), volume: 10 },
      });
      const id = created.json().request.id as string;
      const code = (await t.call('PATCH', `/api/fuel-requests/${id}/approve`, { token: admin })).json().request.couponCode as string;
      const { reply } = await counter.send(
        {
          method: 'PATCH',
          url: `/api/fuel-requests/${id}/complete`,
          payload: JSON.stringify({ code, dispensedVolume: 9 }),
          headers: { 'content-type': 'application/json' },
        },
        attendant,
      );
      expect(reply.statusCode, reply.body).toBe(200);
      return counter.settled();
    };
    // The first also looks up the wallets' account ids, which the process then keeps.
    expect(await redeem()).toBeGreaterThan(REDEMPTION_STATEMENTS);
    expect(await redeem()).toBe(REDEMPTION_STATEMENTS);
    expect(await redeem()).toBe(REDEMPTION_STATEMENTS);

    await t.db
      .insertInto('fuel_policies')
      .values(policies.map((policy) => ({ ...policy, value: JSON.stringify(policy.value) })))
      .execute();
    expect(await redeem()).toBe(WITH_BUDGET_POLICIES);
  });
});
