/**
 * A station's payout bank account is the wallet module's record (station_bank_accounts, 0010),
 * beside the ledger's account: saving it writes no ledger table, and it goes with its wallet when
 * a station without history is deleted.
 */
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-world.js';

const world = useTestApp({ signIn: ['admin@fleetfuel.test'] });

describe('station bank accounts', () => {
  it('are saved beside the wallet and deleted with a station that has no history', async () => {
    const station = await world.t.call('POST', '/api/admin/fuel-stations', {
      token: world.token('admin@fleetfuel.test'),
      body: { name: 'Bank Test Station', availableFuels: ['PETROL'] },
    });
    expect(station.statusCode).toBe(200);
    const stationId = station.json().id as string;
    const wallet = await world.t.call('GET', '/api/wallet', { token: world.token('admin@fleetfuel.test'), query: { stationId } });
    expect(wallet.statusCode).toBe(200);
    const walletId = wallet.json().wallet.id as string;
    expect(wallet.json().wallet).toMatchObject({ accountNumber: null, bankingVerified: false });

    const saved = await world.t.call('PATCH', `/api/wallet/${walletId}/update-banking`, {
      token: world.token('admin@fleetfuel.test'),
      body: { accountNumber: '0123456780', bankCode: '058' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().wallet).toMatchObject({ accountNumber: '0123456780', bankCode: '058', bankingVerified: true });
    const row = await world.t.db
      .selectFrom('station_bank_accounts')
      .select(['bank_account_number', 'transfer_recipient_code'])
      .where('account_id', '=', walletId)
      .executeTakeFirst();
    expect(row).toEqual({ bank_account_number: '0123456780', transfer_recipient_code: null });

    expect(
      (await world.t.call('DELETE', `/api/admin/fuel-stations/${stationId}`, { token: world.token('admin@fleetfuel.test') })).statusCode,
    ).toBe(200);
    expect(
      await world.t.db.selectFrom('station_bank_accounts').select('account_id').where('account_id', '=', walletId).executeTakeFirst(),
    ).toBeUndefined();
  });
});
