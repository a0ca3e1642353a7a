import { describe, expect, it } from 'vitest';
import { STATION_ACCOUNTS } from '../../../test/demo-world.js';
import { useTestApp } from '../../../test/test-world.js';
import { multipart, png } from '../../../test/multipart.js';

const world = useTestApp({
  signIn: [...STATION_ACCOUNTS, 'driver2@acme.test'],
  ids: async (_find, t) => {
    const ids: Record<string, string> = {};
    for (const row of await t.db.selectFrom('users').select(['id', 'email']).execute()) if (row.email) ids[row.email] = row.id;
    for (const row of await t.db.selectFrom('organizations').select(['id', 'name']).execute()) ids[row.name] = row.id;
    for (const row of await t.db.selectFrom('vehicles').select(['id', 'plate_number', 'model']).execute())
      ids[row.plate_number ?? row.model] = row.id;
    for (const row of await t.db.selectFrom('departments').select(['id', 'name']).execute()) ids[row.name] = row.id;
    return ids;
  },
});

const newCar = (plate: string, extra: Record<string, unknown> = {}) => ({
  plateNumber: plate,
  make: 'Toyota',
  model: 'Corolla',
  type: 'VEHICLE',
  fuelType: 'PETROL',
  tankSize: 50,
  ...extra,
});

describe('reading assets', () => {
  // The demo's assets as seeded, on a database of their own: the other tests' writes (new assets,
  // assignments) do not reach it, whichever order the tests run in.
  const seeded = useTestApp({
    signIn: STATION_ACCOUNTS,
  });

  it('an organization sees its own assets with driver, group and insurance status; search works', async () => {
    const res = await seeded.t.call('GET', '/api/vehicles', { token: seeded.token('orgadmin@acme.test') });
    expect(res.statusCode).toBe(200);
    expect(res.json().meta.total).toBe(4);
    const hilux = res.json().data.find((v: { plateNumber: string }) => v.plateNumber === 'LND-451-KJ');
    expect(hilux).toMatchObject({
      type: 'VEHICLE',
      fuelType: 'PETROL',
      driver: { name: 'Musa Ibrahim' },
      department: { name: 'Operations' },
      organization: { name: 'Acme Logistics' },
      insuranceStatus: 'ACTIVE',
      registrationState: 'Lagos',
      transmissionType: 'manual',
      purchasePrice: 38500000,
    });
    const statuses = Object.fromEntries(
      res.json().data.map((v: { model: string; insuranceStatus: string }) => [v.model, v.insuranceStatus]),
    );
    expect(statuses).toEqual({ Hilux: 'ACTIVE', 'Actros 2640': 'EXPIRED', 'MP 100kVA': 'NOT_INSURED', 'Boxer BM150': 'ACTIVE' });

    for (const [search, expected] of [
      ['musa', ['Hilux']],
      ['actros', ['Actros 2640']],
      ['LA-2018', ['Actros 2640']],
      ['kj', ['Hilux', 'Boxer BM150']],
    ] as const) {
      const found = await seeded.t.call('GET', '/api/vehicles', { token: seeded.token('asst@acme.test'), query: { search } });
      expect(
        found
          .json()
          .data.map((v: { model: string }) => v.model)
          .sort(),
        search,
      ).toEqual([...expected].sort());
    }
    const generators = await seeded.t.call('GET', '/api/vehicles', { token: seeded.token('asst@acme.test'), query: { type: 'GENERATOR' } });
    expect(generators.json().data.map((v: { model: string }) => v.model)).toEqual(['MP 100kVA']);
  });

  it('ADMIN sees every organization or filters one; others cannot name another organization', async () => {
    const all = await seeded.t.call('GET', '/api/vehicles', { token: seeded.token('admin@fleetfuel.test') });
    expect(all.json().meta.total).toBe(7);
    const beta = await seeded.t.call('GET', '/api/vehicles', {
      token: seeded.token('admin@fleetfuel.test'),
      query: { organizationId: world.ids['Beta Haulage'] },
    });
    expect(beta.json().meta.total).toBe(3);
    const crossed = await seeded.t.call('GET', '/api/vehicles', {
      token: seeded.token('orgadmin@acme.test'),
      query: { organizationId: world.ids['Beta Haulage'] },
    });
    expect(crossed.statusCode).toBe(404);
  });

  it('another organization’s asset answers 404 with nothing of it in the body', async () => {
    const betaTruck = world.ids['KAN-903-BT'] as string;
    for (const [method, url, body] of [
      ['GET', `/api/vehicles/${betaTruck}`, undefined],
      ['PUT', `/api/vehicles/${betaTruck}`, { color: 'Red' }],
      ['DELETE', `/api/vehicles/${betaTruck}`, undefined],
      ['PATCH', `/api/vehicles/${betaTruck}/unassign-driver`, undefined],
      ['PATCH', '/api/vehicles/assign-driver', { driverId: world.ids['driver2@acme.test'], vehicleId: betaTruck }],
      ['GET', `/api/insurance/vehicle/${betaTruck}`, undefined],
    ] as const) {
      const res = await seeded.t.call(method, url, { token: seeded.token('orgadmin@acme.test'), body });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body).not.toMatch(/KAN-903|Isuzu|Beta/);
    }
  });

  it('a driver reads only the vehicle it drives; station roles read none', async () => {
    const own = await seeded.t.call('GET', `/api/vehicles/${world.ids['LND-451-KJ']}`, { token: seeded.token('driver@acme.test') });
    expect(own.statusCode).toBe(200);
    expect(
      (await seeded.t.call('GET', `/api/vehicles/${world.ids['APP-220-XA']}`, { token: seeded.token('driver@acme.test') })).statusCode,
    ).toBe(404);
    expect((await seeded.t.call('GET', '/api/vehicles', { token: seeded.token('driver@acme.test') })).statusCode).toBe(403);
    expect(
      (await seeded.t.call('GET', `/api/insurance/vehicle/${world.ids['LND-451-KJ']}`, { token: seeded.token('driver@acme.test') }))
        .statusCode,
    ).toBe(200);
    const me = await seeded.t.call('GET', '/api/auth/me', { token: seeded.token('driver@acme.test') });
    expect(me.json().vehicle).toMatchObject({ plateNumber: 'LND-451-KJ', fuelType: 'PETROL' });
    for (const email of ['rep@unityfuels.test', 'attendant@unityfuels.test']) {
      expect((await seeded.t.call('GET', `/api/vehicles/${world.ids['LND-451-KJ']}`, { token: seeded.token(email) })).statusCode).toBe(403);
      expect((await seeded.t.call('POST', '/api/vehicles', { token: seeded.token(email), body: newCar('X-1') })).statusCode).toBe(403);
    }
  });
});

