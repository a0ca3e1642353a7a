import { expect, test } from '@playwright/test';
import { DEMO_USERS, signIn } from './support.js';

test('the platform admin creates an account and finds it by search', async ({ page }) => {
  const stamp = Date.now();
  const name = `Tobi Adeyemi ${stamp}`;
  await signIn(page, DEMO_USERS.ADMIN);
  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('table', { name: 'User accounts' })).toBeVisible();

  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(`tobi.${stamp}@acme.test`);
  await dialog.getByRole('combobox', { name: 'Role', exact: true }).selectOption({ label: 'Driver' });
  const organization = dialog.getByRole('combobox', { name: 'Organization', exact: true });
  await expect(organization.locator('option:not([disabled]):not([value=""])').first()).toBeAttached();
  const firstOrganization = await organization.locator('option:not([disabled]):not([value=""])').first().getAttribute('value');
  await organization.selectOption(firstOrganization ?? '');
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('Tobi-Pass-2026');

  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `${name} Registered!` })).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('textbox', { name: 'Search name, email or phone' }).fill(String(stamp));
  const table = page.getByRole('table', { name: 'User accounts' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('cell', { name, exact: true })).toBeVisible();
});
