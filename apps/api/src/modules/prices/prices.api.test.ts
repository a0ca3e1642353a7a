import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-world.js';

const world = useTestApp({
  signIn: ['rep@unityfuels.test'],
  ids: async (find) => ({ unity: await find.station('Unity Fuels Ikeja'), greenline: await find.station('Greenline Energy Lekki') }),
});

describe('station prices', () => {
  it('a station rep sets prices of fuels its station sells and sees the history', async () => {
    const first = await world.t.call('PATCH', '/api/fuel-requests/update-price', {
      token: world.token('rep@unityfuels.test'),
      body: { fuelType: 'PETROL', pricePerLitre: 950 },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      message: 'Price Updated!',
      price: { fuelType: 'PETROL', pricePerLitre: 950, unit: 'L', fuelStationId: world.ids.unity, setBy: { name: 'Bola Adeyemi' } },
    });
    await world.t.call('PATCH', '/api/fuel-requests/update-price', {
      token: world.token('rep@unityfuels.test'),
      body: { fuelType: 'PETROL', pricePerLitre: 987.5 },
    });
    await world.t.call('PATCH', '/api/fuel-requests/update-price', {
      token: world.token('rep@unityfuels.test'),
      body: { fuelType: 'DIESEL', pricePerLitre: '1150.25' },
    });

    const history = await world.t.call('GET', '/api/fuel-requests/prices', { token: world.token('rep@unityfuels.test') });
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
    const petrolOnly = await world.t.call('GET', '/api/fuel-requests/prices', {
      token: world.token('rep@unityfuels.test'),
      query: { fuelType: 'PETROL' },
    });
    expect(petrolOnly.json().meta.total).toBe(4);
  });

  it('refuses a fuel the station does not sell and invalid amounts', async () => {
    const cng = await world.t.call('PATCH', '/api/fuel-requests/update-price', {
      token: world.token('rep@unityfuels.test'),
      body: { fuelType: 'CNG', pricePerLitre: 400 },
    });
    expect(cng.statusCode).toBe(422);
    expect(cng.json()).toMatchObject({ field: 'fuelType', error: 'Unity Fuels Ikeja does not sell CNG' });
    for (const pricePerLitre of [0, -5, 10.123, '', 'abc']) {
      const res = await world.t.call('PATCH', '/api/fuel-requests/update-price', {
        token: world.token('rep@unityfuels.test'),
        body: { fuelType: 'PETROL', pricePerLitre },
      });
      expect(res.statusCode, String(pricePerLitre)).toBe(400);
      expect(res.json().error).toBe('pricePerLitre: Please enter valid amount');
    }
    const stationId = await world.t.call('PATCH', '/api/fuel-requests/update-price', {
      token: world.token('rep@unityfuels.test'),
      body: { fuelType: 'PETROL', pricePerLitre: 1, stationId: world.ids.greenline },
    });
    expect(stationId.json().error).toBe('Unknown field: stationId');
  });

  it('attendants read their station’s prices but cannot set them; other stations answer 404', async () => {
    const attendant = await world.t.login('attendant@unityfuels.test');
    expect((await world.t.call('GET', '/api/fuel-requests/prices', { token: attendant })).statusCode).toBe(200);
    expect(
      (await world.t.call('PATCH', '/api/fuel-requests/update-price', { token: attendant, body: { fuelType: 'PETROL', pricePerLitre: 1 } }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await world.t.call('GET', '/api/fuel-requests/prices', {
          token: world.token('rep@unityfuels.test'),
          query: { stationId: world.ids.greenline },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('the platform admin reads any station’s prices by naming it; organization roles cannot', async () => {
    const admin = await world.t.login('admin@fleetfuel.test');
    const missing = await world.t.call('GET', '/api/fuel-requests/prices', { token: admin });
    expect(missing.json()).toMatchObject({ field: 'stationId' });
    const ok = await world.t.call('GET', '/api/fuel-requests/prices', { token: admin, query: { stationId: world.ids.unity } });
    expect(ok.json().current.length).toBe(2);
    expect(
      (await world.t.call('PATCH', '/api/fuel-requests/update-price', { token: admin, body: { fuelType: 'PETROL', pricePerLitre: 1 } }))
        .statusCode,
    ).toBe(403);
    for (const email of ['orgadmin@acme.test', 'driver@acme.test']) {
      expect((await world.t.call('GET', '/api/fuel-requests/prices', { token: await world.t.login(email) })).statusCode).toBe(403);
    }
  });
});
