import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-world.js';
import { png, formSender } from '../../../test/multipart.js';

const world = useTestApp({ signIn: ['admin@fleetfuel.test'] });

const send = formSender(world, 'admin@fleetfuel.test');

describe('fuel stations', () => {
  it('creates a station with an image, fuels as repeated fields, and coordinates', async () => {
    const res = await send('POST', '/api/admin/fuel-stations', {
      name: 'Sunrise Energy Wuse',
      address: 'Wuse 2, Abuja',
      latitude: '9.0765',
      longitude: '7.4986',
      availableFuels: ['PETROL', 'CNG', 'PETROL'],
      image: png('station.png'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Sunrise Energy Wuse',
      latitude: 9.0765,
      longitude: 7.4986,
      availableFuels: ['PETROL', 'CNG'],
      status: 'ACTIVE',
    });

    // Any signed-in user may see a station's picture (organizations choose stations by it).
    const bare = (res.json().imageUrl as string).split('?')[0] as string;
    expect((await world.t.call('GET', bare, { token: await world.t.login('driver@acme.test') })).statusCode).toBe(200);
  });

  it('validates coordinates and fuels', async () => {
    const lat = await send('POST', '/api/admin/fuel-stations', { name: 'A', latitude: '95', longitude: '3', availableFuels: 'PETROL' });
    expect(lat.json()).toMatchObject({ field: 'latitude', error: 'latitude: Latitude must be between -90 and 90' });
    const lng = await send('POST', '/api/admin/fuel-stations', { name: 'A', latitude: '6', longitude: 'east', availableFuels: 'PETROL' });
    expect(lng.json().field).toBe('longitude');
    const half = await send('POST', '/api/admin/fuel-stations', { name: 'A', latitude: '6', availableFuels: 'PETROL' });
    expect(half.json()).toMatchObject({ field: 'longitude', error: 'Enter both latitude and longitude, or neither' });
    const none = await world.t.call('POST', '/api/admin/fuel-stations', {
      token: world.token('admin@fleetfuel.test'),
      body: { name: 'A', availableFuels: [] },
    });
    expect(none.json()).toMatchObject({ field: 'availableFuels', error: 'availableFuels: Choose at least one fuel type' });
    const hybrid = await world.t.call('POST', '/api/admin/fuel-stations', {
      token: world.token('admin@fleetfuel.test'),
      body: { name: 'A', availableFuels: ['HYBRID'] },
    });
    expect(hybrid.statusCode).toBe(400);
  });

  it('keeps opening hours as two Lagos times or none, after midnight allowed', async () => {
    const created = await send('POST', '/api/admin/fuel-stations', {
      name: 'Night Pump',
      availableFuels: 'PETROL',
      opensAt: '18:00',
      closesAt: '02:00',
    });
    expect(created.json()).toMatchObject({ opensAt: '18:00', closesAt: '02:00' });
    const id = created.json().id as string;
    const half = await send('PUT', `/api/admin/fuel-stations/${id}`, { opensAt: '', closesAt: '22:00' });
    expect(half.json()).toMatchObject({ field: 'opensAt', error: 'Enter both the opening and the closing time, or neither' });
    const bad = await send('PUT', `/api/admin/fuel-stations/${id}`, { opensAt: '25:00' });
    expect(bad.json()).toMatchObject({ field: 'opensAt', error: 'opensAt: Opening time must be a time such as 06:30' });
    const same = await send('PUT', `/api/admin/fuel-stations/${id}`, { opensAt: '06:00', closesAt: '06:00' });
    expect(same.statusCode).toBe(400);
    const cleared = await send('PUT', `/api/admin/fuel-stations/${id}`, { opensAt: '', closesAt: '' });
    expect(cleared.json()).toMatchObject({ opensAt: null, closesAt: null });
    const kept = await send('PUT', `/api/admin/fuel-stations/${id}`, { address: 'Ikeja' });
    expect(kept.json()).toMatchObject({ opensAt: null, closesAt: null, address: 'Ikeja' });
  });

  it('records the Nigerian state a station is in, one of the contract’s, or none', async () => {
    const created = await send('POST', '/api/admin/fuel-stations', { name: 'Ota Pump', availableFuels: 'PETROL', state: 'Ogun' });
    expect(created.json().state).toBe('Ogun');
    const id = created.json().id as string;
    const unknown = await send('PUT', `/api/admin/fuel-stations/${id}`, { state: 'Atlantis' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().field).toBe('state');
    expect((await send('PUT', `/api/admin/fuel-stations/${id}`, { address: 'Ota' })).json().state).toBe('Ogun');
    expect((await send('PUT', `/api/admin/fuel-stations/${id}`, { state: '' })).json().state).toBeNull();
  });

  it('searches, edits and deletes only stations without history', async () => {
    const found = await world.t.call('GET', '/api/admin/fuel-stations', {
      token: world.token('admin@fleetfuel.test'),
      query: { search: 'lekki' },
    });
    expect(found.json().data.map((s: { name: string }) => s.name)).toEqual(['Greenline Energy Lekki']);
    const id = found.json().data[0].id as string;
    const edited = await send('PUT', `/api/admin/fuel-stations/${id}`, { status: 'INACTIVE', availableFuels: 'DIESEL,ELECTRIC' });
    expect(edited.json()).toMatchObject({ status: 'INACTIVE', availableFuels: ['DIESEL', 'ELECTRIC'], latitude: 6.447 });
    expect(
      (await world.t.call('GET', `/api/admin/fuel-stations/${id}`, { token: world.token('admin@fleetfuel.test') })).json().status,
    ).toBe('INACTIVE');

    const refused = await world.t.call('DELETE', `/api/admin/fuel-stations/${id}`, { token: world.token('admin@fleetfuel.test') });
    expect(refused.statusCode).toBe(409);
    const fresh = await world.t.call('POST', '/api/admin/fuel-stations', {
      token: world.token('admin@fleetfuel.test'),
      body: { name: 'Temp Station', availableFuels: ['PETROL'] },
    });
    expect(
      (await world.t.call('DELETE', `/api/admin/fuel-stations/${fresh.json().id}`, { token: world.token('admin@fleetfuel.test') }))
        .statusCode,
    ).toBe(200);
  });

  it.each(['orgadmin@acme.test', 'driver@acme.test', 'rep@unityfuels.test', 'attendant@unityfuels.test'])('%s gets 403', async (email) => {
    const token = await world.t.login(email);
    expect((await world.t.call('GET', '/api/admin/fuel-stations', { token })).statusCode).toBe(403);
    expect(
      (await world.t.call('POST', '/api/admin/fuel-stations', { token, body: { name: 'x', availableFuels: ['PETROL'] } })).statusCode,
    ).toBe(403);
  });
});
