/**
 * What the signed-in frame says about where the user is and when things happened: breadcrumbs
 * labelled as the menu labels pages, linking only where the role may go; times in one format and
 * in Lagos time whatever the browser's zone; "Date Joined" dates from the demo's history; and the
 * generic /details route resolving the record it names.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS, signIn } from './support.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The day of an instant in Lagos, written as the app writes it: "23 Nov 2026". */
function lagosDay(instant: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Lagos',
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${Number(part('day'))} ${MONTHS[Number(part('month')) - 1]} ${part('year')}`;
}

function breadcrumb(page: Page) {
  return page.getByRole('navigation', { name: 'Breadcrumb' }).first();
}

test.describe('breadcrumbs', () => {
  test('they use the menu’s labels', async ({ page }) => {
    await signIn(page, DEMO_USERS.ADMINISTRATOR);
    for (const [path, label] of [
      ['/departments', 'Groups'],
      ['/fuel', 'Fuel Tracking'],
      ['/report', 'Reports'],
      ['/account', 'Account Settings'],
    ] as const) {
      await page.goto(path);
      await expect(breadcrumb(page)).toHaveText(label);
    }
    await page.goto('/fuel/generate-coupon');
    await expect(breadcrumb(page)).toHaveText(/Fuel Tracking.*Generate Coupon/);
    await expect(breadcrumb(page).getByRole('link', { name: 'Fuel Tracking' })).toHaveAttribute('href', '/fuel');
  });

  test('a crumb links only to a page the role may open', async ({ page }) => {
    await signIn(page, DEMO_USERS.DRIVER);
    await page.goto('/fuel/generate-coupon');
    await expect(page.getByRole('heading', { name: 'Generate Coupon' })).toBeVisible();
    await expect(breadcrumb(page)).toHaveText(/Fuel Tracking.*Generate Coupon/);
    // A driver may not open Fuel Tracking: the crumb is text, not a link.
    await expect(breadcrumb(page).getByRole('link')).toHaveCount(0);
  });

  test('the role’s home reads Dashboard', async ({ page }) => {
    await signIn(page, DEMO_USERS.STATION_REP);
    await expect(page).toHaveURL(/\/stations$/);
    await expect(breadcrumb(page)).toHaveText('Dashboard');
  });
});

test.describe('times', () => {
  // A browser far from Lagos: what it shows must still be Lagos time.
  test.use({ timezoneId: 'America/Los_Angeles' });

  test('the receipt writes Lagos time in the app’s one format, and the app says its times are Lagos time', async ({ page }) => {
    await signIn(page, DEMO_USERS.ADMINISTRATOR);
    await expect(page.getByText('All times are Lagos time (WAT).')).toBeVisible();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Wallet' }).click();
    const table = page.getByRole('table', { name: 'Transactions' });
    const row = table.getByRole('row').filter({ hasText: 'Goodwill credit for a delayed coupon' });
    await expect(row).toBeVisible();
    const rowText = (await row.innerText()).replace(/\s+/g, ' ');
    const day = /\d{1,2} [A-Z][a-z]{2} \d{4}/.exec(rowText)?.[0];
    expect(day, rowText).toBeTruthy();
    await row.getByRole('button', { name: /^Receipt for / }).click();
    const receipt = page.getByRole('dialog', { name: 'Receipt' });
    // Seeded at 10:00 UTC: 11:00 in Lagos (03:00 the same day in Los Angeles).
    await expect(receipt).toContainText(`${day}, 11:00 (Lagos time)`);
    await page.screenshot({ path: '/tmp/receipt.png' });
  });

  test('maintenance alerts write dates as the rest of the app does', async ({ page }) => {
    await signIn(page, DEMO_USERS.ADMINISTRATOR);
    const alerts = page.getByRole('region', { name: 'Maintenance Alerts' });
    await expect(alerts.getByRole('listitem').first()).toBeVisible();
    await expect(alerts).not.toContainText(/\d{4}-\d{2}-\d{2}/);
    await expect(alerts).toContainText(/(expires|expired) on \d{1,2} [A-Z][a-z]{2} \d{4}/);
  });
});

test('stations and users joined on different days of the demo’s history', async ({ page }) => {
  await signIn(page, DEMO_USERS.ADMIN);
  const today = lagosDay(new Date());

  await page.goto('/fuel-stations');
  const stations = page.getByRole('table').first();
  const unity = stations.getByRole('row').filter({ hasText: 'Unity Fuels Ikeja' });
  await expect(unity).toBeVisible();
  await expect(unity).not.toContainText(today);
  // Onboarded about 204 days before the demo was seeded (today, in these journeys).
  await expect(unity).toContainText(lagosDay(new Date(Date.now() - 204 * 86_400_000)));

  await page.goto('/admin/users');
  const users = page.getByRole('table').first();
  const admin = users.getByRole('row').filter({ hasText: 'admin@fleetfuel.test' });
  await expect(admin).toContainText(lagosDay(new Date(Date.now() - 210 * 86_400_000)));
  const driver = users.getByRole('row').filter({ hasText: 'driver@acme.test' });
  await expect(driver).toContainText(lagosDay(new Date(Date.now() - 186 * 86_400_000)));
});

test('an asset was added when its organization set up its groups, before its fuel history', async ({ page, request }) => {
  // A seeded asset, found by its plate: other journeys add assets of their own today.
  const login = await request.post('/api/auth/login', { data: { username: DEMO_USERS.ADMINISTRATOR, password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${(await login.json()).token as string}`, 'content-type': 'application/json' };
  const found = await (await request.get('/api/vehicles?search=LND-451-KJ', { headers })).json();
  const hilux = (found.data as Array<{ id: string; plateNumber: string }>).find((v) => v.plateNumber === 'LND-451-KJ');
  expect(hilux).toBeDefined();
  await signIn(page, DEMO_USERS.ADMINISTRATOR);
  await page.goto(`/assets/details?id=${hilux?.id ?? ''}`);
  await expect(page.getByText('Date Added')).toBeVisible();
  // Acme joined 200 days before the demo was seeded and set up its fleet the day after.
  await expect(page.getByRole('main')).toContainText(lagosDay(new Date(Date.now() - 199 * 86_400_000)));
});

