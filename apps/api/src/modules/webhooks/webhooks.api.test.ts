import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lagosDate } from '../../platform/clock.js';
import { createTestApp, movableClock, type TestApp } from '../../../test/harness.js';
import { creditOrganization, demoIds } from '../../../test/demo-world.js';
import { useTestApp } from '../../../test/test-world.js';
import { verifyWebhookSignature } from './webhook-signature.js';

/** A receiver on this machine: records every call, answers each path's queued statuses (then 200). */
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}
const received: Received[] = [];
const statuses = new Map<string, number[]>();
let receiver: Server;
let base = '';

const clock = movableClock(new Date());
const secrets: Record<string, string> = {};

const deliveriesTo = (path: string) => received.filter((r) => r.path === path);
const eventsAt = (path: string) => deliveriesTo(path).map((r) => (JSON.parse(r.body) as { event: string }).event);

async function register(token: string, url: string, events: string[]) {
  const res = await world.t.call('POST', '/api/webhooks', { token, body: { url, events } });
  expect(res.statusCode, res.body).toBe(200);
  const reply = res.json<{ webhook: { id: string }; secret: string }>();
  secrets[reply.webhook.id] = reply.secret;
  return reply.webhook.id;
}

async function deliveries(id: string | undefined, token = world.token('orgadmin@acme.test')) {
  const res = await world.t.call('GET', `/api/webhooks/${id ?? 'missing'}/deliveries`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    deliveries: Array<{
      event: string;
      eventId: string;
      status: string;
      attempts: number;
      nextAttemptAt: string | null;
      deliveredAt: string | null;
      lastAttempt: { statusCode: number | null; error: string | null; attemptedAt: string } | null;
    }>;
    meta: { total: number };
  }>();
}

/** The organization admin `email` approves the fuel request `id`. */
const approveAs = (email: string, id: string) => world.t.call('PATCH', `/api/fuel-requests/${id}/approve`, { token: world.token(email) });

