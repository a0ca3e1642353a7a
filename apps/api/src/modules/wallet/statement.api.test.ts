/**
 * Wallet statements (issue 13): a station's statement sums to the kobo: opening + every row =
 * closing = the ledger's balance; the CSV parses back and cannot smuggle a formula; the PDF carries
 * the reconciliation line; each role sees only its own wallet.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, lagosDate } from '../../platform/clock.js';
import { creditOrganization, STATION_ACCOUNTS } from '../../../test/demo-world.js';
import { parseCsv } from '../../../test/csv.js';
import { useTestApp } from '../../../test/test-world.js';

const world = useTestApp({
  signIn: STATION_ACCOUNTS,
  ids: async (find, t) => {
    const unity = await find.station('Unity Fuels Ikeja');
    return {
      truck: await find.vehicle('APP-220-XA'),
      hilux: await find.vehicle('LND-451-KJ'),
      unity,
      acme: await find.organization('Acme Logistics'),
      unityWallet: (await t.db.selectFrom('ledger_accounts').select('id').where('fuel_station_id', '=', unity).executeTakeFirstOrThrow())
        .id,
    };
  },
  setUp: async ({ t }) => creditOrganization(t, 'Acme Logistics', 400_000),
});
const today = () => lagosDate(new Date());
const toKobo = (decimal: string) => BigInt(decimal.replace('.', ''));

async function redeemFuel(volume: number, dispensed: number) {
  const token = world.token('orgadmin@acme.test');
  const created = await world.t.call('POST', '/api/fuel-requests', {
    token,
    body: { vehicleId: world.ids.truck, stationId: world.ids.unity, supplyDate: today(), volume },
  });
  const id = created.json().request.id as string;
  const code = (await world.t.call('PATCH', `/api/fuel-requests/${id}/approve`, { token })).json().request.couponCode as string;
  const done = await world.t.call('PATCH', `/api/fuel-requests/${id}/complete`, {
    token: world.token('attendant@unityfuels.test'),
    body: { code, dispensedVolume: dispensed },
  });
  expect(done.statusCode, done.body).toBe(200);
  return code;
}

async function completeJob(cost: number) {
  const token = world.token('orgadmin@acme.test');
  const created = await world.t.call('POST', '/api/maintenance', {
    token,
    body: {
      vehicleId: world.ids.hilux,
      description: 'Wheel alignment',
      date: today(),
      cost,
      stationId: world.ids.unity,
      currentOdometerReading: 0,
      currentTankLevel: 30,
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().request.id as string;
  const code = (await world.t.call('PATCH', `/api/maintenance/${id}/approve`, { token })).json().request.couponCode as string;
  const done = await world.t.call('PATCH', `/api/maintenance/${id}/complete`, {
    token: world.token('rep@unityfuels.test'),
    body: { code },
  });
  expect(done.statusCode, done.body).toBe(200);
  return code;
}

async function payout(amount: number) {
  const res = await world.t.call('POST', `/api/wallet/${world.ids.unityWallet}/settle-payment`, {
    token: world.token('admin@fleetfuel.test'),
    body: { amount },
  });
  expect(res.statusCode, res.body).toBe(200);
  await world.t.app.background.idle();
  return res.json().payout.reference as string;
}

const ledgerBalance = async () =>
  BigInt(
    (
      await world.t.db
        .selectFrom('ledger_accounts')
        .select('balance_kobo')
        .where('id', '=', world.ids.unityWallet)
        .executeTakeFirstOrThrow()
    ).balance_kobo,
  );

describe('wallet statements', () => {
  let fuelCode = '';
  let jobCode = '';
  let laterPayout = '';

  beforeAll(async () => {
    // Earlier history: a redemption and a payout, moved back three days so they fall before the period.
    await world.t.call('PATCH', `/api/wallet/${world.ids.unityWallet}/update-banking`, {
      token: world.token('rep@unityfuels.test'),
      body: { accountNumber: '0123456780', bankCode: '058' },
    });
    const earlyCode = await redeemFuel(10, 10);
    const earlyPayout = await payout(1000);
    const earlier = new Date(Date.now() - 3 * 86_400_000);
    const entries = world.t.db.selectFrom('journal_entries').select('id').where('reference', 'in', [earlyCode, earlyPayout]);
    // History cannot be written in the past through the API, and journal rows are immutable: lift that guard for this setup only.
    await world.t.db.transaction().execute(async (trx) => {
      await sql`ALTER TABLE postings DISABLE TRIGGER postings_immutable`.execute(trx);
      await trx.updateTable('postings').set({ created_at: earlier }).where('entry_id', 'in', entries).execute();
      await sql`ALTER TABLE postings ENABLE TRIGGER postings_immutable`.execute(trx);
    });
    // A name a spreadsheet would run as a formula, on the counterparty of the station's rows.
    await world.t.db
      .updateTable('organizations')
      .set({ name: '=HYPERLINK("http://evil.test","Acme")' })
      .where('id', '=', world.ids.acme)
      .execute();
    fuelCode = await redeemFuel(20, 18.5);
    jobCode = await completeJob(25_000);
    laterPayout = await payout(2000);
  });

  it('sums to the kobo: opening + every movement = closing = the ledger balance (CSV)', async () => {
    const from = addDays(today(), -1);
    const res = await world.t.call('GET', '/api/wallet/statement', {
      token: world.token('rep@unityfuels.test'),
      query: { from, to: today(), format: 'csv' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="statement-unity-fuels-ikeja-${from}-to-${today()}.csv"`);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rest] = parseCsv(res.body.slice(1));
    expect(header).toEqual([
      'Date/time',
      'Kind',
      'Reference',
      'Vehicle',
      'Organization',
      'Fuel',
      'Volume (L)',
      'Price per litre',
      'Gross',
      'Fee',
      'Net',
      'Balance',
    ]);
    const movements = rest.filter((row) => /^\d{4}-\d{2}-\d{2}|\d/.test(row[0] ?? '') && row[1] !== '');
    const byReference = new Map(movements.map((row) => [row[2], row]));
    expect(byReference.get(fuelCode)?.[1]).toBe('Fuel redemption');
    expect(Number(byReference.get(fuelCode)?.[6])).toBe(18.5);
    expect(byReference.get(jobCode)?.[1]).toBe('Maintenance job');
    expect(byReference.get(laterPayout)?.[1]).toBe('Payout');
    expect(toKobo(byReference.get(laterPayout)?.[10] as string)).toBe(-200_000n);
    // The earlier redemption and payout are in the opening balance, not rows.
    expect(movements).toHaveLength(3);
    // Injection neutralized in a text cell; negative amounts stay plain numbers.
    expect(byReference.get(fuelCode)?.[4]).toBe('\'=HYPERLINK("http://evil.test","Acme")');
    expect(byReference.get(laterPayout)?.[10]).toBe('-2000.00');

    const opening = toKobo(rest.find((row) => row[0] === 'Opening balance')?.[11] as string);
    const closing = toKobo(rest.find((row) => row[0] === 'Closing balance')?.[11] as string);
    const sum = movements.reduce((total, row) => total + toKobo(row[10] as string), 0n);
    expect(opening + sum).toBe(closing);
    expect(closing).toBe(await ledgerBalance());
    expect(toKobo(movements.at(-1)?.[11] as string)).toBe(closing);
    const reconciliation = rest.at(-1)?.[0] as string;
    expect(reconciliation).toMatch(/^Opening ₦[\d,.]+ \+ movements ₦[\d,.]+ = closing ₦[\d,.]+$/);
    const perKind = rest.filter((row) => row[0]?.startsWith('Total: '));
    expect(perKind.reduce((total, row) => total + toKobo(row[10] as string), 0n)).toBe(sum);
    // The opening balance is what the period before it left: today's statement opens with yesterday's rows in it.
    expect(opening).toBeGreaterThan(0n);
  });

  it('the PDF carries the same reconciliation line', async () => {
    const res = await world.t.call('GET', '/api/wallet/statement', {
      token: world.token('admin@fleetfuel.test'),
      query: { stationId: world.ids.unity },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const dir = mkdtempSync(path.join(tmpdir(), 'statement-'));
    writeFileSync(path.join(dir, 's.pdf'), res.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', path.join(dir, 's.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toMatch(/Opening NGN [\d,.]+ \+ movements -?NGN [\d,.]+ = closing NGN [\d,.]+/);
    expect(text).toContain(jobCode);
    expect(text).not.toContain('DOES NOT RECONCILE');
  });

  it('an organization gets its own wallet; roles and tenants are kept apart', async () => {
    const org = await world.t.call('GET', '/api/wallet/statement', { token: world.token('orgadmin@acme.test'), query: { format: 'csv' } });
    expect(org.statusCode, org.body).toBe(200);
    const rows = parseCsv(org.body.slice(1));
    expect(rows[0]?.[4]).toBe('Station');
    expect(rows.find((row) => row[2] === fuelCode)?.[4]).toBe('Unity Fuels Ikeja');

    const call = (email: string, query: Record<string, string>) =>
      world.t.call('GET', '/api/wallet/statement', { token: world.token(email), query });
    expect((await call('rep@greenline.test', { stationId: world.ids.unity })).statusCode).toBe(404);
    expect((await call('rep@unityfuels.test', { organizationId: world.ids.acme })).statusCode).toBe(404);
    expect((await call('orgadmin@acme.test', { stationId: world.ids.unity })).statusCode).toBe(404);
    expect((await call('driver@acme.test', {})).statusCode).toBe(403);
    expect((await call('attendant@unityfuels.test', {})).statusCode).toBe(403);
    const neither = await call('admin@fleetfuel.test', {});
    expect(neither.statusCode).toBe(400);
    const both = await call('admin@fleetfuel.test', { stationId: world.ids.unity, organizationId: world.ids.acme });
    expect(both.statusCode).toBe(400);
    expect(both.json().error).toMatch(/not both/);
    const backwards = await call('rep@unityfuels.test', { from: today(), to: addDays(today(), -2) });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error).toBe('to: The start date must be on or before the end date');
  });
});
