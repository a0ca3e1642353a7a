/**
 * The outbox of e-mails and texts (issue 16): a message is a row written in the transaction of the
 * change it tells about, sent after the commit, tried again with backoff when the mail server
 * refuses it, sent by whichever instance claims it (once), and never sent for a change that rolled
 * back.
 */
import { calendarDay, formatNaira, nairaToKobo } from '@fleetfuel/contract';
import { lagosDate } from '../../platform/clock.js';
import type { Mailer, MailMessage } from '../../platform/mail/mailer.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { creditOrganization, demoIds } from '../../../test/demo-world.js';
import { createTestApps, movableClock, type TestApp } from '../../../test/harness.js';
import { useTestApp } from '../../../test/test-world.js';
import { MESSAGE_MAX_ATTEMPTS } from './notifications.dispatcher.js';

/** A mail server that refuses the next `refusals` messages, then takes them. */
function scriptedMailer() {
  const state = { refusals: 0, sent: [] as MailMessage[] };
  const mailer: Mailer = {
    send(message) {
      if (state.refusals > 0) {
        state.refusals -= 1;
        return Promise.reject(new Error('421 4.7.0 Try again later'));
      }
      state.sent.push(message);
      return Promise.resolve();
    },
  };
  return { mailer, state };
}

const clock = movableClock();
const server = scriptedMailer();

const messagesTo = (recipient: string) =>
  world.t.db.selectFrom('outgoing_messages').selectAll().where('recipient', '=', recipient).orderBy('id').execute();

/** A pending fuel request for the vehicle at Unity Fuels Ikeja, raised by the token's holder. */
async function pendingRequest(token: string, vehicleId: string, volume = 10): Promise<string> {
  const created = await world.t.call('POST', '/api/fuel-requests', {
    token,
    body: { vehicleId, stationId: world.ids.unity, supplyDate: lagosDate(clock.now()), volume },
  });
  expect(created.statusCode, created.body).toBe(200);
  return created.json().request.id as string;
}

const world = useTestApp({
  deps: { clock, mailer: server.mailer },
  signIn: ['orgadmin@acme.test', 'orgadmin@beta.test'],
  ids: async (find) => ({
    hilux: await find.vehicle('LND-451-KJ'),
    betaTruck: await find.vehicle('KAN-903-BT'),
    unity: await find.station('Unity Fuels Ikeja'),
  }),
  setUp: async ({ t }) => creditOrganization(t, 'Acme Logistics', 400_000),
});
beforeEach(() => {
  clock.set(new Date());
  server.state.refusals = 0;
});

