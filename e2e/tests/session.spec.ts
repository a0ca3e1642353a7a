import { expect, test } from '@playwright/test';
import { DEMO_USERS, SESSION_KEY, signIn } from './support.js';

test('sign out returns to the sign-in screen and forgets the session', async ({ page }) => {
  await signIn(page, DEMO_USERS.DRIVER);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();

  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email or Phone Number' })).toBeVisible();
  expect(await page.evaluate((key) => window.localStorage.getItem(key), SESSION_KEY)).toBeNull();
});

test('a stored session with a bad token is cleared on load', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate((key) => {
    const user = {
      id: '00000000-0000-4000-8000-000000000000',
      name: 'Stale Session',
      firstName: 'Stale',
      title: null,
      email: 'stale@example.test',
      phone: null,
      role: 'ADMINISTRATOR',
      organizationId: null,
      fuelStationId: null,
      imageUrl: null,
      status: 'ACTIVE',
      language: 'en',
      organization: null,
      fuelStation: null,
      createdAt: new Date().toISOString(),
    };
    window.localStorage.setItem(key, JSON.stringify({ token: 'bad', user }));
  }, SESSION_KEY);

  const me = page.waitForResponse((response) => response.url().endsWith('/api/auth/me'));
  await page.goto('/settings');
  expect((await me).status()).toBe(401);

  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
  await expect.poll(() => page.evaluate((key) => window.localStorage.getItem(key), SESSION_KEY)).toBeNull();
});
