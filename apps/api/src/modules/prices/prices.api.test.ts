import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let rep: string;
let unityId: string;
let greenlineId: string;
beforeAll(async () => {
  t = await createTestApp();
  rep = await t.login('rep@unityfuels.test');
  const stations = await t.db.selectFrom('fuel_stations').select(['id', 'name']).execute();
  unityId = stations.find((s) => s.name === 'Unity Fuels Ikeja')?.id as string;
  greenlineId = stations.find((s) => s.name === 'Greenline Energy Lekki')?.id as string;
});
afterAll(async () => t.close());

describe('station prices', () => {
  it('a station rep sets prices of fuels its station sells and sees the history', async () => {
    const first = await t.call('PATCH', '/api/fuel-requests/update-price', {
      token: rep,
      body: { fuelType: 'PETROL', pricePerLitre: 950 },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      message: 'Price Updated!',
      price: { fuelType: 'PETROL', pricePerLitre: 950, unit: 'L', fuelStationId: unityId, setBy: { name: 'Bola Adeyemi' } },
    });
    await t.call('PATCH', '/api/fuel-requests/update-price', { token: rep, body: { fuelType: 'PETROL', pricePerLitre: 987.5 } });
    await t.call('PATCH', '/api/fuel-requests/update-price', { token: rep, body: { fuelType: 'DIESEL', pricePerLitre: '1150.25' } });

    const history = await t.call('GET', '/api/fuel-requests/prices', { token: rep });
    expect(history.statusCode).toBe(200);
    const { current, prices, meta, availableFuels } = history.json();
    expect(availableFuels).toEqual(['PETROL', 'DIESEL']);
    // Three new prices on top of the demo data's four (two fuels, each with an older price).
    expect(meta.total).toBe(7);
    expect(prices.slice(0, 3).map((p: { pricePerLitre: number }) => p.pricePerLitre)).toEqual([1150.25, 987.5, 950]);
    expect(prices.slice(3).map((p: { pricePerLitre: number }) => p.pricePerLitre)).toEqual([1150, 950, 1120, 935]);
    expect(current.map((p: { fuelType: string; pricePerLitre: number }) => [p.fuelType, p.pricePerLitre])).toEqual([
      ['DIESEL', 1150.25],
      ['PETROL', 987.5],
    ]);
    const petrolOnly = await t.call('GET', '/api/fuel-requests/prices', { token: rep, query: { fuelType: 'PETROL' } });
    expect(petrolOnly.json().meta.total).toBe(4);
  });

  it('refuses a fuel the station does not sell and invalid amounts', async () => {
    const cng = await t.call('PATCH', '/api/fuel-requests/update-price', { token: rep, body: { fuelType: 'CNG', pricePerLitre: 400 } });
    expect(cng.statusCode).toBe(422);
    expect(cng.json()).toMatchObject({ field: 'fuelType', error: 'Unity Fuels Ikeja does not sell CNG' });
    for (const pricePerLitre of [0, -5, 10.123, '', 'abc']) {
      const res = await t.call('PATCH', '/api/fuel-requests/update-price', { token: rep, body: { fuelType: 'PETROL', pricePerLitre } });
      expect(res.statusCode, String(pricePerLitre)).toBe(400);
      expect(res.json().error).toBe('pricePerLitre: Please enter valid amount');
    }
    const stationId = await t.call('PATCH', '/api/fuel-requests/update-price', {
      token: rep,
      body: { fuelType: 'PETROL', pricePerLitre: 1, stationId: greenlineId },
    });
    expect(stationId.json().error).toBe('Unknown field: stationId');
  });

  it('attendants read their station’s prices but cannot set them; other stations answer 404', async () => {
    const attendant = await t.login('attendant@unityfuels.test');
    expect((await t.call('GET', '/api/fuel-requests/prices', { token: attendant })).statusCode).toBe(200);
    expect(
      (await t.call('PATCH', '/api/fuel-requests/update-price', { token: attendant, body: { fuelType: 'PETROL', pricePerLitre: 1 } }))
        .statusCode,
    ).toBe(403);
    expect((await t.call('GET', '/api/fuel-requests/prices', { token: rep, query: { stationId: greenlineId } })).statusCode).toBe(404);
  });

  it('the platform admin reads any station’s prices by naming it; organization roles cannot', async () => {
    const admin = await t.login('admin@fleetfuel.test');
    const missing = await t.call('GET', '/api/fuel-requests/prices', { token: admin });
    expect(missing.json()).toMatchObject({ field: 'stationId' });
    const ok = await t.call('GET', '/api/fuel-requests/prices', { token: admin, query: { stationId: unityId } });
    expect(ok.json().current.length).toBe(2);
    expect(
      (await t.call('PATCH', '/api/fuel-requests/update-price', { token: admin, body: { fuelType: 'PETROL', pricePerLitre: 1 } }))
        .statusCode,
    ).toBe(403);
    for (const email of ['orgadmin@acme.test', 'driver@acme.test']) {
      expect((await t.call('GET', '/api/fuel-requests/prices', { token: await t.login(email) })).statusCode).toBe(403);
    }
  });
});
