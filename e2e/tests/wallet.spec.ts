import { expect, test, type Page } from '@playwright/test';
import { DEMO_USERS, recordWrites, searchAndManage, signIn } from './support.js';

function toast(page: Page, text: string | RegExp) {
  return page.getByRole('alert').filter({ hasText: text });
}

/** "₦1,234.50" → 1234.5 */
function naira(text: string): number {
  return Number(text.replace(/[^\d.]/g, ''));
}

function balanceOf(page: Page) {
  return page.getByRole('group', { name: 'Balance' });
}

async function readBalance(page: Page): Promise<number> {
  const text = await balanceOf(page).locator('p').nth(1).textContent();
  return naira(text ?? '');
}

function formatNaira(amount: number): string {
  return `₦${amount.toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

test('the platform admin opens a client wallet from the client and credits and debits it', async ({ page }) => {
  await signIn(page, DEMO_USERS.ADMIN);
  await page.goto('/clients');
  await searchAndManage(page, 'Search clients', 'Beta Haulage');
  await page.getByRole('link', { name: 'Go to Wallet' }).click();
  await expect(page).toHaveURL(/\/wallet\?organizationId=/);
  await expect(page.getByText('Organization wallet')).toBeVisible();
  const before = await readBalance(page);

  await page.getByRole('button', { name: 'Change Balance' }).click();
  let dialog = page.getByRole('dialog', { name: 'Change Balance' });
  await dialog.getByRole('combobox', { name: 'Type' }).selectOption('CREDIT');
  await dialog.getByRole('textbox', { name: 'Amount (₦)' }).fill('20000');
  await dialog.getByRole('textbox', { name: 'Note' }).fill('Opening credit for the pilot');
  await dialog.getByRole('button', { name: 'Change Balance' }).click();
  await expect(toast(page, '₦20,000.00 credited to the wallet')).toBeVisible();
  await expect(balanceOf(page)).toContainText(formatNaira(before + 20000));

  await page.getByRole('button', { name: 'Change Balance' }).click();
  dialog = page.getByRole('dialog', { name: 'Change Balance' });
  await dialog.getByRole('combobox', { name: 'Type' }).selectOption('DEBIT');
  const amount = dialog.getByRole('textbox', { name: 'Amount (₦)' });
  await amount.fill('');
  await amount.blur();
  await expect(dialog.getByText('Please enter valid amount')).toBeVisible();
  // Pressed without an amount: nothing is sent, the dialog stays and the amount takes the focus.
  const writes = recordWrites(page);
  await dialog.getByRole('button', { name: 'Change Balance' }).click();
  await expect(amount).toBeFocused();
  await expect(dialog.getByText('Please enter valid amount')).toBeVisible();
  expect(writes).toEqual([]);
  await amount.fill('5000');
  await dialog.getByRole('textbox', { name: 'Note' }).fill('Correction of a duplicate credit');
  await dialog.getByRole('button', { name: 'Change Balance' }).click();
  await expect(toast(page, '₦5,000.00 debited from the wallet')).toBeVisible();
  await expect(balanceOf(page)).toContainText(formatNaira(before + 15000));

  const table = page.getByRole('table', { name: 'Transactions' });
  const debit = table.getByRole('row').filter({ hasText: 'Correction of a duplicate credit' });
  await expect(debit).toContainText('−₦5,000.00');
  await expect(debit).toContainText('Debit');
  await expect(table.getByRole('row').filter({ hasText: 'Opening credit for the pilot' })).toContainText('+₦20,000.00');

  // The receipt prints on its own: window.print is observed rather than opening the print dialog.
  await page.evaluate(() => {
    window.print = () => document.body.setAttribute('data-printed', 'true');
  });
  await debit.getByRole('button', { name: /^Receipt for / }).click();
  const receipt = page.getByRole('dialog', { name: 'Receipt' });
  await expect(receipt).toContainText('Beta Haulage');
  await expect(receipt).toContainText('−₦5,000.00');
  await receipt.getByRole('button', { name: 'Print' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-printed', 'true');
});

test('a station representative verifies and saves its bank details on its wallet', async ({ page }) => {
  await signIn(page, 'rep@greenline.test');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Wallet' }).click();
  await expect(page.getByText('Fuel station wallet')).toBeVisible();

  const banking = page.getByRole('form', { name: 'Banking information' });
  const save = banking.getByRole('button', { name: 'Save Bank Details' });
  await banking.getByRole('textbox', { name: 'Account Number' }).fill('012345678');
  await banking.getByRole('combobox', { name: 'Bank' }).selectOption('058');
  // Nine digits: no verification yet. Leaving the number shows its message; Save sends nothing and returns the focus to it.
  await expect(banking.getByRole('textbox', { name: 'Account Name' })).toHaveValue('');
  await banking.getByRole('textbox', { name: 'Account Number' }).blur();
  await expect(banking.getByText('Must be exactly 10 digits')).toBeVisible();
  const writes = recordWrites(page);
  await save.click();
  await expect(banking.getByRole('textbox', { name: 'Account Number' })).toBeFocused();
  expect(writes).toEqual([]);

  await banking.getByRole('textbox', { name: 'Account Number' }).fill('0123456780');
  await expect(banking.getByRole('textbox', { name: 'Account Name' })).toHaveValue('SANDBOX ACCOUNT 6780');
  await save.click();
  await expect(toast(page, 'Bank details saved and verified: SANDBOX ACCOUNT 6780')).toBeVisible();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await expect(save).toBeDisabled();

  // Another bank means another verification before anything can be saved.
  await banking.getByRole('combobox', { name: 'Bank' }).selectOption('044');
  await expect(banking.getByRole('textbox', { name: 'Account Name' })).toHaveValue('SANDBOX ACCOUNT 6780');
  await expect(save).toBeEnabled();
  await banking.getByRole('combobox', { name: 'Bank' }).selectOption('058');
  await expect(save).toBeDisabled();
});

test('the platform admin settles a payout to Unity Fuels Ikeja after crediting its wallet', async ({ page }) => {
  await signIn(page, DEMO_USERS.ADMIN);
  await page.goto('/fuel-stations');
  await searchAndManage(page, 'Search name or address', 'Unity Fuels Ikeja');
  await expect(page.getByRole('heading', { name: 'Current Prices' })).toBeVisible();

  const banking = page.getByRole('form', { name: 'Banking information' });
  await banking.getByRole('textbox', { name: 'Account Number' }).fill('0123456780');
  await banking.getByRole('combobox', { name: 'Bank' }).selectOption('058');
  await expect(banking.getByRole('textbox', { name: 'Account Name' })).toHaveValue('SANDBOX ACCOUNT 6780');
  const save = banking.getByRole('button', { name: 'Save Bank Details' });
  // Saved already: the demo data verified this pair for the station, so payouts can go there and there is nothing to save.
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await expect(save).toBeDisabled();

  await page.getByRole('link', { name: 'Go to Wallet' }).click();
  await expect(page).toHaveURL(/\/wallet\?stationId=/);
  await page.getByRole('button', { name: 'Change Balance' }).click();
  const credit = page.getByRole('dialog', { name: 'Change Balance' });
  await credit.getByRole('combobox', { name: 'Type' }).selectOption('CREDIT');
  await credit.getByRole('textbox', { name: 'Amount (₦)' }).fill('30000');
  await credit.getByRole('textbox', { name: 'Note' }).fill('Fuel supplied in November');
  await credit.getByRole('button', { name: 'Change Balance' }).click();
  await expect(toast(page, '₦30,000.00 credited to the wallet')).toBeVisible();
  const available = naira((await page.getByRole('group', { name: 'Available' }).locator('p').nth(1).textContent()) ?? '');
  expect(available).toBeGreaterThanOrEqual(30000);

  await page.getByRole('button', { name: 'Settle Payout' }).click();
  const settle = page.getByRole('dialog', { name: 'Settle Payout' });
  await expect(settle).toContainText('SANDBOX ACCOUNT 6780');
  await settle.getByRole('button', { name: 'Settle Payout' }).click();
  // The bank confirms a transfer a moment later: the reply says it is on its way, or already paid.
  const paid = formatNaira(available);
  await expect(settle.getByText(new RegExp(`(Payout of ${paid} sent to the bank|${paid} paid out to SANDBOX ACCOUNT 6780)`))).toBeVisible();
  await expect(settle).toContainText(/Pending|Success/);
  await settle.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('group', { name: 'Available' })).toContainText('₦0.00');
  await expect(page.getByRole('table', { name: 'Transactions' }).getByRole('row').filter({ hasText: 'Payout' }).first()).toContainText(
    `−${formatNaira(available)}`,
  );
});

test('an organization admin tops up ₦50,000 by card through the sandbox checkout', async ({ page }) => {
  await signIn(page, DEMO_USERS.ADMINISTRATOR);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Wallet' }).click();
  await expect(page.getByText('Organization wallet')).toBeVisible();
  const before = await readBalance(page);

  // No request of the journey answers 404 (the sandbox page once asked for a favicon it did not have).
  const missing: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404) missing.push(response.url());
  });

  await page.getByRole('button', { name: 'Top Up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Top Up Wallet' });
  const amount = dialog.getByRole('textbox', { name: 'Amount (₦)' });
  await amount.focus();
  await amount.blur();
  await expect(dialog.getByText('Please enter valid amount')).toBeVisible();
  await amount.fill('50000');
  await dialog.getByRole('button', { name: 'Pay by Card' }).click();
  await expect(toast(page, 'Redirecting you to the secure card payment page')).toBeVisible();

  await expect(page).toHaveURL(/\/api\/payments\/sandbox\/checkout\//);
  await page.waitForLoadState('load');
  // Its icon is inline, so the browser has no favicon to ask the server for.
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /^data:image\/svg\+xml,/);
  expect(missing).toEqual([]);
  await page.getByRole('button', { name: 'Pay ₦50,000.00' }).click();

  await expect(page).toHaveURL(/\/wallet\?reference=/);
  await expect(page.getByRole('status').filter({ hasText: 'Payment successful' })).toBeVisible({ timeout: 15_000 });
  await expect(balanceOf(page)).toContainText(formatNaira(before + 50000));
  const reference = new URL(page.url()).searchParams.get('reference') ?? '';
  const row = page.getByRole('table', { name: 'Transactions' }).getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText('+₦50,000.00');
  await expect(row).toContainText('Funding');
  await expect(row).toContainText('Success');
  expect(missing).toEqual([]);
});
