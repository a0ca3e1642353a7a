/** The user and driver lists run as many SQL statements for a page of 50 as for a page of 5 (no query per row). */
import { describe, expect, it } from 'vitest';
import { countedDemoApp, expectStatementsIndependentOfPageSize } from '../../../test/statement-count.js';

describe('user lists: statements per request', () => {
  const demo = countedDemoApp();

  it('every account, for the platform admin', async () => {
    await expectStatementsIndependentOfPageSize(demo.counter, await demo.t.login('admin@fleetfuel.test'), '/api/admin/users', 'users');
  });

  it('drivers', async () => {
    // The demo has three drivers: a few more, so that a page of 5 is full and one of 50 holds more.
    const organizationAdmin = await demo.t.login('orgadmin@acme.test');
    for (const n of [1, 2, 3, 4]) {
      const added = await demo.t.call('POST', '/api/drivers', {
        token: organizationAdmin,
        body: { name: `Listed Driver ${n}`, email: `listed-driver-${n}@acme.test`, password: 'Listed-Driver-2026' },
      });
      expect(added.statusCode).toBe(200);
    }
    const admin = await demo.t.login('admin@fleetfuel.test');
    await expectStatementsIndependentOfPageSize(demo.counter, admin, '/api/drivers', 'data');
    await expectStatementsIndependentOfPageSize(demo.counter, admin, '/api/drivers?sort=group', 'data');
  });
});
