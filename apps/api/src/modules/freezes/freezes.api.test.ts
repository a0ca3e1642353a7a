/**
 * Freezing through HTTP (issue 44): a frozen vehicle or driver gets no fuel at any step (request,
 * approval, pump), each refusal naming which and why; the organization admin and the platform admin
 * freeze and unfreeze, audited; another tenant's ids answer 404.
 */
import { sql } from 'kysely';
import type { AuditEntry } from '@fleetfuel/contract';
import { describe, expect, it } from 'vitest';
import { lagosDate } from '../../platform/clock.js';
import { creditOrganization } from '../../../test/demo-world.js';
import { useTestApp } from '../../../test/test-world.js';

const ADMIN = 'orgadmin@acme.test';
const world = useTestApp({
  signIn: ['admin@fleetfuel.test', ADMIN, 'asst@acme.test', 'driver@acme.test', 'orgadmin@beta.test', 'attendant@unityfuels.test'],
  ids: async (find) => ({
    hilux: await find.vehicle('LND-451-KJ'),
    unity: await find.station('Unity Fuels Ikeja'),
    driver: await find.user('driver@acme.test'),
  }),
  setUp: async ({ t }) => creditOrganization(t, 'Acme Logistics', 500_000),
});

const post = (path: string, body?: unknown, token = world.token(ADMIN)) =>
  world.t.call('POST', `/api${path}`, { token, ...(body === undefined ? {} : { body }) });

async function requestFuel(token = world.token(ADMIN)) {
  // Earlier requests a day back: a new one is not a repeat within 12 hours.
  await sql`UPDATE fuel_requests SET created_at = created_at - interval '1 day' WHERE vehicle_id = ${world.ids.hilux}`.execute(world.t.db);
  return world.t.call('POST', '/api/fuel-requests', {
    token,
    body: { vehicleId: world.ids.hilux, stationId: world.ids.unity, supplyDate: lagosDate(new Date()), volume: 20 },
  });
}
const approve = (id: string) => world.t.call('PATCH', `/api/fuel-requests/${id}/approve`, { token: world.token(ADMIN) });
const redeem = (id: string, code: string) =>
  world.t.call('PATCH', `/api/fuel-requests/${id}/complete`, {
    token: world.token('attendant@unityfuels.test'),
    body: { code, dispensedVolume: 20 },
  });

const VEHICLE_FROZEN =
  'LND-451-KJ is frozen (suspected siphoning); no fuel can be requested, approved or redeemed until an admin unfreezes it';

describe('freezing a vehicle', () => {
  it('refuses a request, an approval and a redemption, naming the plate and the reason, until unfrozen', async () => {
    const pending = (await requestFuel()).json().request.id as string;
    const toRedeem = (await requestFuel()).json().request;
    const coupon = (await approve(toRedeem.id)).json().request.couponCode as string;

    const frozen = await post(`/vehicles/${world.ids.hilux}/freeze`, { reason: 'suspected siphoning' });
    expect(frozen.statusCode).toBe(200);
    expect(frozen.json().message).toBe('Vehicle frozen');
    expect(frozen.json().vehicle.frozen).toEqual({ reason: 'suspected siphoning', at: expect.any(String) });

    for (const refused of [
      await requestFuel(),
      await requestFuel(world.token('driver@acme.test')),
      await approve(pending),
      await redeem(toRedeem.id, coupon),
    ]) {
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'FROZEN', message: VEHICLE_FROZEN });
    }

    const unfrozen = await post(`/vehicles/${world.ids.hilux}/unfreeze`);
    expect(unfrozen.json()).toMatchObject({ message: 'Vehicle unfrozen', vehicle: { frozen: null } });
    expect((await approve(pending)).statusCode).toBe(200);
    expect((await redeem(toRedeem.id, coupon)).statusCode).toBe(200);

    const again = await post(`/vehicles/${world.ids.hilux}/unfreeze`);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('This vehicle is not frozen');

    const trail = await world.t.call('GET', '/api/audit-log', {
      token: world.token(ADMIN),
      query: { entityType: 'vehicle', entityId: world.ids.hilux },
    });
    const entries = (trail.json().entries as AuditEntry[]).filter((e) => e.action.endsWith('frozen'));
    expect(entries.map((e) => e.action)).toEqual(['vehicle.unfrozen', 'vehicle.frozen']);
    expect(entries[1]?.changes.frozenReason).toEqual({ before: null, after: 'suspected siphoning' });
  });

  it('is for the organization admin and the platform admin; another tenant gets 404, a reason is required', async () => {
    expect((await post(`/vehicles/${world.ids.hilux}/freeze`, { reason: 'x' }, world.token('asst@acme.test'))).statusCode).toBe(403);
    expect((await post(`/vehicles/${world.ids.hilux}/freeze`, { reason: 'x' }, world.token('driver@acme.test'))).statusCode).toBe(403);
    expect((await post(`/vehicles/${world.ids.hilux}/freeze`, { reason: 'x' }, world.token('orgadmin@beta.test'))).statusCode).toBe(404);
    const blank = await post(`/vehicles/${world.ids.hilux}/freeze`, { reason: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().field).toBe('reason');
    const byPlatform = await post(`/vehicles/${world.ids.hilux}/freeze`, { reason: 'audit hold' }, world.token('admin@fleetfuel.test'));
    expect(byPlatform.json().vehicle.frozen.reason).toBe('audit hold');
    expect((await post(`/vehicles/${world.ids.hilux}/unfreeze`, undefined, world.token('admin@fleetfuel.test'))).statusCode).toBe(200);
  });
});

describe('freezing a driver', () => {
  it("refuses fuel for the driver's vehicle at every step and says it is the driver", async () => {
    const pending = (await requestFuel()).json().request.id as string;
    const frozen = await post(`/drivers/${world.ids.driver}/freeze`, { reason: 'under investigation' });
    expect(frozen.statusCode).toBe(200);
    expect(frozen.json().driver.frozen.reason).toBe('under investigation');
    const name = frozen.json().driver.name as string;
    const message = `Driver ${name} is frozen (under investigation); no fuel can be requested, approved or redeemed until an admin unfreezes the driver`;
    for (const refused of [await requestFuel(), await approve(pending)]) {
      expect(refused.json()).toMatchObject({ code: 'FROZEN', message });
    }
    expect((await post(`/drivers/${world.ids.driver}/freeze`, { reason: 'x' }, world.token('orgadmin@beta.test'))).statusCode).toBe(404);
    // A vehicle's id is not a driver's.
    expect((await post(`/drivers/${world.ids.hilux}/freeze`, { reason: 'x' })).statusCode).toBe(404);
    expect((await post(`/drivers/${world.ids.driver}/unfreeze`)).json().driver.frozen).toBeNull();
    expect((await approve(pending)).statusCode).toBe(200);
  });
});