async function fuelRequest(token: string, body: Record<string, unknown>) {
  const res = await world.t.call('POST', '/api/fuel-requests', { token, body: { supplyDate: lagosDate(clock.now()), ...body } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ request: { id: string } }>().request.id;
}

/**
 * Two endpoints of Acme under `prefix` (one for requests raised and approved, one for approvals
 * only) and a request raised and approved after them: each test that reads them makes its own.
 */
async function approvedAfterSubscribing(prefix: string) {
  const both = await register(world.token('orgadmin@acme.test'), `${base}${prefix}/both`, [
    'fuel_request.created',
    'fuel_request.approved',
  ]);
  const approvals = await register(world.token('orgadmin@acme.test'), `${base}${prefix}/approvals`, ['fuel_request.approved']);
  const request = await fuelRequest(world.token('orgadmin@acme.test'), {
    vehicleId: world.ids.hilux,
    stationId: world.ids.unity,
    volume: 20,
  });
  const approve = await approveAs('orgadmin@acme.test', request);
  expect(approve.statusCode, approve.body).toBe(200);
  return { both, approvals, request };
}

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = statuses.get(path)?.shift() ?? 200;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
// Registered before the app's: hooks after run in reverse, so the app closes first, then the receiver.
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

/** An endpoint of Acme for an event no test here raises for Acme: the others' tests look it up. */
let spare = '';
const world = useTestApp({
  deps: { clock },
  signIn: ['orgadmin@acme.test', 'orgadmin@beta.test', 'asst@acme.test', 'driver@acme.test', 'admin@fleetfuel.test'],
  ids: async (find) => ({
    hilux: await find.vehicle('LND-451-KJ'),
    betaTruck: await find.vehicle('KAN-903-BT'),
    unity: await find.station('Unity Fuels Ikeja'),
    greenline: await find.station('Greenline Energy Lekki'),
  }),
  setUp: async ({ t, token }) => {
    await creditOrganization(t, 'Acme Logistics', 500_000);
    spare = await register(token('orgadmin@acme.test'), 'https://hooks.example/spare', ['wallet.funded']);
  },
});

describe('registering an endpoint', () => {
  it('needs a URL and at least one known event, and https (http only to this machine outside production)', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ url: `${base}/x`, events: [] }, /Choose at least one event/],
      [{ url: `${base}/x` }, /Choose at least one event/],
      [{ url: `${base}/x`, events: ['fuel_request.exploded'] }, /Must be one of/],
      [{ url: 'ftp://hooks.example/x', events: ['wallet.funded'] }, /Must be a valid URL/],
      [{ url: 'not a url', events: ['wallet.funded'] }, /Must be a valid URL/],
      [{ url: 'http://hooks.example/x', events: ['wallet.funded'] }, /Webhook URLs must use https/],
      [{ url: 'https://user:pw@hooks.example/x', events: ['wallet.funded'] }, /user name or password/],
    ];
    for (const [body, message] of cases) {
      const res = await world.t.call('POST', '/api/webhooks', { token: world.token('orgadmin@acme.test'), body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatch(message);
    }
  });

  it('shows the whsec_ secret once; the list never carries it', async () => {
    const res = await world.t.call('POST', '/api/webhooks', {
      token: world.token('orgadmin@acme.test'),
      body: { url: 'https://hooks.example/fleet', events: ['wallet.funded', 'wallet.funded'] },
    });
    expect(res.statusCode).toBe(200);
    const reply = res.json<{ message: string; secret: string; webhook: { id: string; events: string[]; lastDelivery: null } }>();
    expect(reply.message).toBe('Webhook added');
    expect(reply.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(reply.webhook).toMatchObject({ url: 'https://hooks.example/fleet', events: ['wallet.funded'], lastDelivery: null });
    const list = await world.t.call('GET', '/api/webhooks', { token: world.token('orgadmin@acme.test') });
    expect(list.body).not.toContain(reply.secret);
    expect(list.json<{ webhooks: Array<{ id: string }> }>().webhooks.map((w) => w.id)).toContain(reply.webhook.id);
    const stored = await world.t.db
      .selectFrom('webhook_endpoints')
      .select('secret_sealed')
      .where('id', '=', reply.webhook.id)
      .executeTakeFirstOrThrow();
    expect(stored.secret_sealed).not.toContain(reply.secret.slice(6));
  });

  it("is the organization admin's alone; another organization's endpoint answers 404", async () => {
    for (const token of [world.token('asst@acme.test'), world.token('driver@acme.test'), world.token('admin@fleetfuel.test')]) {
      expect((await world.t.call('GET', '/api/webhooks', { token })).statusCode).toBe(403);
      expect(
        (await world.t.call('POST', '/api/webhooks', { token, body: { url: 'https://h.example', events: ['wallet.funded'] } })).statusCode,
      ).toBe(403);
    }
    expect((await world.t.call('GET', `/api/webhooks/${spare}/deliveries`, { token: world.token('orgadmin@beta.test') })).statusCode).toBe(
      404,
    );
    expect((await world.t.call('DELETE', `/api/webhooks/${spare}`, { token: world.token('orgadmin@beta.test') })).statusCode).toBe(404);
    // Beta's list holds none of Acme's endpoints (Beta may have its own, from another test).
    const acmeEndpoints = await world.t.db
      .selectFrom('webhook_endpoints as w')
      .innerJoin('organizations as o', 'o.id', 'w.organization_id')
      .select('w.id')
      .where('o.name', '=', 'Acme Logistics')
      .execute();
    expect(acmeEndpoints.map((row) => row.id)).toContain(spare);
    const betaSees = (await world.t.call('GET', '/api/webhooks', { token: world.token('orgadmin@beta.test') })).json<{
      webhooks: Array<{ id: string }>;
    }>().webhooks;
    expect(betaSees.filter((w) => acmeEndpoints.some((row) => row.id === w.id))).toEqual([]);
  });
});