describe('registering and editing assets', () => {
  it('creates a vehicle with an image and registration details; ADMIN must name the organization', async () => {
    const { body, headers } = multipart({
      plateNumber: 'lsd-100-aa',
      make: 'Honda',
      model: 'Accord',
      type: 'VEHICLE',
      fuelType: 'HYBRID',
      transmissionType: 'continuously-variable',
      registrationState: 'FCT - Abuja',
      registrationExpiry: '2027-06-30',
      year: '2022',
      tankSize: '56.5',
      purchasePrice: '24500000.50',
      departmentId: world.ids.Operations as string,
      state: '',
      image: png('car.png'),
    });
    const res = await world.t.call('POST', '/api/vehicles', { token: world.token('asst@acme.test'), body, headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      plateNumber: 'lsd-100-aa',
      fuelType: 'HYBRID',
      year: 2022,
      tankSize: 56.5,
      purchasePrice: 24500000.5,
      registrationState: 'FCT - Abuja',
      state: null,
      department: { name: 'Operations' },
      organizationId: world.ids['Acme Logistics'],
      insuranceStatus: 'NOT_INSURED',
      status: 'ACTIVE',
    });
    expect(res.json().imageUrl).toMatch(/^\/api\/files\/vehicle-image-/);

    const admin = await world.t.call('POST', '/api/vehicles', { token: world.token('admin@fleetfuel.test'), body: newCar('ABJ-1') });
    expect(admin.json()).toMatchObject({ field: 'organizationId', error: 'Choose an organization' });
    const duplicate = await world.t.call('POST', '/api/vehicles', { token: world.token('orgadmin@acme.test'), body: newCar('LSD-100-AA') });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().field).toBe('plateNumber');
  });

  it('keeps registration details to vehicles and plates to all but generators', async () => {
    const token = world.token('orgadmin@acme.test');
    const generator = await world.t.call('POST', '/api/vehicles', {
      token,
      body: { make: 'Elepaq', model: 'SV22000', type: 'GENERATOR', fuelType: 'PETROL' },
    });
    expect(generator.statusCode).toBe(200);
    expect(generator.json().plateNumber).toBeNull();
    const bike = await world.t.call('POST', '/api/vehicles', {
      token,
      body: { make: 'Qlink', model: 'X-Ranger', type: 'MOTORCYCLE', fuelType: 'PETROL' },
    });
    expect(bike.json()).toMatchObject({ field: 'plateNumber' });
    const regOnGenerator = await world.t.call('POST', '/api/vehicles', {
      token,
      body: { make: 'Elepaq', model: 'X', type: 'GENERATOR', fuelType: 'PETROL', transmissionType: 'manual' },
    });
    expect(regOnGenerator.json()).toMatchObject({ field: 'transmissionType', error: 'Only assets of type VEHICLE have transmissionType' });

    const validation = [
      [{ year: 1800 }, 'year'],
      [{ state: 'Atlantis' }, 'state'],
      [{ registrationExpiry: '31/12/2026' }, 'registrationExpiry'],
      [{ tankSize: -4 }, 'tankSize'],
      [{ purchasePrice: 10.999 }, 'purchasePrice'],
      [{ transmissionType: 'semi' }, 'transmissionType'],
      [{ datePurchase: '2999-01-01' }, 'datePurchase'],
      [{ fuelType: 'CNG' }, 'fuelType'],
      [{ organizationId: world.ids['Acme Logistics'], status: 'SOLD' }, 'status'],
    ] as const;
    for (const [extra, field] of validation) {
      const res = await world.t.call('POST', '/api/vehicles', { token, body: newCar(`V-${field}`, extra) });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().field, field).toBe(field);
    }
  });

  it('changing a vehicle into a generator drops its registration details', async () => {
    const token = world.token('orgadmin@acme.test');
    const created = await world.t.call('POST', '/api/vehicles', {
      token,
      body: newCar('CHG-001', { transmissionType: 'auto', registrationState: 'Lagos' }),
    });
    const res = await world.t.call('PUT', `/api/vehicles/${created.json().id}`, { token, body: { type: 'GENERATOR', color: 'Grey' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      type: 'GENERATOR',
      transmissionType: null,
      registrationState: null,
      color: 'Grey',
      plateNumber: 'CHG-001',
    });
    const group = await world.t.call('PUT', `/api/vehicles/${created.json().id}`, { token, body: { departmentId: world.ids.Haulage } });
    expect(group.json()).toMatchObject({ field: 'departmentId', error: 'This group does not exist in the organization' });
  });

  it('deletes an asset without history and refuses one with history', async () => {
    const token = world.token('orgadmin@acme.test');
    const fresh = await world.t.call('POST', '/api/vehicles', { token, body: newCar('DEL-001') });
    const del = await world.t.call('DELETE', `/api/vehicles/${fresh.json().id}`, { token });
    expect(del.statusCode).toBe(200);
    const refused = await world.t.call('DELETE', `/api/vehicles/${world.ids['APP-220-XA']}`, { token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      'APP-220-XA has history (assignments, insurance or requests) and cannot be deleted. Set it INACTIVE instead.',
    );
  });
});

