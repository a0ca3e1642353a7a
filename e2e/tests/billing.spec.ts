import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS, signIn } from './support.js';

test('an organization admin requests a fuel reserve and approves it', async ({ page }) => {
  const litres = 300 + (Date.now() % 500);
  await signIn(page, DEMO_USERS.ADMINISTRATOR);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Billing' }).click();
  await expect(page.getByRole('heading', { name: 'Current Plan' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Renew Subscription' })).toBeDisabled();

  await page.getByRole('button', { name: 'Request Reserve' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request Reserve' });
  await dialog.getByRole('combobox', { name: 'Fuel Type' }).selectOption('DIESEL');
  await dialog.getByRole('textbox', { name: 'Amount (L)' }).fill(String(litres));
  await dialog.getByRole('button', { name: 'Request Reserve' }).click();
  const quantity = `${litres.toLocaleString('en-NG')} L of DIESEL`;
  await expect(page.getByRole('alert').filter({ hasText: `Reserve of ${quantity} requested` })).toBeVisible();

  const approve = page.getByRole('button', { name: `Approve ${litres.toLocaleString('en-NG')} L of DIESEL` });
  const row = page.getByRole('table', { name: 'Fuel reserves' }).getByRole('row').filter({ has: approve });
  await expect(row).toContainText('Pending');
  // Approving asks first, as fuel and maintenance approvals do; Cancel leaves it pending.
  await approve.click();
  const confirm = page.getByRole('dialog', { name: 'Approve fuel reserve' });
  await expect(confirm).toContainText(`${litres.toLocaleString('en-NG')} L of DIESEL`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Pending');
  await approve.click();
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: `Reserve approved: ${quantity}` })).toBeVisible();
  await expect(approve).toBeHidden();
  await expect(page.getByRole('region', { name: 'DIESEL reserve' })).not.toContainText('of 0 L approved');
});

test('the current plan shows all four limits with their usage, as the API counts them', async ({ page, request }) => {
  const login = await request.post('/api/auth/login', { data: { username: DEMO_USERS.ADMINISTRATOR, password: DEMO_PASSWORD } });
  const token = ((await login.json()) as { token: string }).token;
  const reply = await request.get('/api/subscriptions/current', { headers: { Authorization: `Bearer ${token}` } });
  const { usage } = ((await reply.json()) as { subscription: { usage: Record<string, { used: number; limit: number }> } }).subscription;
  const text = ({ used, limit }: { used: number; limit: number }) =>
    `${used.toLocaleString('en-NG')} / ${limit === 0 ? 'Unlimited' : limit.toLocaleString('en-NG')}`;

  await signIn(page, DEMO_USERS.ADMINISTRATOR);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Billing' }).click();
  const bars: Array<[string, string]> = [
    ['Drivers', 'drivers'],
    ['Assets', 'assets'],
    ['Fuel requests this cycle', 'fuelRequests'],
    ['Maintenance requests this cycle', 'maintenanceRequests'],
  ];
  for (const [label, key] of bars) {
    const usageOf = usage[key] as { used: number; limit: number };
    await expect(page.getByRole('progressbar', { name: `${label} used: ${text(usageOf)}` })).toBeVisible();
  }
});
