/** `POST /vehicles/import`: a dry run lists each row's outcome; a real import writes all rows or none. */
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-world.js';
import { multipart } from '../../../test/multipart.js';
import { countStatements } from '../../../test/statement-count.js';

const world = useTestApp({
  signIn: ['admin@fleetfuel.test', 'orgadmin@acme.test', 'asst@acme.test', 'driver@acme.test', 'rep@unityfuels.test'],
  // Organizations' ids by name.
  ids: async (_find, t) => {
    const orgs: Record<string, string> = {};
    for (const row of await t.db.selectFrom('organizations').select(['id', 'name']).execute()) orgs[row.name] = row.id;
    return orgs;
  },
});

const HEADER = 'Asset Type,Status,Make,Model,Plate Number,Fuel Type,Group,Tank Size,Purchase Price (₦)';
const csvOf = (lines: string[], header = HEADER) => `\uFEFF${[header, ...lines].join('\r\n')}\r\n`;
const car = (plate: string, extra = '') => `vehicle,ACTIVE,Toyota,Corolla,${plate},petrol,${extra},50,4500000`;

function upload(csv: string, options: { token?: string; dryRun?: boolean; fields?: Record<string, string> } = {}) {
  const form = multipart({ ...options.fields, file: { filename: 'assets.csv', contentType: 'text/csv', data: Buffer.from(csv) } });
  return world.t.call('POST', '/api/vehicles/import', {
    token: options.token ?? world.token('orgadmin@acme.test'),
    ...(options.dryRun ? { query: { dryRun: 'true' } } : {}),
    body: form.body,
    headers: form.headers,
  });
}

