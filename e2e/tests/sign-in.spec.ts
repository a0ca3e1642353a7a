import { expect, test } from '@playwright/test';
import { DEMO_USERS, SESSION_KEY, fillSignIn } from './support.js';

test('a wrong password keeps the person on the sign-in screen', async ({ page }) => {
  await page.goto('/login');
  await fillSignIn(page, DEMO_USERS.ADMINISTRATOR, 'Not-The-Password-1');

  const reply = page.waitForResponse((response) => response.url().endsWith('/api/auth/login'));
  await page.getByRole('button', { name: 'Continue' }).click();
  expect((await reply).status()).toBe(401);

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
  expect(await page.evaluate((key) => window.localStorage.getItem(key), SESSION_KEY)).toBeNull();

  // No toast (spec section 4), but the form says why, under the fields, and marks them invalid.
  const form = page.getByRole('form', { name: 'Sign in' });
  await expect(form.getByRole('alert')).toHaveText('Incorrect e-mail/phone or password');
  await expect(page.locator('.Toastify__toast')).toHaveCount(0);
  const username = page.getByRole('textbox', { name: 'Email or Phone Number' });
  const password = page.getByRole('textbox', { name: 'Password', exact: true });
  await expect(username).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription('Incorrect e-mail/phone or password');
  await page.screenshot({ path: '/tmp/sign-in-refused.png' });

  // Changing what was refused clears the message.
  await password.fill('Another-Try-2');
  await expect(form.getByRole('alert')).toHaveCount(0);
  await expect(password).not.toHaveAttribute('aria-invalid', 'true');
});

test('the sign-in screen has a main landmark', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('main')).toContainText('Sign in');
});

test('the Continue button waits for both fields', async ({ page }) => {
  await page.goto('/');
  const button = page.getByRole('button', { name: 'Continue' });
  await expect(button).toBeDisabled();
  await page.getByRole('textbox', { name: 'Email or Phone Number' }).fill(DEMO_USERS.ADMIN);
  await expect(button).toBeDisabled();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('x');
  await expect(button).toBeEnabled();
});
