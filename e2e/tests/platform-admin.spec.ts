import { expect, test, type Page } from '@playwright/test';
import { DEMO_USERS, searchAndManage, signIn } from './support.js';

/** A 1×1 PNG: a real image by content, as the API checks. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

function toast(page: Page, text: string | RegExp) {
  return page.getByRole('alert').filter({ hasText: text });
}

test('the platform admin adds a subscription plan, finds it by search and edits it', async ({ page }) => {
  const name = `Fleet Plus ${Date.now()}`;
  await signIn(page, DEMO_USERS.ADMIN);
  await page.goto('/settings');

  await page.getByRole('button', { name: 'Add Plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Plan' });
  await expect(dialog.getByRole('textbox', { name: 'Billing Cycle (days)' })).toHaveValue('30');
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Amount (₦)' }).fill('45000');
  await dialog.getByRole('textbox', { name: 'Drivers' }).fill('12');
  await dialog.getByRole('button', { name: 'Add Plan' }).click();
  await expect(toast(page, `${name} plan created`)).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('textbox', { name: 'Search plans' }).fill(name);
  const table = page.getByRole('table', { name: 'Subscription plans' });
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('₦45,000.00');
  await expect(row).toContainText('12');
  await expect(row.getByText('Unlimited')).toHaveCount(3);

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Plan' });
  await edit.getByRole('textbox', { name: 'Amount (₦)' }).fill('47500.50');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, `${name} plan updated`)).toBeVisible();
  await expect(row).toContainText('₦47,500.50');
});

test('the platform admin registers a client with a logo, finds it by search and updates it', async ({ page }) => {
  const name = `Delta Couriers ${Date.now()}`;
  await signIn(page, DEMO_USERS.ADMIN);
  await page.goto('/clients');
  await expect(page.getByText('Total Clients')).toBeVisible();

  await page.getByRole('button', { name: 'Add Client' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Client' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Transport & Logistics Company' });
  await dialog.getByRole('textbox', { name: 'Address' }).fill('7 Marina Road, Lagos Island');
  const plan = dialog.getByRole('combobox', { name: 'Subscription Plan' });
  await expect(plan.locator('option', { hasText: 'Starter' })).toBeAttached();
  await plan.selectOption({ label: 'Starter' });
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await dialog.getByRole('button', { name: 'Add Client' }).click();
  await expect(toast(page, `${name} Registered!`)).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('textbox', { name: 'Search clients' }).fill(name);
  const table = page.getByRole('table', { name: 'Clients' });
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Transport & Logistics Company');
  await expect(row).toContainText('Starter');
  await expect(row.locator('img')).toHaveAttribute('src', /\/api\/files\//);

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Update Client' });
  await edit.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Suspended' });
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, `${name} Updated!`)).toBeVisible();
  await expect(row).toContainText('Suspended');

  await row.getByRole('link', { name: `Manage ${name}` }).click();
  await expect(page).toHaveURL(/\/clients\/details\?id=/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByRole('img', { name: `${name} logo` })).toHaveAttribute('src', /\/api\/files\//);
});

test('deleting a client with history shows the server telling to suspend it instead', async ({ page }) => {
  await signIn(page, DEMO_USERS.ADMIN);
  await page.goto('/clients');
  await searchAndManage(page, 'Search clients', 'Acme Logistics');
  await expect(page.getByRole('table', { name: 'Users of Acme Logistics' }).getByText('orgadmin@acme.test')).toBeVisible();

  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete client' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, /cannot be deleted\. Suspend it instead/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Acme Logistics' })).toBeVisible();
});

test('the platform admin adds a fuel station with an image, finds it by search and updates it', async ({ page }) => {
  const name = `Marina Energy ${Date.now()}`;
  await signIn(page, DEMO_USERS.ADMIN);
  await page.goto('/fuel-stations');
  await expect(page.getByText('Total Stations')).toBeVisible();

  await page.getByRole('button', { name: 'Add Fuel Station' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Fuel Station' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Address' }).fill('1 Marina, Lagos Island');
  await dialog.getByRole('textbox', { name: 'Latitude' }).fill('6.4531');
  await dialog.getByRole('textbox', { name: 'Latitude' }).blur();
  await expect(dialog.getByText('Give both latitude and longitude, or neither')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Longitude' }).fill('3.3958');
  await expect(dialog.getByText('Give both latitude and longitude, or neither')).toBeHidden();
  await dialog.getByRole('checkbox', { name: 'PETROL (L)' }).check();
  await dialog.getByRole('checkbox', { name: 'ELECTRIC (kWh)' }).check();
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'station.png', mimeType: 'image/png', buffer: PNG });
  await dialog.getByRole('button', { name: 'Add Fuel Station' }).click();
  await expect(toast(page, `${name} Fuel Station Created!`)).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('textbox', { name: 'Search name or address' }).fill(name);
  const table = page.getByRole('table', { name: 'Fuel stations' });
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('6.4531, 3.3958');
  await expect(row).toContainText('ELECTRIC · kWh');
  await expect(row.locator('img')).toHaveAttribute('src', /\/api\/files\//);

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Update Fuel Station' });
  await edit.getByRole('checkbox', { name: 'CNG (kg)' }).check();
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, `${name} Fuel Station Updated!`)).toBeVisible();
  await expect(row).toContainText('CNG · kg');
});
