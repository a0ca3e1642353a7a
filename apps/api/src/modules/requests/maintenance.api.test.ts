import { calendarDay } from '@fleetfuel/contract';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lagosDate } from '../../platform/clock.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { creditOrganization, requestIds, signInAll, STATION_ACCOUNTS } from '../../../test/demo-world.js';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const today = () => lagosDate(new Date());

beforeAll(async () => {
  t = await createTestApp();
  Object.assign(tokens, await signInAll(t, STATION_ACCOUNTS));
  Object.assign(ids, await requestIds(t));
  ids.generator = (await t.db.selectFrom('vehicles').select('id').where('model', '=', 'MP 100kVA').executeTakeFirstOrThrow()).id;
  await creditOrganization(t, 'Acme Logistics', 300_000);
});
afterAll(async () => t.close());

const vehicleStatus = async (id: string) =>
  (await t.db.selectFrom('vehicles').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

describe('maintenance at a station', () => {
  it('approval holds the cost and marks the vehicle; the station lowers the cost, completes with the work order and is paid', async () => {
    const token = tokens['orgadmin@acme.test'] as string;
    const created = await t.call('POST', '/api/maintenance', {
      token,
      body: {
        vehicleId: ids.hilux,
        description: 'Brake pads and oil change',
        date: today(),
        cost: 85000,
        stationId: ids.unity,
        currentOdometerReading: 0,
        currentTankLevel: 30,
      },
    });
    expect(created.json()).toMatchObject({
      message: 'Request Successfull!',
      request: { status: 'PENDING', cost: 85000, fuelStation: { name: 'Unity Fuels Ikeja' } },
    });
    const id = created.json().request.id as string;
    const due = async () =>
      (await t.call('GET', '/api/admin/organizations/analytics', { token: tokens['admin@fleetfuel.test'] })).json()
        .vehiclesNeedServicing as number;
    const dueBefore = await due();
    expect((await t.call('PATCH', `/api/maintenance/${id}/approve`, { token: tokens['asst@acme.test'] })).statusCode).toBe(403);
    const approved = await t.call('PATCH', `/api/maintenance/${id}/approve`, { token });
    expect(approved.json()).toMatchObject({ message: 'Maintenance request approved.', request: { status: 'APPROVED' } });
    expect(await vehicleStatus(ids.hilux as string)).toBe('UNDER_MAINTENANCE');
    // An approved job not yet done makes the vehicle due; completing it clears that.
    expect(await due()).toBe(dueBefore + 1);
    const held = (await t.call('GET', '/api/wallet', { token })).json().wallet.held;
    expect(held).toBe(85000);

    const higher = await t.call('PATCH', '/api/maintenance/update-price', {
      token: tokens['rep@unityfuels.test'],
      body: { id, cost: 90000 },
    });
    expect(higher.json()).toMatchObject({
      field: 'cost',
      error: 'The final cost cannot exceed the approved ₦85,000.00; a higher cost needs a new request',
    });
    const lower = await t.call('PATCH', '/api/maintenance/update-price', {
      token: tokens['rep@unityfuels.test'],
      body: { id, cost: 78000 },
    });
    expect(lower.json()).toMatchObject({ message: 'Price Updated!', request: { finalCost: 78000 } });
    expect(
      (await t.call('PATCH', '/api/maintenance/update-price', { token: tokens['rep@greenline.test'], body: { id, cost: 1 } })).statusCode,
    ).toBe(404);

    const code = approved.json().request.couponCode as string;
    const preview = await t.call('GET', '/api/fuel-requests/coupon', { token: tokens['attendant@unityfuels.test'], query: { code } });
    expect(preview.json()).toMatchObject({ kind: 'MAINTENANCE', redeemable: true, maintenanceRequest: { id } });
    expect((await t.call('PATCH', `/api/maintenance/${id}/complete`, { token, body: {} })).json().error).toBe(
      'This job is serviced by a station; the station completes it with the work order',
    );
    const stationBefore = (await t.call('GET', '/api/wallet', { token: tokens['rep@unityfuels.test'] })).json().wallet.balance;
    const done = await t.call('PATCH', `/api/maintenance/${id}/complete`, { token: tokens['attendant@unityfuels.test'], body: { code } });
    expect(done.statusCode).toBe(200);
    expect(done.json().request).toMatchObject({ status: 'COMPLETED', amount: 78000, completedBy: { name: 'Sani Danjuma' } });
    expect(await vehicleStatus(ids.hilux as string)).toBe('ACTIVE');
    expect(await due()).toBe(dueBefore);
    const wallet = (await t.call('GET', '/api/wallet', { token })).json().wallet;
    expect(wallet.held).toBe(0);
    expect((await t.call('GET', '/api/wallet', { token: tokens['rep@unityfuels.test'] })).json().wallet.balance).toBe(
      stationBefore + 78000,
    );
    const again = await t.call('PATCH', `/api/maintenance/${id}/complete`, { token: tokens['attendant@unityfuels.test'], body: { code } });
    expect(again.json().error).toMatch(/^This work order was already completed on /);
  });

  it('without a station, the organization admin completes the job and no money moves', async () => {
    const token = tokens['orgadmin@acme.test'] as string;
    const created = (
      await t.call('POST', '/api/maintenance', {
        token,
        body: { vehicleId: ids.generator, description: 'Service generator', date: today(), cost: 40000 },
      })
    ).json().request;
    await t.call('PATCH', `/api/maintenance/${created.id}/approve`, { token });
    expect((await t.call('GET', '/api/wallet', { token })).json().wallet.held).toBe(0);
    expect(
      (
        await t.call('PATCH', `/api/maintenance/${created.id}/complete`, {
          token: tokens['attendant@unityfuels.test'],
          body: { code: 'AAAA-AAAA' },
        })
      ).statusCode,
    ).toBe(404);
    const done = await t.call('PATCH', `/api/maintenance/${created.id}/complete`, { token, body: { finalCost: 35500 } });
    expect(done.json().request).toMatchObject({ status: 'COMPLETED', amount: 35500 });
    expect(await vehicleStatus(ids.generator as string)).toBe('ACTIVE');
    const logs = await t.call('GET', '/api/maintenance/all-requests', { token, query: { vehicleId: ids.generator } });
    expect(logs.json().logs).toHaveLength(1);
    expect(logs.json().summary).toMatchObject({ completedCount: 1, completedCost: 35500 });
  });
});

describe('the coupon PDF', () => {
  it('carries the code and a QR that decodes (pdftoppm + zbarimg) to a payload the station can redeem', async () => {
    const token = tokens['orgadmin@acme.test'] as string;
    const created = (
      await t.call('POST', '/api/fuel-requests', {
        token,
        body: { vehicleId: ids.hilux, stationId: ids.unity, supplyDate: today(), volume: 35 },
      })
    ).json().request;
    const approved = (await t.call('PATCH', `/api/fuel-requests/${created.id}/approve`, { token })).json().request;

    const res = await t.call('GET', `/api/fuel-requests/${created.id}/generate-coupon`, { token: tokens['driver@acme.test'] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="fuel-coupon-LND-451-KJ-${approved.couponCode}.pdf"`);
    const dir = mkdtempSync(path.join(tmpdir(), 'fleetfuel-coupon-'));
    try {
      writeFileSync(path.join(dir, 'coupon.pdf'), res.rawPayload);
      const text = execFileSync('pdftotext', [path.join(dir, 'coupon.pdf'), '-'], { encoding: 'utf8' });
      for (const expected of [
        approved.couponCode,
        'Acme Logistics',
        'LND-451-KJ',
        'PETROL',
        '35 L',
        'Unity Fuels Ikeja',
        calendarDay(today()),
        'Fuel Coupon',
      ]) {
        expect(text).toContain(expected);
      }
      execFileSync('pdftoppm', ['-png', '-r', '150', path.join(dir, 'coupon.pdf'), path.join(dir, 'page')]);
      const page = readdirSync(dir).find((f) => f.endsWith('.png')) as string;
      const qr = execFileSync('zbarimg', ['--quiet', '--raw', '-Sqrcode.enable', path.join(dir, page)], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim();
      expect(qr).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/); // a compact JWS

      const preview = await t.call('GET', '/api/fuel-requests/coupon', { token: tokens['attendant@unityfuels.test'], query: { qr } });
      expect(preview.json()).toMatchObject({ kind: 'FUEL', redeemable: true, fuelRequest: { id: created.id } });
      const altered = qr.slice(0, 10) + (qr[10] === 'A' ? 'B' : 'A') + qr.slice(11);
      const refused = await t.call('PATCH', `/api/fuel-requests/${created.id}/complete`, {
        token: tokens['attendant@unityfuels.test'],
        body: { qr: altered, dispensedVolume: 30 },
      });
      expect(refused.json()).toMatchObject({ field: 'qr', error: 'This QR code is not a valid FleetFuel fuel coupon' });
      const redeemed = await t.call('PATCH', `/api/fuel-requests/${created.id}/complete`, {
        token: tokens['attendant@unityfuels.test'],
        body: { qr, dispensedVolume: 30, odometer: 61250 },
      });
      expect(redeemed.json().request).toMatchObject({ status: 'COMPLETED', dispensedVolume: 30, currentOdometerReading: 61250 });
      expect(
        (
          await t.db
            .selectFrom('vehicles')
            .select('last_odometer')
            .where('id', '=', ids.hilux as string)
            .executeTakeFirstOrThrow()
        ).last_odometer,
      ).toBe('61250.0');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a pending request has no coupon; a station cannot download one', async () => {
    const token = tokens['orgadmin@acme.test'] as string;
    const created = (
      await t.call('POST', '/api/fuel-requests', {
        token,
        body: { vehicleId: ids.hilux, stationId: ids.unity, supplyDate: today(), volume: 5 },
      })
    ).json().request;
    expect((await t.call('GET', `/api/fuel-requests/${created.id}/generate-coupon`, { token })).json().error).toBe(
      'Only approved requests have a coupon',
    );
    expect(
      (await t.call('GET', `/api/fuel-requests/${created.id}/generate-coupon`, { token: tokens['rep@unityfuels.test'] })).statusCode,
    ).toBe(403);
  });
});
