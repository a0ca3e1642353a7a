import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_USERS, mainMenu, signIn, lagosToday, apiHeaders } from './support.js';

/** Set SHOTS_DIR to keep screenshots of the Audit Log and of a record's history, for a person to look at. */
const SHOTS_DIR = process.env.SHOTS_DIR;
const PLATE = 'LND-451-KJ';
// A volume no other journey asks for, so this request's row is the one found.
const VOLUME = '17.25';

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: true });
}

/** A pending fuel request for LND-451-KJ at Unity Fuels Ikeja, made through the API by the organization admin. */
async function pendingRequest(request: APIRequestContext): Promise<string> {
  const headers = await apiHeaders(request, DEMO_USERS.ADMINISTRATOR);
  const vehicles = await (await request.get(`/api/vehicles?search=${PLATE}`, { headers })).json();
  const vehicle = vehicles.data.find((v: { plateNumber: string }) => v.plateNumber === PLATE);
  const stations = await (await request.get('/api/fuel-requests/fuel-stations', { headers })).json();
  const station = stations.stations.find((s: { name: string }) => s.name === 'Unity Fuels Ikeja');
  const created = await request.post('/api/fuel-requests', {
    headers,
    data: { vehicleId: vehicle.id, stationId: station.id, supplyDate: lagosToday(), volume: Number(VOLUME) },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return (await created.json()).request.id as string;
}

test('the organization admin approves a fuel request and finds the approval in the Audit Log and in the request’s history', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const id = await pendingRequest(request);
  await signIn(page, DEMO_USERS.ADMINISTRATOR);

  await page.goto('/fuel');
  const row = page
    .getByRole('table', { name: 'Fuel requests' })
    .getByRole('row')
    .filter({ hasText: `${VOLUME} L` });
  await expect(row).toContainText('Pending');
  await row.getByRole('button', { name: /^Approve / }).click();
  await page.getByRole('dialog', { name: 'Approve fuel request' }).getByRole('button', { name: 'Approve' }).click();
  await expect(row).toContainText('Approved');

  await mainMenu(page).getByRole('link', { name: 'Audit Log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit Log', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Filter by action' }).selectOption({ label: 'Fuel request approved' });
  const log = page.getByRole('table', { name: 'Audit log' });
  const entry = log.getByRole('row').filter({ has: page.getByRole('link', { name: id.slice(0, 8) }) });
  await expect(entry).toContainText('Tunde Bakare');
  await expect(entry).toContainText('Status: Pending → Approved');
  await expect(entry).toContainText('Held amount: — → ₦');
  // The filter keeps only approvals.
  await expect(log.getByRole('row').filter({ hasText: 'rejected' })).toHaveCount(0);
  await shot(page, 'audit-log');

  await entry.getByRole('link', { name: id.slice(0, 8) }).click();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByRole('row').filter({ hasText: 'Fuel request approved' })).toContainText('Tunde Bakare');
  await shot(page, 'request-history');
});