describe('plan limits on assets', () => {
  it('accepts the N-th asset and refuses the N+1-th (Starter: 10 assets)', async () => {
    const token = world.token('orgadmin@beta.test');
    // Beta Haulage has 3 assets; 7 more fill the Starter plan's 10.
    for (let i = 1; i <= 7; i += 1) {
      const res = await world.t.call('POST', '/api/vehicles', { token, body: newCar(`BETA-${i}`) });
      expect(res.statusCode, `asset ${i + 3}`).toBe(200);
    }
    const over = await world.t.call('POST', '/api/vehicles', { token, body: newCar('BETA-11') });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({
      code: 'LIMIT_REACHED',
      error: 'Your plan (Starter) allows 10 assets and 10 are in service. Upgrade the plan or set an asset INACTIVE first.',
    });
    // An inactive asset does not count, and bringing one back into service is checked too.
    const list = await world.t.call('GET', '/api/vehicles', { token, query: { search: 'BETA-7' } });
    const id = list.json().data[0].id;
    await world.t.call('PUT', `/api/vehicles/${id}`, { token, body: { status: 'INACTIVE' } });
    expect((await world.t.call('POST', '/api/vehicles', { token, body: newCar('BETA-12') })).statusCode).toBe(200);
    expect((await world.t.call('PUT', `/api/vehicles/${id}`, { token, body: { status: 'ACTIVE' } })).statusCode).toBe(422);
  });
});

