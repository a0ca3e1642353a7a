/** Reports: each PDF downloads under the server's file name; Generate pressed before its inputs are chosen asks for them. */
import { readFileSync } from 'node:fs';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { DEMO_USERS, signIn } from './support.js';

function reportCard(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title, exact: true });
}

function generate(card: Locator): Locator {
  return card.getByRole('button', { name: /^Generate/ });
}

async function expectPdf(download: Download, name: RegExp): Promise<void> {
  expect(download.suggestedFilename()).toMatch(name);
  const path = await download.path();
  expect(readFileSync(path).subarray(0, 4).toString('latin1')).toBe('%PDF');
}

const DAY = /\d{4}-\d{2}-\d{2}/.source;

/** Records, from now on, each report the page asks the API for. */
function recordReportCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/reports/')) calls.push(request.url());
  });
  return calls;
}

test('an organization admin downloads each report as a named PDF', async ({ page }) => {
  await signIn(page, DEMO_USERS.ADMINISTRATOR);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { name: 'Reports' })).toBeVisible();

  const expected: [string, RegExp][] = [
    ['Insurance Status', new RegExp(`^insurance-status-acme-logistics-${DAY}\\.pdf$`)],
    ['Service Term', new RegExp(`^service-term-acme-logistics-${DAY}\\.pdf$`)],
    ['Vehicle & Drivers', new RegExp(`^vehicles-and-drivers-acme-logistics-${DAY}\\.pdf$`)],
  ];
  for (const [title, name] of expected) {
    const card = reportCard(page, title);
    await expect(generate(card)).toBeEnabled();
    const download = page.waitForEvent('download');
    await generate(card).click();
    await expectPdf(await download, name);
    await expect(generate(card)).toBeEnabled();
  }
});

test('the Comprehensive report asks for both dates in order, then downloads', async ({ page }) => {
  await signIn(page, DEMO_USERS.ASST_ADMINISTRATOR);
  await page.goto('/report');
  const card = reportCard(page, 'Comprehensive');
  const from = card.getByLabel('From');
  const to = card.getByLabel('To');
  const reports = recordReportCalls(page);
  await generate(card).click();
  await expect(card.getByText('This field is required')).toHaveCount(2);
  await expect(from).toBeFocused();

  await from.fill('2026-01-01');
  await generate(card).click();
  await expect(card.getByText('This field is required')).toHaveCount(1);
  await expect(to).toBeFocused();
  await to.fill('2025-12-31');
  await expect(card.getByText('The start date must be on or before the end date')).toBeVisible();
  await generate(card).click();
  await expect(to).toBeFocused();
  expect(reports).toEqual([]);

  await to.fill('2026-12-31');
  await expect(card.getByText('The start date must be on or before the end date')).toHaveCount(0);
  const download = page.waitForEvent('download');
  await generate(card).click();
  await expectPdf(await download, /^comprehensive-report-acme-logistics-2026-01-01-to-2026-12-31\.pdf$/);
});

test('a report shows how many of its pages have arrived while it downloads', async ({ page }) => {
  await signIn(page, DEMO_USERS.ADMINISTRATOR);
  await page.goto('/report');
  // A slow line, so that the streamed PDF takes a few seconds to arrive after its page count.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: 1000, uploadThroughput: -1 });
  const card = reportCard(page, 'Comprehensive');
  await card.getByLabel('From').fill('2026-01-01');
  await card.getByLabel('To').fill('2026-12-31');
  const download = page.waitForEvent('download');
  await generate(card).click();
  const progress = card.getByRole('progressbar', { name: 'Comprehensive report download' });
  // The first report of the server also starts its report worker.
  await expect(progress).toBeVisible({ timeout: 20_000 });
  await card.screenshot({ path: test.info().outputPath('report-progress.png') });
  // Other journeys add assets to the organization: the report may run to several pages.
  await expect(card.getByRole('status')).toHaveText(/^Writing the PDF: \d+ of [1-9]\d* pages$/);
  await expectPdf(await download, /^comprehensive-report-acme-logistics-2026-01-01-to-2026-12-31\.pdf$/);
  await expect(progress).toBeHidden();
});

test('the platform admin chooses the organization before generating', async ({ page }) => {
  await signIn(page, DEMO_USERS.ADMIN);
  await page.goto('/report');
  const card = reportCard(page, 'Vehicle & Drivers');
  await expect(card.getByText('Choose an organization first.')).toBeVisible();
  const organization = page.getByRole('combobox', { name: 'Organization' });
  const reports = recordReportCalls(page);
  await generate(card).click();
  await expect(organization).toBeFocused();
  await expect(organization).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('This field is required')).toBeVisible();
  expect(reports).toEqual([]);

  await organization.selectOption({ label: 'Beta Haulage' });
  await expect(page.getByText('This field is required')).toHaveCount(0);
  const request = page.waitForRequest((req) => req.url().includes('/api/reports/x/vehicles-drivers-list?organizationId='));
  const download = page.waitForEvent('download');
  await generate(card).click();
  await request;
  await expectPdf(await download, new RegExp(`^vehicles-and-drivers-beta-haulage-${DAY}\\.pdf$`));
});

test('a failed download tells the user what the server said', async ({ page }) => {
  await signIn(page, DEMO_USERS.ADMINISTRATOR);
  await page.goto('/report');
  await page.route('**/api/reports/x/service-term*', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({
        error: 'Reports are paused for maintenance',
        message: 'Reports are paused for maintenance',
        code: 'UNAVAILABLE',
      }),
    }),
  );
  const card = reportCard(page, 'Service Term');
  await generate(card).click();
  await expect(page.getByText('Reports are paused for maintenance')).toBeVisible();
  await expect(generate(card)).toBeEnabled();
});