const countVehicles = async (organizationId: string) =>
  Number(
    (
      await world.t.db
        .selectFrom('vehicles')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('organization_id', '=', organizationId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('vehicle import', () => {
  it('a dry run lists every row with the form messages and writes nothing', async () => {
    const before = await countVehicles(world.ids['Acme Logistics'] as string);
    const res = await upload(
      csvOf([
        car('IMP-001-AA', 'operations'),
        'VEHICLE,ACTIVE,,Corolla,IMP-002-AA,PETROL,,50,',
        'VEHICLE,ACTIVE,Toyota,Corolla,IMP-003-AA,GASOLINE,,-4,',
        'GENERATOR,ACTIVE,Mikano,MP 20kVA,,DIESEL,Night Shift,,',
        car('imp-001-aa'),
        car('LND-451-KJ'),
      ]),
      { dryRun: true },
    );
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json();
    expect(reply).toMatchObject({ dryRun: true, created: 0, summary: { total: 6, ok: 1, errors: 3, duplicates: 2 } });
    expect(reply.rows[0]).toEqual({
      row: 2,
      status: 'ok',
      errors: [],
      value: { make: 'Toyota', model: 'Corolla', plateNumber: 'IMP-001-AA' },
    });
    expect(reply.rows[1]).toMatchObject({ row: 3, status: 'error', errors: [{ field: 'make', message: 'This field is required' }] });
    expect(reply.rows[2].errors.map((e: { field: string }) => e.field).sort()).toEqual(['fuelType', 'tankSize']);
    expect(reply.rows[2].errors).toContainEqual({ field: 'tankSize', message: 'Must be more than 0' });
    expect(reply.rows[3]).toMatchObject({
      status: 'error',
      errors: [{ field: 'group', message: 'No group named "Night Shift" in this organization' }],
    });
    expect(reply.rows[4]).toMatchObject({
      row: 6,
      status: 'duplicate',
      errors: [{ field: 'plateNumber', message: 'This plate number is already on line 2 of the file' }],
    });
    expect(reply.rows[5]).toMatchObject({
      status: 'duplicate',
      errors: [{ field: 'plateNumber', message: 'The organization already has an asset with this plate number' }],
    });
    expect(await countVehicles(world.ids['Acme Logistics'] as string)).toBe(before);
  });

  it('an import with one bad row writes nothing and answers 422 with the rows', async () => {
    const before = await countVehicles(world.ids['Acme Logistics'] as string);
    const res = await upload(csvOf([car('IMP-101-AA'), car('IMP-102-AA'), 'VEHICLE,ACTIVE,Toyota,,IMP-103-AA,PETROL,,50,']));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'RULE_VIOLATION',
      message: 'Nothing was imported: 1 row has errors. Fix it and import again.',
      dryRun: false,
      created: 0,
      summary: { total: 3, ok: 2, errors: 1, duplicates: 0 },
    });
    expect(res.json().rows[2]).toMatchObject({ row: 4, errors: [{ field: 'model', message: 'This field is required' }] });
    expect(await countVehicles(world.ids['Acme Logistics'] as string)).toBe(before);
  });

  it('a clean import creates every row at once, with its group, and records one audit entry', async () => {
    const imports = async () =>
      (
        await world.t.call('GET', '/api/audit-log', { token: world.token('orgadmin@acme.test'), query: { action: 'vehicle.imported' } })
      ).json();
    // The file's other imports, run before this one in whatever order, have entries of their own.
    const before = (await imports()).meta.total as number;
    const header = 'type,make,model,plateNumber,fuelType,group,registrationState,transmissionType,year';
    const res = await upload(
      csvOf(
        [
          'VEHICLE,Isuzu,NPR,IMP-201-AA,DIESEL,Logistics,Lagos,manual,2020',
          'MOTORCYCLE,Bajaj,Boxer,IMP-202-AA,PETROL,,,,',
          'GENERATOR,Mikano,"MP 20kVA, silent",,DIESEL,hq facilities,,,',
        ],
        header,
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ dryRun: false, created: 3, summary: { total: 3, ok: 3, errors: 0, duplicates: 0 } });
    const list = await world.t.call('GET', '/api/vehicles', { token: world.token('asst@acme.test'), query: { search: 'IMP-201' } });
    expect(list.json().data[0]).toMatchObject({
      make: 'Isuzu',
      department: { name: 'Logistics' },
      registrationState: 'Lagos',
      transmissionType: 'manual',
      year: 2020,
      status: 'ACTIVE',
    });
    const generator = await world.t.db.selectFrom('vehicles').select(['model']).where('model', 'like', 'MP 20kVA%').executeTakeFirst();
    expect(generator).toMatchObject({ model: 'MP 20kVA, silent' });
    const audit = await imports();
    expect(audit.meta.total).toBe(before + 1);
    expect(audit.entries[0]).toMatchObject({ entityId: world.ids['Acme Logistics'], changes: { count: { after: 3 } } });
  });

  it('type rules apply per row: registration only for vehicles, a plate unless a generator', async () => {
    const res = await upload(
      csvOf(
        ['MOTORCYCLE,Bajaj,Boxer,IMP-301-AA,PETROL,Lagos', 'VEHICLE,Toyota,Hilux,,DIESEL,'],
        'Asset Type,Make,Model,Plate Number,Fuel Type,Registration State',
      ),
      { dryRun: true },
    );
    expect(res.json().rows.map((r: { errors: unknown[] }) => r.errors)).toEqual([
      [{ field: 'registrationState', message: 'Only assets of type VEHICLE have registrationState' }],
      [{ field: 'plateNumber', message: 'This field is required' }],
    ]);
  });

  it('refuses a file that is not an import: unknown column, no rows, not UTF-8, no file, too many rows', async () => {
    const unknown = await upload(csvOf([car('X')], 'Asset Type,Colour'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/^Unknown column "Colour"\. The columns are: Asset Type, Status, Make/);
    expect((await upload(csvOf([]))).json()).toMatchObject({ field: 'file', message: 'The file has no rows under its header' });
    const latin1 = multipart({
      file: { filename: 'a.csv', contentType: 'text/csv', data: Buffer.from([0x4d, 0x61, 0x6b, 0x65, 0x0a, 0xe9]) },
    });
    const notUtf8 = await world.t.call('POST', '/api/vehicles/import', {
      token: world.token('orgadmin@acme.test'),
      body: latin1.body,
      headers: latin1.headers,
    });
    expect(notUtf8.json()).toMatchObject({ field: 'file', message: expect.stringContaining('UTF-8') });
    const none = await world.t.call('POST', '/api/vehicles/import', { token: world.token('orgadmin@acme.test'), body: {} });
    expect(none.json()).toMatchObject({ field: 'file', message: 'Choose a CSV file to import' });
    const tooMany = await upload(csvOf(Array.from({ length: 10_001 }, (_, i) => car(`MANY-${i}`))), { dryRun: true });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('An import holds at most 10,000 rows');
  });

  it('the plan limit applies to the whole import, and inactive assets do not count', async () => {
    const beta = world.ids['Beta Haulage'] as string;
    const betaToken = await world.t.login('orgadmin@beta.test');
    const before = await countVehicles(beta);
    const rows = Array.from({ length: 12 }, (_, i) => car(`LIM-${i}`));
    const res = await upload(csvOf(rows), { token: betaToken });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ code: 'LIMIT_REACHED', message: expect.stringContaining('this import would add 12') });
    const dry = await upload(csvOf(rows), { token: betaToken, dryRun: true });
    expect(dry.json().code).toBe('LIMIT_REACHED');
    const inactive = rows.map((row) => row.replace('ACTIVE', 'INACTIVE'));
    expect((await upload(csvOf(inactive), { token: betaToken })).json()).toMatchObject({ created: 12 });
    expect(await countVehicles(beta)).toBe(before + 12);
  });

  it("another tenant's group name is not resolved, and another tenant is not importable", async () => {
    const res = await upload(csvOf([car('IMP-401-AA', 'Haulage')]), { dryRun: true });
    expect(res.json().rows[0].errors).toEqual([{ field: 'group', message: 'No group named "Haulage" in this organization' }]);
    const other = await upload(csvOf([car('IMP-402-AA')]), { fields: { organizationId: world.ids['Beta Haulage'] as string } });
    expect(other.statusCode).toBe(404);
    const admin = await upload(csvOf([car('IMP-403-AA', 'Haulage')]), {
      token: world.token('admin@fleetfuel.test'),
      fields: { organizationId: world.ids['Beta Haulage'] as string },
      dryRun: true,
    });
    expect(admin.json().summary).toMatchObject({ ok: 1 });
  });

  it('roles without fleet.manage are refused', async () => {
    for (const email of ['driver@acme.test', 'rep@unityfuels.test']) {
      expect((await upload(csvOf([car('IMP-501-AA')]), { token: world.token(email), dryRun: true })).statusCode).toBe(403);
    }
  });

  it('imports 10,000 rows with a handful of statements', async () => {
    const acme = world.ids['Acme Logistics'] as string;
    const enterprise = await world.t.db
      .selectFrom('subscription_plans')
      .select('id')
      .where('name', '=', 'Enterprise')
      .executeTakeFirstOrThrow();
    await world.t.db.updateTable('organizations').set({ subscription_plan_id: enterprise.id }).where('id', '=', acme).execute();
    const before = await countVehicles(acme);
    const form = multipart({
      file: {
        filename: 'fleet.csv',
        contentType: 'text/csv',
        data: Buffer.from(csvOf(Array.from({ length: 10_000 }, (_, i) => car(`BULK-${String(i).padStart(5, '0')}`, 'Operations')))),
      },
    });
    const counter = await countStatements(world.t);
    try {
      const { statements, reply } = await counter.send(
        { method: 'POST', url: '/api/vehicles/import', payload: form.body, headers: form.headers },
        world.token('orgadmin@acme.test'),
      );
      expect(reply.statusCode, reply.body.slice(0, 300)).toBe(200);
      expect(reply.json()).toMatchObject({ created: 10_000, summary: { ok: 10_000 } });
      expect(statements).toBeLessThan(40);
    } finally {
      await counter.close();
    }
    expect(await countVehicles(acme)).toBe(before + 10_000);
  }, 120_000);
});
