import { MAX_UPLOAD_BYTES } from '@fleetfuel/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestApp, movableClock } from '../../../test/harness.js';
import { idsByName } from '../../../test/demo-world.js';
import { useTestApp } from '../../../test/test-world.js';
import { png, formSender, TINY_PNG } from '../../../test/multipart.js';

const world = useTestApp({
  signIn: ['admin@fleetfuel.test'],
  // Subscription plans' ids by name.
  ids: (_find, t) => idsByName(t, 'subscription_plans'),
});

const send = formSender(world, 'admin@fleetfuel.test');

describe('creating clients', () => {
  it('registers a client with a logo, a plan and a billing date one cycle away', async () => {
    const res = await send('POST', '/api/admin/organizations', {
      name: 'Delta Couriers',
      type: 'transport_logistics_company',
      address: '3 Marina, Lagos',
      domain: 'Delta-Couriers.com.ng',
      subscriptionId: world.ids.Business as string,
      image: png(),
    });
    expect(res.statusCode).toBe(200);
    const org = res.json();
    expect(org).toMatchObject({
      name: 'Delta Couriers',
      status: 'ACTIVE',
      domain: 'delta-couriers.com.ng',
      subscription: { name: 'Business' },
      driversCount: 0,
    });
    const days = (Date.parse(org.nextBilling) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    expect(org.imageUrl).toMatch(/^\/api\/files\/organization-logo-[0-9a-f-]+\.png\?exp=\d+&sig=/);

    // The signed link works without a token (an <img> sends none), with the right headers.
    const logo = await world.t.call('GET', org.imageUrl);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['content-disposition']).toBe('inline; filename="organization-logo.png"');
    expect(logo.rawPayload.equals(TINY_PNG)).toBe(true);
  });

  it('accepts JSON as well as multipart', async () => {
    const res = await world.t.call('POST', '/api/admin/organizations', {
      token: world.token('admin@fleetfuel.test'),
      body: { name: 'Json Freight', type: 'other' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ subscription: null, nextBilling: null, imageUrl: null });
  });

  it('refuses a text file posing as a PNG, and writes nothing', async () => {
    const before = await world.t.db
      .selectFrom('organizations')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await send('POST', '/api/admin/organizations', {
      name: 'Fake Logo Ltd',
      type: 'other',
      image: { filename: 'logo.png', contentType: 'image/png', data: Buffer.from('this is plain text, not an image') },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      field: 'image',
      error: 'The image must be a PNG, JPEG, WebP or GIF file',
    });
    const after = await world.t.db
      .selectFrom('organizations')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('accepts exactly 10 MB and refuses 10 MB + 1 byte with 413', async () => {
    const atLimit = Buffer.alloc(MAX_UPLOAD_BYTES);
    TINY_PNG.copy(atLimit);
    const ok = await send('POST', '/api/admin/organizations', { name: 'Big Logo Co', type: 'other', image: png('big.png', atLimit) });
    expect(ok.statusCode).toBe(200);

    const over = Buffer.alloc(MAX_UPLOAD_BYTES + 1);
    TINY_PNG.copy(over);
    const res = await send('POST', '/api/admin/organizations', { name: 'Too Big Co', type: 'other', image: png('huge.png', over) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', error: 'The file is larger than 10MB' });
    const created = await world.t.db.selectFrom('organizations').select('id').where('name', '=', 'Too Big Co').executeTakeFirst();
    expect(created).toBeUndefined();
  });

  it('validates fields: type, domain, duplicate name, inactive plan', async () => {
    const badType = await send('POST', '/api/admin/organizations', { name: 'X', type: 'church' });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().field).toBe('type');
    const badDomain = await send('POST', '/api/admin/organizations', { name: 'Y', type: 'other', domain: 'not a domain' });
    expect(badDomain.json()).toMatchObject({ field: 'domain', error: 'domain: Must be a domain such as acme.com.ng' });
    const duplicate = await send('POST', '/api/admin/organizations', { name: 'acme logistics', type: 'other' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().field).toBe('name');

    await sql`UPDATE subscription_plans SET status = 'INACTIVE' WHERE name = 'Enterprise'`.execute(world.t.db);
    const inactive = await send('POST', '/api/admin/organizations', {
      name: 'Zeta',
      type: 'other',
      subscriptionId: world.ids.Enterprise as string,
    });
    expect(inactive.statusCode).toBe(422);
    expect(inactive.json()).toMatchObject({ field: 'subscriptionId', error: 'The Enterprise plan is inactive and cannot be chosen' });
    await sql`UPDATE subscription_plans SET status = 'ACTIVE' WHERE name = 'Enterprise'`.execute(world.t.db);
  });
});

describe('reading, editing and deleting clients', () => {
  it('lists with search, status filter and pagination', async () => {
    // A third client beside the demo's two (other tests may have added more), so that a page of 2 leaves some out.
    expect((await send('POST', '/api/admin/organizations', { name: 'Listed Fleet', type: 'other' })).statusCode).toBe(200);
    const all = await world.t.call('GET', '/api/admin/organizations', {
      token: world.token('admin@fleetfuel.test'),
      query: { pageSize: 2 },
    });
    expect(all.json().data).toHaveLength(2);
    expect(all.json().meta.total).toBeGreaterThanOrEqual(3);
    const search = await world.t.call('GET', '/api/admin/organizations', {
      token: world.token('admin@fleetfuel.test'),
      query: { search: 'haulage' },
    });
    expect(search.json().data.map((o: { name: string }) => o.name)).toEqual(['Beta Haulage']);
    const suspended = await world.t.call('GET', '/api/admin/organizations', {
      token: world.token('admin@fleetfuel.test'),
      query: { status: 'SUSPENDED' },
    });
    expect(suspended.json().meta.total).toBe(0);
  });

  it('changing the plan starts a new cycle; keeping it keeps the date', async () => {
    const beta = await world.t.db
      .selectFrom('organizations')
      .select(['id', 'next_billing'])
      .where('name', '=', 'Beta Haulage')
      .executeTakeFirstOrThrow();
    const same = await world.t.call('PUT', `/api/admin/organizations/${beta.id}`, {
      token: world.token('admin@fleetfuel.test'),
      body: { address: 'New address', subscriptionId: world.ids.Starter },
    });
    expect(same.statusCode).toBe(200);
    expect(same.json().nextBilling).toBe(beta.next_billing?.toISOString());

    const changed = await send('PUT', `/api/admin/organizations/${beta.id}`, {
      subscriptionId: world.ids.Enterprise as string,
      status: 'SUSPENDED',
    });
    expect(changed.json()).toMatchObject({ subscription: { name: 'Enterprise' }, status: 'SUSPENDED', address: 'New address' });
    expect(Date.parse(changed.json().nextBilling)).toBeGreaterThan(Date.now() + 29.9 * 86_400_000);
    await world.t.call('PUT', `/api/admin/organizations/${beta.id}`, {
      token: world.token('admin@fleetfuel.test'),
      body: { status: 'ACTIVE' },
    });
  });

  it('deletes a client without history and refuses one with history', async () => {
    const fresh = await send('POST', '/api/admin/organizations', { name: 'Short Lived', type: 'other', image: png() });
    const del = await world.t.call('DELETE', `/api/admin/organizations/${fresh.json().id}`, { token: world.token('admin@fleetfuel.test') });
    expect(del.statusCode).toBe(200);
    expect((await world.t.call('GET', fresh.json().imageUrl)).statusCode).toBe(404);

    const acme = await world.t.db.selectFrom('organizations').select('id').where('name', '=', 'Acme Logistics').executeTakeFirstOrThrow();
    const refused = await world.t.call('DELETE', `/api/admin/organizations/${acme.id}`, { token: world.token('admin@fleetfuel.test') });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      'Acme Logistics has history (accounts, assets or requests) and cannot be deleted. Suspend it instead.',
    );
    expect(
      (
        await world.t.call('GET', '/api/admin/organizations/00000000-0000-4000-8000-000000000000', {
          token: world.token('admin@fleetfuel.test'),
        })
      ).statusCode,
    ).toBe(404);
  });

  it.each(['orgadmin@acme.test', 'asst@acme.test', 'driver@acme.test', 'rep@unityfuels.test', 'attendant@unityfuels.test'])(
    '%s gets 403 on every client call',
    async (email) => {
      const token = await world.t.login(email);
      const acme = await world.t.db.selectFrom('organizations').select('id').where('name', '=', 'Acme Logistics').executeTakeFirstOrThrow();
      for (const [method, url] of [
        ['GET', '/api/admin/organizations'],
        ['GET', `/api/admin/organizations/${acme.id}`],
        ['POST', '/api/admin/organizations'],
        ['PUT', `/api/admin/organizations/${acme.id}`],
        ['DELETE', `/api/admin/organizations/${acme.id}`],
      ] as const) {
        const res = await world.t.call(method, url, { token, body: method === 'GET' || method === 'DELETE' ? undefined : { name: 'x' } });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    },
  );
});

describe('client figures', () => {
  it('counts clients by status and age, vehicles in service and those due for maintenance', async () => {
    const clock = movableClock(new Date('2026-11-21T10:00:00Z'));
    const local = await createTestApp({}, { clock });
    try {
      const token = await local.login('admin@fleetfuel.test');
      // The demo data's dates are relative to the day it was seeded; move them to the test clock's day.
      const shift = sql`('2026-11-21'::date - current_date)`;
      await sql`UPDATE insurance_policies SET coverage_start = coverage_start + ${shift}, coverage_end = coverage_end + ${shift}`.execute(
        local.db,
      );
      await sql`UPDATE vehicles SET registration_expiry = registration_expiry + ${shift}, created_at = '2026-11-01T10:00:00Z'`.execute(
        local.db,
      );
      await sql`UPDATE organizations SET created_at = '2026-11-02T12:00:00Z' WHERE name = 'Acme Logistics'`.execute(local.db);
      await sql`UPDATE organizations SET created_at = '2026-10-20T12:00:00Z', status = 'SUSPENDED' WHERE name = 'Beta Haulage'`.execute(
        local.db,
      );
      await local.call('POST', '/api/admin/organizations', { token, body: { name: 'Fresh Fleet', type: 'other' } });
      await sql`UPDATE organizations SET created_at = '2026-11-19T08:00:00Z' WHERE name = 'Fresh Fleet'`.execute(local.db);
      const res = await local.call('GET', '/api/admin/organizations/analytics', { token });
      expect(res.statusCode).toBe(200);
      // Due today: the truck (expired insurance, registration in 20 days), the motorcycle (insurance ends in 20
      // days) and Beta's motorcycle (expired 3 days ago); 7 assets in service.
      expect(res.json()).toEqual({
        activeClients: { count: 2, newThisWeek: 1 },
        suspendedClients: 1,
        totalClients: { count: 3, addedThisMonth: 2 },
        totalVehicles: 7,
        vehiclesNeedServicing: 3,
      });
      // Ninety days on, every asset is past its service interval.
      clock.set('2027-03-01T10:00:00Z');
      await sql`UPDATE vehicles SET created_at = '2026-11-21T10:00:00Z'`.execute(local.db);
      expect((await local.call('GET', '/api/admin/organizations/analytics', { token })).json().vehiclesNeedServicing).toBe(7);
      expect(
        (await local.call('GET', '/api/admin/organizations/analytics', { token: await local.login('orgadmin@acme.test') })).statusCode,
      ).toBe(403);
    } finally {
      await local.close();
    }
  });

  it('lists each client with its vehicle and driver counts', async () => {
    const res = await world.t.call('GET', '/api/admin/organizations', {
      token: world.token('admin@fleetfuel.test'),
      query: { search: 'acme' },
    });
    expect(res.json().data[0]).toMatchObject({ vehiclesCount: 4, driversCount: 2 });
  });
});

describe('who may fetch a file', () => {
  it('a logo is readable by its organization and the platform admin, not by another tenant', async () => {
    const acme = await world.t.db.selectFrom('organizations').select('id').where('name', '=', 'Acme Logistics').executeTakeFirstOrThrow();
    const updated = await send('PUT', `/api/admin/organizations/${acme.id}`, { image: png('acme.png') });
    const url: string = updated.json().imageUrl;
    const bare = url.split('?')[0] as string;

    expect((await world.t.call('GET', bare)).statusCode).toBe(404);
    expect((await world.t.call('GET', bare, { token: await world.t.login('driver@acme.test') })).statusCode).toBe(200);
    expect((await world.t.call('GET', bare, { token: world.token('admin@fleetfuel.test') })).statusCode).toBe(200);
    expect((await world.t.call('GET', bare, { token: await world.t.login('orgadmin@beta.test') })).statusCode).toBe(404);
    expect((await world.t.call('GET', bare, { token: await world.t.login('rep@unityfuels.test') })).statusCode).toBe(404);

    const tampered = url.replace(/sig=[^&]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect((await world.t.call('GET', tampered)).statusCode).toBe(404);
    const expired = `${bare}?exp=1000&sig=${/sig=([^&]+)/.exec(url)?.[1]}`;
    expect((await world.t.call('GET', expired)).statusCode).toBe(404);

    // The organization's members see the logo through their own profile too.
    const me = await world.t.call('GET', '/api/auth/me', { token: await world.t.login('orgadmin@acme.test') });
    expect(me.json().organization.imageUrl).toMatch(/^\/api\/files\/organization-logo-/);
  });
});
