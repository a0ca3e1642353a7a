/**
 * CSV exports (issue 14): each list's rows with its filters and tenant scope, UTF-8 with a BOM,
 * formula cells neutralized and quoting intact, the list's permission, and streaming in batches.
 */
import { sql } from 'kysely';
import { describe, expect, it, onTestFinished } from 'vitest';
import { seedDemoActivity } from '../../db/seed-activity.js';
import { lagosDate } from '../../platform/clock.js';
import { parseCsv } from '../../../test/csv.js';
import { useTestApp } from '../../../test/test-world.js';
import { countStatements } from '../../../test/statement-count.js';

const world = useTestApp({
  signIn: ['admin@fleetfuel.test', 'orgadmin@acme.test', 'orgadmin@beta.test', 'driver@acme.test', 'rep@unityfuels.test'],
  ids: async (find, t) => {
    const walletOf = async (id: string) =>
      (await t.db.selectFrom('ledger_accounts').select('id').where('organization_id', '=', id).executeTakeFirstOrThrow()).id;
    const acme = await find.organization('Acme Logistics');
    const beta = await find.organization('Beta Haulage');
    const hilux = await find.vehicle('LND-451-KJ');
    return { acme, beta, hilux, acmeWallet: await walletOf(acme), betaWallet: await walletOf(beta) };
  },
});

async function exportCsv(path: string, email: string, query: Record<string, string> = {}) {
  const res = await world.t.call('GET', `/api/exports/${path}`, { token: world.token(email), query });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.body.startsWith('\uFEFF')).toBe(true);
  const [header, ...rows] = parseCsv(res.body.slice(1));
  return { header: header ?? [], rows, disposition: res.headers['content-disposition'] };
}

const column = (csv: { header: string[]; rows: string[][] }, name: string) => {
  const index = csv.header.indexOf(name);
  expect(index, name).toBeGreaterThanOrEqual(0);
  return csv.rows.map((row) => row[index] as string);
};

