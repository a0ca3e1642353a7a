/**
 * Fleet registry journeys: groups, assets (vehicles and generators), drivers, assignment and
 * insurance, as an organization admin; a driver reading its own vehicle. The tests share one
 * server, so each one makes its own records under names no other test uses.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS, overlaps, signIn } from './support.js';

const ORG_ADMIN = DEMO_USERS.ADMINISTRATOR;

/** A short tag that keeps this run's names and plates apart from every other test's. */
function uniqueTag(): string {
  return `${Date.now().toString(36).slice(-4)}${Math.floor(Math.random() * 1296).toString(36)}`.toUpperCase();
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function daysFromNow(days: number): string {
  return isoDate(new Date(Date.now() + days * 86_400_000));
}

async function apiToken(request: APIRequestContext, username: string): Promise<string> {
  const reply = await request.post('/api/auth/login', { data: { username, password: DEMO_PASSWORD } });
  expect(reply.ok()).toBe(true);
  return (await reply.json()).token as string;
}

async function apiCreateDriver(request: APIRequestContext, token: string, name: string, departmentId?: string) {
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@acme.test`;
  const reply = await request.post('/api/drivers', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { name, email, password: 'Driver-Pass-2026', ...(departmentId ? { departmentId } : {}) },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
  return (await reply.json()) as { id: string; name: string };
}

async function apiCreateVehicle(request: APIRequestContext, token: string, plateNumber: string) {
  const reply = await request.post('/api/vehicles', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { type: 'VEHICLE', make: 'Toyota', model: 'Corolla', plateNumber, fuelType: 'PETROL' },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
  return (await reply.json()) as { id: string };
}

async function apiFindGroup(request: APIRequestContext, token: string, name: string) {
  const reply = await request.get('/api/departments', { headers: { Authorization: `Bearer ${token}` }, params: { search: name } });
  const groups = (await reply.json()).data as { id: string; name: string }[];
  const group = groups.find((g) => g.name === name);
  if (!group) throw new Error(`No group named ${name}`);
  return group;
}

function row(page: Page, text: string): Locator {
  return page.getByRole('row').filter({ hasText: text });
}

async function rowAction(page: Page, name: string, action: string): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

test('an organization admin adds a group, sees its drivers and removes one', async ({ page, request }) => {
  const name = `Depot ${uniqueTag()}`;
  await signIn(page, ORG_ADMIN);
  await page.goto('/departments');
  await expect(page.getByRole('heading', { name: 'Groups' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Group' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Group' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Max Daily Consumption (L)').fill('150');
  await dialog.getByRole('button', { name: 'Add Group' }).click();
  const created = page.getByRole('alert').filter({ hasText: `${name} Created!` });
  await expect(created).toBeVisible();
  await expect(dialog).toBeHidden();
  // The toast opens below the header: the user's name, the avatar and the page's own button stay visible.
  await expect(created).toBeInViewport();
  const header = page.getByRole('banner');
  expect(await overlaps(created, header)).toBe(false);
  expect(await overlaps(created, page.getByRole('button', { name: 'Account menu' }))).toBe(false);
  expect(await overlaps(created, page.getByRole('button', { name: 'Add Group' }))).toBe(false);
  // The breadcrumb names the page as the menu does.
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).first()).toHaveText('Groups');
  await expect(row(page, name)).toContainText('150 L');

  // A driver joins the group; the group's driver list shows it and can take it out again.
  const token = await apiToken(request, ORG_ADMIN);
  const group = await apiFindGroup(request, token, name);
  const driver = await apiCreateDriver(request, token, `Member ${uniqueTag()}`, group.id);
  await page.reload();
  await page.getByRole('button', { name: `Show the drivers of ${name}` }).click();
  const members = page.getByRole('dialog', { name: `Drivers of ${name}` });
  await expect(members.getByText(driver.name)).toBeVisible();
  await members.getByRole('button', { name: `Remove ${driver.name} from ${name}` }).click();
  await expect(page.getByText(`${driver.name} removed from ${name}`)).toBeVisible();
  await expect(members.getByText('No Record')).toBeVisible();
});

test('an organization admin adds a driver', async ({ page }) => {
  const name = `Bayo Driver ${uniqueTag()}`;
  await signIn(page, ORG_ADMIN);
  await page.goto('/drivers');
  await page.getByRole('button', { name: 'Add Driver' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Driver' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Email').fill(`${name.toLowerCase().replaceAll(' ', '.')}@acme.test`);
  const password = dialog.getByLabel(/^Password/);
  await password.fill('Driver-Pass-2026');
  await dialog.getByRole('button', { name: 'Show or hide password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await dialog.getByLabel('Group').selectOption({ label: 'Operations' });
  await dialog.getByRole('button', { name: 'Add Driver' }).click();

  await expect(page.getByText(`${name} Registered!`)).toBeVisible();
  await page.getByRole('textbox', { name: 'Search name, email or phone' }).fill(name);
  await expect(row(page, name)).toContainText('Operations');
  await expect(row(page, name)).toContainText(/active/i);
});

test('an organization admin adds a vehicle, assigns a new driver and unassigns', async ({ page, request }) => {
  const plate = `LAG-${uniqueTag()}`;
  const token = await apiToken(request, ORG_ADMIN);
  const driver = await apiCreateDriver(request, token, `Assignee ${uniqueTag()}`);

  await signIn(page, ORG_ADMIN);
  await page.goto('/assets');
  await page.getByRole('button', { name: 'Add Asset' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Asset' });
  await dialog.getByLabel('Asset Type').selectOption('VEHICLE');
  await dialog.getByLabel('Make').fill('Toyota');
  await dialog.getByLabel('Model').fill('Hiace');
  await dialog.getByLabel('Plate Number').fill(plate);
  await dialog.getByLabel('Fuel Type').selectOption('DIESEL');
  await dialog.getByLabel('Group').selectOption({ label: 'Logistics' });
  // Musa Ibrahim drives LND-451-KJ already: he cannot be chosen.
  await expect(dialog.getByLabel('Driver').locator('option', { hasText: 'Musa Ibrahim' })).toBeDisabled();
  await dialog.getByLabel('State', { exact: true }).selectOption('Lagos');
  await dialog.getByLabel('Year').fill('2022');
  await dialog.getByLabel('Purchase Price (₦)').fill('42000000');
  await dialog.getByLabel('Tank Size (L)').fill('70');
  await dialog.getByLabel('Registration State').selectOption('Ogun');
  await dialog.getByLabel('Registration Expiry').fill(daysFromNow(300));
  await dialog.getByLabel('Chassis Number').fill(`JTF${uniqueTag()}`);
  await dialog.getByLabel('Transmission').selectOption('continuously-variable');
  await dialog.getByRole('button', { name: 'Add Asset' }).click();
  await expect(page.getByText(`${plate} Registered!`)).toBeVisible();

  await page.getByRole('textbox', { name: 'Search plate, make or model' }).fill(plate);
  await expect(row(page, plate)).toContainText('Logistics');
  await expect(row(page, plate)).toContainText('Not Insured', { ignoreCase: true });

  await rowAction(page, plate, 'Assign Driver');
  const assign = page.getByRole('dialog', { name: 'Assign Driver' });
  await assign.getByRole('combobox', { name: /^Driver/ }).selectOption({ label: driver.name });
  await assign.getByRole('button', { name: 'Assign Driver' }).click();
  await expect(page.getByText(`${driver.name} assigned to ${plate}`)).toBeVisible();
  await expect(row(page, plate)).toContainText(driver.name);

  await rowAction(page, plate, 'Unassign Driver');
  await page.getByRole('dialog', { name: 'Unassign Driver' }).getByRole('button', { name: 'Unassign Driver' }).click();
  await expect(page.getByText(`${driver.name} unassigned from ${plate}`)).toBeVisible();
  await expect(row(page, plate)).not.toContainText(driver.name);

  // The assignment is history: the asset can no longer be deleted, and the server says what to do.
  await rowAction(page, plate, 'Delete');
  await page.getByRole('dialog', { name: 'Delete asset' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(/cannot be deleted\. Set it INACTIVE instead/)).toBeVisible();
  await expect(row(page, plate)).toBeVisible();
});

test('a generator has a Care Taker and no registration fields', async ({ page }) => {
  const model = `MP ${uniqueTag()}kVA`;
  await signIn(page, ORG_ADMIN);
  await page.goto('/assets');
  await page.getByRole('button', { name: 'Add Asset' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Asset' });

  await dialog.getByLabel('Asset Type').selectOption('VEHICLE');
  await expect(dialog.getByLabel('Registration State')).toBeVisible();
  await expect(dialog.getByLabel('Transmission')).toBeVisible();
  await expect(dialog.getByLabel('Driver', { exact: true })).toBeVisible();

  await dialog.getByLabel('Asset Type').selectOption('GENERATOR');
  for (const label of ['Registration State', 'Registration Expiry', 'Chassis Number', 'Transmission']) {
    await expect(dialog.getByLabel(label)).toHaveCount(0);
  }
  await expect(dialog.getByLabel('Care Taker')).toBeVisible();
  await expect(dialog.getByLabel('Driver', { exact: true })).toHaveCount(0);

  await dialog.getByLabel('Make').fill('Mikano');
  await dialog.getByLabel('Model').fill(model);
  await dialog.getByLabel('Fuel Type').selectOption('DIESEL');
  // No plate: a generator goes without one.
  await dialog.getByRole('button', { name: 'Add Asset' }).click();
  await expect(page.getByText(`Mikano ${model} Registered!`)).toBeVisible();

  await page.getByLabel('Filter by asset type').selectOption('GENERATOR');
  await expect(page.getByRole('columnheader', { name: 'Care Taker' })).toBeVisible();
  await rowAction(page, `Mikano ${model}`, 'Assign Care Taker');
  const assign = page.getByRole('dialog', { name: 'Assign Care Taker' });
  await expect(assign.getByRole('combobox', { name: /^Care Taker/ })).toBeVisible();
  await assign.getByRole('button', { name: 'Cancel' }).click();

  // Its details name it once and list only what a generator has.
  await page
    .getByRole('link', { name: `Mikano ${model}` })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: `Mikano ${model}` })).toBeVisible();
  await expect(page.getByRole('main').getByText(`Mikano ${model}`)).toHaveCount(1);
  const details = page.getByRole('tabpanel', { name: 'Details' });
  await expect(details).toContainText('Care Taker');
  for (const label of ['Plate Number', 'Registration State', 'Registration Expiry', 'Chassis Number', 'Transmission', 'Last Odometer']) {
    await expect(details.getByText(label, { exact: true })).toHaveCount(0);
  }
  await page.screenshot({ path: '/tmp/generator-details.png', fullPage: true });
});

test('an organization admin records insurance with a PDF and sees it active', async ({ page, request }) => {
  const plate = `INS-${uniqueTag()}`;
  const token = await apiToken(request, ORG_ADMIN);
  const vehicle = await apiCreateVehicle(request, token, plate);

  await signIn(page, ORG_ADMIN);
  await page.goto(`/assets/details?id=${vehicle.id}`);
  await expect(page.getByRole('heading', { name: plate })).toBeVisible();
  await expect(page.getByText('Insurance: Not Insured')).toBeVisible();
  await page.getByRole('tab', { name: 'Insurance' }).click();

  const current = page.getByRole('region', { name: 'Current policy' });
  await expect(current).toContainText('No insurance has been recorded');
  const form = page.getByRole('form', { name: 'Insurance policy' });
  await form.getByLabel('Insurer Name').fill('Leadway Assurance');
  await form.getByLabel('Insurance Type').selectOption('Comprehensive');
  await form.getByLabel('Insurance Number').fill(`POL-${plate}`);
  await form.getByLabel('Amount (₦)').fill('250000');
  await form.getByLabel('Coverage Start Date').fill(daysFromNow(-30));
  await form.getByLabel('Coverage Expiry Date').fill(daysFromNow(335));
  await form.locator('input[type="file"]').setInputFiles({
    name: 'policy.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
  });
  await form.getByRole('button', { name: 'Save Insurance' }).click();

  await expect(page.getByText('Insurance details saved')).toBeVisible();
  await expect(current).toContainText('Leadway Assurance');
  await expect(current.getByText('Active', { exact: true })).toBeVisible();
  await expect(current.getByRole('link', { name: 'Open document' })).toHaveAttribute('href', /\/api\/files\//);
  await expect(page.getByText('Insurance: Active')).toBeVisible();
});

test('a driver opens its own vehicle read-only, and no other', async ({ page, request }) => {
  const login = await request.post('/api/auth/login', { data: { username: DEMO_USERS.DRIVER, password: DEMO_PASSWORD } });
  const own = (await login.json()).user.vehicle as { id: string; plateNumber: string };
  const adminToken = await apiToken(request, ORG_ADMIN);
  const fleet = await request.get('/api/vehicles', { headers: { Authorization: `Bearer ${adminToken}` }, params: { pageSize: 100 } });
  const other = ((await fleet.json()).data as { id: string }[]).find((v) => v.id !== own.id);
  if (!other) throw new Error('The demo organization has a second asset');

  await signIn(page, DEMO_USERS.DRIVER);
  await page.goto(`/assets/details?id=${own.id}`);
  await expect(page.getByRole('heading', { name: own.plateNumber })).toBeVisible();
  await expect(page.getByRole('tabpanel', { name: 'Details' })).toContainText('Musa Ibrahim');
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Insurance' }).click();
  await expect(page.getByRole('region', { name: 'Current policy' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Insurance' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Fuel Logs' }).click();
  await expect(page.getByRole('table', { name: `Fuel logs of ${own.plateNumber}` })).toContainText(/completed/i);

  await page.goto(`/assets/details?id=${other.id}`);
  await expect(page.getByRole('heading', { name: 'Asset not found' })).toBeVisible();
});

test('at 375 px the assets page shows each asset as a card with its actions in view, and its form fits the screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, ORG_ADMIN);
  await page.goto('/assets');
  const cards = page.getByRole('list', { name: 'Assets' });
  const card = cards.getByRole('listitem').filter({ hasText: 'LND-451-KJ' });
  await expect(card).toBeVisible();
  await expect(page.getByRole('table', { name: 'Assets' })).toHaveCount(0);

  // Nothing scrolls sideways: not the page, and no row's actions sit past its edge.
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(375);
  const actions = card.getByRole('button', { name: /^Actions for LND-451-KJ/ });
  // Scrolled to vertically (other journeys add assets above it), it is whole in view: nothing sideways.
  await actions.scrollIntoViewIfNeeded();
  await expect(actions).toBeInViewport({ ratio: 1 });
  await expect(card).toContainText('Status');
  await actions.click();
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Add Asset' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Asset' });
  await dialog.getByLabel('Asset Type').selectOption('VEHICLE');
  const box = await dialog.boundingBox();
  expect(box).not.toBeNull();
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 375).toBe(true);
  const submit = dialog.getByRole('button', { name: 'Add Asset' });
  await submit.scrollIntoViewIfNeeded();
  await expect(submit).toBeInViewport();
});