describe('assigning drivers', () => {
  it('assigns and unassigns, keeping one driver per vehicle and one vehicle per driver', async () => {
    const token = world.token('orgadmin@acme.test');
    const taken = await world.t.call('PATCH', '/api/vehicles/assign-driver', {
      token,
      body: { driverId: world.ids['driver@acme.test'], vehicleId: world.ids['APP-220-XA'] },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('Musa Ibrahim already drives LND-451-KJ. Unassign them there first.');
    const full = await world.t.call('PATCH', '/api/vehicles/assign-driver', {
      token,
      body: { driverId: world.ids['driver2@acme.test'], vehicleId: world.ids['LND-451-KJ'] },
    });
    expect(full.statusCode).toBe(409);

    const off = await world.t.call('PATCH', `/api/vehicles/${world.ids['LND-451-KJ']}/unassign-driver`, { token });
    expect(off.statusCode).toBe(200);
    expect(off.json().driver).toBeNull();
    const again = await world.t.call('PATCH', `/api/vehicles/${world.ids['LND-451-KJ']}/unassign-driver`, { token });
    expect(again.statusCode).toBe(422);
    const on = await world.t.call('PATCH', '/api/vehicles/assign-driver', {
      token,
      body: { driverId: world.ids['driver@acme.test'], vehicleId: world.ids['APP-220-XA'] },
    });
    expect(on.json().driver).toMatchObject({ name: 'Musa Ibrahim' });
    const history = await world.t.db
      .selectFrom('vehicle_assignments')
      .select(['vehicle_id', 'unassigned_at'])
      .where('driver_id', '=', world.ids['driver@acme.test'] as string)
      .execute();
    expect(history).toHaveLength(2);
    expect(history.filter((h) => h.unassigned_at === null)).toHaveLength(1);

    const betaDriver = await world.t.call('PATCH', '/api/vehicles/assign-driver', {
      token,
      body: { driverId: world.ids['driver@beta.test'], vehicleId: world.ids['LND-451-KJ'] },
    });
    expect(betaDriver.statusCode).toBe(404);
    expect(betaDriver.json().error).toBe('Driver not found');
  });

  it('10 concurrent assignments of one driver to different vehicles leave exactly one', async () => {
    const token = world.token('orgadmin@acme.test');
    const driver = await world.t.call('POST', '/api/drivers', {
      token,
      body: { name: 'Race Driver', email: 'race@acme.test', password: 'Race-Track-2026' },
    });
    const vehicleIds: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      vehicleIds.push((await world.t.call('POST', '/api/vehicles', { token, body: newCar(`RACE-${i}`) })).json().id);
    }
    const results = await Promise.all(
      vehicleIds.map((vehicleId) =>
        world.t.call('PATCH', '/api/vehicles/assign-driver', { token, body: { driverId: driver.json().id, vehicleId } }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(9);
    const holding = await world.t.db.selectFrom('vehicles').select('id').where('driver_id', '=', driver.json().id).execute();
    expect(holding).toHaveLength(1);
    const open = await world.t.db
      .selectFrom('vehicle_assignments')
      .select('id')
      .where('driver_id', '=', driver.json().id)
      .where('unassigned_at', 'is', null)
      .execute();
    expect(open).toHaveLength(1);
  });
});
