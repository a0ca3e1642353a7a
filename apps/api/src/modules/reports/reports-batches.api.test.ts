/**
 * The PDF reports read their tables in keyset batches (issue 16), so that a 20,000-vehicle
 * organization holds one batch in memory: with a batch of a few rows, the statements a report runs
 * grow with its number of batches, and every row is printed once, in the same order as when one
 * batch holds the whole table.
 */
import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { seedDemoActivity } from '../../db/seed-activity.js';
import { addDays, lagosDate } from '../../platform/clock.js';
import { assetCount, demoIds } from '../../../test/demo-world.js';
import { useTestApp } from '../../../test/test-world.js';
import { countStatements, type StatementCounter } from '../../../test/statement-count.js';

/** Each read of a report runs SET TRANSACTION READ ONLY, then its statement timeout, then the read. */
const STATEMENTS_PER_READ = 3;
/** The renderer reads each table twice: once to count the pages, once to write them. */
const PASSES = 2;
const BATCH_ROWS = 4;

let inFours: StatementCounter;
let oneByOne: StatementCounter;
let atOnce: StatementCounter;
let beta: string;
let acme: string;

const world = useTestApp({
  setUp: async ({ t }) => {
    await t.db.transaction().execute((trx) => seedDemoActivity(trx));
    inFours = await countStatements(t, { reportBatchRows: BATCH_ROWS });
    oneByOne = await countStatements(t, { reportBatchRows: 1 });
    atOnce = await countStatements(t);
    beta = await demoIds(t).organization('Beta Haulage');
    acme = await demoIds(t).organization('Acme Logistics');
  },
});
// Registered after the app's, so it runs before the app closes.
afterAll(async () => {
  await inFours.close();
  await oneByOne.close();
  await atOnce.close();
});

const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf, encoding: 'utf8' });
/** A report's text without the lines that name the minute it was generated. */
const printed = (pdf: Buffer) =>
  pdfText(pdf)
    .split('\n')
    .filter((line) => !line.includes('Generated'))
    .join('\n');

const pad = (i: number) => String(i).padStart(3, '0');
/** Assets `from`… of Beta: plated vehicles, and every fourth a generator without a plate (printed by model). */
async function addAssets(from: number, count: number) {
  await world.t.db
    .insertInto('vehicles')
    .values(
      Array.from({ length: count }, (_, k) => {
        const i = from + k;
        return i % 4 === 3
          ? { organization_id: beta, plate_number: null, make: 'Mikano', model: `GEN-${pad(i)}`, type: 'GENERATOR', fuel_type: 'DIESEL' }
          : {
              organization_id: beta,
              plate_number: `BATCH-${pad(i)}`,
              make: 'Toyota',
              model: 'Hiace',
              type: 'VEHICLE',
              fuel_type: 'DIESEL',
            };
      }),
    )
    .execute();
}

/** The assets this file added, in the order the report prints them (one marker per printed row). */
const addedAssets = (text: string) =>
  text
    .split('\n')
    .map((line) => /\b(?:BATCH|GEN)-\d{3}\b/.exec(line)?.[0])
    .filter((marker) => marker !== undefined);

const assetsOfBeta = () => assetCount(world.t, beta);

