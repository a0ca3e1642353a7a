/**
 * Overrides at the pump through HTTP (issue 44): a fill that breaks a SOFT policy stops with
 * OVERRIDE_REQUIRED and one pending override (the admins e-mailed); the organization admin approves
 * or declines it once, audited; an approval lets that coupon through for 15 minutes, up to the
 * litres asked, and is spent by it; a decline stops as many litres again. Two attendants at once
 * get one override and one payment.
 */
import type { AuditEntry, PolicyOverride } from '@fleetfuel/contract';
import { describe, expect, it } from 'vitest';
import { lagosDate } from '../../platform/clock.js';
import { creditOrganization } from '../../../test/demo-world.js';
import { eventually } from '../../../test/harness.js';
import { useTestApp } from '../../../test/test-world.js';

const ADMIN = 'orgadmin@acme.test';
const ATTENDANT = 'attendant@unityfuels.test';
const world = useTestApp({
  signIn: [ADMIN, 'asst@acme.test', 'driver@acme.test', 'orgadmin@beta.test', ATTENDANT, 'rep@unityfuels.test', 'rep@greenline.test'],
  ids: async (find) => ({
    acme: await find.organization('Acme Logistics'),
    actros: await find.vehicle('APP-220-XA'),
    hilux: await find.vehicle('LND-451-KJ'),
    driver: await find.user('driver@acme.test'),
    admin: await find.user(ADMIN),
    unity: await find.station('Unity Fuels Ikeja'),
  }),
  setUp: async ({ t, ids }) => {
    await creditOrganization(t, 'Acme Logistics', 1_000_000);
    await t.db.deleteFrom('fuel_policies').where('organization_id', '=', ids.acme).execute();
    const res = await t.call('POST', '/api/fuel-policies', {
      token: world.token(ADMIN),
      body: { rule: 'MAX_LITRES_PER_FILL', value: 20, enforcement: 'SOFT', scope: { type: 'ORGANIZATION' } },
    });
    expect(res.statusCode).toBe(200);
  },
});

async function coupon(volume = 40, vehicleId = world.ids.actros) {
  const { t, ids } = world;
  const created = await t.call('POST', '/api/fuel-requests', {
    token: world.token(ADMIN),
    body: { vehicleId, stationId: ids.unity, supplyDate: lagosDate(new Date()), volume },
  });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().request.id as string;
  const approved = await t.call('PATCH', `/api/fuel-requests/${id}/approve`, { token: world.token(ADMIN) });
  expect(approved.statusCode, approved.body).toBe(200);
  return { id, code: approved.json().request.couponCode as string };
}
const redeem = (
  request: { id: string; code: string },
  dispensedVolume: number,
  token = world.token(ATTENDANT),
  confirmation: { confirmationCode?: string } = {},
) =>
  world.t.call('PATCH', `/api/fuel-requests/${request.id}/complete`, {
    token,
    body: { code: request.code, dispensedVolume, ...confirmation },
  });
const decide = (id: string, body: unknown, token = world.token(ADMIN)) => world.t.call('PATCH', `/api/overrides/${id}`, { token, body });
const stationView = (id: string, token = world.token(ATTENDANT)) => world.t.call('GET', `/api/station/overrides/${id}`, { token });
const cancel = (id: string, token = world.token(ATTENDANT)) => world.t.call('POST', `/api/station/overrides/${id}/cancel`, { token });
const overridesOf = async (requestId: string) =>
  world.t.db
    .selectFrom('policy_overrides')
    .select(['id', 'status'])
    .where('fuel_request_id', '=', requestId)
    .orderBy('created_at')
    .execute();