describe('the outbox of e-mails and texts', () => {
  it('writes no message for a change that rolled back, and one for a change that committed', async () => {
    const id = await pendingRequest(world.token('orgadmin@beta.test'), world.ids.betaTruck, 50);
    const before = await messagesTo('orgadmin@beta.test');
    // Beta's wallet cannot cover the hold: the approval's e-mail was written before the hold
    // failed, and rolled back with it.
    const refused = await world.t.call('PATCH', `/api/fuel-requests/${id}/approve`, { token: world.token('orgadmin@beta.test') });
    expect(refused.json().code).toBe('INSUFFICIENT_FUNDS');
    await world.t.app.background.idle();
    expect(await messagesTo('orgadmin@beta.test')).toHaveLength(before.length);

    const rejected = await world.t.call('PATCH', `/api/fuel-requests/${id}/reject`, {
      token: world.token('orgadmin@beta.test'),
      body: { note: 'No funds' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    await world.t.app.background.idle();
    const after = await messagesTo('orgadmin@beta.test');
    expect(after).toHaveLength(before.length + 1);
    // The row keeps the template and its values; the sender words them in the recipient's language.
    expect(after.at(-1)).toMatchObject({ channel: 'EMAIL', status: 'SENT', template: 'fuelRejected', params: { note: 'No funds' } });
    expect(server.state.sent.at(-1)).toMatchObject({ to: 'orgadmin@beta.test', subject: 'Fuel request rejected for KAN-903-BT' });
    expect(server.state.sent.at(-1)?.text).toMatch(
      /^Hello .+,\n\nYour request for 50 L of .+ was rejected\. Note: No funds\n\nFleetFuel — /,
    );
  });

  it("sends a decision's e-mail without claiming it: written leased to the instance, which sends it after its commit", async () => {
    const id = await pendingRequest(world.token('orgadmin@acme.test'), world.ids.hilux);
    const sentBefore = server.state.sent.length;
    expect((await world.t.call('PATCH', `/api/fuel-requests/${id}/reject`, { token: world.token('orgadmin@acme.test') })).statusCode).toBe(
      200,
    );
    await world.t.app.background.idle();
    const mail = (await messagesTo('orgadmin@acme.test')).at(-1);
    // Its first attempt was due when the lease (two minutes) ends: no other instance's claim could take it.
    expect(mail).toMatchObject({ status: 'SENT', attempts: 1, template: 'fuelRejected' });
    expect(mail?.next_attempt_at.getTime()).toBe(clock.now().getTime() + 120_000);
    expect(server.state.sent.slice(sentBefore).map((sent) => sent.subject)).toEqual(['Fuel request rejected for LND-451-KJ']);

    // Had the instance stopped after its commit, the message would wait for the lease's end, then
    // go once with the scheduled run.
    await world.t.db
      .updateTable('outgoing_messages')
      .set({ status: 'PENDING', attempts: 0, sent_at: null })
      .where('id', '=', mail?.id as string)
      .execute();
    expect(await world.t.app.jobs.deliverMessages()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    clock.set(new Date(clock.now().getTime() + 120_000));
    expect(await world.t.app.jobs.deliverMessages()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(server.state.sent.slice(sentBefore).map((sent) => sent.subject)).toEqual([
      'Fuel request rejected for LND-451-KJ',
      'Fuel request rejected for LND-451-KJ',
    ]);
  });

  it('tries a refused e-mail again after a backoff and sends it once', async () => {
    const id = await pendingRequest(world.token('orgadmin@acme.test'), world.ids.hilux);
    server.state.refusals = 1;
    const sentBefore = server.state.sent.length;
    expect((await world.t.call('PATCH', `/api/fuel-requests/${id}/reject`, { token: world.token('orgadmin@acme.test') })).statusCode).toBe(
      200,
    );
    await world.t.app.background.idle();
    const [refused] = (await messagesTo('orgadmin@acme.test')).slice(-1);
    expect(refused).toMatchObject({ status: 'PENDING', attempts: 1, last_error: '421 4.7.0 Try again later' });
    expect(refused?.next_attempt_at.getTime()).toBe(clock.now().getTime() + 30_000);

    // Not due yet: the scheduled run leaves it.
    expect(await world.t.app.jobs.deliverMessages()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    clock.set(new Date(clock.now().getTime() + 30_000));
    expect(await world.t.app.jobs.deliverMessages()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await world.t.app.jobs.deliverMessages()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(server.state.sent.slice(sentBefore).map((mail) => mail.subject)).toEqual(['Fuel request rejected for LND-451-KJ']);
    expect((await messagesTo('orgadmin@acme.test')).at(-1)).toMatchObject({ status: 'SENT', attempts: 2, last_error: null });
  });

  it(`gives up after ${MESSAGE_MAX_ATTEMPTS} refusals, waiting longer each time`, async () => {
    const id = await pendingRequest(world.token('orgadmin@acme.test'), world.ids.hilux);
    server.state.refusals = 1_000;
    expect((await world.t.call('PATCH', `/api/fuel-requests/${id}/reject`, { token: world.token('orgadmin@acme.test') })).statusCode).toBe(
      200,
    );
    await world.t.app.background.idle();
    const waits: number[] = [];
    for (let attempt = 1; attempt < MESSAGE_MAX_ATTEMPTS; attempt += 1) {
      const [row] = (await messagesTo('orgadmin@acme.test')).slice(-1);
      expect(row).toMatchObject({ status: 'PENDING', attempts: attempt });
      waits.push((row?.next_attempt_at.getTime() ?? 0) - clock.now().getTime());
      clock.set(row?.next_attempt_at as Date);
      await world.t.app.jobs.deliverMessages();
    }
    expect(waits).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000]);
    const [last] = (await messagesTo('orgadmin@acme.test')).slice(-1);
    expect(last).toMatchObject({ status: 'FAILED', attempts: MESSAGE_MAX_ATTEMPTS, last_error: '421 4.7.0 Try again later' });
    clock.set(new Date(clock.now().getTime() + 86_400_000));
    expect(await world.t.app.jobs.deliverMessages()).toEqual({ sent: 0, retrying: 0, failed: 0 });
  });

  it('marks a text to a number that is not a Nigerian mobile failed at once, without retrying it', async () => {
    const driver = await world.t.db.selectFrom('users').select('phone').where('email', '=', 'driver@acme.test').executeTakeFirstOrThrow();
    // A landline, in the +234 form every stored number has.
    await world.t.db.updateTable('users').set({ phone: '+2342012345678' }).where('email', '=', 'driver@acme.test').execute();
    try {
      const id = await pendingRequest(world.token('orgadmin@acme.test'), world.ids.hilux);
      const smsBefore = world.t.smsOutbox().length;
      expect(
        (await world.t.call('PATCH', `/api/fuel-requests/${id}/approve`, { token: world.token('orgadmin@acme.test') })).statusCode,
      ).toBe(200);
      await world.t.app.background.idle();
      expect(world.t.smsOutbox()).toHaveLength(smsBefore);
      const [text] = await messagesTo('+2342012345678');
      expect(text).toMatchObject({
        channel: 'SMS',
        status: 'FAILED',
        attempts: 1,
        last_error: 'The phone number is not a Nigerian mobile number',
      });
      expect(text).toMatchObject({ template: 'fuelCoupon', body: null });
    } finally {
      await world.t.db.updateTable('users').set({ phone: driver.phone }).where('email', '=', 'driver@acme.test').execute();
    }
  });

  it('purges messages sent more than 30 days ago and keeps the rest', async () => {
    const sent = await world.t.db.selectFrom('outgoing_messages').select(['id', 'sent_at']).where('status', '=', 'SENT').execute();
    expect(sent.length).toBeGreaterThan(1);
    const [old] = sent;
    await world.t.db
      .updateTable('outgoing_messages')
      .set({ sent_at: new Date(clock.now().getTime() - 31 * 86_400_000) })
      .where('id', '=', old?.id as string)
      .execute();
    expect(await world.t.app.jobs.purgeSentMessages()).toBe(1);
    const left = await world.t.db.selectFrom('outgoing_messages').select('id').where('status', '=', 'SENT').execute();
    expect(left.map((row) => row.id).sort()).toEqual(
      sent
        .slice(1)
        .map((row) => row.id)
        .sort(),
    );
  });
});

describe('what the e-mails say, written from the rows the change holds', () => {
  const mailsSince = (before: number) => server.state.sent.slice(before);

  it('a maintenance job approved at a station, and one rejected with a note', async () => {
    const truck = await demoIds(world.t).vehicle('APP-220-XA');
    const date = lagosDate(clock.now());
    const raise = async (description: string, atStation: boolean) => {
      const created = await world.t.call('POST', '/api/maintenance', {
        token: world.token('orgadmin@acme.test'),
        body: { vehicleId: truck, description, date, cost: 25000, ...(atStation ? { stationId: world.ids.unity } : {}) },
      });
      expect(created.statusCode, created.body).toBe(200);
      return created.json().request.id as string;
    };
    const [toApprove, toReject] = [await raise('Brake pads', true), await raise('New tyres', false)];
    const before = server.state.sent.length;
    const rejected = await world.t.call('PATCH', `/api/maintenance/${toReject}/reject`, {
      token: world.token('orgadmin@acme.test'),
      body: { note: 'Next month' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const approved = await world.t.call('PATCH', `/api/maintenance/${toApprove}/approve`, { token: world.token('orgadmin@acme.test') });
    expect(approved.statusCode, approved.body).toBe(200);
    await world.t.app.background.idle();
    const code = approved.json().request.couponCode as string;
    expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(mailsSince(before).map(({ to, subject }) => ({ to, subject }))).toEqual([
      { to: 'orgadmin@acme.test', subject: 'Maintenance rejected for APP-220-XA' },
      { to: 'orgadmin@acme.test', subject: 'Maintenance approved for APP-220-XA' },
    ]);
    expect(mailsSince(before)[0]?.text).toContain('\n\n"New tyres" was rejected. Note: Next month\n\n');
    expect(mailsSince(before)[1]?.text).toContain(
      `\n\n"Brake pads" on ${calendarDay(date)} was approved at Unity Fuels Ikeja; the work order code is ${code}. The vehicle is now UNDER MAINTENANCE.\n\n`,
    );
  });

  it('a redemption: the litres, the vehicle, the station and the amount, to the admins and the requester', async () => {
    const id = await pendingRequest(world.token('orgadmin@acme.test'), world.ids.hilux, 12);
    const code = (await world.t.call('PATCH', `/api/fuel-requests/${id}/approve`, { token: world.token('orgadmin@acme.test') })).json()
      .request.couponCode as string;
    // The approval's own e-mail goes first.
    await world.t.app.background.idle();
    const before = server.state.sent.length;
    const done = await world.t.call('PATCH', `/api/fuel-requests/${id}/complete`, {
      token: await world.t.login('attendant@unityfuels.test'),
      body: { code, dispensedVolume: 9.5 },
    });
    expect(done.statusCode, done.body).toBe(200);
    await world.t.app.background.idle();
    const { fuelType, amount } = done.json().request as { fuelType: string; amount: number };
    const mails = mailsSince(before);
    expect(mails.map((mail) => mail.to).sort()).toEqual(['asst@acme.test', 'orgadmin@acme.test']);
    for (const mail of mails) {
      expect(mail.subject).toBe('Coupon redeemed: LND-451-KJ');
      expect(mail.text).toContain(
        `\n\n9.5 L of ${fuelType} was dispensed for LND-451-KJ at Unity Fuels Ikeja; ${formatNaira(nairaToKobo(amount))} was paid from the wallet.\n\n`,
      );
    }
  });

  it('a card payment into the wallet, to the admins and whoever paid, once each', async () => {
    const fund = await world.t.call('POST', '/api/wallet/fund', { token: world.token('orgadmin@acme.test'), body: { amount: 40000 } });
    expect(fund.statusCode, fund.body).toBe(200);
    const reference = fund.json().reference as string;
    const before = server.state.sent.length;
    const paid = await world.t.call('POST', `/api/payments/sandbox/checkout/${reference}`, {
      body: 'outcome=success',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(paid.statusCode).toBe(303);
    await world.t.app.background.idle();
    const mails = mailsSince(before);
    expect(mails.map((mail) => mail.to).sort()).toEqual(['asst@acme.test', 'orgadmin@acme.test']);
    for (const mail of mails) {
      expect(mail.subject).toBe('Wallet funded: ₦40,000.00');
      expect(mail.text).toContain(`\n\n₦40,000.00 paid by card (reference ${reference}) is now on the wallet.\n\n`);
    }
  });
});

describe("the platform admin's view of the outbox", () => {
  it('lists the messages newest first, by status, channel and a search, and sends a failed one again, audited', async () => {
    const admin = await world.t.login('admin@fleetfuel.test');
    const list = (query: Record<string, string>) => world.t.call('GET', '/api/admin/messages', { token: admin, query });
    // An e-mail the mail server refused until the sender gave up on it.
    const id = await pendingRequest(world.token('orgadmin@acme.test'), world.ids.hilux);
    server.state.refusals = 1_000;
    expect(
      (
        await world.t.call('PATCH', `/api/fuel-requests/${id}/reject`, {
          token: world.token('orgadmin@acme.test'),
          body: { note: 'Gave up' },
        })
      ).statusCode,
    ).toBe(200);
    await world.t.app.background.idle();
    for (let attempt = 1; attempt < MESSAGE_MAX_ATTEMPTS; attempt += 1) {
      clock.set(new Date(clock.now().getTime() + 2 * 3_600_000));
      await world.t.app.jobs.deliverMessages();
    }
    server.state.refusals = 0;

    const failed = await list({ status: 'FAILED', channel: 'EMAIL', search: 'acme logistics' });
    expect(failed.statusCode, failed.body).toBe(200);
    const [refused] = failed.json().messages;
    expect(refused).toMatchObject({
      channel: 'EMAIL',
      status: 'FAILED',
      recipient: 'orgadmin@acme.test',
      organization: { name: 'Acme Logistics' },
      subject: 'Fuel request rejected for LND-451-KJ',
      attempts: MESSAGE_MAX_ATTEMPTS,
      lastError: '421 4.7.0 Try again later',
      nextAttemptAt: null,
      sentAt: null,
    });
    expect(refused.body).toContain('Note: Gave up');

    const all = await list({ pageSize: '5' });
    expect(all.json().meta).toMatchObject({ page: 1, pageSize: 5 });
    expect(all.json().meta.total).toBeGreaterThan(5);
    const shown = all.json().messages.map((message: { id: string }) => Number(message.id));
    expect(shown).toEqual([...shown].sort((a, b) => b - a));
    expect((await list({ channel: 'SMS' })).json().messages.every((message: { channel: string }) => message.channel === 'SMS')).toBe(true);
    expect((await list({ search: 'nobody-matches-this' })).json()).toMatchObject({ messages: [], meta: { total: 0 } });
    expect((await list({ status: 'LOST' })).statusCode).toBe(400);

    const sentBefore = server.state.sent.length;
    const resent = await world.t.call('PATCH', `/api/admin/messages/${refused.id}/resend`, { token: admin });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({
      message: 'The message will be sent again now',
      outgoingMessage: { id: refused.id, attempts: 0 },
    });
    await world.t.app.background.idle();
    expect(server.state.sent.slice(sentBefore).map((mail) => mail.subject)).toEqual(['Fuel request rejected for LND-451-KJ']);
    const audit = await world.t.call('GET', '/api/audit-log', { token: admin, query: { entityId: refused.id, action: 'message.resent' } });
    expect(audit.json().entries).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ role: 'ADMIN' }),
        entityType: 'message',
        changes: { status: { before: 'FAILED', after: 'PENDING' }, attempts: { before: MESSAGE_MAX_ATTEMPTS, after: 0 } },
        note: 'E-mail to orgadmin@acme.test: Fuel request rejected for LND-451-KJ',
      }),
    ]);
    const [sent] = (await list({ status: 'SENT', search: 'orgadmin@acme.test' })).json().messages;
    expect(sent).toMatchObject({ id: refused.id, status: 'SENT', attempts: 1, lastError: null });

    const again = await world.t.call('PATCH', `/api/admin/messages/${refused.id}/resend`, { token: admin });
    expect(again.statusCode).toBe(422);
    expect(again.json().error).toBe('Only a FAILED message can be sent again; this one is SENT');
    expect((await world.t.call('PATCH', '/api/admin/messages/999999999/resend', { token: admin })).statusCode).toBe(404);
    expect((await world.t.call('PATCH', '/api/admin/messages/not-a-number/resend', { token: admin })).statusCode).toBe(400);
    // The organization's own admin does not see the platform's outbox.
    expect((await world.t.call('GET', '/api/admin/messages', { token: world.token('orgadmin@acme.test') })).statusCode).toBe(403);
  });
});

describe('messages left by an instance that stopped', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    [a, b] = (await createTestApps(2)) as [TestApp, TestApp];
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('are sent once by whichever instances run the schedule, however many run it at once', async () => {
    // Committed as a change would write them, but never sent: the instance stopped after its commit.
    const users = await a.db.selectFrom('users').select(['id', 'name', 'email']).where('email', 'is not', null).limit(25).execute();
    await a.db
      .insertInto('outgoing_messages')
      .values(
        users.map((user, index) => ({
          organization_id: null,
          channel: 'EMAIL' as const,
          user_id: user.id,
          recipient: user.email as string,
          recipient_name: user.name,
          subject: `Left behind ${index}`,
          body: 'Sent after a restart.',
          next_attempt_at: new Date(),
        })),
      )
      .execute();
    const outcomes = await Promise.all([a.app.jobs.deliverMessages(), b.app.jobs.deliverMessages(), a.app.jobs.deliverMessages()]);
    expect(outcomes.reduce((sum, outcome) => sum + outcome.sent, 0)).toBe(users.length);
    const delivered = [...a.outbox(), ...b.outbox()].filter((mail) => mail.subject.startsWith('Left behind'));
    expect(delivered.map((mail) => mail.subject).sort()).toEqual(users.map((_, index) => `Left behind ${index}`).sort());
    expect(delivered.every((mail) => mail.text.includes('Sent after a restart.'))).toBe(true);
  });
});