describe('the outbox', () => {
  it('writes one delivery per subscribed endpoint in the change’s transaction, none for the others', async () => {
    const maintenance = await register(world.token('orgadmin@acme.test'), `${base}/outbox/maintenance`, ['maintenance.created']);
    const subscribed = await approvedAfterSubscribing('/outbox');

    const both = await deliveries(subscribed.both);
    expect(both.deliveries.map((d) => [d.event, d.status, d.attempts])).toEqual([
      ['fuel_request.approved', 'PENDING', 0],
      ['fuel_request.created', 'PENDING', 0],
    ]);
    const approvals = await deliveries(subscribed.approvals);
    expect(approvals.deliveries.map((d) => d.event)).toEqual(['fuel_request.approved']);
    // One event, one id, whichever endpoint it goes to.
    expect(approvals.deliveries[0]?.eventId).toBe(both.deliveries[0]?.eventId);
    expect((await deliveries(maintenance)).meta.total).toBe(0);
    expect((await deliveries(spare)).meta.total).toBe(0);
  });

  it('writes nothing when the change is refused, and tells of a low balance once per crossing', async () => {
    const endpoint = await register(world.token('orgadmin@beta.test'), `${base}/beta`, [
      'wallet.funded',
      'wallet.low_balance',
      'fuel_request.approved',
    ]);
    // 60,000 naira: above the 50,000 threshold.
    await creditOrganization(world.t, 'Beta Haulage', 60_000);
    // 10 L at 1,180 holds 11,800: 48,200 stays available, below the threshold.
    const first = await fuelRequest(world.token('orgadmin@beta.test'), {
      vehicleId: world.ids.betaTruck,
      stationId: world.ids.greenline,
      volume: 10,
    });
    expect((await approveAs('orgadmin@beta.test', first)).statusCode).toBe(200);
    // 50 L needs 59,000: refused, so neither its approval nor another low balance is told.
    const second = await fuelRequest(world.token('orgadmin@beta.test'), {
      vehicleId: world.ids.betaTruck,
      stationId: world.ids.greenline,
      volume: 50,
    });
    const refused = await approveAs('orgadmin@beta.test', second);
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toMatch(/is available/);
    // Already below: a further debit is no new crossing.
    const wallet = (await world.t.call('GET', '/api/wallet', { token: world.token('orgadmin@beta.test') })).json<{
      wallet: { id: string };
    }>().wallet.id;
    const debit = await world.t.call('POST', `/api/wallet/${wallet}/create-transaction`, {
      token: world.token('admin@fleetfuel.test'),
      body: { amount: 100, type: 'DEBIT', note: 'fee' },
    });
    expect(debit.statusCode, debit.body).toBe(200);

    const { deliveries: rows } = await deliveries(endpoint, world.token('orgadmin@beta.test'));
    // Newest first: the approval is recorded, then its hold (the wallet moves last) crosses the threshold.
    expect(rows.map((d) => d.event)).toEqual(['wallet.low_balance', 'fuel_request.approved', 'wallet.funded']);
    await world.t.app.jobs.deliverWebhooks();
    const bodies = deliveriesTo('/beta').map((r) => JSON.parse(r.body) as { event: string; data: Record<string, unknown> });
    expect(bodies.find((b) => b.event === 'wallet.low_balance')?.data).toMatchObject({
      wallet: { id: wallet, available: 48_200 },
      threshold: 50_000,
    });
    expect(bodies.find((b) => b.event === 'wallet.funded')?.data).toMatchObject({ amount: 60_000, source: 'adjustment' });
  });
});

