import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS, signIn } from './support.js';

const STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'COMPLETED', 'EXPIRED'] as const;

test('the platform admin’s overview shows requests by status and this month’s money, as the API counts them', async ({ page, request }) => {
  const login = await request.post('/api/auth/login', { data: { username: DEMO_USERS.ADMIN, password: DEMO_PASSWORD } });
  const headers = { Authorization: `Bearer ${(await login.json()).token as string}` };
  const fuelCounts: number[] = [];
  for (const status of STATUSES) {
    const reply = await request.get('/api/fuel-requests/all-requests', { headers, params: { status, pageSize: 1 } });
    fuelCounts.push((await reply.json()).meta.total as number);
  }
  const overview = await (await request.get('/api/analytics/overview', { headers, params: { months: 1 } })).json();
  const maintenance = overview.counts.maintenanceRequests as Record<string, number>;
  // The demo data has requests in several states: the table is not a row of zeros.
  expect(fuelCounts.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);

  await signIn(page, DEMO_USERS.ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
  const table = page.getByRole('region', { name: 'Requests by status' }).getByRole('table');
  await expect(table.getByRole('row', { name: /^Fuel/ })).toHaveText(
    ['Fuel', ...fuelCounts.map((n) => n.toLocaleString('en-NG'))].join(''),
  );
  await expect(table.getByRole('row', { name: /^Maintenance/ })).toHaveText(
    ['Maintenance', ...STATUSES.map((s) => (s === 'EXPIRED' ? '—' : maintenance[s]!.toLocaleString('en-NG')))].join(''),
  );

  const month = page.getByRole('region', { name: 'This month' });
  const naira = (value: number) => new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' }).format(value);
  const current = overview.graph.monthlyFinancials.at(-1) as { expenses: number; earnings: number };
  await expect(month.getByText(naira(current.expenses), { exact: true })).toBeVisible();
  await expect(month.getByText(naira(current.earnings), { exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('admin-overview.png'), fullPage: true });
});
