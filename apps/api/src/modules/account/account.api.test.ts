import { describe, expect, it } from 'vitest';
import { lagosDate } from '../../platform/clock.js';
import { DEMO_PASSWORD, eventually } from '../../../test/harness.js';
import { creditOrganization, demoIds } from '../../../test/demo-world.js';
import { useTestApp } from '../../../test/test-world.js';
import { png, sendForm } from '../../../test/multipart.js';

const world = useTestApp({
  // Money for the approvals of the notification tests, whichever of them runs first.
  setUp: async ({ t }) => creditOrganization(t, 'Acme Logistics', 100_000),
});

describe('my account', () => {
  it('edits its own name, phone, title and avatar', async () => {
    const token = await world.t.login('asst@acme.test');
    const profile = { name: 'Ngozi Eze-Okoro', phone: '0805 555 1212', title: 'Fleet Coordinator', image: png('me.png') };
    const res = await sendForm(world.t, 'PUT', '/api/account/profile', profile, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Profile updated',
      user: { name: 'Ngozi Eze-Okoro', firstName: 'Ngozi', phone: '+2348055551212', title: 'Fleet Coordinator' },
    });
    expect(res.json().user.imageUrl).toMatch(/^\/api\/files\/user-avatar-/);
    const role = await world.t.call('PUT', '/api/account/profile', { token, body: { role: 'ADMINISTRATOR' } });
    expect(role.json().error).toBe('Unknown field: role');
  });

  it('chooses its language, which signing in again still reports, from the languages offered only', async () => {
    const token = await world.t.login('rep@greenline.test');
    expect((await world.t.call('GET', '/api/auth/me', { token })).json()).toMatchObject({ language: 'en' });
    const saved = await world.t.call('PUT', '/api/account/profile', { token, body: { language: 'ha' } });
    expect(saved.json()).toMatchObject({ message: 'Profile updated', user: { language: 'ha' } });
    const again = await world.t.login('rep@greenline.test');
    expect((await world.t.call('GET', '/api/auth/me', { token: again })).json()).toMatchObject({ language: 'ha' });
    const unknown = await world.t.call('PUT', '/api/account/profile', { token, body: { language: 'fr' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ field: 'language', error: 'language: Choose one of the languages offered' });
  });

  it('changes its e-mail only with the current password', async () => {
    const token = await world.t.login('driver2@acme.test');
    const wrong = await world.t.call('PUT', '/api/account/email', {
      token,
      body: { email: 'chinedu@acme.test', currentPassword: 'nope-nope' },
    });
    expect(wrong.json()).toMatchObject({ field: 'currentPassword', error: 'The current password is not correct' });
    const taken = await world.t.call('PUT', '/api/account/email', {
      token,
      body: { email: 'driver@acme.test', currentPassword: DEMO_PASSWORD },
    });
    expect(taken.statusCode).toBe(409);
    const ok = await world.t.call('PUT', '/api/account/email', {
      token,
      body: { email: 'Chinedu@Acme.test', currentPassword: DEMO_PASSWORD },
    });
    expect(ok.json().user.email).toBe('chinedu@acme.test');
    expect(await world.t.login('chinedu@acme.test')).toBeTruthy();
  });

  it('a password change ends every other session and keeps this one', async () => {
    const other = await world.t.login('driver@beta.test');
    const current = await world.t.login('driver@beta.test');
    const weak = await world.t.call('PUT', '/api/account/password', {
      token: current,
      body: { currentPassword: DEMO_PASSWORD, newPassword: 'password123' },
    });
    expect(weak.json()).toMatchObject({ field: 'newPassword' });
    const res = await world.t.call('PUT', '/api/account/password', {
      token: current,
      body: { currentPassword: DEMO_PASSWORD, newPassword: 'Kano-Route-2027' },
    });
    expect(res.json()).toEqual({ message: 'Password changed; 1 other session signed out' });
    expect((await world.t.call('GET', '/api/auth/me', { token: other })).json().error).toBe('Invalid token');
    expect((await world.t.call('GET', '/api/auth/me', { token: current })).statusCode).toBe(200);
    expect(await world.t.login('driver@beta.test', 'Kano-Route-2027')).toBeTruthy();
  });

  it('lists its sessions and ends one, but not the one in use nor another user’s', async () => {
    const first = await world.t.login('rep@greenline.test');
    const second = await world.t.login('rep@greenline.test');
    const list = await world.t.call('GET', '/api/account/sessions', { token: second });
    const sessions = list.json().sessions as Array<{ id: string; current: boolean }>;
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const mine = sessions.find((s) => s.current) as { id: string };
    const theOther = sessions.find((s) => !s.current) as { id: string };
    expect((await world.t.call('DELETE', `/api/account/sessions/${mine.id}`, { token: second })).statusCode).toBe(422);
    const stranger = await world.t.login('attendant@unityfuels.test');
    expect((await world.t.call('DELETE', `/api/account/sessions/${theOther.id}`, { token: stranger })).statusCode).toBe(404);
    expect((await world.t.call('DELETE', `/api/account/sessions/${theOther.id}`, { token: second })).statusCode).toBe(200);
    expect((await world.t.call('GET', '/api/auth/me', { token: first })).statusCode).toBe(401);
  });
});

