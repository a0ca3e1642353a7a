/**
 * Odometer evidence at the pump (issue 42): the redeeming station's photos (types, size, count, who
 * may send them, when), the settings that require a typed reading and a photo, and a reading that
 * jumps too far: accepted, flagged, and left out of efficiency and of the vehicle's last reading.
 */
import { describe, expect, it } from 'vitest';
import { lagosDate } from '../../platform/clock.js';
import { creditOrganization } from '../../../test/demo-world.js';
import { movableClock } from '../../../test/harness.js';
import { formSender, png, type FilePart } from '../../../test/multipart.js';
import { useTestApp } from '../../../test/test-world.js';

const clock = movableClock();
const ORG = 'orgadmin@acme.test';
const ATTENDANT = 'attendant@unityfuels.test';
const world = useTestApp({
  deps: { clock },
  signIn: [ORG, ATTENDANT, 'rep@greenline.test', 'driver@acme.test'],
  ids: async (find) => ({ hilux: await find.vehicle('LND-451-KJ'), unity: await find.station('Unity Fuels Ikeja') }),
  setUp: async ({ t }) => creditOrganization(t, 'Acme Logistics', 400_000),
});
const token = (email: string) => world.token(email);
const sendPhoto = (as: string, id: string, fields: Record<string, FilePart | string>) =>
  formSender(world, as)('POST', `/api/fuel-requests/${id}/evidence`, fields);

const jpeg = (bytes: number): FilePart => {
  const data = Buffer.alloc(bytes, 0x20);
  data.set([0xff, 0xd8, 0xff, 0xe0]);
  return { filename: 'odometer.jpg', contentType: 'image/jpeg', data };
};

async function approvedCoupon(): Promise<{ id: string; code: string }> {
  const created = await world.t.call('POST', '/api/fuel-requests', {
    token: token(ORG),
    body: { vehicleId: world.ids.hilux, stationId: world.ids.unity, supplyDate: lagosDate(clock.now()), volume: 5 },
  });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().request.id as string;
  const approved = await world.t.call('PATCH', `/api/fuel-requests/${id}/approve`, { token: token(ORG), body: {} });
  expect(approved.statusCode, approved.body).toBe(200);
  return { id, code: approved.json().request.couponCode as string };
}

const redeem = (coupon: { id: string; code: string }, extra: Record<string, unknown> = {}) =>
  world.t.call('PATCH', `/api/fuel-requests/${coupon.id}/complete`, {
    token: token(ATTENDANT),
    body: { code: coupon.code, dispensedVolume: 4, ...extra },
  });

async function settings(body: Record<string, boolean>) {
  const res = await world.t.call('PUT', '/api/settings/organization', { token: token(ORG), body });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().settings).toMatchObject(body);
}

/** The vehicle's last counted reading, and the latest fill's: a new ordinary reading goes just past both. */
async function nextReading(step = 1): Promise<number> {
  const vehicle = await world.t.db
    .selectFrom('vehicles')
    .select('last_odometer')
    .where('id', '=', world.ids.hilux)
    .executeTakeFirstOrThrow();
  return Number(vehicle.last_odometer ?? 0) + step;
}

const single = (id: string, as = ORG) => world.t.call('GET', `/api/fuel-requests/single/${id}`, { token: token(as) });

