/**
 * Input that once reached the database or the HTTP layer unchecked and came back as a 500: NUL
 * bytes, quantities finer than the columns hold, dates PostgreSQL cannot store, broken multipart
 * bodies, oversized headers, and absurd amounts. Each must be a 4xx in the error shape, and write
 * nothing.
 */
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { ROLES, allRoutes, hasPermission, type Role } from '@fleetfuel/contract';
import { describe, expect, it } from 'vitest';
import { lagosDate } from '../clock.js';
import { createTestApp } from '../../../test/harness.js';
import { useTestApp } from '../../../test/test-world.js';
import { multipart, png } from '../../../test/multipart.js';

const world = useTestApp({
  signIn: ['admin@fleetfuel.test', 'orgadmin@acme.test', 'rep@unityfuels.test'],
  ids: async (find) => ({ hilux: await find.vehicle('LND-451-KJ'), unity: await find.station('Unity Fuels Ikeja') }),
});

async function rowCounts(): Promise<Record<string, number>> {
  const tables = [
    'departments',
    'fuel_requests',
    'fuel_reserves',
    'vehicles',
    'insurance_policies',
    'fuel_prices',
    'journal_entries',
    'files',
  ] as const;
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await world.t.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

/** A 400 in the spec's error shape whose text names the field (when one is given). */
function expectRefused(res: { statusCode: number; json: () => unknown; body: string }, field?: string | RegExp) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { error: unknown; message: unknown; code: unknown };
  expect(body).toMatchObject({ error: expect.any(String), message: expect.any(String), code: expect.any(String) });
  if (field) expect(`${String(body.error)} ${String(body.message)}`).toMatch(field);
}

describe('NUL bytes', () => {
  it('are refused in sign-in names, searches, names, coupon codes and upload file names', async () => {
    const before = await rowCounts();
    const admin = world.token('orgadmin@acme.test');
    expectRefused(
      await world.t.call('POST', '/api/auth/login', { body: { username: 'orgadmin@acme.test\u0000', password: 'x' } }),
      /username/,
    );
    expectRefused(await world.t.call('GET', '/api/vehicles', { token: admin, query: { search: 'hi\u0000lux' } }), /search/);
    expectRefused(await world.t.call('POST', '/api/departments', { token: admin, body: { name: 'Night\u0000shift' } }), /name/);
    expectRefused(
      await world.t.call('GET', '/api/fuel-requests/coupon', { token: world.token('rep@unityfuels.test'), query: { code: 'AB\u0000CD' } }),
      /code/,
    );
    const form = multipart({ name: 'Clean name', image: png('logo\u0000.png') });
    const upload = await world.t.app.inject({
      method: 'POST',
      url: '/api/departments',
      payload: form.body,
      headers: { ...form.headers, authorization: `Bearer ${admin}` },
    });
    expect(upload.statusCode).toBeLessThan(500);
    const vehicle = multipart({ model: 'Hiace', make: 'Toyota', type: 'VEHICLE', fuelType: 'PETROL', image: png('bus\u0000.png') });
    expectRefused(
      await world.t.app.inject({
        method: 'POST',
        url: '/api/vehicles',
        payload: vehicle.body,
        headers: { ...vehicle.headers, authorization: `Bearer ${admin}` },
      }),
      /file name|image/,
    );
    expect(await rowCounts()).toEqual(before);
  });
});

