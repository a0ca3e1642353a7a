/** The request lists run as many SQL statements for a page of 50 as for a page of 5 (no query per row). */
import { describe, it } from 'vitest';
import { countedDemoApp, expectStatementsIndependentOfPageSize } from '../../../test/statement-count.js';

describe('request lists: statements per request', () => {
  const demo = countedDemoApp();

  it('fuel requests, for the platform and for an organization', async () => {
    for (const account of ['admin@fleetfuel.test', 'orgadmin@acme.test']) {
      await expectStatementsIndependentOfPageSize(demo.counter, await demo.t.login(account), '/api/fuel-requests/all-requests', 'requests');
    }
  });

  it('fuel requests found by a search', async () => {
    const admin = await demo.t.login('admin@fleetfuel.test');
    await expectStatementsIndependentOfPageSize(demo.counter, admin, '/api/fuel-requests/all-requests?search=a', 'requests');
  });

  it('maintenance jobs', async () => {
    const admin = await demo.t.login('admin@fleetfuel.test');
    await expectStatementsIndependentOfPageSize(demo.counter, admin, '/api/maintenance/all-requests', 'logs');
  });
});
