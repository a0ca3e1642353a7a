/** A wallet's transactions run as many SQL statements for a page of 50 as for a page of 5 (no query per row). */
import { describe, expect, it } from 'vitest';
import { countedDemoApp, expectStatementsIndependentOfPageSize } from '../../../test/statement-count.js';

describe('wallet transactions: statements per request', () => {
  const demo = countedDemoApp();

  it('an organization wallet', async () => {
    const token = await demo.t.login('orgadmin@acme.test');
    const wallet = await demo.t.call('GET', '/api/wallet', { token });
    expect(wallet.statusCode).toBe(200);
    const walletId = wallet.json<{ wallet: { id: string } }>().wallet.id;
    await expectStatementsIndependentOfPageSize(demo.counter, token, `/api/wallet/transactions/${walletId}`, 'transactions');
  });
});