describe('a JSON body nested thousands of levels', () => {
  const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
  /** Who may call each route: a demo account of a role the route's permission admits, or nobody for a public one. */
  const callers: Record<Role, string> = {
    ADMIN: 'admin@fleetfuel.test',
    ADMINISTRATOR: 'orgadmin@acme.test',
    ASST_ADMINISTRATOR: 'asst@acme.test',
    DRIVER: 'driver@acme.test',
    ATTENDANT: 'attendant@unityfuels.test',
    STATION_REP: 'rep@unityfuels.test',
  };

  // A GET's body is never read (fastify parses none), so every call that takes one is tried.
  it('answers 400 on every call that reads a JSON body, signed in or not, and writes nothing', async () => {
    const before = await rowCounts();
    const tokens = new Map<string, string>();
    const answers: string[] = [];
    for (const route of allRoutes.filter((r) => r.method !== 'GET' && !r.rawBody)) {
      const role = route.permission === 'public' ? null : ROLES.find((r) => hasPermission(r, route.permission));
      expect(role, `${route.method} ${route.path}`).not.toBeUndefined();
      let token: string | undefined;
      if (role) {
        token = tokens.get(role) ?? (await world.t.login(callers[role]));
        tokens.set(role, token);
      }
      const res = await world.t.app.inject({
        method: route.method,
        url: `/api${route.path.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000')}`,
        payload: deep,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
      answers.push(`${route.method} ${route.path} ${res.statusCode} ${res.json<{ message: string }>().message}`);
    }
    expect(answers.length).toBeGreaterThan(80);
    expect(answers.filter((answer) => !answer.endsWith(' 400 The JSON body is nested more than 32 levels deep'))).toEqual([]);
    expect(await rowCounts()).toEqual(before);
  });

  it('is refused as a signed payment webhook too', async () => {
    const res = await world.t.call('POST', '/api/payments/webhook', {
      body: deep,
      headers: { 'content-type': 'application/json', 'x-paystack-signature': 'unsigned' },
    });
    // The signature is checked first: an unsigned body is never parsed.
    expect(res.statusCode).toBe(401);
  });
});

describe('an unpaired UTF-16 surrogate', () => {
  it('is refused with 400 wherever it stands in a JSON body, value or key, before the database (multipart bytes are UTF-8: they cannot carry one)', async () => {
    const before = await rowCounts();
    const admin = world.token('orgadmin@acme.test');
    for (const [url, body, field] of [
      ['/api/departments', { name: 'Night\ud800shift' }, /name/],
      ['/api/departments', { name: 'Night\udc00shift' }, /name/],
      ['/api/departments', { name: 'Day', ['na\ud83dme']: 'x' }, /body/],
      ['/api/vehicles', { model: 'Hiace', make: 'Toy\udbffota', type: 'VEHICLE', fuelType: 'PETROL' }, /make/],
    ] as const) {
      const res = await world.t.call('POST', url, { token: admin, body });
      expectRefused(res, field);
      expect(res.json<{ message: string }>().message).toMatch(/must not contain an unpaired UTF-16 surrogate$/);
    }
    // A whole pair (an emoji) is text like any other.
    const emoji = await world.t.call('POST', '/api/departments', { token: admin, body: { name: 'Night shift \ud83d\ude9a' } });
    expect(emoji.statusCode, emoji.body).toBe(200);
    expect(emoji.json<{ name: string }>().name).toBe('Night shift 🚚');
    const after = await rowCounts();
    expect(after).toEqual({ ...before, departments: (before.departments ?? 0) + 1 });
  });
});

describe('control characters in one-line names', () => {
  it('are refused with the field named; around the name they are trimmed', async () => {
    const admin = world.token('orgadmin@acme.test');
    for (const name of ['Night\tshift', 'Night\nshift', 'Night\rshift', 'Night\u0007shift', 'Night\u001fshift', 'Night\u007fshift']) {
      const res = await world.t.call('POST', '/api/departments', { token: admin, body: { name } });
      expectRefused(res, /name/);
      expect(res.json<{ message: string }>().message).toBe('name: Must be one line, without control characters');
    }
    const vehicle = await world.t.call('POST', '/api/vehicles', {
      token: admin,
      body: { model: 'Hiace\nDROP', make: 'Toyota', type: 'VEHICLE', fuelType: 'PETROL' },
    });
    expectRefused(vehicle, /model/);
    // Optional one-line values too: a plate, a colour.
    for (const [field, value] of [
      ['plateNumber', 'LND-\t451'],
      ['color', 'Red\nBlue'],
    ] as const) {
      const res = await world.t.call('POST', '/api/vehicles', {
        token: admin,
        body: { model: 'Hiace', make: 'Toyota', type: 'VEHICLE', fuelType: 'PETROL', [field]: value },
      });
      expectRefused(res, new RegExp(field));
      expect(res.json<{ message: string }>().message).toBe(`${field}: Must be one line, without control characters`);
    }
    const trimmed = await world.t.call('POST', '/api/departments', { token: admin, body: { name: '\tNight shift\n' } });
    expect(trimmed.statusCode, trimmed.body).toBe(200);
    expect(trimmed.json<{ name: string }>().name).toBe('Night shift');
  });
});

describe('quantities finer than two decimals', () => {
  it('are refused for volumes, dispensed volumes, reserve amounts and odometers', async () => {
    const before = await rowCounts();
    const admin = world.token('orgadmin@acme.test');
    const request = { vehicleId: world.ids.hilux, stationId: world.ids.unity, supplyDate: lagosDate(new Date()) };
    expectRefused(await world.t.call('POST', '/api/fuel-requests', { token: admin, body: { ...request, volume: 0.004 } }), /volume/);
    expectRefused(
      await world.t.call('POST', '/api/fuel-requests', { token: admin, body: { ...request, volume: 10, currentOdometer: 0.04 } }),
      /currentOdometer/,
    );
    expectRefused(
      await world.t.call('POST', '/api/fuel-reserves', { token: admin, body: { fuelType: 'PETROL', amount: 0.001 } }),
      /amount/,
    );
    expectRefused(
      await world.t.call('PATCH', `/api/fuel-requests/${world.ids.hilux}/complete`, {
        token: world.token('rep@unityfuels.test'),
        body: { code: 'ABCDEF', dispensedVolume: 0.004 },
      }),
      /dispensedVolume/,
    );
    expect(await rowCounts()).toEqual(before);
  });
});

describe('dates PostgreSQL cannot store', () => {
  it('are refused in insurance dates and report ranges', async () => {
    const before = await rowCounts();
    const admin = world.token('orgadmin@acme.test');
    const insurance = {
      insurerName: 'AXA',
      insuranceType: 'Comprehensive',
      insuranceNumber: 'P-1',
      coverageStartDate: '0000-01-01',
      coverageExipiryDate: '2027-01-01',
      amount: 1000,
    };
    expectRefused(
      await world.t.call('PUT', `/api/insurance/vehicle/${world.ids.hilux}`, { token: admin, body: insurance }),
      /coverageStartDate/,
    );
    expectRefused(
      await world.t.call('PUT', `/api/insurance/vehicle/${world.ids.hilux}`, {
        token: admin,
        body: { ...insurance, coverageStartDate: '2026-01-01', coverageExipiryDate: '99999-01-01' },
      }),
      /coverageExipiryDate/,
    );
    expectRefused(
      await world.t.call('GET', '/api/reports/x/combined', { token: admin, query: { startDate: '0000-01-01', endDate: '2026-01-01' } }),
      /startDate/,
    );
    expect(await rowCounts()).toEqual(before);
  });
});

describe('broken multipart bodies', () => {
  it('without a boundary or cut short answer 400', async () => {
    const admin = world.token('orgadmin@acme.test');
    const before = await rowCounts();
    const noBoundary = await world.t.app.inject({
      method: 'POST',
      url: '/api/vehicles',
      payload: '--x\r\nContent-Disposition: form-data; name="model"\r\n\r\nHiace\r\n--x--\r\n',
      headers: { 'content-type': 'multipart/form-data', authorization: `Bearer ${admin}` },
    });
    expectRefused(noBoundary);
    const form = multipart({ model: 'Hiace', make: 'Toyota', type: 'VEHICLE', fuelType: 'PETROL', image: png() });
    const truncated = await world.t.app.inject({
      method: 'POST',
      url: '/api/vehicles',
      payload: form.body.subarray(0, form.body.length - 40),
      headers: { ...form.headers, authorization: `Bearer ${admin}` },
    });
    expectRefused(truncated);
    expect(await rowCounts()).toEqual(before);
  });
});

describe('a multipart body on a JSON call', () => {
  it('is refused with 415 instead of passing for an empty body', async () => {
    const admin = world.token('orgadmin@acme.test');
    const created = await world.t.call('POST', '/api/fuel-reserves', { token: admin, body: { fuelType: 'DIESEL', amount: 500 } });
    expect(created.statusCode, created.body).toBe(200);
    const id = (
      await world.t.db.selectFrom('fuel_reserves').select(['id', 'status']).where('status', '=', 'PENDING').executeTakeFirstOrThrow()
    ).id;
    for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=x']) {
      const res = await world.t.app.inject({
        method: 'PATCH',
        url: `/api/fuel-reserves/${id}`,
        payload: '--x\r\nContent-Disposition: form-data; name="status"\r\n\r\nACTIVE\r\n--x--\r\n',
        headers: { 'content-type': contentType, authorization: `Bearer ${admin}` },
      });
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
    expect((await world.t.db.selectFrom('fuel_reserves').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe(
      'PENDING',
    );
  });
});

/** Sends `text` as is on a new connection and reads everything until the server ends it. */
async function rawExchange(text: string): Promise<string> {
  // One listening server for the file's raw exchanges; the other tests inject.
  if (!world.t.app.server.listening) await world.t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = world.t.app.server.address() as AddressInfo;
  return new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString()));
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
}

function errorReply(reply: string): { status: string; body: Record<string, unknown> } {
  return {
    status: reply.slice(0, reply.indexOf('\r\n')),
    body: JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>,
  };
}

describe('requests the HTTP parser refuses', () => {
  // The client is still sending when the server answers: the reply must reach it all the same
  // (Node 24 reset such a connection before the server ended its side instead of closing it).
  it('headers too large: 431 in the error shape, with its code', async () => {
    const reply = errorReply(await rawExchange(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`));
    expect(reply.status).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(reply.body).toMatchObject({ code: 'HEADERS_TOO_LARGE', error: expect.any(String), message: expect.any(String) });
  });

  it('a malformed request line: 400 in the error shape', async () => {
    const reply = errorReply(await rawExchange('NOT AN HTTP REQUEST\r\n\r\n'));
    expect(reply.status).toBe('HTTP/1.1 400 Bad Request');
    expect(reply.body).toMatchObject({ code: 'BAD_REQUEST', message: 'The request is malformed' });
  });
});

describe('absurd amounts', () => {
  it('a top-up, a credit or a price past the limit is refused with a message that names the limit', async () => {
    const before = await rowCounts();
    const topUp = await world.t.call('POST', '/api/wallet/fund', {
      token: world.token('orgadmin@acme.test'),
      body: { amount: 99_999_999_999 },
    });
    expectRefused(topUp, /₦1,000,000,000/);
    const wallet = (await world.t.call('GET', '/api/wallet', { token: world.token('orgadmin@acme.test') })).json<{
      wallet: { id: string };
    }>().wallet;
    const credit = await world.t.call('POST', `/api/wallet/${wallet.id}/create-transaction`, {
      token: world.token('admin@fleetfuel.test'),
      body: { amount: 5_000_000_000, type: 'CREDIT', note: 'too much' },
    });
    expectRefused(credit, /₦1,000,000,000/);
    const price = await world.t.call('PATCH', '/api/fuel-requests/update-price', {
      token: world.token('rep@unityfuels.test'),
      body: { fuelType: 'PETROL', pricePerLitre: 999_999_999 },
    });
    expectRefused(price, /₦100,000/);
    expect(await rowCounts()).toEqual(before);
    // Just under the limits is fine.
    const fine = await world.t.call('PATCH', '/api/fuel-requests/update-price', {
      token: world.token('rep@unityfuels.test'),
      body: { fuelType: 'PETROL', pricePerLitre: 1250.5 },
    });
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('the limits come from the configuration', async () => {
    const strict = await createTestApp({ limits: { maxAmountNaira: 50_000, maxPricePerUnitNaira: 2_000 } });
    try {
      const orgAdmin = await strict.login('orgadmin@acme.test');
      expectRefused(await strict.call('POST', '/api/wallet/fund', { token: orgAdmin, body: { amount: 50_000.01 } }), /₦50,000/);
      expect((await strict.call('POST', '/api/wallet/fund', { token: orgAdmin, body: { amount: 50_000 } })).statusCode).toBe(200);
      const rep = await strict.login('rep@unityfuels.test');
      expectRefused(
        await strict.call('PATCH', '/api/fuel-requests/update-price', { token: rep, body: { fuelType: 'PETROL', pricePerLitre: 2_000.5 } }),
        /₦2,000/,
      );
    } finally {
      await strict.close();
    }
  });
});
