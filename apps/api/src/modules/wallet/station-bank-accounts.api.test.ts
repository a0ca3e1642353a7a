/**
 * A station's payout bank account is the wallet module's record (station_bank_accounts, 0010),
 * beside the ledger's account: saving it writes no ledger table, and it goes with its wallet when
 * a station without history is deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@fleetfuel.test');
});
afterAll(async () => t.close());

describe('station bank accounts', () => {
  it('are saved beside the wallet and deleted with a station that has no history', async () => {
    const station = await t.call('POST', '/api/admin/fuel-stations', {
      token: admin,
      body: { name: 'Bank Test Station', availableFuels: ['PETROL'] },
    });
    expect(station.statusCode).toBe(200);
    const stationId = station.json().id as string;
    const wallet = await t.call('GET', '/api/wallet', { token: admin, query: { stationId } });
    expect(wallet.statusCode).toBe(200);
    const walletId = wallet.json().wallet.id as string;
    expect(wallet.json().wallet).toMatchObject({ accountNumber: null, bankingVerified: false });

    const saved = await t.call('PATCH', `/api/wallet/${walletId}/update-banking`, {
      token: admin,
      body: { accountNumber: '0123456780', bankCode: '058' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().wallet).toMatchObject({ accountNumber: '0123456780', bankCode: '058', bankingVerified: true });
    const row = await t.db
      .selectFrom('station_bank_accounts')
      .select(['bank_account_number', 'transfer_recipient_code'])
      .where('account_id', '=', walletId)
      .executeTakeFirst();
    expect(row).toEqual({ bank_account_number: '0123456780', transfer_recipient_code: null });

    expect((await t.call('DELETE', `/api/admin/fuel-stations/${stationId}`, { token: admin })).statusCode).toBe(200);
    expect(
      await t.db.selectFrom('station_bank_accounts').select('account_id').where('account_id', '=', walletId).executeTakeFirst(),
    ).toBeUndefined();
  });
});
