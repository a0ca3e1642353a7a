/**
 * Lists a manager can work with (issue 14): server-side sort by a column's header, status and date
 * filters, the whole view kept in the address so a reload or a link shows it again, and on a
 * 760 px screen rows as cards whose actions are in view without any sideways scroll.
 */
import { expect, test, type Locator } from '@playwright/test';
import { DEMO_USERS, signIn } from './support.js';

/**
 * The text of one column in every body row of a table, by the column's header, read in one pass:
 * a row counted and then read one locator call later may have been replaced by the next page's
 * rows in between, and reading a row that is gone waits until the test times out.
 */
async function columnTexts(table: Locator, header: string): Promise<string[]> {
  const headers = await table.getByRole('columnheader').allInnerTexts();
  const index = headers.findIndex((text) => text.trim() === header);
  expect(index, `column ${header} in ${headers.join(', ')}`).toBeGreaterThanOrEqual(0);
  return table
    .locator('tbody tr')
    .evaluateAll((rows, column) => rows.map((row) => ((row as HTMLTableRowElement).cells[column]?.innerText ?? '').trim()), index);
}

const dayOf = (text: string) => Date.parse(`${text} UTC`);

test('fuel requests sort by supply date, filter by status and dates, and keep the view across a reload', async ({ page }) => {
  await signIn(page, DEMO_USERS.ADMINISTRATOR);
  await page.goto('/fuel');
  const table = page.getByRole('table', { name: 'Fuel requests' });
  await expect(table.locator('tbody tr').first()).toBeVisible();

  const header = table.getByRole('columnheader', { name: 'Supply Date' });
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await page.getByRole('combobox', { name: 'Filter by status' }).selectOption('COMPLETED');
  await expect(page).toHaveURL(/sort=supplyDate/);
  await expect(page).toHaveURL(/order=desc/);
  await expect(page).toHaveURL(/status=COMPLETED/);
  await expect(table.locator('tbody tr').first()).toContainText('Completed');

  // The previous view's rows stay until the filtered page arrives: read until it has.
  let days: number[] = [];
  await expect(async () => {
    // A status badge's text is shown in capitals.
    const statuses = await columnTexts(table, 'Status');
    expect(new Set(statuses.map((status) => status.toLowerCase()))).toEqual(new Set(['completed']));
    days = (await columnTexts(table, 'Supply Date')).map(dayOf);
    expect(days.every((day) => !Number.isNaN(day))).toBe(true);
    expect(days).toEqual([...days].sort((a, b) => b - a));
  }).toPass();

  // A reload (or the same link in another tab) opens the same view.
  const address = page.url();
  await page.reload();
  await expect(page).toHaveURL(address);
  await expect(table.getByRole('columnheader', { name: 'Supply Date' })).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByRole('combobox', { name: 'Filter by status' })).toHaveValue('COMPLETED');
  await expect(async () => expect((await columnTexts(table, 'Supply Date')).map(dayOf)).toEqual(days)).toPass();

  // A date range: both ends are days of the list's own dates, both included.
  const newest = new Date(days[0] ?? 0).toISOString().slice(0, 10);
  await page.getByLabel('From date').fill(newest);
  await page.getByLabel('To date').fill(newest);
  await expect(page).toHaveURL(new RegExp(`from=${newest}.*to=${newest}|to=${newest}.*from=${newest}`));
  await expect(async () => {
    const inRange = (await columnTexts(table, 'Supply Date')).map(dayOf);
    expect(inRange.length).toBeGreaterThan(0);
    expect(inRange.every((day) => day === days[0])).toBe(true);
  }).toPass();
});

test('the platform admin sorts clients by name both ways from the header', async ({ page }) => {
  await signIn(page, DEMO_USERS.ADMIN);
  await page.goto('/clients');
  const table = page.getByRole('table', { name: 'Clients' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const header = table.getByRole('columnheader', { name: 'Name' });

  await header.getByRole('button').click();
  await expect(page).toHaveURL(/sort=name/);
  // The address changes first; the sorted rows follow once the server answers.
  let ascending: string[] = [];
  await expect(async () => {
    ascending = await columnTexts(table, 'Name');
    expect(ascending.length).toBeGreaterThan(1);
    // Collations differ in how they weigh spaces and punctuation; by first letter every one agrees.
    const initials = ascending.map((name) => name.charAt(0).toLowerCase());
    expect(initials).toEqual([...initials].sort());
  }).toPass();

  await header.getByRole('button').click();
  await expect(page).toHaveURL(/order=desc/);
  await expect(async () => expect(await columnTexts(table, 'Name')).toEqual([...ascending].reverse())).toPass();
});

test('at 760 px the fuel requests are cards whose actions are in view, sorted from a menu', async ({ page }) => {
  await page.setViewportSize({ width: 760, height: 900 });
  await signIn(page, DEMO_USERS.ADMINISTRATOR);
  await page.goto('/fuel?status=PENDING');
  const cards = page.getByRole('list', { name: 'Fuel requests' });
  const first = cards.getByRole('listitem').first();
  await expect(first).toBeVisible();
  await expect(page.getByRole('table', { name: 'Fuel requests' })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(760);

  // Every action of the first card is in view: nothing hides past a sideways scroll.
  const actions = first.getByRole('button');
  expect(await actions.count()).toBeGreaterThan(1);
  for (const action of await actions.all()) await expect(action).toBeInViewport({ ratio: 1 });
  await expect(first.getByRole('button', { name: /^Approve / })).toBeVisible();

  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('volume:desc');
  await expect(page).toHaveURL(/sort=volume&order=desc|order=desc.*sort=volume/);
  await expect(page).toHaveURL(/status=PENDING/);
});
