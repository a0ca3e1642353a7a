import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS, fillSignIn, signIn } from './support.js';

async function tokenOf(request: APIRequestContext, username: string, password = DEMO_PASSWORD): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { username, password } });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { token: string }).token;
}

test('a user changes its password on the Security tab and signs in again with the new one', async ({ page, request }) => {
  const stamp = Date.now();
  const email = `security.${stamp}@acme.test`;
  const created = await request.post('/api/admin/users', {
    headers: { Authorization: `Bearer ${await tokenOf(request, DEMO_USERS.ADMINISTRATOR)}` },
    data: { name: `Security Tester ${stamp}`, email, password: DEMO_PASSWORD, role: 'ASST_ADMINISTRATOR' },
  });
  expect(created.ok()).toBe(true);
  const newPassword = `Fresh-Secret-${stamp}`;

  await signIn(page, email);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Account Settings' }).click();
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page).toHaveURL(/\/account\/security$/);
  await expect(page.getByRole('list', { name: 'Sessions' }).getByText('This device')).toBeVisible();

  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill(DEMO_PASSWORD);
  await form.getByLabel(/^New password/).fill(newPassword);
  await form.getByLabel('Confirm new password').fill(`${newPassword}x`);
  await form.getByLabel('Confirm new password').blur();
  await expect(form.getByText('Passwords do not match')).toBeVisible();
  await form.getByLabel('Confirm new password').fill(newPassword);
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /password/i })).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  // Sign-out finishes on the sign-in screen; going elsewhere before then races the stored session.
  await expect(page.getByRole('textbox', { name: 'Email or Phone Number' })).toBeVisible();
  await page.goto('/login');
  await fillSignIn(page, email, DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
  await signIn(page, email, newPassword);
});

test('an organization admin changes the coupon validity on Settings and sees it saved', async ({ page, request }) => {
  const token = await tokenOf(request, DEMO_USERS.ADMINISTRATOR);
  const before = await request.get('/api/settings/organization', { headers: { Authorization: `Bearer ${token}` } });
  const original = ((await before.json()) as { settings: { couponValidityDays: number } }).settings.couponValidityDays;
  const next = original === 9 ? 8 : 9;

  try {
    await signIn(page, DEMO_USERS.ADMINISTRATOR);
    await page.goto('/settings');
    const form = page.getByRole('form', { name: 'Organization preferences' });
    const validity = form.getByRole('spinbutton', { name: 'Coupon validity (days)' });
    await expect(validity).toHaveValue(String(original));
    await validity.fill('15');
    await validity.blur();
    await expect(form.getByText('Must be at most 14')).toBeVisible();
    await validity.fill(String(next));
    await form.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Settings Updated!' })).toBeVisible();

    await page.reload();
    await expect(
      page.getByRole('form', { name: 'Organization preferences' }).getByRole('spinbutton', { name: 'Coupon validity (days)' }),
    ).toHaveValue(String(next));
  } finally {
    await request.put('/api/settings/organization', {
      headers: { Authorization: `Bearer ${token}` },
      data: { couponValidityDays: original },
    });
  }
});

test('an organization admin turns the daily digest of alerts off on the Notification tab, and it stays off', async ({ page, request }) => {
  const token = await tokenOf(request, DEMO_USERS.ASST_ADMINISTRATOR);
  const headers = { Authorization: `Bearer ${token}` };
  try {
    await signIn(page, DEMO_USERS.ASST_ADMINISTRATOR);
    await page.goto('/account/notification');
    const digest = page.getByRole('switch', { name: /^Daily digest of alerts/ });
    await expect(digest).toBeChecked();
    // Mantine lays the switch's transparent input over the whole row, so a click anywhere on it lands there.
    await digest.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Daily digest of alerts e-mails off' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('switch', { name: /^Daily digest of alerts/ })).not.toBeChecked();
    const saved = await request.get('/api/account/notifications', { headers });
    expect(((await saved.json()) as { dailyDigest: boolean }).dailyDigest).toBe(false);
  } finally {
    await request.put('/api/account/notifications', { headers, data: { dailyDigest: true } });
  }
});
