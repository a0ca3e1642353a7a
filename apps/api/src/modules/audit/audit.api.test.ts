import type { AuditEntry } from '@fleetfuel/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { addDays, lagosDate } from '../../platform/clock.js';
import { USUAL_ACCOUNTS } from '../../../test/demo-world.js';
import { useTestApp } from '../../../test/test-world.js';

const world = useTestApp({
  signIn: [...USUAL_ACCOUNTS, 'attendant@unityfuels.test', 'rep@greenline.test'],
  ids: async (find) => ({
    hilux: await find.vehicle('LND-451-KJ'),
    betaTruck: await find.vehicle('KAN-903-BT'),
    unity: await find.station('Unity Fuels Ikeja'),
    acme: await find.organization('Acme Logistics'),
  }),
  setUp: async ({ t, token }) => {
    const wallet = (await t.call('GET', '/api/wallet', { token: token('orgadmin@acme.test') })).json().wallet.id as string;
    await t.call('POST', `/api/wallet/${wallet}/create-transaction`, {
      token: token('admin@fleetfuel.test'),
      body: { amount: 500_000, type: 'CREDIT', note: 'audit test funds' },
    });
  },
});
const today = () => lagosDate(new Date());
const token = (email: string) => world.token(email);

/** The audit log as a caller sees it, with the given filters. */
async function auditLog(email: string, query: Record<string, string | number> = {}) {
  const res = await world.t.call('GET', '/api/audit-log', { token: token(email), query: { pageSize: 100, ...query } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ entries: AuditEntry[]; meta: { page: number; pageSize: number; total: number } }>();
}
const historyOf = async (entityId: string) => (await auditLog('admin@fleetfuel.test', { entityId })).entries;

async function fuelRequest(email: string, body: Record<string, unknown> = {}): Promise<string> {
  const res = await world.t.call('POST', '/api/fuel-requests', {
    token: token(email),
    body: { vehicleId: world.ids.hilux, stationId: world.ids.unity, supplyDate: today(), volume: 30, ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().request.id as string;
}

describe('what the audit trail records', () => {
  it('an approval, a redemption and a rejection each write one entry with the changed fields before and after', async () => {
    const approvedId = await fuelRequest('orgadmin@acme.test');
    // Without trustProxy a forwarded header is not believed: the address is the connection's.
    const approve = await world.t.call('PATCH', `/api/fuel-requests/${approvedId}/approve`, {
      token: token('orgadmin@acme.test'),
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const [approval, ...noOther] = await historyOf(approvedId);
    expect(noOther).toEqual([]);
    expect(approval).toMatchObject({
      action: 'fuel_request.approved',
      entityType: 'fuel_request',
      entityId: approvedId,
      actor: { name: 'Tunde Bakare', role: 'ADMINISTRATOR' },
      ipAddress: '127.0.0.1',
      changes: {
        status: { before: 'PENDING', after: 'APPROVED' },
        pricePerUnit: { before: null, after: 950 },
        heldAmount: { before: null, after: 28500 },
        couponExpiresAt: { before: null, after: approve.json().request.couponExpiresAt },
      },
    });

    // A refused approval changes nothing and so records nothing.
    const again = await world.t.call('PATCH', `/api/fuel-requests/${approvedId}/approve`, { token: token('orgadmin@acme.test') });
    expect(again.statusCode).toBe(422);
    expect(await historyOf(approvedId)).toHaveLength(1);

    const redeem = await world.t.call('PATCH', `/api/fuel-requests/${approvedId}/complete`, {
      token: token('rep@unityfuels.test'),
      body: { code: approve.json().request.couponCode, dispensedVolume: 20 },
    });
    expect(redeem.statusCode, redeem.body).toBe(200);
    const [redemption] = await historyOf(approvedId);
    expect(redemption).toMatchObject({
      action: 'fuel_request.redeemed',
      actor: { role: 'STATION_REP' },
      changes: {
        status: { before: 'APPROVED', after: 'COMPLETED' },
        dispensedVolume: { before: null, after: 20 },
        amount: { after: 19000 },
      },
    });

    const rejectedId = await fuelRequest('driver@acme.test');
    await world.t.call('PATCH', `/api/fuel-requests/${rejectedId}/reject`, {
      token: token('orgadmin@acme.test'),
      body: { note: 'Use the pool car' },
    });
    expect(await historyOf(rejectedId)).toMatchObject([
      {
        action: 'fuel_request.rejected',
        changes: { status: { before: 'PENDING', after: 'REJECTED' }, rejectionNote: { before: null, after: 'Use the pool car' } },
      },
    ]);
  });

  it('writes the entry in the transaction of the change: when the entry cannot be written, the approval does not happen', async () => {
    const id = await fuelRequest('orgadmin@acme.test');
    // A test-only trigger makes this one request's entry fail, after everything else of the approval ran.
    await sql`CREATE FUNCTION refuse_test_entry() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.entity_id = ${sql.lit(id)} THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$`.execute(world.t.db);
    await sql`CREATE TRIGGER refuse_test_entry BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_test_entry()`.execute(
      world.t.db,
    );
    try {
      const res = await world.t.call('PATCH', `/api/fuel-requests/${id}/approve`, { token: token('orgadmin@acme.test') });
      expect(res.statusCode).toBe(500);
    } finally {
      await sql`DROP TRIGGER refuse_test_entry ON audit_log`.execute(world.t.db);
      await sql`DROP FUNCTION refuse_test_entry()`.execute(world.t.db);
    }
    const request = await world.t.call('GET', `/api/fuel-requests/single/${id}`, { token: token('orgadmin@acme.test') });
    expect(request.json()).toMatchObject({ status: 'PENDING', heldAmount: null, couponCode: null });
    expect(await historyOf(id)).toEqual([]);
  });

  it('a price change, a plan created and updated, and a privileged sign-in each write one entry', async () => {
    const price = await world.t.call('PATCH', '/api/fuel-requests/update-price', {
      token: token('rep@unityfuels.test'),
      body: { fuelType: 'DIESEL', pricePerLitre: 1234.5 },
    });
    expect(price.statusCode, price.body).toBe(200);
    const [priceEntry] = (await auditLog('rep@unityfuels.test', { action: 'fuel_station.price_changed' })).entries;
    expect(priceEntry).toMatchObject({ entityId: world.ids.unity, changes: { DIESEL: { before: 1150, after: 1234.5 } } });

    const created = await world.t.call('POST', '/api/subscriptions', {
      token: token('admin@fleetfuel.test'),
      body: { name: 'Audit Plan', amount: 15000, circle: 30 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const planId = created.json().subscription.id as string;
    await world.t.call('PUT', `/api/subscriptions/${planId}`, {
      token: token('admin@fleetfuel.test'),
      body: { name: 'Audit Plan', amount: 18000 },
    });
    const [updated, creation, ...rest] = await historyOf(planId);
    expect(rest).toEqual([]);
    expect(creation).toMatchObject({
      action: 'plan.created',
      changes: { name: { before: null, after: 'Audit Plan' }, amount: { after: 15000 } },
    });
    // Only what changed: the name was sent again but is the same.
    expect(updated).toMatchObject({ action: 'plan.updated', changes: { amount: { before: 15000, after: 18000 } } });
    expect(Object.keys(updated?.changes ?? {})).toEqual(['amount']);

    const signIns = async (email: string) => {
      const user = await world.t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      return (await auditLog('admin@fleetfuel.test', { action: 'user.signed_in', entityId: user.id })).entries.length;
    };
    const before = await signIns('orgadmin@acme.test');
    await world.t.login('orgadmin@acme.test');
    expect(await signIns('orgadmin@acme.test')).toBe(before + 1);
    await world.t.login('driver@acme.test');
    expect(await signIns('driver@acme.test')).toBe(0);
  });
});

describe('who reads the audit trail', () => {
  it('the platform admin sees all, an organization admin its organization’s, a station rep its station’s', async () => {
    const acmeId = await fuelRequest('orgadmin@acme.test');
    await world.t.call('PATCH', `/api/fuel-requests/${acmeId}/reject`, { token: token('orgadmin@acme.test'), body: {} });
    const betaId = await fuelRequest('orgadmin@beta.test', { vehicleId: world.ids.betaTruck, volume: 5 });
    await world.t.call('PATCH', `/api/fuel-requests/${betaId}/reject`, { token: token('orgadmin@beta.test'), body: {} });

    const seen = async (email: string) => (await auditLog(email, { action: 'fuel_request.rejected' })).entries.map((e) => e.entityId);
    expect(await seen('admin@fleetfuel.test')).toEqual(expect.arrayContaining([acmeId, betaId]));
    expect(await seen('orgadmin@acme.test')).toContain(acmeId);
    expect(await seen('orgadmin@acme.test')).not.toContain(betaId);
    expect(await seen('orgadmin@beta.test')).toEqual([betaId]);
    // Both requests name Unity's station: Unity's rep sees both, Greenline's neither.
    expect(await seen('rep@unityfuels.test')).toEqual(expect.arrayContaining([acmeId, betaId]));
    expect(await seen('rep@greenline.test')).toEqual([]);

    // Asking for another tenant's record by id finds nothing rather than telling it exists.
    expect((await auditLog('orgadmin@acme.test', { entityId: betaId })).entries).toEqual([]);
    expect((await auditLog('rep@greenline.test', { entityId: acmeId })).entries).toEqual([]);
    const acmeWide = await auditLog('orgadmin@acme.test');
    expect(acmeWide.entries.some((e) => e.entityId === betaId)).toBe(false);

    for (const email of ['driver@acme.test', 'attendant@unityfuels.test', 'asst@acme.test']) {
      expect((await world.t.call('GET', '/api/audit-log', { token: token(email) })).statusCode, email).toBe(403);
    }
  });

  it('filters by action, entity type, search and Lagos dates, and pages', async () => {
    const byAction = await auditLog('orgadmin@acme.test', { action: 'wallet.adjusted' });
    expect(byAction.entries.length).toBeGreaterThan(0);
    expect(byAction.entries.every((e) => e.action === 'wallet.adjusted' && e.entityType === 'wallet')).toBe(true);
    expect(byAction.entries[0]).toMatchObject({ note: 'audit test funds', actor: { role: 'ADMIN' } });

    const byType = await auditLog('admin@fleetfuel.test', { entityType: 'plan' });
    expect(byType.entries.every((e) => e.entityType === 'plan')).toBe(true);

    const byName = await auditLog('orgadmin@acme.test', { search: 'tunde' });
    expect(byName.entries.length).toBeGreaterThan(0);
    expect(byName.entries.every((e) => e.actor?.name === 'Tunde Bakare')).toBe(true);

    const all = await auditLog('orgadmin@acme.test');
    expect((await auditLog('orgadmin@acme.test', { from: today(), to: today() })).meta.total).toBe(all.meta.total);
    expect((await auditLog('orgadmin@acme.test', { to: addDays(today(), -1) })).entries).toEqual([]);
    expect((await auditLog('orgadmin@acme.test', { from: addDays(today(), 1) })).entries).toEqual([]);

    const page = await auditLog('orgadmin@acme.test', { pageSize: 1, page: 2 });
    expect(page.meta).toEqual({ page: 2, pageSize: 1, total: all.meta.total });
    expect(page.entries).toEqual([all.entries[1]]);

    const backwards = await world.t.call('GET', '/api/audit-log', {
      token: token('orgadmin@acme.test'),
      query: { from: today(), to: addDays(today(), -1) },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ field: 'to', error: 'to: The start date must be on or before the end date' });
    const unknown = await world.t.call('GET', '/api/audit-log', {
      token: token('orgadmin@acme.test'),
      query: { action: 'fuel_request.deleted' },
    });
    expect(unknown.statusCode).toBe(400);
  });
});