describe('notifications', () => {
  it('e-mails the requester when its fuel request is decided, unless it opted out', async () => {
    const orgAdmin = await world.t.login('orgadmin@acme.test');
    const driver = await world.t.login('driver@acme.test');
    const vehicle = (await world.t.call('GET', '/api/auth/me', { token: driver })).json().vehicle.id;
    const station = await demoIds(world.t).station('Unity Fuels Ikeja');
    const ask = () =>
      world.t.call('POST', '/api/fuel-requests', {
        token: driver,
        body: { vehicleId: vehicle, stationId: station, supplyDate: lagosDate(new Date()), volume: 10 },
      });

    const first = (await ask()).json().request.id;
    await world.t.call('PATCH', `/api/fuel-requests/${first}/approve`, { token: orgAdmin });
    const mail = await eventually(() => world.t.outbox().find((m) => m.to === 'driver@acme.test' && m.subject.startsWith('Fuel approved')));
    expect(mail.text).toContain('Coupon code:');

    const prefs = await world.t.call('PUT', '/api/account/notifications', { token: driver, body: { requestDecisions: false } });
    expect(prefs.json()).toMatchObject({ requestDecisions: false, couponRedeemed: true });
    const second = (await ask()).json().request.id;
    await world.t.call('PATCH', `/api/fuel-requests/${second}/reject`, { token: orgAdmin, body: { note: 'Not today' } });
    await world.t.app.background.idle();
    expect(world.t.outbox().some((m) => m.to === 'driver@acme.test' && m.subject.startsWith('Fuel request rejected'))).toBe(false);
  });

  it("e-mails a redemption to the organization's admins who want it and to the requester, each once", async () => {
    const orgAdmin = await world.t.login('orgadmin@acme.test');
    const assistant = await world.t.login('asst@acme.test');
    const driver = await world.t.login('driver@acme.test');
    const attendant = await world.t.login('attendant@unityfuels.test');
    await world.t.call('PUT', '/api/account/notifications', { token: assistant, body: { couponRedeemed: false } });
    const vehicle = (await world.t.call('GET', '/api/auth/me', { token: driver })).json().vehicle.id;
    const station = await demoIds(world.t).station('Unity Fuels Ikeja');
    const redeemedFor = async (requester: string) => {
      const id = (
        await world.t.call('POST', '/api/fuel-requests', {
          token: requester,
          body: { vehicleId: vehicle, stationId: station, supplyDate: lagosDate(new Date()), volume: 5 },
        })
      ).json().request.id as string;
      const code = (await world.t.call('PATCH', `/api/fuel-requests/${id}/approve`, { token: orgAdmin })).json().request
        .couponCode as string;
      const before = world.t.outbox().length;
      const done = await world.t.call('PATCH', `/api/fuel-requests/${id}/complete`, {
        token: attendant,
        body: { code, dispensedVolume: 5 },
      });
      expect(done.statusCode, done.body).toBe(200);
      await world.t.app.background.idle();
      return world.t
        .outbox()
        .slice(before)
        .filter((m) => m.subject.startsWith('Coupon redeemed:'))
        .map((m) => m.to)
        .sort();
    };
    // The assistant admin opted out; Beta's admin is another organization's.
    expect(await redeemedFor(driver)).toEqual(['driver@acme.test', 'orgadmin@acme.test']);
    // The requester who is also an admin gets it once.
    expect(await redeemedFor(orgAdmin)).toEqual(['orgadmin@acme.test']);
  });

  it('sends the daily reminders once a day, to the organization admins', async () => {
    // Acme's subscription falls due in three days: its administrator is told, not its assistant.
    await world.t.db
      .updateTable('organizations')
      .set({ next_billing: new Date(Date.now() + 3 * 86_400_000) })
      .where('name', '=', 'Acme Logistics')
      .execute();
    expect(await world.t.app.jobs.dailyReminders()).toBe(true);
    expect(await world.t.app.jobs.dailyReminders()).toBe(false);
    await world.t.app.background.idle();
    const expiry = world.t.outbox().filter((m) => m.subject === 'Insurance or registration expiring');
    expect(expiry.map((m) => m.to).sort()).toEqual(expect.arrayContaining(['orgadmin@acme.test', 'orgadmin@beta.test']));
    expect(expiry.find((m) => m.to === 'orgadmin@acme.test')?.text).toContain('APP-220-XA: insurance expired on');
    const due = world.t.outbox().filter((m) => /^Your .+ subscription is due$/.test(m.subject) && m.text.includes('of Acme Logistics'));
    expect(due.map((m) => m.to)).toEqual(['orgadmin@acme.test']);
  });
});