describe('reports read in batches', () => {
  it('runs more statements as the registry grows by batches, and prints every asset once, in order', async () => {
    const token = await world.t.login('admin@fleetfuel.test');
    const registry = () => inFours.getBytes(`/api/reports/x/vehicles-drivers-list?organizationId=${beta}`, token);
    /** Reads of a table of `rows` in batches: the last comes back short, or empty. */
    const readsOf = (rows: number) => Math.floor(rows / BATCH_ROWS) + 1;

    await addAssets(0, 10);
    const smaller = await registry();
    const before = await assetsOfBeta();
    await addAssets(10, 10);
    const larger = await registry();
    const after = await assetsOfBeta();

    expect(readsOf(after) - readsOf(before)).toBeGreaterThanOrEqual(2);
    // Only the assets table grew: each of its further batches is one more read in each pass.
    expect(larger.statements - smaller.statements).toBe(PASSES * STATEMENTS_PER_READ * (readsOf(after) - readsOf(before)));

    const text = pdfText(larger.bytes);
    // By type, generators first, each by model; then the vehicles by plate.
    const expected = [
      ...Array.from({ length: 20 }, (_, i) => i)
        .filter((i) => i % 4 === 3)
        .map((i) => `GEN-${pad(i)}`),
      ...Array.from({ length: 20 }, (_, i) => i)
        .filter((i) => i % 4 !== 3)
        .map((i) => `BATCH-${pad(i)}`),
    ];
    // The 20 added here, among any the file's other tests added before (numbered from 100).
    expect(addedAssets(text).filter((marker) => Number(marker.slice(-3)) < 20)).toEqual(expected);
    expect(text).toContain(`Assets (${after})`);
    expect(text).toMatch(new RegExp(`Total\\s+${after} assets`));
  });

  it('prints every report the same read one row at a time as read in one batch', async () => {
    const token = await world.t.login('admin@fleetfuel.test');
    // Beta gets insured and uninsured assets (equal expiry dates, no plate) and drivers without a
    // vehicle (two of one name), so that batches of one row end on every kind of tie and blank.
    await addAssets(100, 8);
    const insured = await world.t.db
      .selectFrom('vehicles')
      .select('id')
      .where('plate_number', 'in', ['BATCH-100', 'BATCH-101', 'BATCH-102'])
      .orderBy('plate_number')
      .execute();
    await world.t.db
      .insertInto('insurance_policies')
      .values(
        insured.map(({ id }, i) => ({
          organization_id: beta,
          vehicle_id: id,
          insurer_name: 'AXA Mansard',
          insurance_type: 'Comprehensive',
          insurance_number: `POL-${i}`,
          coverage_start: '2025-01-01',
          coverage_end: i === 2 ? '2029-06-30' : '2030-06-30',
          amount_kobo: 5_000_000n,
        })),
      )
      .execute();
    await world.t.db
      .insertInto('users')
      .values(
        ['Zainab Bello', 'Adamu Garba', 'Adamu Garba', 'Ngozi Eze'].map((name, i) => ({
          name,
          email: `batch-driver-${i}@beta.test`,
          role: 'DRIVER',
          organization_id: beta,
          password_hash: 'not-a-hash',
        })),
      )
      .execute();

    for (const url of [
      `/api/reports/x/combined?startDate=2020-01-01&endDate=2099-12-31&organizationId=${beta}`,
      `/api/reports/x/combined?startDate=2020-01-01&endDate=2099-12-31&organizationId=${acme}`,
      `/api/reports/x/insurance-status?organizationId=${beta}`,
      `/api/reports/x/insurance-status?organizationId=${acme}`,
      `/api/reports/x/service-term?organizationId=${acme}`,
      `/api/reports/x/vehicles-drivers-list?organizationId=${beta}`,
    ]) {
      const rowByRow = await oneByOne.getBytes(url, token);
      const whole = await atOnce.getBytes(url, token);
      expect(printed(rowByRow.bytes), url).toBe(printed(whole.bytes));
      expect(rowByRow.statements, url).toBeGreaterThan(whole.statements);
    }

    const insurance = pdfText((await oneByOne.getBytes(`/api/reports/x/insurance-status?organizationId=${beta}`, token)).bytes);
    const assets = addedAssets(insurance);
    // Soonest expiry first, then the uninsured by plate, those without a plate last.
    expect(assets.slice(0, 3)).toEqual(['BATCH-102', 'BATCH-100', 'BATCH-101']);
    expect(assets.at(-1)).toBe('GEN-107');
    expect(new Set(assets).size).toBe(assets.length);
    const added = await world.t.db
      .selectFrom('vehicles')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('organization_id', '=', beta)
      .where((eb) => eb.or([eb('plate_number', 'like', 'BATCH-%'), eb('model', 'like', 'GEN-%')]))
      .executeTakeFirstOrThrow();
    expect(assets.length).toBe(Number(added.n));

    const registry = pdfText((await oneByOne.getBytes(`/api/reports/x/vehicles-drivers-list?organizationId=${beta}`, token)).bytes);
    expect(registry.match(/Adamu Garba/g)).toHaveLength(2);
    expect(registry.indexOf('Adamu Garba')).toBeLessThan(registry.indexOf('Ngozi Eze'));
    expect(registry.indexOf('Ngozi Eze')).toBeLessThan(registry.indexOf('Zainab Bello'));

    const service = pdfText((await oneByOne.getBytes(`/api/reports/x/service-term?organizationId=${acme}`, token)).bytes);
    expect(service).toContain('Maintenance history (2 jobs)');
    expect(service).toMatch(/Total\s+2 jobs\s+NGN 165,000\.00/);
  });

  it('prints every due vehicle once, soonest problem first, one batch at a time, under a title that counts them all', async () => {
    const token = await world.t.login('admin@fleetfuel.test');
    const url = `/api/reports/x/service-term?organizationId=${beta}`;
    const dueIn = (text: string) => Number(/Due for maintenance \((\d+)\)/.exec(text)?.[1]);
    /** Reads of the due table in batches: the last comes back short, or empty. */
    const readsOf = (rows: number) => Math.floor(rows / BATCH_ROWS) + 1;
    const before = await inFours.getBytes(url, token);
    const dueBefore = dueIn(pdfText(before.bytes));
    expect(dueBefore).toBeGreaterThanOrEqual(0);

    const today = lagosDate(new Date());
    const asset = (plate: string, values: { registration_expiry?: string; created_at?: Date; status?: string }) => ({
      organization_id: beta,
      plate_number: plate,
      make: 'Toyota',
      model: 'Coaster',
      type: 'VEHICLE',
      fuel_type: 'DIESEL',
      ...values,
    });
    // Inserted out of their printed order (DUE-01 first … DUE-12 last), with two not due.
    await world.t.db
      .insertInto('vehicles')
      .values([
        asset('DUE-12', { created_at: new Date('2024-01-03T09:00:00Z') }),
        asset('DUE-10', { created_at: new Date('2024-01-01T09:00:00Z') }),
        asset('DUE-11', { created_at: new Date('2024-01-02T09:00:00Z') }),
        asset('DUE-09', { registration_expiry: addDays(today, 30) }),
        asset('DUE-08', { registration_expiry: addDays(today, 20) }),
        asset('DUE-07', { registration_expiry: addDays(today, 10) }),
        asset('DUE-06', { registration_expiry: today }),
        asset('DUE-04', { registration_expiry: addDays(today, -10), created_at: new Date('2025-03-02T09:00:00Z') }),
        asset('DUE-03', { registration_expiry: addDays(today, -10), created_at: new Date('2025-03-01T09:00:00Z') }),
        asset('DUE-05', {}),
        asset('DUE-02', { registration_expiry: addDays(today, 25) }),
        asset('DUE-01', { registration_expiry: addDays(today, -40) }),
        asset('DUE-NOT-SOON', { registration_expiry: addDays(today, 31) }),
        asset('DUE-RETIRED', { registration_expiry: addDays(today, -40), status: 'INACTIVE' }),
      ])
      .execute();
    const insured = await world.t.db
      .selectFrom('vehicles')
      .select(['id', 'plate_number'])
      .where('plate_number', 'in', ['DUE-02', 'DUE-05'])
      .execute();
    await world.t.db
      .insertInto('insurance_policies')
      .values(
        insured.map(({ id, plate_number }) => ({
          organization_id: beta,
          vehicle_id: id,
          insurer_name: 'AXA Mansard',
          insurance_type: 'Comprehensive',
          insurance_number: `POL-${plate_number}`,
          coverage_start: addDays(today, -400),
          coverage_end: plate_number === 'DUE-02' ? addDays(today, -30) : addDays(today, -5),
          amount_kobo: 5_000_000n,
        })),
      )
      .execute();

    const after = await inFours.getBytes(url, token);
    const text = pdfText(after.bytes);
    const dueAfter = dueIn(text);
    expect(dueAfter).toBe(dueBefore + 12);
    expect(readsOf(dueAfter) - readsOf(dueBefore)).toBeGreaterThanOrEqual(2);
    // Only the due table grew: each of its further batches is one more read in each pass.
    expect(after.statements - before.statements).toBe(PASSES * STATEMENTS_PER_READ * (readsOf(dueAfter) - readsOf(dueBefore)));
    const printedDue = text
      .split('\n')
      .map((line) => /\bDUE-[\w-]+/.exec(line)?.[0])
      .filter((marker) => marker !== undefined);
    expect(printedDue).toEqual(Array.from({ length: 12 }, (_, i) => `DUE-${String(i + 1).padStart(2, '0')}`));
    // Beta's other due vehicles too: the table prints just what one read of them all would.
    expect(printed(after.bytes)).toBe(printed((await atOnce.getBytes(url, token)).bytes));
  });
});
