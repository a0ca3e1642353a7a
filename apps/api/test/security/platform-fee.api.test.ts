/**
 * A platform fee above zero (250 bps = 2.5%), to the kobo. The redemption amount is
 * round-half-up(dispensed centilitres × price kobo / 100) and the fee is floor(amount × bps / 10 000)
 * (`feeOf` in requests/shared.ts). The organization pays the amount, the station gets the amount
 * less the fee, the platform revenue account the fee; every journal entry sums to zero and every
 * account's cached balance equals the sum of its postings.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lagosDate } from '../../src/platform/clock.js';
import { loadConfig } from '../../src/platform/config.js';
import { createTestApp, type TestApp } from '../harness.js';

const FEE_BPS = 250;
let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

async function balances() {
  const rows = await t.db.selectFrom('ledger_accounts').select(['id', 'balance_kobo', 'held_kobo']).execute();
  return Object.fromEntries(rows.map((r) => [r.id, { balance: BigInt(r.balance_kobo), held: BigInt(r.held_kobo) }]));
}
const walletId = async (column: 'organization_id' | 'fuel_station_id', id: string) =>
  (await t.db.selectFrom('ledger_accounts').select('id').where(column, '=', id).executeTakeFirstOrThrow()).id;

async function assertLedgerBalanced() {
  const unbalanced = await sql<{ entry_id: string }>`SELECT entry_id FROM postings GROUP BY entry_id HAVING sum(amount_kobo) <> 0`.execute(
    t.db,
  );
  expect(unbalanced.rows, 'journal entries that do not sum to zero').toEqual([]);
  const drift = await sql<{ id: string }>`SELECT a.id FROM ledger_accounts a LEFT JOIN postings p ON p.account_id = a.id
    GROUP BY a.id, a.balance_kobo HAVING a.balance_kobo <> coalesce(sum(p.amount_kobo), 0)`.execute(t.db);
  expect(drift.rows, 'accounts whose balance is not the sum of their postings').toEqual([]);
}

beforeAll(async () => {
  const base = loadConfig({ NODE_ENV: 'test' });
  t = await createTestApp({ payments: { ...base.payments, platformFeeBps: FEE_BPS } });
  for (const email of ['admin@fleetfuel.test', 'orgadmin@acme.test', 'rep@unityfuels.test', 'attendant@unityfuels.test'])
    tokens[email] = await t.login(email);
  const org = await t.db.selectFrom('organizations').select('id').where('name', '=', 'Acme Logistics').executeTakeFirstOrThrow();
  const station = await t.db.selectFrom('fuel_stations').select('id').where('name', '=', 'Unity Fuels Ikeja').executeTakeFirstOrThrow();
  ids.acme = org.id;
  ids.unity = station.id;
  ids.acmeWallet = await walletId('organization_id', org.id);
  ids.unityWallet = await walletId('fuel_station_id', station.id);
  ids.revenue = (await t.db.selectFrom('ledger_accounts').select('id').where('kind', '=', 'PLATFORM_REVENUE').executeTakeFirstOrThrow()).id;
  const vehicles = await t.db.selectFrom('vehicles').select(['id', 'plate_number']).execute();
  ids.truck = vehicles.find((v) => v.plate_number === 'APP-220-XA')?.id as string;
  ids.bike = vehicles.find((v) => v.plate_number === 'KJA-118-QB')?.id as string;
  const credit = await t.call('POST', `/api/wallet/${ids.acmeWallet}/create-transaction`, {
    token: tokens['admin@fleetfuel.test'],
    body: { amount: 500_000, type: 'CREDIT', note: 'fee test funds' },
  });
  expect(credit.statusCode, credit.body).toBe(200);
  // A price with odd kobo, so that litres × price needs rounding.
  const price = await t.call('PATCH', '/api/fuel-requests/update-price', {
    token: tokens['rep@unityfuels.test'],
    body: { fuelType: 'DIESEL', pricePerLitre: 1150.37 },
  });
  expect(price.statusCode, price.body).toBe(200);
});
afterAll(async () => t?.close());

describe('platform fee of 250 bps', () => {
  it('fuel: the organization pays volume × price, the station that less the fee, the platform the fee, to the kobo', async () => {
    const orgToken = tokens['orgadmin@acme.test'];
    const created = await t.call('POST', '/api/fuel-requests', {
      token: orgToken,
      body: { vehicleId: ids.truck, stationId: ids.unity, supplyDate: lagosDate(new Date()), volume: 40 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().request.id as string;
    const approved = await t.call('PATCH', `/api/fuel-requests/${id}/approve`, { token: orgToken });
    expect(approved.json().request).toMatchObject({ status: 'APPROVED', pricePerUnit: 1150.37, heldAmount: 46014.8 });
    const before = await balances();

    const res = await t.call('PATCH', `/api/fuel-requests/${id}/complete`, {
      token: tokens['attendant@unityfuels.test'],
      body: { code: approved.json().request.couponCode, dispensedVolume: 33.37 },
    });
    expect(res.statusCode, res.body).toBe(200);
    // 33.37 L × 115 037 kobo = 3 838 784.69 kobo → 3 838 785 (half up); fee 3 838 785 × 2.5% = 95 969.625 → 95 969 (floor).
    const amount = (3337n * 115_037n + 50n) / 100n;
    const fee = (amount * BigInt(FEE_BPS)) / 10_000n;
    expect(amount).toBe(3_838_785n);
    expect(fee).toBe(95_969n);
    expect(res.json().request).toMatchObject({ status: 'COMPLETED', dispensedVolume: 33.37, amount: 38387.85 });

    const after = await balances();
    const delta = (account: string) => (after[account]?.balance ?? 0n) - (before[account]?.balance ?? 0n);
    expect(delta(ids.acmeWallet as string)).toBe(-amount);
    expect(delta(ids.unityWallet as string)).toBe(amount - fee);
    expect(delta(ids.revenue as string)).toBe(fee);
    // The whole 40 L hold is released: the unused 6.63 L goes back to available.
    expect((after[ids.acmeWallet as string]?.held ?? 0n) - (before[ids.acmeWallet as string]?.held ?? 0n)).toBe(-4_601_480n);

    const entry = await t.db
      .selectFrom('journal_entries')
      .select('id')
      .where('idempotency_key', '=', `redeem:${id}`)
      .executeTakeFirstOrThrow();
    const postings = await t.db
      .selectFrom('postings')
      .select(['account_id', 'amount_kobo', 'fee_kobo', 'type'])
      .where('entry_id', '=', entry.id)
      .execute();
    expect(postings.map((p) => [p.account_id, BigInt(p.amount_kobo), p.type]).sort()).toEqual(
      [
        [ids.acmeWallet, -amount, 'PAYMENT'],
        [ids.unityWallet, amount - fee, 'PAYMENT'],
        [ids.revenue, fee, 'FEE'],
      ].sort(),
    );
    expect(BigInt(postings.find((p) => p.account_id === ids.unityWallet)?.fee_kobo ?? -1)).toBe(fee);
    const row = await t.db.selectFrom('fuel_requests').select(['amount_kobo', 'fee_kobo']).where('id', '=', id).executeTakeFirstOrThrow();
    expect([BigInt(row.amount_kobo as string), BigInt(row.fee_kobo as string)]).toEqual([amount, fee]);
    await assertLedgerBalanced();
  });

  it('maintenance at a station: the final cost is paid with the same fee rule', async () => {
    const orgToken = tokens['orgadmin@acme.test'];
    const created = await t.call('POST', '/api/maintenance', {
      token: orgToken,
      body: { vehicleId: ids.bike, stationId: ids.unity, description: 'Chain and sprocket', date: lagosDate(new Date()), cost: 12_345.67 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().request.id as string;
    const approved = await t.call('PATCH', `/api/maintenance/${id}/approve`, { token: orgToken });
    expect(approved.statusCode, approved.body).toBe(200);
    const before = await balances();

    const res = await t.call('PATCH', `/api/maintenance/${id}/complete`, {
      token: tokens['rep@unityfuels.test'],
      body: { code: approved.json().request.couponCode, finalCost: 10_000.01 },
    });
    expect(res.statusCode, res.body).toBe(200);
    // 1 000 001 kobo × 2.5% = 25 000.025 → 25 000 (floor).
    const amount = 1_000_001n;
    const fee = (amount * BigInt(FEE_BPS)) / 10_000n;
    expect(fee).toBe(25_000n);
    const after = await balances();
    const delta = (account: string) => (after[account]?.balance ?? 0n) - (before[account]?.balance ?? 0n);
    expect(delta(ids.acmeWallet as string)).toBe(-amount);
    expect(delta(ids.unityWallet as string)).toBe(amount - fee);
    expect(delta(ids.revenue as string)).toBe(fee);
    expect((after[ids.acmeWallet as string]?.held ?? 0n) - (before[ids.acmeWallet as string]?.held ?? 0n)).toBe(-1_234_567n);
    const row = await t.db
      .selectFrom('maintenance_requests')
      .select(['amount_kobo', 'fee_kobo', 'status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect([BigInt(row.amount_kobo as string), BigInt(row.fee_kobo as string), row.status]).toEqual([amount, fee, 'COMPLETED']);
    await assertLedgerBalanced();
  });
});
