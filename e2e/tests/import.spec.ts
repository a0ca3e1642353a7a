import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS, signIn } from './support.js';

const HEADER = 'Asset Type,Make,Model,Plate Number,Fuel Type,Color';

/** Acme's Business plan holds 50 assets and the demo has some: the platform admin moves it to the unlimited Enterprise plan. */
async function giveAcmeRoom(request: APIRequestContext): Promise<void> {
  const login = await request.post('/api/auth/login', { data: { username: DEMO_USERS.ADMIN, password: DEMO_PASSWORD } });
  expect(login.ok(), await login.text()).toBe(true);
  const headers = { Authorization: `Bearer ${(await login.json()).token as string}` };
  const plans = await (await request.get('/api/subscriptions?search=Enterprise', { headers })).json();
  const enterprise = plans.subscriptions.find((p: { name: string }) => p.name === 'Enterprise');
  const clients = await (await request.get('/api/admin/organizations?search=Acme', { headers })).json();
  const acme = clients.data.find((o: { name: string }) => o.name === 'Acme Logistics');
  const moved = await request.put(`/api/admin/organizations/${acme.id}`, { headers, data: { subscriptionId: enterprise.id } });
  expect(moved.ok(), await moved.text()).toBe(true);
}

test('an organization admin imports 50 vehicles from a CSV, fixes its two bad rows, imports and exports the list', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await giveAcmeRoom(request);
  // Plates of this run only (the journeys share one database): IMP-<run>-<n>.
  const run = (Date.now() % 100_000).toString(36).toUpperCase();
  const plate = (n: number) => `IMP-${run}-${n}`;
  const rows = Array.from({ length: 50 }, (_, i) => `VEHICLE,Toyota,Hiace,${plate(i + 1)},DIESEL,White`);
  // Line 12 (the 11th vehicle) has no make; line 31 repeats line 2's plate.
  const broken = rows.map((row, i) => (i === 10 ? `VEHICLE,,Hiace,${plate(11)},DIESEL,White` : i === 29 ? (rows[0] as string) : row));
  const csv = (lines: string[]) => ({ name: 'fleet.csv', mimeType: 'text/csv', buffer: Buffer.from([HEADER, ...lines].join('\r\n')) });

  await signIn(page, DEMO_USERS.ADMINISTRATOR);
  await page.goto('/assets');
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import assets from CSV' });
  await dialog.locator('input[type="file"]').setInputFiles(csv(broken));

  const preview = dialog.getByRole('table', { name: 'Import preview' });
  await expect(dialog.getByText('50 rows: 48 ready, 1 with errors, 1 duplicates')).toBeVisible();
  await expect(preview.locator('tr[data-status="error"]')).toHaveCount(1);
  await expect(preview.locator('tr[data-status="error"]')).toContainText('12');
  await expect(preview.locator('tr[data-status="error"]')).toContainText('make:');
  await expect(preview.locator('tr[data-status="duplicate"]')).toHaveCount(1);
  await expect(preview.locator('tr[data-status="duplicate"]')).toContainText(plate(1));
  await expect(dialog.getByRole('button', { name: /^Import \d+ assets$/ })).toBeDisabled();

  // The fixed file: every row ready, then imported in one go.
  await dialog.locator('input[type="file"]').setInputFiles(csv(rows));
  await expect(dialog.getByText('50 rows: 50 ready, 0 with errors, 0 duplicates')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import 50 assets' }).click();
  await expect(page.getByText('50 assets imported')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The search reaches the list after its debounce: wait for the searched page before exporting it.
  const searched = page.waitForResponse((response) => response.url().includes('/api/vehicles?') && response.url().includes(`IMP-${run}-`));
  await page.getByRole('textbox', { name: 'Search plate, make or model' }).fill(`IMP-${run}-`);
  await searched;
  const assets = page.getByRole('table', { name: 'Assets' });
  await expect(assets).toContainText(`IMP-${run}-`);
  await expect(assets).not.toContainText('Mercedes-Benz');

  // The list's export carries the search: this run's 50 plates and nothing else.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const download = await downloading;
  const text = await readFile(await download.path(), 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  for (let n = 1; n <= 50; n += 1) expect(text).toContain(plate(n));
  expect(
    text
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .filter((line) => !line.startsWith(`IMP-${run}-`)),
  ).toEqual([]);
});
