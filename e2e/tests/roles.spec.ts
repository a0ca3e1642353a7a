import { expect, test } from '@playwright/test';
import { ROLES, landingPath, menuFor } from '@fleetfuel/contract';
import { DEMO_USERS, menuLabels, signIn } from './support.js';

test.describe('each demo role', () => {
  for (const role of ROLES) {
    test(`${role} lands on its page and sees exactly its menu`, async ({ page }) => {
      await signIn(page, DEMO_USERS[role]);

      await expect(page).toHaveURL((url) => url.pathname === landingPath(role));
      expect(await menuLabels(page)).toEqual(menuFor(role).map((entry) => entry.label));
    });
  }
});

test('a page outside the role says so instead of showing it', async ({ page }) => {
  await signIn(page, DEMO_USERS.DRIVER);
  await page.goto('/clients');
  await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Clients' })).toHaveCount(0);
});