test.describe('the generic details route', () => {
  test('an asset, client or station link redirects to the record’s own page', async ({ page }) => {
    await signIn(page, DEMO_USERS.ADMIN);
    await page.goto('/assets');
    const href = await page.locator('a[href^="/assets/details?id="]').first().getAttribute('href');
    const id = new URLSearchParams(href?.split('?')[1]).get('id') ?? '';
    await page.goto(`/details?type=asset&id=${id}`);
    await expect(page).toHaveURL(`/assets/details?id=${id}`);
    await expect(page.getByRole('tab', { name: 'Details' })).toBeVisible();

    await page.goto('/fuel-stations');
    const stationHref = await page.locator('a[href^="/fuel-stations/details?id="]').first().getAttribute('href');
    const stationId = new URLSearchParams(stationHref?.split('?')[1]).get('id') ?? '';
    await page.goto(`/details?type=station&id=${stationId}`);
    await expect(page).toHaveURL(`/fuel-stations/details?id=${stationId}`);
  });

  test('a fuel request is shown on the page, and an unknown record says so', async ({ page, request }) => {
    await signIn(page, DEMO_USERS.DRIVER);
    const login = await request.post('/api/auth/login', { data: { username: DEMO_USERS.DRIVER, password: 'Demo-Pass-2026' } });
    const token = (await login.json()).token as string;
    const mine = await request.get('/api/fuel-requests/my-requests', {
      headers: { Authorization: `Bearer ${token}` },
      params: { pageSize: 1 },
    });
    const first = ((await mine.json()).requests as { id: string; vehicle: { plateNumber: string | null } }[])[0];
    if (!first) throw new Error('The demo driver has fuel requests');

    await page.goto(`/details?type=fuel-request&id=${first.id}`);
    await expect(page.getByRole('heading', { name: 'Fuel Request' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Supply date' })).toContainText(/\d{1,2} [A-Z][a-z]{2} \d{4}/);
    await expect(page.getByRole('link', { name: 'Back to My Requests' })).toHaveAttribute('href', '/fuel/generate-coupon');
    await page.screenshot({ path: '/tmp/details-fuel-request.png', fullPage: true });

    // Unknown ids, unknown types and pages the role may not open all read "Record not found".
    for (const query of [
      'type=fuel-request&id=00000000-0000-4000-8000-000000000000',
      'type=spaceship&id=00000000-0000-4000-8000-000000000000',
      'type=client&id=00000000-0000-4000-8000-000000000000',
      'type=asset&id=not-an-id',
      '',
    ]) {
      await page.goto(`/details?${query}`);
      await expect(page.getByRole('alert').filter({ hasText: 'Record not found' })).toBeVisible();
    }
    await expect(page.getByText(/not available yet|planned/i)).toHaveCount(0);
  });
});