describe('what each export holds', () => {
  it('assets: the list of the organization, in its order, with its filters, under a dated name', async () => {
    const csv = await exportCsv('vehicles.csv', 'orgadmin@acme.test');
    expect(csv.disposition).toBe(`attachment; filename="vehicles-${lagosDate(new Date())}.csv"`);
    expect(csv.header).toEqual([
      'Plate Number',
      'Make',
      'Model',
      'Asset Type',
      'Location',
      'Client',
      'Group',
      'Driver',
      'Fuel Type',
      'Tank Size (L)',
      'Purchase Price',
      'Insurance',
      'Status',
      'Created',
    ]);
    const list = (
      await world.t.call('GET', '/api/vehicles', { token: world.token('orgadmin@acme.test'), query: { pageSize: '100' } })
    ).json();
    expect(column(csv, 'Plate Number')).toEqual(list.data.map((v: { plateNumber: string | null }) => v.plateNumber ?? ''));
    expect(new Set(column(csv, 'Client'))).toEqual(new Set(['Acme Logistics']));
    expect(column(csv, 'Plate Number').some((plate) => plate.startsWith('KAN-'))).toBe(false);

    const searched = await exportCsv('vehicles.csv', 'orgadmin@acme.test', { search: 'LND-451' });
    expect(column(searched, 'Plate Number')).toEqual(['LND-451-KJ']);
    const generators = await exportCsv('vehicles.csv', 'orgadmin@acme.test', { type: 'GENERATOR' });
    expect(new Set(column(generators, 'Asset Type'))).toEqual(new Set(generators.rows.length ? ['GENERATOR'] : []));
  });

  it("another tenant's rows are never in it; ADMIN may name an organization", async () => {
    const beta = await exportCsv('vehicles.csv', 'orgadmin@beta.test');
    expect(beta.rows.length).toBeGreaterThan(0);
    expect(new Set(column(beta, 'Client'))).toEqual(new Set(['Beta Haulage']));
    const forAcme = await exportCsv('vehicles.csv', 'admin@fleetfuel.test', { organizationId: world.ids.acme });
    expect(new Set(column(forAcme, 'Client'))).toEqual(new Set(['Acme Logistics']));
    const everyone = await exportCsv('vehicles.csv', 'admin@fleetfuel.test');
    expect(new Set(column(everyone, 'Client'))).toEqual(new Set(['Acme Logistics', 'Beta Haulage']));

    const reach = await world.t.call('GET', '/api/exports/vehicles.csv', {
      token: world.token('orgadmin@acme.test'),
      query: { organizationId: world.ids.beta },
    });
    expect(reach.statusCode).toBe(404);
    const otherWallet = await world.t.call('GET', '/api/exports/transactions.csv', {
      token: world.token('orgadmin@acme.test'),
      query: { walletId: world.ids.betaWallet },
    });
    expect(otherWallet.statusCode).toBe(404);
    const betaDrivers = await exportCsv('drivers.csv', 'orgadmin@beta.test');
    expect(new Set(column(betaDrivers, 'Client'))).toEqual(new Set(['Beta Haulage']));
  });

  it('drivers, groups, fuel requests, maintenance and transactions: their headers, rows and filters', async () => {
    const drivers = await exportCsv('drivers.csv', 'orgadmin@acme.test');
    expect(drivers.header).toEqual(['Name', 'Phone', 'Email', 'Client', 'Vehicle', 'Group', 'Status', 'Created']);
    expect(column(drivers, 'Email')).toEqual(expect.arrayContaining(['driver@acme.test', 'driver2@acme.test']));
    const searchedDrivers = await exportCsv('drivers.csv', 'orgadmin@acme.test', { search: 'driver2@' });
    expect(column(searchedDrivers, 'Email')).toEqual(['driver2@acme.test']);

    const groups = await exportCsv('groups.csv', 'orgadmin@acme.test');
    expect(groups.header).toEqual(['Name', 'Status', 'Max Daily Consumption (L)', 'Vehicles', 'Drivers', 'Client', 'Created']);
    const groupList = (
      await world.t.call('GET', '/api/departments', { token: world.token('orgadmin@acme.test'), query: { pageSize: '100' } })
    ).json();
    expect(column(groups, 'Name')).toEqual(groupList.data.map((g: { name: string }) => g.name));

    const fuel = await exportCsv('fuel-requests.csv', 'orgadmin@acme.test');
    expect(fuel.header).toEqual([
      'Vehicle',
      'Client',
      'Requested By',
      'Station',
      'Fuel',
      'Volume',
      'Unit',
      'Supply Date',
      'Status',
      'Price per Unit',
      'Amount',
      'Coupon Code',
      'Created',
    ]);
    const fuelList = (
      await world.t.call('GET', '/api/fuel-requests/all-requests', { token: world.token('orgadmin@acme.test'), query: { pageSize: '100' } })
    ).json();
    expect(fuel.rows).toHaveLength(fuelList.meta.total);
    const completed = await exportCsv('fuel-requests.csv', 'orgadmin@acme.test', { status: 'COMPLETED' });
    expect(new Set(column(completed, 'Status'))).toEqual(new Set(completed.rows.length ? ['COMPLETED'] : []));
    expect(column(completed, 'Amount').every((amount) => /^\d+\.\d{2}$/.test(amount))).toBe(true);

    const jobs = await exportCsv('maintenance.csv', 'orgadmin@acme.test');
    expect(jobs.header).toEqual(['Vehicle', 'Client', 'Job', 'Requested By', 'Station', 'Date', 'Cost', 'Final Cost', 'Status', 'Created']);
    const jobList = (
      await world.t.call('GET', '/api/maintenance/all-requests', { token: world.token('orgadmin@acme.test'), query: { pageSize: '100' } })
    ).json();
    expect(jobs.rows).toHaveLength(jobList.meta.total);
    // A station sees only the jobs addressed to it, as its list does.
    const stationJobs = await exportCsv('maintenance.csv', 'rep@unityfuels.test');
    expect(column(stationJobs, 'Station').every((name) => name === 'Unity Fuels Ikeja')).toBe(true);

    const transactions = await exportCsv('transactions.csv', 'orgadmin@acme.test', { walletId: world.ids.acmeWallet });
    expect(transactions.header).toEqual(['Date', 'Amount', 'Type', 'Note', 'Fee', 'Reference', 'Status']);
    const transactionList = (
      await world.t.call('GET', `/api/wallet/transactions/${world.ids.acmeWallet}`, {
        token: world.token('orgadmin@acme.test'),
        query: { pageSize: '100' },
      })
    ).json();
    expect(column(transactions, 'Reference')).toEqual(
      transactionList.transactions.map((row: { reference: string | null }) => row.reference ?? ''),
    );
    expect(column(transactions, 'Amount').every((amount) => /^-?\d+\.\d{2}$/.test(amount))).toBe(true);
  });

  it('roles without the list permission are refused', async () => {
    for (const path of ['vehicles.csv', 'drivers.csv', 'groups.csv']) {
      expect((await world.t.call('GET', `/api/exports/${path}`, { token: world.token('driver@acme.test') })).statusCode).toBe(403);
      expect((await world.t.call('GET', `/api/exports/${path}`, { token: world.token('rep@unityfuels.test') })).statusCode).toBe(403);
    }
    const driverWallet = await world.t.call('GET', '/api/exports/transactions.csv', {
      token: world.token('driver@acme.test'),
      query: { walletId: world.ids.acmeWallet },
    });
    expect(driverWallet.statusCode).toBe(403);
    expect((await world.t.call('GET', '/api/exports/vehicles.csv')).statusCode).toBe(401);
    const paged = await world.t.call('GET', '/api/exports/vehicles.csv', {
      token: world.token('orgadmin@acme.test'),
      query: { page: '2' },
    });
    expect(paged.statusCode).toBe(400);
  });
});