describe('photos of the odometer', () => {
  it('are taken by the coupon’s station and listed with the request, with a link the organization can open', async () => {
    const coupon = await approvedCoupon();
    const res = await sendPhoto(ATTENDANT, coupon.id, { photo: png('odometer.png') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Photo of the odometer saved');
    expect(res.json().evidence).toEqual([
      expect.objectContaining({ kind: 'ODOMETER_PHOTO', uploadedBy: expect.objectContaining({ name: 'Sani Danjuma' }) }),
    ]);
    const view = await single(coupon.id);
    expect(view.statusCode, view.body).toBe(200);
    const [photo] = view.json().evidence as Array<{ url: string }>;
    const file = await world.t.call('GET', (photo as { url: string }).url, { token: null });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('image/png');
    const audit = await world.t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', coupon.id)
      .where('action', '=', 'fuel_request.evidence_added')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('must be a JPEG, PNG or WebP of at most 300 kB, at most 3 a request', async () => {
    const coupon = await approvedCoupon();
    const gif = await sendPhoto(ATTENDANT, coupon.id, {
      photo: { filename: 'a.gif', contentType: 'image/gif', data: Buffer.from('GIF89a\x01\x00\x01\x00') },
    });
    expect(gif.statusCode, gif.body).toBe(415);
    expect(gif.json().message).toBe('The photo must be a JPEG, PNG or WebP image');
    const text = await sendPhoto(ATTENDANT, coupon.id, {
      photo: { filename: 'a.jpg', contentType: 'image/jpeg', data: Buffer.from('hello') },
    });
    expect(text.statusCode).toBe(415);
    const big = await sendPhoto(ATTENDANT, coupon.id, { photo: jpeg(300 * 1024 + 1) });
    expect(big.statusCode, big.body).toBe(413);
    expect(big.json().message).toBe('The photo is larger than 300 kB; take it again (the station app shrinks it)');
    // A field the call does not take is refused, as everywhere; no photo at all is asked for.
    expect((await sendPhoto(ATTENDANT, coupon.id, { note: 'x' })).statusCode).toBe(400);
    const empty = await world.t.call('POST', `/api/fuel-requests/${coupon.id}/evidence`, { token: token(ATTENDANT), body: {} });
    expect(empty.statusCode, empty.body).toBe(400);
    expect(empty.json().message).toBe('Take a photo of the odometer');
    for (let i = 0; i < 3; i += 1) expect((await sendPhoto(ATTENDANT, coupon.id, { photo: jpeg(300 * 1024) })).statusCode).toBe(200);
    const fourth = await sendPhoto(ATTENDANT, coupon.id, { photo: png() });
    expect(fourth.statusCode, fourth.body).toBe(409);
    expect(fourth.json().message).toBe('This request already has 3 photos');
    expect((await single(coupon.id)).json().evidence).toHaveLength(3);
  });

  it('are refused to another station (404), to the organization and the driver (403), and on a pending request', async () => {
    const coupon = await approvedCoupon();
    expect((await sendPhoto('rep@greenline.test', coupon.id, { photo: png() })).statusCode).toBe(404);
    expect((await sendPhoto(ORG, coupon.id, { photo: png() })).statusCode).toBe(403);
    expect((await sendPhoto('driver@acme.test', coupon.id, { photo: png() })).statusCode).toBe(403);
    const pending = await world.t.call('POST', '/api/fuel-requests', {
      token: token(ORG),
      body: { vehicleId: world.ids.hilux, stationId: world.ids.unity, supplyDate: lagosDate(clock.now()), volume: 5 },
    });
    const refused = await sendPhoto(ATTENDANT, pending.json().request.id as string, { photo: png() });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe('Photos are added at the pump; this request is PENDING');
    expect((await single(coupon.id)).json().evidence).toEqual([]);
  });

  it('may follow the redemption within a day, not later', async () => {
    await settings({ requireOdometerPhoto: false, requireOdometerAtPump: false });
    const coupon = await approvedCoupon();
    expect((await redeem(coupon)).statusCode).toBe(200);
    expect((await sendPhoto(ATTENDANT, coupon.id, { photo: png() })).statusCode).toBe(200);
    clock.set(new Date(Date.now() + 25 * 3_600_000));
    try {
      const late = await sendPhoto(ATTENDANT, coupon.id, { photo: png() });
      expect(late.statusCode, late.body).toBe(409);
      expect(late.json().message).toBe('Photos are added at the pump, or within a day of the redemption');
    } finally {
      clock.set(new Date());
    }
  });
});

describe('the settings that require odometer evidence', () => {
  it('with a typed reading required, refuse a redemption without one and keep the coupon', async () => {
    await settings({ requireOdometerAtPump: true, requireOdometerPhoto: false });
    const coupon = await approvedCoupon();
    const res = await redeem(coupon);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({
      message: "Type the vehicle's odometer reading: this organization requires it at the pump",
      field: 'odometer',
    });
    const preview = await world.t.call('GET', '/api/fuel-requests/coupon', { token: token(ATTENDANT), query: { code: coupon.code } });
    expect(preview.json()).toMatchObject({ odometerRequired: true, odometerPhotoRequired: false });
    const open = await world.t.call('GET', '/api/station/open-coupons', { token: token(ATTENDANT) });
    expect(open.json().coupons.find((c: { requestId: string }) => c.requestId === coupon.id)).toMatchObject({
      odometerRequired: true,
      odometerPhotoRequired: false,
    });
    const ok = await redeem(coupon, { odometer: await nextReading() });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('with a photo required, refuse a redemption until the station has sent one', async () => {
    await settings({ requireOdometerAtPump: false, requireOdometerPhoto: true });
    const coupon = await approvedCoupon();
    const res = await redeem(coupon);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe('Take a photo of the odometer first: this organization requires it at the pump');
    expect((await sendPhoto(ATTENDANT, coupon.id, { photo: png() })).statusCode).toBe(200);
    expect((await redeem(coupon)).statusCode).toBe(200);
    await settings({ requireOdometerPhoto: false });
  });
});

describe('a reading that jumps too far', () => {
  it('is accepted and flagged, kept on the request, and left out of efficiency and of the last reading', async () => {
    await settings({ requireOdometerAtPump: false, requireOdometerPhoto: false });
    const lastBefore = await nextReading(0);
    // A year's drive at 120 km/h since the vehicle's last fill is more than any fill ago allows.
    const jump = lastBefore + 120 * 24 * 366;
    const coupon = await approvedCoupon();
    const res = await redeem(coupon, { odometer: jump });
    expect(res.statusCode, res.body).toBe(200);

    const row = await world.t.db
      .selectFrom('fuel_requests')
      .select(['odometer', 'odometer_excluded', 'odometer_excluded_reason'])
      .where('id', '=', coupon.id)
      .executeTakeFirstOrThrow();
    expect(row.odometer).toBeNull();
    expect(Number(row.odometer_excluded)).toBe(jump);
    expect(row.odometer_excluded_reason).toMatch(/more than 120 km\/h; left out of efficiency$/);
    expect(await nextReading(0)).toBe(lastBefore);

    const view = (await single(coupon.id)).json();
    expect(view.currentOdometerReading).toBe(jump);
    expect(view.odometerExclusion).toBe(row.odometer_excluded_reason);
    expect(view.flags).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'ODOMETER_JUMP', severity: 'critical' })]));
    // The station sees the reading and why it does not count, but not the flags.
    const stationView = (await single(coupon.id, ATTENDANT)).json();
    expect(stationView).toMatchObject({ currentOdometerReading: jump, flags: [] });

    // The next honest reading is measured from the last counted one, not refused as going back.
    const next = await approvedCoupon();
    const honest = await redeem(next, { odometer: lastBefore + 50 });
    expect(honest.statusCode, honest.body).toBe(200);
    expect((await single(next.id)).json()).toMatchObject({ currentOdometerReading: lastBefore + 50, odometerExclusion: null });
  });
});
