/**
 * The header bell (issue 12): the organization admin sees how many alerts it has, opens the list,
 * and follows an alert to its record.
 */
import { expect, test } from '@playwright/test';
import { DEMO_USERS, signIn } from './support.js';

test('the bell counts the alerts and links the expired insurance of APP-220-XA to its asset', async ({ page }) => {
  await signIn(page, DEMO_USERS.ADMINISTRATOR);
  const bell = page.getByRole('button', { name: /^Alerts, [1-9]\d*$/ });
  await expect(bell).toBeVisible();

  await bell.click();
  const list = page.getByRole('dialog', { name: 'Alerts' });
  const insurance = list.getByRole('link', { name: /^APP-220-XA: Insurance expired on \d{1,2} [A-Z][a-z]{2} \d{4}$/ });
  await expect(insurance).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('alerts-bell-open.png') });

  await insurance.click();
  await expect(page).toHaveURL(/\/assets\/details\?id=[0-9a-f-]{36}$/);
  await expect(page.getByText('APP-220-XA').first()).toBeVisible();
  await expect(list).toBeHidden();
});
