/**
 * The Dashboard of fleet managers and drivers: figures equal to the analytics overview the API
 * gives the same user, the startup load of that overview, an empty organization's "No Record",
 * the line/bar toggle, a driver's own vehicle, and the figures index.html draws before the app has run.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PAGE_SIZE_DEFAULT } from '@fleetfuel/contract';
import { DEMO_PASSWORD, DEMO_USERS, SESSION_KEY, holdAppCode, mainMenu, signIn } from './support.js';

interface Overview {
  counts: { vehicles: number; drivers: number; maintenanceDue: number };
  notes: { vehicles: string; drivers: string; fuelConsumption: string; maintenanceDue: string };
  fuelSummary: { totalCompleted: number };
  maintenanceAlerts: { vehicleId: string; plateNumber: string | null; name: string; reasons: string[] }[];
  recent: { fuelRequests: { id: string; station: { name: string } }[] };
}

/** The stat cards' format: en-NG grouping, at most two decimals. */
const stat = (value: number) => new Intl.NumberFormat('en-NG', { maximumFractionDigits: 2 }).format(value);

function uniqueTag(): string {
  return `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

async function apiToken(request: APIRequestContext, username: string, password = DEMO_PASSWORD): Promise<string> {
  const reply = await request.post('/api/auth/login', { data: { username, password } });
  expect(reply.ok(), await reply.text()).toBe(true);
  return (await reply.json()).token as string;
}

async function overviewOf(request: APIRequestContext, username: string, password = DEMO_PASSWORD): Promise<Overview> {
  const token = await apiToken(request, username, password);
  const reply = await request.get('/api/analytics/overview', { headers: { Authorization: `Bearer ${token}` }, params: { months: 6 } });
  expect(reply.ok()).toBe(true);
  return (await reply.json()) as Overview;
}

function statCard(page: Page, title: string) {
  return page.getByRole('group', { name: title, exact: true });
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The app writes the server's calendar days (2026-11-23) as "23 Nov 2026". */
const readableDates = (text: string) =>
  text.replace(
    /\b(\d{4})-(\d{2})-(\d{2})\b/g,
    (_, year: string, month: string, day: string) => `${Number(day)} ${MONTHS[Number(month) - 1]} ${year}`,
  );

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The card's text: its title, then the figure (nothing more of a number after it), then the note. */
const cardText = (title: string, figure: number, note: string) =>
  new RegExp(`^${escape(title)}\\s*${escape(stat(figure))}(?![\\d.,]).*${escape(note)}$`);

async function expectStat(page: Page, title: string, figure: number, note: string): Promise<void> {
  await expect(statCard(page, title)).toHaveText(cardText(title, figure, note));
}

test('an organization admin’s dashboard shows the overview figures of its organization', async ({ page, request }) => {
  await signIn(page, DEMO_USERS.ADMINISTRATOR);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const overview = await overviewOf(request, DEMO_USERS.ADMINISTRATOR);

  await expectStat(page, 'Total Vehicles', overview.counts.vehicles, overview.notes.vehicles);
  await expectStat(page, 'Active Drivers', overview.counts.drivers, overview.notes.drivers);
  await expectStat(page, 'Fuel Consumption (L)', overview.fuelSummary.totalCompleted, overview.notes.fuelConsumption);
  await expectStat(page, 'Maintenance Due', overview.counts.maintenanceDue, overview.notes.maintenanceDue);
  await expect(statCard(page, 'Fuel Consumption (L)')).toContainText(/\bL\b/);

  // Each alerted asset, with its reasons and a link to its details.
  const alerts = page.getByRole('region', { name: 'Maintenance Alerts' });
  expect(overview.maintenanceAlerts.length).toBeGreaterThan(0);
  for (const alert of overview.maintenanceAlerts) {
    const name = alert.plateNumber ?? alert.name;
    await expect(alerts.getByRole('link', { name })).toHaveAttribute('href', `/assets/details?id=${alert.vehicleId}`);
    for (const reason of alert.reasons) await expect(alerts.getByText(readableDates(reason)).first()).toBeVisible();
  }

  const recent = page.getByRole('region', { name: 'Recent Fuel Activity' });
  await expect(recent.getByRole('listitem')).toHaveCount(overview.recent.fuelRequests.length);
  await expect(recent.getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/fuel');

  await expect(page.getByRole('region', { name: 'Monthly Fuel' }).getByRole('figure', { name: 'Monthly Fuel' })).toBeVisible();
});

test('the overview starts loading with the session, whatever page opens first', async ({ page }) => {
  await signIn(page, DEMO_USERS.ASST_ADMINISTRATOR);
  // A fresh load of another page: the shell asks for the overview as soon as the session is back.
  const overviewCall = page.waitForRequest((req) => req.url().includes('/api/analytics/overview') && req.url().includes('months=6'));
  await page.goto('/departments');
  await overviewCall;
  await expect(page.getByRole('heading', { name: 'Groups' })).toBeVisible();

  // The Dashboard then shows it without asking again.
  let asked = 0;
  page.on('request', (req) => {
    if (req.url().includes('/api/analytics/overview')) asked += 1;
  });
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(statCard(page, 'Total Vehicles')).toBeVisible();
  expect(asked).toBe(0);
});

test('the monthly fuel chart switches between line and bar', async ({ page }) => {
  await signIn(page, DEMO_USERS.ADMINISTRATOR);
  const chart = page.getByRole('region', { name: 'Monthly Fuel' });
  const figure = chart.getByRole('figure', { name: 'Monthly Fuel' });
  const lines = figure.locator('[data-chart-mark="line"]');
  const bars = figure.locator('[data-chart-mark="bar"]');
  await expect(lines).toHaveCount(1);
  await expect(bars).toHaveCount(0);

  await chart.getByText('Bar', { exact: true }).click();
  // A bar for each of the six months, drawn for those with fuel.
  await expect(bars).toHaveCount(6);
  await expect(figure.locator('[data-chart-mark="bar"]:not([d=""])').first()).toBeVisible();
  await expect(lines).toHaveCount(0);

  // The keyboard reads the chart: the latest month first, then the month before it.
  await figure.getByRole('img').focus();
  const tooltip = figure.locator('[data-chart-tooltip]');
  await expect(tooltip).toContainText(/Fuel dispensed: [\d,.]+ L/);
  const latest = await tooltip.textContent();
  await page.keyboard.press('ArrowLeft');
  await expect(tooltip).not.toHaveText(latest ?? '');

  await chart.getByText('Line', { exact: true }).click();
  await expect(lines).toHaveCount(1);
  await expect(bars).toHaveCount(0);
});

test('an empty organization’s dashboard and analytics say No Record', async ({ page, request }) => {
  const tag = uniqueTag();
  const adminToken = await apiToken(request, DEMO_USERS.ADMIN);
  const auth = { Authorization: `Bearer ${adminToken}` };
  const organization = await request.post('/api/admin/organizations', {
    headers: auth,
    multipart: { name: `Empty Fleet ${tag}`, type: 'other' },
  });
  expect(organization.ok(), await organization.text()).toBe(true);
  const organizationId = (await organization.json()).id as string;
  const email = `empty.${tag}@emptyfleet.test`;
  const user = await request.post('/api/admin/users', {
    headers: auth,
    data: { name: 'Empty Admin', email, password: DEMO_PASSWORD, role: 'ADMINISTRATOR', organizationId },
  });
  expect(user.ok(), await user.text()).toBe(true);

  await signIn(page, email);
  const overview = await overviewOf(request, email);
  await expectStat(page, 'Total Vehicles', 0, overview.notes.vehicles);
  await expectStat(page, 'Active Drivers', 0, overview.notes.drivers);
  await expectStat(page, 'Fuel Consumption (L)', 0, overview.notes.fuelConsumption);
  await expectStat(page, 'Maintenance Due', 0, overview.notes.maintenanceDue);
  for (const section of ['Monthly Fuel', 'Maintenance Alerts', 'Recent Fuel Activity']) {
    await expect(page.getByRole('region', { name: section }).getByText('No Record')).toBeVisible();
  }
  await expect(page.getByRole('figure')).toHaveCount(0);

  await page.goto('/analytics');
  for (const section of ['Monthly Fuel Consumed', 'Monthly Fuel Expenses', 'Fuel by Driver', 'Fuel Efficiency']) {
    await expect(page.getByRole('region', { name: section }).getByText('No Record')).toBeVisible();
  }
});

test('a driver sees its vehicle on the dashboard and opens its details', async ({ page, request }) => {
  await signIn(page, DEMO_USERS.DRIVER);
  const overview = await overviewOf(request, DEMO_USERS.DRIVER);
  await expectStat(page, 'Fuel Consumption (L)', overview.fuelSummary.totalCompleted, overview.notes.fuelConsumption);

  await expect(page.getByRole('link', { name: 'Request fuel' })).toHaveAttribute('href', '/fuel/generate-coupon');

  // Its own figures, not the fleet's.
  for (const fleetCard of ['Total Vehicles', 'Active Drivers', 'Maintenance Due']) await expect(statCard(page, fleetCard)).toHaveCount(0);
  const token = await apiToken(request, DEMO_USERS.DRIVER);
  const count = async (status?: string) => {
    const reply = await request.get('/api/fuel-requests/my-requests', {
      headers: { Authorization: `Bearer ${token}` },
      params: { page: 1, pageSize: 1, ...(status ? { status } : {}) },
    });
    return ((await reply.json()) as { meta: { total: number } }).meta.total;
  };
  await expect(statCard(page, 'My Requests')).toContainText(stat(await count()));
  await expect(statCard(page, 'Awaiting Approval')).toContainText(stat(await count('PENDING')));
  const ready = await count('APPROVED');
  await expect(statCard(page, 'Coupons Ready')).toContainText(stat(ready));
  const coupons = page.getByRole('table', { name: 'My coupons' });
  await expect(coupons).toBeVisible();
  // One download per ready coupon on the table's first page (none when there is none).
  await expect(coupons.getByRole('button', { name: /^Download Coupon / })).toHaveCount(Math.min(ready, PAGE_SIZE_DEFAULT));
  await page.screenshot({ path: '/tmp/driver-dashboard.png', fullPage: true });

  const mine = page.getByRole('region', { name: 'My Vehicle' });
  await expect(mine).toContainText('LND-451-KJ');
  await expect(mine).toContainText('Toyota Hilux');
  await mine.getByRole('link', { name: 'View details' }).click();

  await expect(page).toHaveURL(/\/assets\/details\?id=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'LND-451-KJ' })).toBeVisible();
  await page.getByRole('tab', { name: 'Fuel Logs' }).click();
  await expect(page.getByRole('table', { name: 'Fuel logs of LND-451-KJ' })).toContainText(/completed/i);
});

/**
 * For a stored fleet manager's session at `/`, index.html draws the frame and the four cards, and
 * writes the overview's figures into them, before the app's code has run (apps/web/src/prerender,
 * issue 16). These journeys hold that code (the React chunk every page imports) to look at the page
 * as a slow phone shows it meanwhile; the service worker is kept out, as it would answer from its cache.
 */
test.describe('before the app has started', () => {
  test.use({ serviceWorkers: 'block' });

  const prerendered = (page: Page) => page.locator('#prerendered-dashboard');
  const prerenderedCard = (page: Page, title: string) => prerendered(page).locator(`[role="group"][aria-label="${title}"]`);

  for (const width of [412, 1280]) {
    test(`the figures are on screen from the page itself, then React's Dashboard takes their place (${width} px wide)`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width, height: 823 });
      const overview = await overviewOf(request, DEMO_USERS.ADMINISTRATOR);
      await signIn(page, DEMO_USERS.ADMINISTRATOR);
      const release = await holdAppCode(page);
      await page.reload({ waitUntil: 'commit' });

      // The app has not run: what is on screen is index.html's, with the overview's figures.
      await expect(prerenderedCard(page, 'Total Vehicles')).toHaveText(
        cardText('Total Vehicles', overview.counts.vehicles, overview.notes.vehicles),
      );
      await expect(prerenderedCard(page, 'Active Drivers')).toHaveText(
        cardText('Active Drivers', overview.counts.drivers, overview.notes.drivers),
      );
      await expect(prerenderedCard(page, 'Fuel Consumption (L)')).toHaveText(
        cardText('Fuel Consumption (L)', overview.fuelSummary.totalCompleted, overview.notes.fuelConsumption),
      );
      await expect(prerenderedCard(page, 'Maintenance Due')).toHaveText(
        cardText('Maintenance Due', overview.counts.maintenanceDue, overview.notes.maintenanceDue),
      );
      await expect(prerendered(page).getByText('Welcome, ')).toBeVisible();
      await expect(prerendered(page)).toBeVisible();
      // Assistive technology hears the session being restored, not a Dashboard nobody can use yet.
      await expect(page.getByRole('status', { name: 'Loading your session' })).toBeAttached();
      await expect(statCard(page, 'Total Vehicles')).toHaveCount(0);
      await expect(mainMenu(page)).toHaveCount(0);
      await page.screenshot({ path: `/tmp/dashboard-before-app-${width}.png` });

      // Where the overlay goes, React's cards must already be in the page: never a frame without figures.
      await page.evaluate(() => {
        const overlay = document.getElementById('prerendered-dashboard');
        const seen = ((window as unknown as { handOff?: string[] }).handOff = [] as string[]);
        new MutationObserver((_records, observer) => {
          if (overlay?.isConnected) return;
          seen.push(document.querySelector('#root [data-stat="vehicles"] [data-stat-number]')?.textContent ?? 'none');
          observer.disconnect();
        }).observe(document.body, { childList: true });
      });
      release();
      await expect(statCard(page, 'Total Vehicles')).toHaveText(
        cardText('Total Vehicles', overview.counts.vehicles, overview.notes.vehicles),
      );
      await expect(prerendered(page)).toHaveCount(0);
      const handOff = await page.evaluate(() => (window as unknown as { handOff: string[] }).handOff);
      expect(handOff).toEqual([expect.stringMatching(new RegExp(`^${escape(stat(overview.counts.vehicles))}`))]);
      await expect(mainMenu(page)).toHaveCount(1);
      await page.screenshot({ path: `/tmp/dashboard-after-app-${width}.png` });
    });
  }

  test('a stored session the server refuses gets the sign-in screen, with no Dashboard left over', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(
      (key) =>
        window.localStorage.setItem(
          key,
          JSON.stringify({
            token: 'expired',
            user: { id: 'u1', role: 'ADMINISTRATOR', name: 'Tunde Bakare', firstName: 'Tunde', organization: null },
          }),
        ),
      SESSION_KEY,
    );
    const release = await holdAppCode(page);
    await page.goto('/', { waitUntil: 'commit' });
    // Drawn at once (the frame and blank cards: the overview is refused too) ...
    await expect(prerendered(page)).toBeVisible();
    await expect(prerenderedCard(page, 'Total Vehicles')).toBeAttached();
    release();
    // ... and gone with the app's first screen that is not a loader.
    await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
    await expect(prerendered(page)).toHaveCount(0);
  });
});
