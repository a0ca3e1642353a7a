import { expect, test } from '@playwright/test';
import { DEMO_USERS, recordWrites, signIn } from './support.js';

/** What a station bills per litre: its representative's price management in Settings. */
test('a station representative sets a new price and sees it in the price history', async ({ page }) => {
  // A price of its own per run, so the history row is this test's and no other's.
  const price = 900 + (Date.now() % 400) + 0.25;
  const shown = `₦${price.toLocaleString('en-NG', { minimumFractionDigits: 2 })}`;
  await signIn(page, DEMO_USERS.STATION_REP);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Settings' }).click();

  const form = page.getByRole('form', { name: 'Set PETROL price' });
  const input = form.getByRole('textbox', { name: 'New price (₦/L)' });
  await input.fill('0');
  await input.blur();
  await expect(form.getByText('Please enter valid amount')).toBeVisible();
  // Update pressed with a zero price: nothing is sent and the price takes the focus.
  const writes = recordWrites(page);
  await form.getByRole('button', { name: 'Update' }).click();
  await expect(input).toBeFocused();
  await expect(form.getByText('Please enter valid amount')).toBeVisible();
  expect(writes).toEqual([]);

  await input.fill(String(price));
  await form.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Price Updated!' })).toBeVisible();
  await expect(input).toHaveValue('');

  await page.getByRole('combobox', { name: 'Filter by fuel type' }).selectOption('PETROL');
  const newest = page.getByRole('table', { name: 'Price history' }).getByRole('row').nth(1);
  await expect(newest).toContainText(`${shown} / L`);
  await expect(newest).toContainText('Bola Adeyemi');
  await expect(page.getByRole('region', { name: 'PETROL price' })).toContainText(shown);
});

test('a refused price shows the server’s reason and no "Price Updated!"; fuels the station does not sell are not offered', async ({
  page,
}) => {
  await signIn(page, DEMO_USERS.STATION_REP);
  await page.goto('/settings');
  // Unity Fuels Ikeja sells no CNG: no form and no filter offers it.
  await expect(page.getByRole('form', { name: 'Set PETROL price' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Set CNG price' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Filter by fuel type' }).getByRole('option', { name: 'CNG' })).toHaveCount(0);

  // The form accepts any positive price; the server holds the configured ceiling (₦100,000 per unit).
  const form = page.getByRole('form', { name: 'Set PETROL price' });
  await form.getByRole('textbox', { name: 'New price (₦/L)' }).fill('150000');
  await form.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Must be at most ₦100,000').first()).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Price Updated!' })).toHaveCount(0);
});
