/** The asset details page's Fuel Logs and Maintenance tabs list that asset's own requests. */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS, signIn } from './support.js';

const PLATE = 'LND-451-KJ';
const number = (value: number) => new Intl.NumberFormat('en-NG').format(value);

interface FuelRow {
  status: string;
  dispensedVolume: number | null;
  unit: string;
  amount: number | null;
  currentOdometerReading: number | null;
  station: { name: string };
}

async function apiGet(request: APIRequestContext, token: string, url: string, params: Record<string, string | number>) {
  const reply = await request.get(url, { headers: { Authorization: `Bearer ${token}` }, params });
  expect(reply.ok(), await reply.text()).toBe(true);
  return reply.json();
}

test('the Fuel Logs tab lists the demo redemptions of LND-451-KJ, and Maintenance its jobs', async ({ page, request }) => {
  const login = await request.post('/api/auth/login', { data: { username: DEMO_USERS.ADMINISTRATOR, password: DEMO_PASSWORD } });
  const token = (await login.json()).token as string;
  const vehicles = await apiGet(request, token, '/api/vehicles', { search: PLATE });
  const vehicle = (vehicles.data as { id: string; plateNumber: string }[]).find((v) => v.plateNumber === PLATE);
  if (!vehicle) throw new Error(`No ${PLATE} in the demo data`);
  const fuel = await apiGet(request, token, '/api/fuel-requests/all-requests', { vehicleId: vehicle.id, page: 1, pageSize: 10 });
  const redemptions = (fuel.requests as FuelRow[]).filter((r) => r.status === 'COMPLETED');
  expect(redemptions.length).toBeGreaterThan(0);

  await signIn(page, DEMO_USERS.ADMINISTRATOR);
  await page.goto(`/assets/details?id=${vehicle.id}`);
  await page.getByRole('tab', { name: 'Fuel Logs' }).click();
  await expect(page).toHaveURL(/tab=fuel-logs/);
  const table = page.getByRole('table', { name: `Fuel logs of ${PLATE}` });
  await expect(table.getByRole('row')).toHaveCount(1 + (fuel.requests as FuelRow[]).length);
  for (const redemption of redemptions) {
    // The odometer reading tells the rows apart; the row also shows what was dispensed and paid.
    const row = table.getByRole('row').filter({ hasText: `${number(redemption.currentOdometerReading ?? 0)} km` });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`${number(redemption.dispensedVolume ?? 0)} ${redemption.unit}`);
    await expect(row).toContainText(number(redemption.amount ?? 0));
    await expect(row).toContainText(redemption.station.name);
    await expect(row).toContainText(/completed/i);
  }
  await expect(page.getByText(`of ${number(fuel.meta.total as number)}`)).toBeVisible();

  const maintenance = await apiGet(request, token, '/api/maintenance/all-requests', { vehicleId: vehicle.id, page: 1, pageSize: 10 });
  await page.getByRole('tab', { name: 'Maintenance' }).click();
  const jobs = page.getByRole('table', { name: `Maintenance of ${PLATE}` });
  for (const job of maintenance.logs as { description: string }[]) {
    await expect(jobs.getByRole('row').filter({ hasText: job.description })).toHaveCount(1);
  }
});

test('an asset without requests says No Record on both tabs', async ({ page, request }) => {
  const login = await request.post('/api/auth/login', { data: { username: DEMO_USERS.ADMINISTRATOR, password: DEMO_PASSWORD } });
  const token = (await login.json()).token as string;
  const plate = `NEW-${Date.now().toString(36).slice(-5).toUpperCase()}`;
  const created = await request.post('/api/vehicles', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { type: 'VEHICLE', make: 'Kia', model: 'Rio', plateNumber: plate, fuelType: 'PETROL' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const id = (await created.json()).id as string;

  await signIn(page, DEMO_USERS.ADMINISTRATOR);
  await page.goto(`/assets/details?id=${id}&tab=fuel-logs`);
  await expect(page.getByRole('table', { name: `Fuel logs of ${plate}` }).getByText('No Record')).toBeVisible();
  await page.getByRole('tab', { name: 'Maintenance' }).click();
  await expect(page.getByRole('table', { name: `Maintenance of ${plate}` }).getByText('No Record')).toBeVisible();
});