describe('cells a spreadsheet would run', () => {
  it('come out with a leading quote, and commas, quotes and line breaks stay in their cell', async () => {
    const token = world.token('orgadmin@acme.test');
    const hostile = ['=HYPERLINK("http://evil.test","x")', '+2348012345678', '-2+3', '@SUM(A1)', 'Plain', 'Plain'];
    for (const [index, model] of hostile.entries()) {
      const res = await world.t.call('POST', '/api/vehicles', {
        token,
        body: { plateNumber: `INJ-${index}`, make: 'Toyota', model, type: 'VEHICLE', fuelType: 'PETROL', tankSize: 50 },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    // The API trims what it is sent and refuses control characters inside a name; a leading tab or a
    // line break can only come from elsewhere (an older row, an import), so they are written directly.
    await world.t.db.updateTable('vehicles').set({ model: '\tTabbed' }).where('plate_number', '=', 'INJ-4').execute();
    await world.t.db.updateTable('vehicles').set({ model: 'Big, "red"\ntruck' }).where('plate_number', '=', 'INJ-5').execute();
    await world.t.db.updateTable('users').set({ name: '=cmd|"/c calc"!A1' }).where('email', '=', 'driver2@acme.test').execute();

    const res = await world.t.call('GET', '/api/exports/vehicles.csv', { token, query: { search: 'INJ-' } });
    expect(res.body).toContain('"\'=HYPERLINK(""http://evil.test"",""x"")"');
    const csv = parseCsv(res.body.slice(1));
    const models = new Map(csv.slice(1).map((row) => [row[0], row[2]]));
    expect(models.get('INJ-0')).toBe('\'=HYPERLINK("http://evil.test","x")');
    expect(models.get('INJ-1')).toBe("'+2348012345678");
    expect(models.get('INJ-2')).toBe("'-2+3");
    expect(models.get('INJ-3')).toBe("'@SUM(A1)");
    expect(models.get('INJ-4')).toBe("'\tTabbed");
    expect(models.get('INJ-5')).toBe('Big, "red"\ntruck');
    expect(csv.every((row) => row.length === 14)).toBe(true);

    const drivers = await exportCsv('drivers.csv', 'orgadmin@acme.test', { search: 'driver2@' });
    expect(column(drivers, 'Name')).toEqual(['\'=cmd|"/c calc"!A1']);
  });
});

describe('streaming', () => {
  it('reads the rows in batches (statements grow with rows / batch size), in order and complete', async () => {
    const token = world.token('admin@fleetfuel.test');
    // The demo's history (requests, wallet movements), so that every export runs to several batches.
    await world.t.db.transaction().execute((trx) => seedDemoActivity(trx));
    // Assets past the demo's 7, so that the list runs to several batches whichever tests ran before; removed after.
    await world.t.db
      .insertInto('vehicles')
      .values(
        Array.from({ length: 5 }, (_, i) => ({
          organization_id: world.ids.acme,
          plate_number: `STREAM-${i}`,
          make: 'Toyota',
          model: 'Hiace',
          type: 'VEHICLE' as const,
          fuel_type: 'DIESEL' as const,
        })),
      )
      .execute();
    onTestFinished(async () => {
      await world.t.db.deleteFrom('vehicles').where('plate_number', 'like', 'STREAM-%').execute();
    });
    const small = await countStatements(world.t, { exportBatchRows: 2 });
    const whole = await countStatements(world.t);
    try {
      const batched = await small.getText('/api/exports/vehicles.csv', token);
      const atOnce = await whole.getText('/api/exports/vehicles.csv', token);
      const rows = parseCsv(batched.text.slice(1)).length - 1;
      expect(rows).toBeGreaterThanOrEqual(10);
      expect(batched.text).toBe(atOnce.text);
      // Batches of 2 read floor(rows / 2) + 1 times (the last read comes back short or empty), a batch of 1000 once:
      // at least one more statement for every further batch (the counter also sees a batch's id subquery).
      expect(batched.statements - atOnce.statements).toBeGreaterThanOrEqual(Math.floor(rows / 2));
      // Every other export comes out the same in batches of 2 as at once (transactions merge postings and card payments).
      for (const path of [
        'drivers.csv',
        'groups.csv',
        'fuel-requests.csv',
        'maintenance.csv',
        `transactions.csv?walletId=${world.ids.acmeWallet}`,
      ]) {
        const inTwos = await small.getText(`/api/exports/${path}`, token);
        expect(parseCsv(inTwos.text.slice(1)).length, path).toBeGreaterThan(2);
        expect(inTwos.text, path).toBe((await whole.getText(`/api/exports/${path}`, token)).text);
      }
    } finally {
      await small.close();
      await whole.close();
    }
  });

  it('keeps rows created in the same instant, to the microsecond, apart by id', async () => {
    // Rows that share created_at (one transaction) are ordered by id; a cursor cut to the millisecond would lose some.
    await world.t.db
      .updateTable('vehicles')
      .set({ created_at: new Date('2026-01-01T00:00:00.000Z') })
      .where('organization_id', '=', world.ids.acme)
      .execute();
    await world.t.db
      .updateTable('vehicles')
      .set({ created_at: sql<Date>`${'2026-01-01T00:00:00.000400Z'}::timestamptz` })
      .where('id', '=', world.ids.hilux)
      .execute();
    const small = await countStatements(world.t, { exportBatchRows: 2 });
    try {
      const batched = parseCsv((await small.getText('/api/exports/vehicles.csv', world.token('orgadmin@acme.test'))).text.slice(1));
      const list = (
        await world.t.call('GET', '/api/vehicles', { token: world.token('orgadmin@acme.test'), query: { pageSize: '100' } })
      ).json();
      expect(batched.slice(1).map((row) => row[0])).toEqual(list.data.map((v: { plateNumber: string | null }) => v.plateNumber ?? ''));
    } finally {
      await small.close();
    }
  });
});
