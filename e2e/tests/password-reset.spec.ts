import { expect, test } from '@playwright/test';
import { fillSignIn, newestMailTo } from './support.js';

// An account no other journey signs in with, so changing its password disturbs nothing.
const ACCOUNT = 'orgadmin@beta.test';

test('forgot password, follow the e-mailed link, then sign in with the new password', async ({ page }) => {
  const since = Date.now();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByRole('link', { name: 'Back to Login' })).toBeVisible();
  await expect(page.getByText(/© \d{4} FleetFuel/)).toBeVisible();

  await page.getByRole('textbox', { name: 'Email' }).fill(ACCOUNT);
  const requested = page.waitForResponse((response) => response.url().endsWith('/api/auth/request-password-reset'));
  await page.getByRole('button', { name: 'Continue' }).click();
  const { message: requestMessage } = (await (await requested).json()) as { message: string };
  await expect(page.getByRole('alert').filter({ hasText: requestMessage })).toBeVisible();

  const mail = await newestMailTo(ACCOUNT, since);
  const link = /https?:\/\/\S+\/reset-password\?token=[^\s"'<>]+/.exec(mail.text)?.[0];
  expect(link, 'the reset e-mail carries a link').toBeTruthy();
  const target = new URL(link ?? '');

  const newPassword = `Fresh-Pass-${since}`;
  await page.goto(`${target.pathname}${target.search}`);
  await page.getByRole('textbox', { name: 'New Password', exact: true }).fill(newPassword);
  await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill(newPassword);
  const reset = page.waitForResponse((response) => response.url().endsWith('/api/auth/reset-password'));
  await page.getByRole('button', { name: 'Continue' }).click();
  const { message: resetMessage } = (await (await reset).json()) as { message: string };
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert').filter({ hasText: resetMessage })).toBeVisible();

  await fillSignIn(page, ACCOUNT, newPassword);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});
