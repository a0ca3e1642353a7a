/** The asset list runs as many SQL statements for a page of 50 as for a page of 5 (no query per row). */
import { describe, it } from 'vitest';
import { countedDemoApp, expectStatementsIndependentOfPageSize } from '../../../test/statement-count.js';

describe('vehicle list: statements per request', () => {
  const demo = countedDemoApp();

  it('every asset, with insurance status, for the platform admin', async () => {
    await expectStatementsIndependentOfPageSize(demo.counter, await demo.t.login('admin@fleetfuel.test'), '/api/vehicles', 'data');
  });

  it('sorted by the name of a joined record (its driver)', async () => {
    const admin = await demo.t.login('admin@fleetfuel.test');
    await expectStatementsIndependentOfPageSize(demo.counter, admin, '/api/vehicles?sort=driver&order=desc', 'data');
  });
});