describe('the dispatcher', () => {
  it('sends signed JSON with the event id, in order per record', async () => {
    const subscribed = await approvedAfterSubscribing('/dispatch');
    await world.t.app.jobs.deliverWebhooks();
    expect(eventsAt('/dispatch/both')).toEqual(['fuel_request.created', 'fuel_request.approved']);
    const [created] = deliveriesTo('/dispatch/both');
    const body = JSON.parse(created?.body ?? '{}') as Record<string, unknown>;
    expect(body).toMatchObject({
      event: 'fuel_request.created',
      organizationId: await demoIds(world.t).organization('Acme Logistics'),
      data: { request: { id: subscribed.request, status: 'PENDING', volume: 20, fuelType: 'PETROL' } },
    });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created?.headers['content-type']).toBe('application/json');
    expect(created?.headers['x-fleetfuel-event']).toBe('fuel_request.created');
    expect(created?.headers['x-fleetfuel-delivery']).toMatch(/^[0-9a-f-]{36}$/);
    const signature = created?.headers['x-fleetfuel-signature'] as string;
    expect(verifyWebhookSignature(secrets[subscribed.both] as string, signature, created?.body ?? '', clock.now())).toBe(true);
    expect(verifyWebhookSignature(secrets[subscribed.approvals] as string, signature, created?.body ?? '', clock.now())).toBe(false);
    const approved = JSON.parse(deliveriesTo('/dispatch/both')[1]?.body ?? '{}') as {
      data: { request: { status: string; couponCode: string } };
    };
    expect(approved.data.request.status).toBe('APPROVED');
    expect(approved.data.request.couponCode).toMatch(/\w/);

    const shown = await deliveries(subscribed.both);
    expect(shown.deliveries.every((d) => d.status === 'DELIVERED' && d.attempts === 1 && d.nextAttemptAt === null)).toBe(true);
    expect(shown.deliveries[0]?.lastAttempt).toMatchObject({ statusCode: 200, error: null });
    // Delivered is delivered: another run sends nothing more.
    await world.t.app.jobs.deliverWebhooks();
    expect(eventsAt('/dispatch/both')).toHaveLength(2);
    const list = (await world.t.call('GET', '/api/webhooks', { token: world.token('orgadmin@acme.test') })).json<{
      webhooks: Array<{ id: string; lastDelivery: { event: string; status: string } | null }>;
    }>();
    expect(list.webhooks.find((w) => w.id === subscribed.both)?.lastDelivery).toMatchObject({
      event: 'fuel_request.approved',
      status: 'DELIVERED',
    });
  });

  it('retries after the backoff when the receiver fails, holding back the record’s next event until then', async () => {
    const endpoint = await register(world.token('orgadmin@acme.test'), `${base}/flaky`, ['fuel_request.created', 'fuel_request.approved']);
    statuses.set('/flaky', [500]);
    const request = await fuelRequest(world.token('orgadmin@acme.test'), {
      vehicleId: world.ids.hilux,
      stationId: world.ids.unity,
      volume: 5,
    });
    expect((await approveAs('orgadmin@acme.test', request)).statusCode).toBe(200);

    await world.t.app.jobs.deliverWebhooks();
    expect(eventsAt('/flaky')).toEqual(['fuel_request.created']);
    let shown = (await deliveries(endpoint)).deliveries;
    expect(shown.map((d) => [d.event, d.status, d.attempts])).toEqual([
      ['fuel_request.approved', 'PENDING', 0],
      ['fuel_request.created', 'PENDING', 1],
    ]);
    expect(shown[1]?.lastAttempt).toMatchObject({ statusCode: 500, error: 'The receiver answered 500' });
    // The first retry waits 30 s after the failed attempt.
    expect(Date.parse(shown[1]?.nextAttemptAt as string) - Date.parse(shown[1]?.lastAttempt?.attemptedAt as string)).toBe(30_000);

    // Before the backoff has passed nothing goes, not even the approval behind it.
    clock.set(new Date(clock.now().getTime() + 20_000));
    await world.t.app.jobs.deliverWebhooks();
    expect(eventsAt('/flaky')).toEqual(['fuel_request.created']);

    clock.set(new Date(clock.now().getTime() + 15_000));
    await world.t.app.jobs.deliverWebhooks();
    expect(eventsAt('/flaky')).toEqual(['fuel_request.created', 'fuel_request.created', 'fuel_request.approved']);
    const [first, retry] = deliveriesTo('/flaky');
    expect(JSON.parse(retry?.body ?? '{}')).toEqual(JSON.parse(first?.body ?? '{}'));
    shown = (await deliveries(endpoint)).deliveries;
    expect(shown.map((d) => [d.event, d.status, d.attempts])).toEqual([
      ['fuel_request.approved', 'DELIVERED', 1],
      ['fuel_request.created', 'DELIVERED', 2],
    ]);
    expect(shown[1]?.lastAttempt?.statusCode).toBe(200);
  });

  it('stops sending to a removed endpoint, and audits both ends of its life', async () => {
    const endpoint = await register(world.token('orgadmin@acme.test'), `${base}/removed`, ['fuel_request.created']);
    await fuelRequest(world.token('orgadmin@acme.test'), { vehicleId: world.ids.hilux, stationId: world.ids.unity, volume: 5 });
    const res = await world.t.call('DELETE', `/api/webhooks/${endpoint}`, { token: world.token('orgadmin@acme.test') });
    expect(res.json()).toEqual({ message: 'Webhook deleted' });
    await world.t.app.jobs.deliverWebhooks();
    expect(deliveriesTo('/removed')).toHaveLength(0);
    expect(
      (await world.t.call('GET', `/api/webhooks/${endpoint}/deliveries`, { token: world.token('orgadmin@acme.test') })).statusCode,
    ).toBe(404);
    const row = await world.t.db
      .selectFrom('webhook_deliveries')
      .select('status')
      .where('endpoint_id', '=', endpoint)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('FAILED');
    const audit = await world.t.db.selectFrom('audit_log').select('action').where('entity_id', '=', endpoint).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['webhook.created', 'webhook.deleted']);
  });
});

