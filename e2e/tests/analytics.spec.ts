/** The Analytics page: its four charts from real data, the silent assets, the period, and ADMIN's organization choice. */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS, signIn } from './support.js';

const CHARTS = ['Monthly Fuel Consumed', 'Monthly Fuel Expenses', 'Fuel by Driver', 'Fuel Efficiency'] as const;

async function overviewOf(request: APIRequestContext, username: string, months: number) {
  const login = await request.post('/api/auth/login', { data: { username, password: DEMO_PASSWORD } });
  const token = (await login.json()).token as string;
  const reply = await request.get('/api/analytics/overview', { headers: { Authorization: `Bearer ${token}` }, params: { months } });
  expect(reply.ok()).toBe(true);
  return reply.json();
}

/** The efficiency list as the page asks for it: the page's own call, read back from the network. */
async function efficiencyShown(page: Page) {
  const reply = await page.waitForResponse((res) => res.url().includes('/api/analytics/efficiency') && res.ok());
  return (await reply.json()) as {
    vehicles: Array<{ plateNumber: string | null; name: string; kmPerUnit: number | null }>;
    silentAssets: Array<{ plateNumber: string | null; name: string }>;
  };
}

function chart(page: Page, title: string) {
  return page.getByRole('region', { name: title }).getByRole('figure', { name: title });
}

test('an organization admin sees the four charts drawn from its data', async ({ page, request }) => {
  await signIn(page, DEMO_USERS.ADMINISTRATOR);
  // The Analytics page opens on six months, the Dashboard's period: the same overview, already loaded.
  const efficiencyCall = efficiencyShown(page);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Analytics' }).click();
  await expect(page.getByRole('heading', { name: 'Analytics' })).toBeVisible();
  await expect(page.getByLabel('Period')).toHaveValue('6');
  const data = await overviewOf(request, DEMO_USERS.ADMINISTRATOR, 6);

  for (const title of CHARTS) await expect(chart(page, title).locator('svg').first()).toBeVisible();
  // One bar per month, per driver and per vehicle of the overview (the monthly charts are FleetFuel's own SVG).
  await expect(chart(page, 'Monthly Fuel Consumed').locator('[data-chart-mark="bar"]')).toHaveCount(data.graph.monthlyFuelVolume.length);
  await expect(chart(page, 'Monthly Fuel Expenses').locator('[data-chart-mark="line"]')).toHaveCount(1);
  await expect(chart(page, 'Fuel by Driver').locator('[data-chart-mark="bar"]')).toHaveCount(data.consumption.completedByDriver.length);
  // The worst ten of the period by true efficiency (GET /analytics/efficiency), one bar per measured vehicle.
  const efficiency = await efficiencyCall;
  const measured = efficiency.vehicles.filter((row) => row.kmPerUnit !== null);
  expect(efficiency.vehicles.length).toBeLessThanOrEqual(10);
  await expect(chart(page, 'Fuel Efficiency').locator('[data-chart-mark="bar"]')).toHaveCount(measured.length);
  for (const row of measured) await expect(chart(page, 'Fuel Efficiency')).toContainText(row.plateNumber ?? row.name);
  await expect(page.getByRole('region', { name: 'Fuel Efficiency' })).toContainText('Distance between consecutive odometer readings');
  // The silent assets, each a link to the asset.
  const silent = page.getByRole('region', { name: 'Silent Assets' });
  await expect(silent).toBeVisible();
  await expect(silent.getByRole('link')).toHaveCount(efficiency.silentAssets.length);
  // An organization only spends: no earnings series.
  await expect(page.getByRole('region', { name: 'Monthly Fuel Expenses' }).getByText('Earnings', { exact: true })).toHaveCount(0);
});

test('the period selector asks for that many months and keeps them in the address', async ({ page }) => {
  await signIn(page, DEMO_USERS.ASST_ADMINISTRATOR);
  await page.goto('/analytics');
  await expect(chart(page, 'Monthly Fuel Consumed')).toBeVisible();

  const call = page.waitForResponse((res) => res.url().includes('/api/analytics/overview') && res.url().includes('months=12'));
  await page.getByLabel('Period').selectOption({ label: 'Last 12 months' });
  const data = await (await call).json();
  expect(data.graph.monthlyFuelVolume).toHaveLength(12);
  await expect(page).toHaveURL(/months=12/);
  await expect(chart(page, 'Monthly Fuel Consumed').locator('[data-chart-mark="bar"]')).toHaveCount(12);

  await page.reload();
  await expect(page.getByLabel('Period')).toHaveValue('12');
});

test('the platform admin sees every organization or one it chooses', async ({ page }) => {
  await signIn(page, DEMO_USERS.ADMIN);
  await page.goto('/analytics');
  await expect(page.getByLabel('Organization')).toHaveValue('');
  // The platform's view has earnings (its revenue) beside the organizations' spending.
  await expect(chart(page, 'Monthly Fuel Expenses').locator('[data-chart-mark="line"]')).toHaveCount(2);
  await expect(chart(page, 'Monthly Fuel Expenses').locator('[data-chart-legend]')).toContainText('Earnings');
  await expect(chart(page, 'Monthly Fuel Expenses').getByRole('columnheader', { name: 'Earnings' })).toHaveCount(1);

  const call = page.waitForResponse((res) => res.url().includes('/api/analytics/overview') && res.url().includes('organizationId='));
  await page.getByLabel('Organization').selectOption({ label: 'Acme Logistics' });
  const data = await (await call).json();
  expect(data.scope).toBe('ORGANIZATION');
  await expect(page).toHaveURL(/organizationId=[0-9a-f-]{36}/);
  await expect(chart(page, 'Monthly Fuel Expenses').locator('[data-chart-mark="line"]')).toHaveCount(1);
  await expect(chart(page, 'Fuel by Driver').locator('[data-chart-mark="bar"]')).toHaveCount(data.consumption.completedByDriver.length);
});