const requestStatus = async (id: string) =>
  (await world.t.db.selectFrom('fuel_requests').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

describe('a SOFT breach at the pump', () => {
  it('waits for one override, asks the admins, and completes once approved, audited and spent', async () => {
    const request = await coupon();
    const mails = world.t.outbox().length;
    const stopped = await redeem(request, 25);
    expect(stopped.statusCode).toBe(422);
    expect(stopped.json()).toMatchObject({
      code: 'OVERRIDE_REQUIRED',
      overrideId: expect.any(String),
      message:
        'A manager must approve this fill: 25 L dispensed; the limit is 20 L per fill (organization policy). Wait here: it goes through once approved',
    });
    const overrideId = stopped.json().overrideId as string;
    expect(await requestStatus(request.id)).toBe('APPROVED');
    const asked = await eventually(() =>
      world.t
        .outbox()
        .slice(mails)
        .find((mail) => mail.to === ADMIN && mail.subject === 'Override needed at Unity Fuels Ikeja: APP-220-XA'),
    );
    expect(asked.text).toContain(
      'is about to dispense 25 L of DIESEL for APP-220-XA, which breaks: 25 L dispensed; the limit is 20 L per fill',
    );

    // Trying again waits on the same override.
    expect((await redeem(request, 25)).json().overrideId).toBe(overrideId);
    expect(await overridesOf(request.id)).toEqual([{ id: overrideId, status: 'PENDING' }]);
    const waiting = (await stationView(overrideId)).json<{ override: PolicyOverride }>().override;
    expect(waiting).toMatchObject({
      status: 'PENDING',
      dispensedVolume: 25,
      vehicle: { plateNumber: 'APP-220-XA' },
      station: { name: 'Unity Fuels Ikeja' },
    });
    expect(waiting.breaches).toEqual(['25 L dispensed; the limit is 20 L per fill (organization policy)']);

    const approved = await decide(overrideId, { decision: 'APPROVE', note: 'Long haul to Kano' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().message).toBe('Override approved: the station may dispense up to 25 L for the next 15 minutes');
    const override = approved.json().override as PolicyOverride;
    expect(override).toMatchObject({ status: 'APPROVED', note: 'Long haul to Kano', decidedBy: { name: expect.any(String) } });
    const minutes = (Date.parse(override.expiresAt as string) - Date.parse(override.decidedAt as string)) / 60_000;
    expect(Math.round(minutes)).toBe(15);
    expect((await decide(overrideId, { decision: 'DECLINE' })).statusCode).toBe(409);

    const done = await redeem(request, 25);
    expect(done.statusCode, done.body).toBe(200);
    expect(await overridesOf(request.id)).toEqual([{ id: overrideId, status: 'USED' }]);
    const asAdmin = await world.t.call('GET', `/api/fuel-requests/single/${request.id}`, { token: world.token(ADMIN) });
    expect(asAdmin.json().flags).toContainEqual({
      code: 'POLICY_BREACH',
      severity: 'warning',
      message: `25 L dispensed; the limit is 20 L per fill (organization policy); let through by ${override.decidedBy?.name}'s override`,
    });
    const trail = await world.t.call('GET', '/api/audit-log', {
      token: world.token(ADMIN),
      query: { entityType: 'policy_override', entityId: overrideId },
    });
    expect((trail.json().entries as AuditEntry[]).map((entry) => entry.action)).toEqual(['policy_override.approved']);
  });

  it('asks anew when an approval has lapsed or covers fewer litres, and stops as many litres as were declined', async () => {
    const request = await coupon();
    const first = (await redeem(request, 25)).json().overrideId as string;
    await decide(first, { decision: 'APPROVE' });
    // More than approved: a new override, the approval closed.
    const more = await redeem(request, 30);
    expect(more.json().code).toBe('OVERRIDE_REQUIRED');
    expect(more.json().overrideId).not.toBe(first);
    expect(await overridesOf(request.id)).toEqual([
      { id: first, status: 'EXPIRED' },
      { id: more.json().overrideId, status: 'PENDING' },
    ]);

    const declined = await decide(more.json().overrideId as string, { decision: 'DECLINE', note: 'Not on this route' });
    expect(declined.json()).toMatchObject({ message: 'Override declined', override: { status: 'DECLINED' } });
    const again = await redeem(request, 30);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({
      code: 'RULE_VIOLATION',
      message:
        'A manager declined 30 L for this coupon (Not on this route); dispense within the fuel policy, or less than that to ask again',
    });
    // Less than declined asks again; within the policy needs no one.
    expect((await redeem(request, 22)).json().code).toBe('OVERRIDE_REQUIRED');
    const lapsed = (await overridesOf(request.id)).at(-1)?.id as string;
    await decide(lapsed, { decision: 'APPROVE' });
    await world.t.db
      .updateTable('policy_overrides')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('id', '=', lapsed)
      .execute();
    expect((await redeem(request, 22)).json().code).toBe('OVERRIDE_REQUIRED');
    const within = await redeem(request, 20);
    expect(within.statusCode, within.body).toBe(200);
    // The fill within the policy left the override asked for 22 L waiting: it lapses with the coupon.
    expect((await overridesOf(request.id)).at(-1)?.status).toBe('EXPIRED');
    expect((await decide((await overridesOf(request.id)).at(-1)?.id as string, { decision: 'APPROVE' })).statusCode).toBe(409);
  });

  it('closes an override still waiting when its coupon expires: no manager is asked about a coupon that no longer is', async () => {
    const request = await coupon();
    const waiting = (await redeem(request, 25)).json().overrideId as string;
    await world.t.db
      .updateTable('fuel_requests')
      .set({ coupon_expires_at: new Date(Date.now() - 60_000) })
      .where('id', '=', request.id)
      .execute();
    // The next attempt at the pump finds the coupon expired and expires it, as the nightly job would.
    const late = await redeem(request, 25);
    expect(late.json().message).toMatch(/expired/i);
    expect(late.statusCode).toBe(422);
    expect(await requestStatus(request.id)).toBe('EXPIRED');
    expect(await overridesOf(request.id)).toEqual([{ id: waiting, status: 'EXPIRED' }]);
    const alerts = await world.t.call('GET', '/api/alerts', { token: world.token(ADMIN) });
    expect((alerts.json().alerts as Array<{ subject: { id: string } }>).filter((alert) => alert.subject.id === waiting)).toEqual([]);
  });

  it("does not spend the driver's one-time code on a fill that waits: the same code completes it once approved", async () => {
    const { t } = world;
    const settings = (on: boolean) =>
      t.call('PUT', '/api/settings/organization', { token: world.token(ADMIN), body: { requireDriverConfirmation: on } });
    expect((await settings(true)).statusCode).toBe(200);
    try {
      await t.db.updateTable('users').set({ pump_pin_hash: null, pump_pin_set_at: null }).where('id', '=', world.ids.driver).execute();
      const request = await coupon(40, world.ids.hilux);
      expect(
        (await t.call('POST', `/api/fuel-requests/${request.id}/confirmation-code`, { token: world.token(ATTENDANT) })).statusCode,
      ).toBe(200);
      const { phone } = await t.db.selectFrom('users').select('phone').where('id', '=', world.ids.driver).executeTakeFirstOrThrow();
      const text = await eventually(() =>
        t
          .smsOutbox()
          .filter((sms) => sms.to === phone && sms.text.startsWith('FleetFuel code '))
          .at(-1),
      );
      const code = /FleetFuel code (\d{6})/.exec(text.text)?.[1] as string;

      const stopped = await redeem(request, 25, world.token(ATTENDANT), { confirmationCode: code });
      expect(stopped.json().code).toBe('OVERRIDE_REQUIRED');
      await decide(stopped.json().overrideId as string, { decision: 'APPROVE' });
      const done = await redeem(request, 25, world.token(ATTENDANT), { confirmationCode: code });
      expect(done.statusCode, done.body).toBe(200);
    } finally {
      await settings(false);
    }
  });

  it('is seen by the organization’s managers, decided by its admin, and read by the waiting station only', async () => {
    const request = await coupon();
    const overrideId = (await redeem(request, 25)).json().overrideId as string;
    const listed = await world.t.call('GET', '/api/overrides', { token: world.token('asst@acme.test'), query: { status: 'PENDING' } });
    expect((listed.json().data as PolicyOverride[]).map((o) => o.id)).toContain(overrideId);
    expect((await world.t.call('GET', '/api/overrides', { token: world.token('orgadmin@beta.test') })).json().total).toBe(0);
    expect((await world.t.call('GET', '/api/overrides', { token: world.token('driver@acme.test') })).statusCode).toBe(403);
    expect((await decide(overrideId, { decision: 'APPROVE' }, world.token('asst@acme.test'))).statusCode).toBe(403);
    expect((await decide(overrideId, { decision: 'APPROVE' }, world.token('orgadmin@beta.test'))).statusCode).toBe(404);
    expect((await decide(overrideId, { decision: 'MAYBE' })).statusCode).toBe(400);
    expect((await stationView(overrideId, world.token('rep@unityfuels.test'))).statusCode).toBe(200);
    expect((await stationView(overrideId, world.token('rep@greenline.test'))).statusCode).toBe(404);
    expect((await stationView(overrideId, world.token('driver@acme.test'))).statusCode).toBe(403);
  });

  it('gives two attendants at once one override, and after approval one payment', async () => {
    const request = await coupon();
    const rep = world.token('rep@unityfuels.test');
    const both = await Promise.all([redeem(request, 25), redeem(request, 25, rep)]);
    expect(both.map((res) => res.json().code)).toEqual(['OVERRIDE_REQUIRED', 'OVERRIDE_REQUIRED']);
    expect(new Set(both.map((res) => res.json().overrideId)).size).toBe(1);
    await decide(both[0]?.json().overrideId as string, { decision: 'APPROVE' });

    const paid = await Promise.all([redeem(request, 25), redeem(request, 25, rep)]);
    const statuses = paid.map((res) => res.statusCode).sort((a, b) => a - b);
    // One goes through; the other finds the coupon redeemed (a refusal, never a 5xx).
    expect(statuses[0]).toBe(200);
    expect(statuses[1]).toBeGreaterThanOrEqual(409);
    expect(statuses[1]).toBeLessThan(500);
    expect(await requestStatus(request.id)).toBe('COMPLETED');
    const payments = await world.t.db
      .selectFrom('journal_entries')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('idempotency_key', '=', `redeem:${request.id}`)
      .executeTakeFirstOrThrow();
    expect(Number(payments.n)).toBe(1);
  });

  it('texts the admin who may decide, with a phone and the choice on, besides the e-mail', async () => {
    const { t, ids } = world;
    const texts = () =>
      t.db
        .selectFrom('outgoing_messages')
        .select(['user_id', 'recipient', 'params'])
        .where('channel', '=', 'SMS')
        .where('organization_id', '=', ids.acme)
        .where('template', '=', 'overrideNeeded')
        .orderBy('created_at')
        .execute();
    const before = (await texts()).length;
    await redeem(await coupon(), 25);
    // The assistant cannot decide, so only the admin is texted, worded when sent (in English: the admin's language).
    const params = { station: 'Unity Fuels Ikeja', plate: 'APP-220-XA', litres: 25, fuelType: 'DIESEL' };
    expect((await texts()).slice(before)).toEqual([{ user_id: ids.admin, recipient: '+2348030000002', params }]);
    const body = 'FleetFuel: override needed at Unity Fuels Ikeja for APP-220-XA, 25 L. Approve in FleetFuel > Flags.';
    await eventually(() => t.smsOutbox().find((sms) => sms.to === '+2348030000002' && sms.text === body));

    // Request decisions turned off: no e-mail, and no text either.
    await t.db.insertInto('notification_preferences').values({ user_id: ids.admin, request_decisions: false }).execute();
    try {
      const count = (await texts()).length;
      expect((await redeem(await coupon(), 25)).json().code).toBe('OVERRIDE_REQUIRED');
      expect(await texts()).toHaveLength(count);
    } finally {
      await t.db.deleteFrom('notification_preferences').where('user_id', '=', ids.admin).execute();
    }
  });

  it('is cancelled by the waiting station only while pending, audited, and the coupon asks afresh', async () => {
    const request = await coupon();
    const overrideId = (await redeem(request, 25)).json().overrideId as string;
    expect((await cancel(overrideId, world.token('rep@greenline.test'))).statusCode).toBe(404);
    expect((await cancel(overrideId, world.token('driver@acme.test'))).statusCode).toBe(403);

    const cancelled = await cancel(overrideId);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ message: 'Override cancelled: nothing was redeemed', override: { status: 'CANCELLED' } });
    const again = await cancel(overrideId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'This override is already cancelled; only a pending one is cancelled',
    });
    expect((await decide(overrideId, { decision: 'APPROVE' })).statusCode).toBe(409);
    const trail = await world.t.call('GET', '/api/audit-log', {
      token: world.token(ADMIN),
      query: { entityType: 'policy_override', entityId: overrideId },
    });
    expect((trail.json().entries as AuditEntry[]).map((entry) => entry.action)).toEqual(['policy_override.cancelled']);
    const listed = await world.t.call('GET', '/api/overrides', { token: world.token(ADMIN), query: { status: 'CANCELLED' } });
    expect((listed.json().data as PolicyOverride[]).map((o) => o.id)).toContain(overrideId);

    // Trying again asks a manager anew; a decided override is not the attendant's to cancel.
    const asked = (await redeem(request, 25)).json().overrideId as string;
    expect(asked).not.toBe(overrideId);
    await decide(asked, { decision: 'APPROVE' });
    expect((await cancel(asked)).json()).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('already approved') });
    expect(await requestStatus(request.id)).toBe('APPROVED');
  });
});
