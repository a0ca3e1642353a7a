import { expect, test } from '@playwright/test';
import { DEMO_USERS, signIn } from './support.js';

test('a driver opens a ticket, the platform admin answers it, and the driver reads the answer', async ({ page }) => {
  const subject = `Coupon not accepted ${Date.now()}`;

  await signIn(page, DEMO_USERS.DRIVER);
  await page.goto('/support');
  await expect(page.getByRole('button', { name: 'How do I request fuel?' })).toBeVisible();
  await page.getByRole('button', { name: 'New ticket' }).click();
  const dialog = page.getByRole('dialog', { name: 'New ticket' });
  await dialog.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await dialog.getByRole('textbox', { name: 'Message' }).fill('The attendant says the code is unknown.');
  await dialog.getByRole('button', { name: 'Send Ticket' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/support\/tickets\/[^/]+$/);
  await expect(page.getByRole('heading', { name: subject })).toBeVisible();
  await expect(page.getByText('Open', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/(login)?$/);
  await signIn(page, DEMO_USERS.ADMIN);
  await page.goto('/support');
  const table = page.getByRole('table', { name: 'Support tickets' });
  await table.getByRole('link', { name: subject }).click();
  await page.getByRole('textbox', { name: 'Reply' }).fill('The code works now: please try again.');
  await page.getByRole('button', { name: 'Send Reply' }).click();
  await expect(page.getByRole('list', { name: 'Conversation' }).getByText('The code works now: please try again.')).toBeVisible();
  await expect(page.getByText('Answered', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/(login)?$/);
  await signIn(page, DEMO_USERS.DRIVER);
  await page.goto('/support');
  await expect(page.getByRole('table', { name: 'Support tickets' }).getByRole('row', { name: new RegExp(subject) })).toContainText(
    'Answered',
  );
  await page.getByRole('link', { name: subject }).click();
  await expect(page.getByRole('list', { name: 'Conversation' }).getByText('The code works now: please try again.')).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('This ticket is closed.')).toBeVisible();
});
