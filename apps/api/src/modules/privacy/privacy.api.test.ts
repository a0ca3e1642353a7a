/**
 * Issue 45's personal data (NDPA 2023): a person's export, a driver's export and erasure by the
 * organization's admin, the platform's for any account, who may not, and the retention purge.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PERSONAL_DATA_EXPORT_LIMIT, type PersonalDataExport } from '@fleetfuel/contract';
import { OPEN_COUPON_MESSAGE } from './privacy.service.js';
import { lagosDate } from '../../platform/clock.js';
import { DEMO_PASSWORD } from '../../../test/harness.js';
import { creditOrganization } from '../../../test/demo-world.js';
import { png, sendForm } from '../../../test/multipart.js';
import { useTestApp } from '../../../test/test-world.js';

const ORG_ADMIN = 'orgadmin@acme.test';
const DAY_MS = 86_400_000;
/** The person every test looks at: a driver Acme adds with a photo, who drives the bike. */
const AMAKA = { name: 'Amaka Nwankwo', email: 'amaka.nwankwo@acme.test', phone: '08031234567', password: 'Amaka-Drives-2026' };

const world = useTestApp({
  // Retention shorter than the defaults: the purge must read the settings, not its own numbers.
  config: { retention: { messageDays: 7, sessionDays: 10, signInAttemptDays: 5 } },
  signIn: [ORG_ADMIN, 'admin@fleetfuel.test', 'orgadmin@beta.test', 'asst@acme.test', 'attendant@unityfuels.test'],
  ids: async (find) => ({
    bike: await find.vehicle('KJA-118-QB'),
    unity: await find.station('Unity Fuels Ikeja'),
  }),
  setUp: async ({ t, ids, token }) => {
    await creditOrganization(t, 'Acme Logistics', 100_000);
    const created = await sendForm(
      t,
      'POST',
      '/api/drivers',
      { name: AMAKA.name, email: AMAKA.email, phone: AMAKA.phone, password: AMAKA.password, image: png('amaka.png') },
      token(ORG_ADMIN),
    );
    expect(created.statusCode, created.body).toBe(200);
    amakaId = created.json<{ id: string }>().id;
    const assigned = await t.call('PATCH', '/api/vehicles/assign-driver', {
      token: token(ORG_ADMIN),
      body: { driverId: amakaId, vehicleId: ids.bike },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
  },
});
let amakaId = '';

/** Amaka raises a fuel request for the bike and Acme's admin approves it: an open coupon. */
async function approvedRequest(driverToken: string): Promise<{ id: string; couponCode: string }> {
  const raised = await world.t.call('POST', '/api/fuel-requests', {
    token: driverToken,
    body: { vehicleId: world.ids.bike, stationId: world.ids.unity, supplyDate: lagosDate(new Date()), volume: 5 },
  });
  expect(raised.statusCode, raised.body).toBe(200);
  const approved = await world.t.call('PATCH', `/api/fuel-requests/${raised.json().request.id}/approve`, { token: world.token(ORG_ADMIN) });
  expect(approved.statusCode, approved.body).toBe(200);
  return approved.json<{ request: { id: string; couponCode: string } }>().request;
}

describe('exporting personal data', () => {
  it("gives a driver its own data, and the same to its organization's admin and the platform", async () => {
    const driver = await world.t.login(AMAKA.email, AMAKA.password);
    const request = await approvedRequest(driver);
    await world.t.call('DELETE', `/api/drivers/${amakaId}/pump-pin`, { token: world.token(ORG_ADMIN) });

    const own = await world.t.call('GET', '/api/account/data-export', { token: driver });
    expect(own.statusCode, own.body).toBe(200);
    const data = own.json();
    expect(data.person).toMatchObject({
      id: amakaId,
      name: AMAKA.name,
      email: AMAKA.email,
      phone: '+2348031234567',
      role: 'DRIVER',
      status: 'ACTIVE',
      organization: 'Acme Logistics',
      erasedAt: null,
    });
    expect(data.person.photoUrl).toMatch(/^\/api\/files\/user-avatar-/);
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.sessions[0]).toMatchObject({ endedAt: null, ipAddress: '127.0.0.1' });
    expect(data.requests.fuel).toEqual([
      expect.objectContaining({ id: request.id, asRequester: true, asDriver: true, status: 'APPROVED', vehicle: 'KJA-118-QB', volume: 5 }),
    ]);
    expect(data.requests.maintenance).toEqual([]);
    expect(
      data.messages.some(
        (m: { recipient: string; subject: string }) => m.recipient === AMAKA.email && m.subject.startsWith('Fuel approved'),
      ),
    ).toBe(true);
    expect(data.auditEntries).toEqual([expect.objectContaining({ as: 'SUBJECT', action: 'user.pump_pin_reset', entityId: amakaId })]);
    expect(data.truncated).toEqual({
      sessions: false,
      fuelRequests: false,
      maintenanceRequests: false,
      messages: false,
      auditEntries: false,
    });
    // A coupon code is a bearer credential: the request's entry leaves it out (the messages that carried it are the person's own).
    expect(Object.keys(data.requests.fuel[0])).not.toContain('couponCode');

    const byAdmin = await world.t.call('GET', `/api/drivers/${amakaId}/data-export`, { token: world.token(ORG_ADMIN) });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json().person.email).toBe(AMAKA.email);
    expect(byAdmin.json().requests.fuel.map((r: { id: string }) => r.id)).toEqual([request.id]);
    const byPlatform = await world.t.call('GET', `/api/admin/users/${amakaId}/data-export`, { token: world.token('admin@fleetfuel.test') });
    expect(byPlatform.json().person.id).toBe(amakaId);

    // What the approver did is in the approver's own export, as the actor.
    const approver = await world.t.call('GET', '/api/account/data-export', { token: world.token(ORG_ADMIN) });
    expect(approver.json().auditEntries).toContainEqual(
      expect.objectContaining({ as: 'ACTOR', action: 'fuel_request.approved', entityId: request.id }),
    );

    const attendant = world.token('attendant@unityfuels.test');
    const redeemed = await world.t.call('PATCH', `/api/fuel-requests/${request.id}/complete`, {
      token: attendant,
      body: { code: request.couponCode, dispensedVolume: 5 },
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
  });

  it('cuts a list at the newest 5,000 rows and says so', async () => {
    const user = await world.t.db.selectFrom('users').select('id').where('email', '=', 'driver2@acme.test').executeTakeFirstOrThrow();
    // 5,001 ended sessions, the newest first by a minute each, in one statement.
    await sql`INSERT INTO sessions (user_id, token_hash, created_at, last_used_at, expires_at, ended_at, end_reason)
      SELECT ${user.id}::uuid, 'many-' || n, now() - make_interval(mins => n), now() - make_interval(mins => n),
        now() + interval '1 day', now(), 'LOGOUT'
      FROM generate_series(1, ${PERSONAL_DATA_EXPORT_LIMIT + 1}) AS n`.execute(world.t.db);
    const res = await world.t.call('GET', `/api/drivers/${user.id}/data-export`, { token: world.token(ORG_ADMIN) });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const data = res.json<PersonalDataExport>();
    expect(data.sessions).toHaveLength(PERSONAL_DATA_EXPORT_LIMIT);
    expect(data.truncated.sessions).toBe(true);
    expect(data.truncated.fuelRequests).toBe(false);
    // Newest first: the oldest of the 5,001 is the one left out.
    const times = data.sessions.map((s) => s.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    await world.t.db.deleteFrom('sessions').where('token_hash', 'like', 'many-%').execute();
  });

  it('answers 404 for another organization’s driver and 403 to roles without the permission', async () => {
    const beta = world.token('orgadmin@beta.test');
    expect((await world.t.call('GET', `/api/drivers/${amakaId}/data-export`, { token: beta })).statusCode).toBe(404);
    expect((await world.t.call('POST', `/api/drivers/${amakaId}/erase`, { token: beta })).statusCode).toBe(404);
    const driver = await world.t.login(AMAKA.email, AMAKA.password);
    for (const token of [driver, world.token('asst@acme.test'), world.token('attendant@unityfuels.test')]) {
      expect((await world.t.call('GET', `/api/drivers/${amakaId}/data-export`, { token })).statusCode).toBe(403);
      expect((await world.t.call('POST', `/api/drivers/${amakaId}/erase`, { token })).statusCode).toBe(403);
    }
    const orgAdmin = world.token(ORG_ADMIN);
    expect((await world.t.call('GET', `/api/admin/users/${amakaId}/data-export`, { token: orgAdmin })).statusCode).toBe(403);
    expect((await world.t.call('POST', `/api/admin/users/${amakaId}/erase`, { token: orgAdmin })).statusCode).toBe(403);
    // A driver's route names drivers only: an assistant of the same organization is not one.
    const assistant = await world.t.db.selectFrom('users').select('id').where('email', '=', 'asst@acme.test').executeTakeFirstOrThrow();
    expect((await world.t.call('GET', `/api/drivers/${assistant.id}/data-export`, { token: orgAdmin })).statusCode).toBe(404);
  });
});

describe('erasing a person', () => {
  it('is refused while the person holds an open coupon, and changes nothing', async () => {
    const driver = await world.t.login(AMAKA.email, AMAKA.password);
    const request = await approvedRequest(driver);
    const refused = await world.t.call('POST', `/api/drivers/${amakaId}/erase`, { token: world.token(ORG_ADMIN) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT', error: OPEN_COUPON_MESSAGE });
    const row = await world.t.db
      .selectFrom('users')
      .select(['name', 'email', 'erased_at'])
      .where('id', '=', amakaId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: AMAKA.name, email: AMAKA.email, erased_at: null });
    expect((await world.t.call('GET', '/api/auth/me', { token: driver })).statusCode).toBe(200);

    const redeemed = await world.t.call('PATCH', `/api/fuel-requests/${request.id}/complete`, {
      token: world.token('attendant@unityfuels.test'),
      body: { code: request.couponCode, dispensedVolume: 5 },
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
  });

  it('anonymizes the person and keeps the ids and amounts of the ledger, requests and audit', async () => {
    const driver = await world.t.login(AMAKA.email, AMAKA.password);
    const before = await world.t.db.selectFrom('users').selectAll().where('id', '=', amakaId).executeTakeFirstOrThrow();
    const photo = before.image_key as string;
    const requests = await world.t.db
      .selectFrom('fuel_requests')
      .select(['id', 'status', 'requested_by', 'driver_id', 'amount_kobo', 'fee_kobo', 'payment_entry_id'])
      .where('requested_by', '=', amakaId)
      .orderBy('id')
      .execute();
    expect(requests.filter((r) => r.status === 'COMPLETED')).toHaveLength(2);
    const entryIds = requests.map((r) => r.payment_entry_id as string);
    const postings = () =>
      world.t.db.selectFrom('postings').select(['id', 'entry_id', 'amount_kobo']).where('entry_id', 'in', entryIds).orderBy('id').execute();
    const auditOfRequests = () =>
      world.t.db
        .selectFrom('audit_log')
        .select(['id', 'action', 'changes'])
        .where(
          'entity_id',
          'in',
          requests.map((r) => r.id),
        )
        .orderBy('id')
        .execute();
    const postingsBefore = await postings();
    const auditBefore = await auditOfRequests();
    expect(postingsBefore.length).toBeGreaterThan(0);

    const erased = await world.t.call('POST', `/api/drivers/${amakaId}/erase`, { token: world.token(ORG_ADMIN) });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json().message).toMatch(/^The personal data was erased/);

    const after = await world.t.db.selectFrom('users').selectAll().where('id', '=', amakaId).executeTakeFirstOrThrow();
    expect(after).toMatchObject({
      name: 'Erased person',
      title: null,
      email: `erased-${amakaId}@erased.invalid`,
      phone: null,
      image_key: null,
      status: 'INACTIVE',
      pump_pin_hash: null,
      station_pin_hash: null,
      role: 'DRIVER',
      organization_id: before.organization_id,
    });
    expect(after.erased_at).toBeInstanceOf(Date);
    expect(after.password_hash).not.toBe(before.password_hash);
    // The photo's record and bytes are gone.
    expect(await world.t.db.selectFrom('files').select('id').where('storage_key', '=', photo).execute()).toEqual([]);
    const file = await world.t.call('GET', `/api/files/${photo}`, { token: world.token('admin@fleetfuel.test') });
    expect(file.statusCode).toBe(404);

    // Sessions ended, and the devices and addresses they came from forgotten.
    expect((await world.t.call('GET', '/api/auth/me', { token: driver })).statusCode).toBe(401);
    const sessions = await world.t.db
      .selectFrom('sessions')
      .select(['ended_at', 'end_reason', 'ip_address', 'user_agent'])
      .where('user_id', '=', amakaId)
      .execute();
    expect(sessions.length).toBeGreaterThan(0);
    for (const session of sessions) {
      expect(session.ended_at).toBeInstanceOf(Date);
      expect(session).toMatchObject({ ip_address: null, user_agent: null });
    }
    expect(sessions.some((s) => s.end_reason === 'ERASED')).toBe(true);
    const signIn = await world.t.call('POST', '/api/auth/login', { body: { username: AMAKA.email, password: AMAKA.password } });
    expect(signIn.statusCode).toBe(401);
    const byPhone = await world.t.call('POST', '/api/auth/login', { body: { username: AMAKA.phone, password: AMAKA.password } });
    expect(byPhone.statusCode).toBe(401);

    // The messages to the person are gone from the outbox; so are the sign-in attempts under the person's contacts.
    const messages = await world.t.db
      .selectFrom('outgoing_messages')
      .select('id')
      .where((eb) => eb.or([eb('user_id', '=', amakaId), eb('recipient', 'in', [AMAKA.email, '+2348031234567'])]))
      .execute();
    expect(messages).toEqual([]);
    const attempts = await world.t.db
      .selectFrom('sign_in_attempts')
      .select('id')
      .where('username', 'in', [AMAKA.email, '+2348031234567'])
      .where('attempted_at', '<', after.erased_at as Date)
      .execute();
    expect(attempts).toEqual([]);

    // Requests, their postings and their audit entries keep ids and amounts, and still point at the account.
    const requestsAfter = await world.t.db
      .selectFrom('fuel_requests')
      .select(['id', 'status', 'requested_by', 'driver_id', 'amount_kobo', 'fee_kobo', 'payment_entry_id'])
      .where(
        'id',
        'in',
        requests.map((r) => r.id),
      )
      .orderBy('id')
      .execute();
    expect(requestsAfter).toEqual(requests);
    expect(await postings()).toEqual(postingsBefore);
    expect(await auditOfRequests()).toEqual(auditBefore);

    // The erasure is audited, naming nobody.
    const [entry] = await world.t.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id', 'actor_role', 'organization_id', sql<string>`changes::text`.as('changes')])
      .where('action', '=', 'user.erased')
      .where('entity_id', '=', amakaId)
      .execute();
    expect(entry).toEqual({
      action: 'user.erased',
      entity_id: amakaId,
      actor_role: 'ADMINISTRATOR',
      organization_id: before.organization_id,
      changes: '{"erased": {"after": true, "before": null}}',
    });

    // The export now says so, with nothing left to name the person.
    const exported = await world.t.call('GET', `/api/drivers/${amakaId}/data-export`, { token: world.token(ORG_ADMIN) });
    expect(exported.json().person).toMatchObject({ name: 'Erased person', phone: null, photoUrl: null, status: 'INACTIVE' });
    expect(exported.body).not.toContain(AMAKA.name);
    expect(exported.body).not.toContain(AMAKA.email);
    expect(exported.body).not.toContain('2348031234567');
  });

  it('answers a second erasure, and any change to the erased account, with a conflict', async () => {
    const again = await world.t.call('POST', `/api/drivers/${amakaId}/erase`, { token: world.token(ORG_ADMIN) });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/^This person's personal data was already erased on \d{4}-\d{2}-\d{2}$/);
    const byPlatform = await world.t.call('POST', `/api/admin/users/${amakaId}/erase`, { token: world.token('admin@fleetfuel.test') });
    expect(byPlatform.statusCode).toBe(409);
    const revived = await world.t.call('PUT', `/api/admin/users/${amakaId}`, {
      token: world.token('admin@fleetfuel.test'),
      body: { status: 'ACTIVE', email: 'amaka.again@acme.test' },
    });
    expect(revived.statusCode).toBe(409);
    expect(revived.json().error).toBe("This person's personal data was erased; the account cannot be changed");
  });

  it('lets the platform erase any account, but nobody their own', async () => {
    const admin = world.token('admin@fleetfuel.test');
    const own = await world.t.db.selectFrom('users').select('id').where('email', '=', 'admin@fleetfuel.test').executeTakeFirstOrThrow();
    const self = await world.t.call('POST', `/api/admin/users/${own.id}/erase`, { token: admin });
    expect(self.statusCode).toBe(422);
    const assistant = await world.t.db.selectFrom('users').select('id').where('email', '=', 'asst@acme.test').executeTakeFirstOrThrow();
    const erased = await world.t.call('POST', `/api/admin/users/${assistant.id}/erase`, { token: admin });
    expect(erased.statusCode, erased.body).toBe(200);
    expect((await world.t.call('GET', '/api/auth/me', { token: world.token('asst@acme.test') })).statusCode).toBe(401);
    const signIn = await world.t.call('POST', '/api/auth/login', { body: { username: 'asst@acme.test', password: DEMO_PASSWORD } });
    expect(signIn.statusCode).toBe(401);
  });
});

describe('retention', () => {
  it('purges sessions, sign-in attempts and messages older than their settings, and keeps the younger', async () => {
    const now = Date.now();
    const daysAgo = (days: number) => new Date(now - days * DAY_MS);
    const user = await world.t.db.selectFrom('users').select('id').where('email', '=', 'driver@acme.test').executeTakeFirstOrThrow();
    const session = async (endedDaysAgo: number | null, expiresDaysAgo: number) =>
      (
        await world.t.db
          .insertInto('sessions')
          .values({
            user_id: user.id,
            token_hash: randomBytes(16).toString('hex'),
            created_at: daysAgo(expiresDaysAgo + 7),
            last_used_at: daysAgo(expiresDaysAgo + 1),
            expires_at: daysAgo(expiresDaysAgo),
            ended_at: endedDaysAgo === null ? null : daysAgo(endedDaysAgo),
            end_reason: endedDaysAgo === null ? null : 'LOGOUT',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    // sessionDays is 10: ended 11 days ago, or expired 11 days ago without ending, go.
    const endedLongAgo = await session(11, 5);
    const expiredLongAgo = await session(null, 11);
    const endedRecently = await session(9, -1);
    const live = await session(null, -3);
    const attempt = async (days: number) =>
      (
        await world.t.db
          .insertInto('sign_in_attempts')
          .values({ username: 'retention@acme.test', ip_address: '10.0.0.9', succeeded: false, attempted_at: daysAgo(days) })
          .returning(sql<string>`id::text`.as('id'))
          .executeTakeFirstOrThrow()
      ).id;
    // signInAttemptDays is 5.
    const oldAttempt = await attempt(6);
    const recentAttempt = await attempt(4);
    const message = async (status: 'SENT' | 'FAILED', days: number) =>
      (
        await world.t.db
          .insertInto('outgoing_messages')
          .values({
            organization_id: null,
            channel: 'EMAIL',
            recipient: 'retention@acme.test',
            recipient_name: 'Retention',
            subject: 'Retention',
            body: 'A body with personal data',
            status,
            next_attempt_at: daysAgo(days),
            created_at: daysAgo(days),
            sent_at: status === 'SENT' ? daysAgo(days) : null,
          })
          .returning(sql<string>`id::text`.as('id'))
          .executeTakeFirstOrThrow()
      ).id;
    // messageDays is 7.
    const oldSent = await message('SENT', 8);
    const oldFailed = await message('FAILED', 8);
    const recentSent = await message('SENT', 6);
    const recentFailed = await message('FAILED', 6);

    const purged = await world.t.app.jobs.purgeExpiredPersonalData();
    expect(purged.sessions).toBeGreaterThanOrEqual(2);
    expect(purged.signInAttempts).toBeGreaterThanOrEqual(1);
    expect(await world.t.app.jobs.purgeSentMessages()).toBeGreaterThanOrEqual(2);

    const sessionsLeft = await world.t.db
      .selectFrom('sessions')
      .select('id')
      .where('id', 'in', [endedLongAgo, expiredLongAgo, endedRecently, live])
      .execute();
    expect(sessionsLeft.map((s) => s.id).sort()).toEqual([endedRecently, live].sort());
    const attemptsLeft = await world.t.db
      .selectFrom('sign_in_attempts')
      .select(sql<string>`id::text`.as('id'))
      .where(sql<string>`id::text`, 'in', [oldAttempt, recentAttempt])
      .execute();
    expect(attemptsLeft.map((a) => a.id)).toEqual([recentAttempt]);
    const messagesLeft = await world.t.db
      .selectFrom('outgoing_messages')
      .select(sql<string>`id::text`.as('id'))
      .where(sql<string>`id::text`, 'in', [oldSent, oldFailed, recentSent, recentFailed])
      .execute();
    expect(messagesLeft.map((m) => m.id).sort()).toEqual([recentSent, recentFailed].sort());
  });
});