describe('in production', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({ env: 'production' });
  });
  afterAll(async () => prod.close());

  it('refuses plain http, and private, loopback and link-local addresses when saved, saying why', async () => {
    const token = await prod.login('orgadmin@acme.test');
    const save = (url: string) => prod.call('POST', '/api/webhooks', { token, body: { url, events: ['fuel_request.created'] } });
    const http = await save(`${base}/prod`);
    expect(http.statusCode).toBe(400);
    expect(http.json()).toMatchObject({ message: 'Webhook URLs must use https' });
    for (const host of [
      '127.0.0.1',
      '10.0.0.5',
      '169.254.169.254',
      '[::1]',
      '[::ffff:169.254.169.254]',
      '[64:ff9b::a9fe:a9fe]',
      '[2002:7f00:1::]',
      '2130706433',
      'localhost',
      'hooks.localhost',
    ]) {
      const res = await save(`https://${host}/hook`);
      expect(res.statusCode, host).toBe(400);
      expect(res.json(), host).toMatchObject({ code: 'VALIDATION_FAILED', field: 'url' });
      expect(res.json<{ message: string }>().message, host).toMatch(
        /(private, loopback or link-local address|is this machine); webhooks are only sent to public addresses$/,
      );
    }
    const publicHost = await save('https://hooks.example.com/fleetfuel');
    expect(publicHost.statusCode, publicHost.body).toBe(200);
    // Removed again: the delivery test below calls every endpoint, and this one has no network to reach.
    const removed = await prod.call('DELETE', `/api/webhooks/${publicHost.json<{ webhook: { id: string } }>().webhook.id}`, { token });
    expect(removed.statusCode, removed.body).toBe(200);
  });

  it('still refuses to call a private address at delivery, whatever the saved URL became', async () => {
    const token = await prod.login('orgadmin@acme.test');
    const port = (receiver.address() as AddressInfo).port;
    // Saved before the rule, or a name that resolves into the platform's network: the delivery checks what it reaches.
    const urls = [
      `https://127.0.0.1:${port}/prod`,
      'https://10.0.0.5/hook',
      'https://169.254.169.254/latest/meta-data',
      `https://localhost:${port}/prod`,
    ];
    const endpoints: string[] = [];
    for (const url of urls) {
      const res = await prod.call('POST', '/api/webhooks', {
        token,
        body: { url: 'https://hooks.example.com/placeholder', events: ['fuel_request.created'] },
      });
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json<{ webhook: { id: string } }>().webhook.id;
      await prod.db.updateTable('webhook_endpoints').set({ url }).where('id', '=', id).execute();
      endpoints.push(id);
    }
    const vehicleId = await demoIds(prod).vehicle('LND-451-KJ');
    const stationId = await demoIds(prod).station('Unity Fuels Ikeja');
    const created = await prod.call('POST', '/api/fuel-requests', {
      token,
      body: { vehicleId, stationId, supplyDate: lagosDate(new Date()), volume: 5 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const before = received.length;
    await prod.app.jobs.deliverWebhooks();
    expect(received.length).toBe(before);
    for (const endpoint of endpoints) {
      const res = await prod.call('GET', `/api/webhooks/${endpoint}/deliveries`, { token });
      const [delivery] = res.json<{
        deliveries: Array<{ status: string; attempts: number; lastAttempt: { statusCode: null; error: string } }>;
      }>().deliveries;
      expect(delivery).toMatchObject({ status: 'PENDING', attempts: 1, lastAttempt: { statusCode: null } });
      expect(delivery?.lastAttempt.error).toMatch(/^Refused: .*private, loopback or link-local address/);
    }
  });
});

// Last: its requests' created and approved events reach the endpoints the tests above count.
describe('the payloads', () => {
  it('tells of a rejection, a redemption and a completed job with the request as the change left it', async () => {
    const endpoint = await register(world.token('orgadmin@acme.test'), `${base}/outcomes`, [
      'fuel_request.rejected',
      'fuel_request.redeemed',
      'maintenance.completed',
    ]);
    const attendant = await world.t.login('attendant@unityfuels.test');
    const stationRep = await world.t.login('rep@unityfuels.test');
    const rejected = await fuelRequest(world.token('orgadmin@acme.test'), {
      vehicleId: world.ids.hilux,
      stationId: world.ids.unity,
      volume: 5,
    });
    const reject = await world.t.call('PATCH', `/api/fuel-requests/${rejected}/reject`, {
      token: world.token('orgadmin@acme.test'),
      body: { note: 'Not today' },
    });
    expect(reject.statusCode, reject.body).toBe(200);
    const redeemed = await fuelRequest(world.token('orgadmin@acme.test'), {
      vehicleId: world.ids.hilux,
      stationId: world.ids.unity,
      volume: 12,
    });
    const approved = await approveAs('orgadmin@acme.test', redeemed);
    const code = approved.json<{ request: { couponCode: string } }>().request.couponCode;
    const redeem = await world.t.call('PATCH', `/api/fuel-requests/${redeemed}/complete`, {
      token: attendant,
      body: { code, dispensedVolume: 10 },
    });
    expect(redeem.statusCode, redeem.body).toBe(200);
    const job = await world.t.call('POST', '/api/maintenance', {
      token: world.token('orgadmin@acme.test'),
      body: {
        vehicleId: world.ids.hilux,
        description: 'Brake pads',
        date: lagosDate(clock.now()),
        cost: 30_000,
        stationId: world.ids.unity,
        currentOdometerReading: 0,
        currentTankLevel: 30,
      },
    });
    expect(job.statusCode, job.body).toBe(200);
    const jobId = job.json<{ request: { id: string } }>().request.id;
    const jobCode = (await world.t.call('PATCH', `/api/maintenance/${jobId}/approve`, { token: world.token('orgadmin@acme.test') })).json<{
      request: { couponCode: string };
    }>().request.couponCode;
    const done = await world.t.call('PATCH', `/api/maintenance/${jobId}/complete`, { token: stationRep, body: { code: jobCode } });
    expect(done.statusCode, done.body).toBe(200);

    const rows = await world.t.db
      .selectFrom('webhook_deliveries')
      .select(['event', 'payload'])
      .where('endpoint_id', '=', endpoint)
      .orderBy('seq')
      .execute();
    expect(rows.map((row) => row.event)).toEqual(['fuel_request.rejected', 'fuel_request.redeemed', 'maintenance.completed']);
    const [rejection, redemption, completion] = rows.map((row) => row.payload as { request: Record<string, unknown> });
    expect(rejection?.request).toMatchObject({ id: rejected, status: 'REJECTED', volume: 5, amount: null });
    expect(redemption?.request).toMatchObject({
      id: redeemed,
      status: 'COMPLETED',
      volume: 12,
      dispensedVolume: 10,
      couponCode: code,
      amount: redeem.json<{ request: { amount: number } }>().request.amount,
    });
    expect(completion?.request).toMatchObject({ id: jobId, status: 'COMPLETED', cost: 30_000, finalCost: 30_000, amount: 30_000 });
  });
});
