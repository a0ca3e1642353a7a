import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_USERS, signIn } from './support.js';

/** Set SHOTS_DIR to keep screenshots of the Statement control, for a person to look at. */
const SHOTS_DIR = process.env.SHOTS_DIR;

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: true });
}

for (const width of [1280, 390]) {
  test(`the station rep downloads today's statement as CSV from the dashboard (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, DEMO_USERS.STATION_REP);
    const statement = page.getByRole('heading', { name: 'Statement' });
    await expect(statement).toBeVisible();
    await statement.scrollIntoViewIfNeeded();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^statement-unity-fuels-ikeja-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync(await download.path(), 'utf8');
    expect(text.startsWith('\uFEFFDate/time,Kind,Reference')).toBe(true);
    expect(text).toMatch(/Opening ₦[\d,.]+ \+ movements -?₦[\d,.]+ = closing ₦[\d,.]+/);
    await page.getByText('Date range', { exact: true }).click();
    await expect(page.getByRole('region', { name: 'Statement' }).getByLabel('From')).toBeVisible();
    await shot(page, `statement-station-${width}`);
  });
}

test('an organization admin finds the Statement on the Wallet page', async ({ page }) => {
  await signIn(page, DEMO_USERS.ADMINISTRATOR);
  await page.goto('/wallet');
  await expect(page.getByRole('heading', { name: 'Statement' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  expect((await downloading).suggestedFilename()).toMatch(/^statement-acme-logistics-.*\.pdf$/);
  await shot(page, 'statement-organization-1280');
});
