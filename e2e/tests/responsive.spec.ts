import { expect, test } from '@playwright/test';
import { DEMO_USERS, mainMenu, signIn } from './support.js';

test('at 375 px the side menu starts collapsed and opens on demand', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, DEMO_USERS.ADMINISTRATOR);

  await expect(mainMenu(page)).toHaveAttribute('data-collapsed', 'true');
  await expect(mainMenu(page).getByText('Dashboard', { exact: true })).toHaveCount(0);
  const toggle = page.getByRole('button', { name: 'Expand menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  await toggle.click();
  await expect(mainMenu(page)).toHaveAttribute('data-collapsed', 'false');
  await expect(mainMenu(page).getByText('Dashboard', { exact: true })).toBeVisible();
});

test('at 1280 px the side menu starts expanded', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, DEMO_USERS.ADMINISTRATOR);

  await expect(mainMenu(page)).toHaveAttribute('data-collapsed', 'false');
  await expect(mainMenu(page).getByText('Dashboard', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Collapse menu' })).toHaveAttribute('aria-expanded', 'true');
});
