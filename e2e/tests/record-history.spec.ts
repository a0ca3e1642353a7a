import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS, SESSION_KEY, signIn } from './support.js';

/** A signed-in API caller, for making the audited changes the pages then show. */
async function caller(request: APIRequestContext, username: string) {
  const login = await request.post('/api/auth/login', { data: { username, password: DEMO_PASSWORD } });
  expect(login.ok(), await login.text()).toBe(true);
  const headers = { Authorization: `Bearer ${(await login.json()).token as string}` };
  return {
    get: async (path: string) => {
      const res = await request.get(path, { headers });
      expect(res.ok(), await res.text()).toBe(true);
      return res.json();
    },
    put: async (path: string, data: Record<string, unknown>) => {
      const res = await request.put(path, { headers, data });
      expect(res.ok(), await res.text()).toBe(true);
    },
  };
}

function history(page: Page) {
  return page.getByRole('region', { name: 'History' });
}

test('a client’s, a fuel station’s and an asset’s details show their own history to the roles that read the audit log', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const admin = await caller(request, DEMO_USERS.ADMIN);
  const organizations = await admin.get('/api/admin/organizations?search=Beta');
  const beta = organizations.data.find((o: { name: string }) => o.name === 'Beta Haulage');
  await admin.put(`/api/admin/organizations/${beta.id}`, { status: 'SUSPENDED' });
  await admin.put(`/api/admin/organizations/${beta.id}`, { status: 'ACTIVE' });
  const stations = await admin.get('/api/admin/fuel-stations?search=Greenline');
  const greenline = stations.data.find((s: { name: string }) => s.name === 'Greenline Energy Lekki');
  await admin.put(`/api/admin/fuel-stations/${greenline.id}`, { status: 'INACTIVE' });
  await admin.put(`/api/admin/fuel-stations/${greenline.id}`, { status: 'ACTIVE' });

  const orgAdmin = await caller(request, DEMO_USERS.ADMINISTRATOR);
  const vehicles = await orgAdmin.get('/api/vehicles?pageSize=50');
  const asset = vehicles.data.find(
    (v: { plateNumber: string | null; status: string; driver: unknown }) => v.plateNumber && v.status === 'ACTIVE' && !v.driver,
  );
  await orgAdmin.put(`/api/vehicles/${asset.id}`, { status: 'INACTIVE' });
  await orgAdmin.put(`/api/vehicles/${asset.id}`, { status: 'ACTIVE' });

  await signIn(page, DEMO_USERS.ADMIN);
  await page.goto(`/clients/details?id=${beta.id}`);
  await expect(history(page).getByRole('row').filter({ hasText: 'Organization status changed' })).toHaveCount(2);
  await expect(history(page)).toContainText('Status: Active → Suspended');
  await page.goto(`/fuel-stations/details?id=${greenline.id}`);
  await expect(history(page).getByRole('row').filter({ hasText: 'Fuel station status changed' })).toHaveCount(2);

  // The organization admin next, in the same browser: forgetting the session signs the admin out.
  await page.evaluate(() => window.localStorage.clear());
  await signIn(page, DEMO_USERS.ADMINISTRATOR);
  await page.goto(`/assets/details?id=${asset.id}`);
  // The demo's history also took the asset in and out of maintenance; these are the two changes above.
  await expect(history(page).getByRole('row').filter({ hasText: 'Asset status changed' }).filter({ hasText: 'Inactive' })).toHaveCount(2);
  await expect(history(page)).toContainText('Status: Active → Inactive');
});

test('a driver’s vehicle page has no History section and asks nothing of the audit log', async ({ page }) => {
  const auditCalls: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/audit-log')) auditCalls.push(req.url());
  });
  await signIn(page, DEMO_USERS.DRIVER);
  // The signed-in session names the driver's vehicle.
  const me = await page.evaluate((key) => {
    const session = JSON.parse(window.localStorage.getItem(key) ?? '{}') as { user?: { vehicle?: { id: string } | null } };
    return session.user?.vehicle?.id ?? null;
  }, SESSION_KEY);
  expect(me, 'the demo driver drives a vehicle').not.toBeNull();
  await page.goto(`/assets/details?id=${me as string}`);
  await expect(page.getByRole('tab', { name: 'Details' })).toBeVisible();
  await expect(page.getByText('Asset Type')).toBeVisible();
  await expect(history(page)).toHaveCount(0);
  expect(auditCalls).toEqual([]);
});
