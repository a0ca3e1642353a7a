import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { DEMO_USERS, signIn, lagosToday, apiToken, recordWrites } from './support.js';

/** Set SHOTS_DIR to keep a screenshot of every step of the first journey, for a person to look at. */
const SHOTS_DIR = process.env.SHOTS_DIR;
const UNITY = 'Unity Fuels Ikeja';
const PLATE = 'LND-451-KJ';

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: true });
}

function toast(page: Page, text: string | RegExp): Locator {
  return page.getByRole('alert').filter({ hasText: text });
}

/** A signed-in page in a browser context of its own, so that several people can act in one test. */
async function pageAs(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, username);
  return page;
}

async function apiGet(request: APIRequestContext, token: string, url: string) {
  const reply = await request.get(url, { headers: { Authorization: `Bearer ${token}` } });
  expect(reply.ok(), `GET ${url}`).toBe(true);
  return reply.json();
}

async function walletBalance(request: APIRequestContext, username: string): Promise<number> {
  const token = await apiToken(request, username);
  return (await apiGet(request, token, '/api/wallet')).wallet.balance as number;
}

/** A fuel request for LND-451-KJ at Unity Fuels Ikeja, made and approved through the API. */
async function approvedRequest(request: APIRequestContext, volume: number) {
  const token = await apiToken(request, DEMO_USERS.ADMINISTRATOR);
  const headers = { Authorization: `Bearer ${token}` };
  const vehicles = await apiGet(request, token, `/api/vehicles?search=${PLATE}`);
  const vehicle = vehicles.data.find((v: { plateNumber: string }) => v.plateNumber === PLATE);
  const stations = await apiGet(request, token, '/api/fuel-requests/fuel-stations');
  const station = stations.stations.find((s: { name: string }) => s.name === UNITY);
  const created = await request.post('/api/fuel-requests', {
    headers,
    data: { vehicleId: vehicle.id, stationId: station.id, supplyDate: lagosToday(), volume, currentTankLevel: 20 },
  });
  expect(created.ok()).toBe(true);
  const id = (await created.json()).request.id as string;
  const approved = await request.patch(`/api/fuel-requests/${id}/approve`, { headers });
  expect(approved.ok()).toBe(true);
  return { id, token, code: (await approved.json()).request.couponCode as string };
}

function stationSelect(page: Page): Locator {
  return page.getByRole('combobox', { name: 'Fuel Station' });
}

async function chooseStation(page: Page, name: string): Promise<void> {
  const value = await stationSelect(page).locator('option', { hasText: name }).getAttribute('value');
  expect(value).toBeTruthy();
  await stationSelect(page).selectOption(value ?? '');
}

test('a driver requests fuel, the organization admin approves it and downloads the coupon, the attendant redeems it by its code', async ({
  browser,
  request,
}, testInfo) => {
  // Five people and a download: more than the default budget of one quick test.
  test.setTimeout(90_000);

  // The driver asks for fuel for its own vehicle.
  const driver = await pageAs(browser, DEMO_USERS.DRIVER);
  await driver.goto('/fuel/generate-coupon');
  await expect(driver.getByRole('heading', { name: 'Generate Coupon' })).toBeVisible();
  const form = driver.getByRole('form', { name: 'Generate coupon' });
  await expect(form.getByRole('combobox', { name: 'Vehicle' })).toHaveValue(/.+/);
  await expect(form.getByRole('combobox', { name: 'Vehicle' }).locator('option:checked')).toHaveText(`${PLATE} — Toyota Hilux`);
  await chooseStation(driver, UNITY);
  await expect(stationSelect(driver).locator('option:checked')).toHaveText(/Unity Fuels Ikeja — ₦[\d,.]+\/L/);
  await form.getByRole('textbox', { name: 'Volume' }).fill('23.5');
  await form.getByRole('combobox', { name: 'Current Tank Level' }).selectOption({ label: '2/10' });
  await form.getByRole('textbox', { name: 'Note' }).fill('Lagos–Ibadan delivery');
  await expect(form.getByText(/^Estimated cost: ₦/)).toBeVisible();
  await shot(driver, 'a-01-driver-form');
  await form.getByRole('button', { name: 'Generate Coupon' }).click();
  await expect(toast(driver, 'Request Successfull!')).toBeVisible();
  const mine = driver.getByRole('table', { name: 'My fuel requests' });
  await expect(mine.getByRole('row').filter({ hasText: '23.5 L' }).filter({ hasText: 'Pending' })).toBeVisible();
  await shot(driver, 'a-02-driver-requested');

  // The organization admin approves it on Fuel Tracking and downloads its coupon.
  const admin = await pageAs(browser, DEMO_USERS.ADMINISTRATOR);
  await admin.goto('/fuel');
  const row = admin
    .getByRole('table', { name: 'Fuel requests' })
    .getByRole('row')
    .filter({ hasText: 'Musa Ibrahim' })
    .filter({ hasText: '23.5 L' });
  await expect(row).toContainText('Pending');
  await shot(admin, 'a-03-admin-fuel-tracking');
  await row.getByRole('button', { name: /^Approve / }).click();
  const approve = admin.getByRole('dialog', { name: 'Approve fuel request' });
  await expect(approve).toContainText('23.5 L of PETROL');
  await shot(admin, 'a-04-admin-approve-dialog');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(toast(admin, 'Fuel request approved.')).toBeVisible();
  await expect(row).toContainText('Approved');

  const downloading = admin.waitForEvent('download');
  await row.getByRole('button', { name: /^Download Coupon / }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^fuel-coupon-LND-451-KJ-[A-Z2-9]{4}-[A-Z2-9]{4}\.pdf$/);
  const pdfPath = testInfo.outputPath('coupon.pdf');
  await download.saveAs(pdfPath);
  expect(readFileSync(pdfPath).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await row.getByRole('button', { name: /^Show QR\/Code / }).click();
  const coupon = admin.getByRole('dialog', { name: 'Coupon' });
  const code = ((await coupon.getByLabel('Coupon code').textContent()) ?? '').trim();
  expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  expect(download.suggestedFilename()).toContain(code);
  // The QR is drawn on screen from the signed payload: a scanner reads the coupon's own code from it.
  const qrImage = coupon.getByRole('img', { name: 'Coupon QR code' });
  await expect(qrImage).toBeVisible();
  const qrPng = testInfo.outputPath('coupon-qr.png');
  await qrImage.screenshot({ path: qrPng });
  const scanned = execFileSync('zbarimg', ['--quiet', '--raw', '-Sqrcode.enable', qrPng], { encoding: 'utf8' }).trim();
  const [, claims] = scanned.split('.');
  expect(JSON.parse(Buffer.from(claims ?? '', 'base64url').toString('utf8'))).toMatchObject({ k: 'F', code, plate: PLATE });
  await shot(admin, 'a-05-admin-coupon-code');
  await coupon.getByRole('button', { name: 'Close' }).click();

  const organizationBefore = await walletBalance(request, DEMO_USERS.ADMINISTRATOR);
  const stationBefore = await walletBalance(request, DEMO_USERS.STATION_REP);

  // The attendant types the code (lower case, no dash), checks the coupon and dispenses less than approved.
  const attendant = await pageAs(browser, DEMO_USERS.ATTENDANT);
  await expect(attendant.getByRole('heading', { name: 'Redeem Coupon' })).toBeVisible();
  await attendant.getByRole('textbox', { name: 'Coupon Code' }).fill(code.replace('-', '').toLowerCase());
  await attendant.getByRole('button', { name: 'Look Up' }).click();
  await expect(attendant.getByRole('group', { name: 'Vehicle' })).toContainText(`Toyota Hilux · ${PLATE}`);
  await expect(attendant.getByRole('group', { name: 'Organization' })).toContainText('Acme Logistics');
  await expect(attendant.getByRole('group', { name: 'Approved volume' })).toContainText('23.5 L of PETROL');
  await expect(attendant.getByRole('textbox', { name: 'Dispensed Volume' })).toHaveValue('23.5');
  await shot(attendant, 'a-06-attendant-preview');
  await attendant.getByRole('textbox', { name: 'Dispensed Volume' }).fill('24');
  await attendant.getByRole('textbox', { name: 'Dispensed Volume' }).blur();
  await expect(attendant.getByText('At most 23.5 L may be dispensed on this coupon')).toBeVisible();
  // Review pressed with too many litres: no review, the volume keeps its message and takes the focus.
  const attendantWrites = recordWrites(attendant);
  await attendant.getByRole('button', { name: 'Review' }).click();
  await expect(attendant.getByRole('textbox', { name: 'Dispensed Volume' })).toBeFocused();
  await expect(attendant.getByText('At most 23.5 L may be dispensed on this coupon')).toBeVisible();
  await expect(attendant.getByRole('region', { name: 'Check before you confirm' })).toHaveCount(0);
  expect(attendantWrites).toEqual([]);
  await attendant.getByRole('textbox', { name: 'Dispensed Volume' }).fill('20');
  await attendant.getByRole('button', { name: 'Review' }).click();
  // Nothing has moved yet: the review shows what will be paid, worked out, before the one Confirm.
  const review = attendant.getByRole('region', { name: 'Check before you confirm' });
  await expect(review.getByLabel('Amount worked out')).toHaveText(/^20 L × ₦[\d,]+\.\d\d = ₦[\d,]+\.\d\d$/);
  await expect(review.getByRole('group', { name: 'Plate' })).toContainText(PLATE);
  await expect(review.getByRole('group', { name: 'Fuel' })).toContainText('PETROL');
  expect(await walletBalance(request, DEMO_USERS.ADMINISTRATOR)).toBe(organizationBefore);
  await shot(attendant, 'a-06b-attendant-review');
  await review.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(attendant, `Coupon redeemed: 20 L of PETROL for ${PLATE}`)).toBeVisible();
  await expect(attendant.getByRole('textbox', { name: 'Coupon Code' })).toHaveValue('');
  await expect(
    attendant.getByRole('table', { name: "Today's redemptions" }).getByRole('row').filter({ hasText: PLATE }).first(),
  ).toContainText('20 L PETROL');
  await shot(attendant, 'a-07-attendant-redeemed');
  await attendant.getByRole('textbox', { name: 'Coupon Code' }).fill(code);
  await attendant.getByRole('button', { name: 'Look Up' }).click();
  await expect(attendant.getByRole('alert').filter({ hasText: /^This coupon cannot be redeemed/ })).toContainText(
    'This coupon was already redeemed on',
  );
  await expect(attendant.getByRole('button', { name: 'Confirm' })).toHaveCount(0);

  // The organization paid for 20 litres: its wallet shows the payment under the coupon's code.
  const organizationAfter = await walletBalance(request, DEMO_USERS.ADMINISTRATOR);
  const paid = Math.round((organizationBefore - organizationAfter) * 100) / 100;
  expect(paid).toBeGreaterThan(0);
  await admin.goto('/wallet');
  const payment = admin.getByRole('table', { name: 'Transactions' }).getByRole('row').filter({ hasText: code });
  await expect(payment).toContainText('Payment');
  await expect(payment).toContainText(`Fuel: 20 L of PETROL for ${PLATE}`);
  await expect(payment).toContainText(`₦${paid.toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
  await shot(admin, 'a-08-admin-wallet-payment');

  // The station representative's dashboard shows the station's higher balance.
  const stationAfter = await walletBalance(request, DEMO_USERS.STATION_REP);
  expect(stationAfter).toBeGreaterThan(stationBefore);
  const rep = await pageAs(browser, DEMO_USERS.STATION_REP);
  await expect(rep).toHaveURL(/\/stations$/);
  const balance = rep.getByRole('group', { name: 'Station balance' });
  await expect(balance).toContainText(`₦${stationAfter.toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
  await shot(rep, 'a-09-rep-station-dashboard');
});

test('the attendant redeems a coupon by choosing a picture of its QR code', async ({ browser, request }, testInfo) => {
  const { id, token } = await approvedRequest(request, 21.5);
  const pdf = await request.get(`/api/fuel-requests/${id}/generate-coupon`, { headers: { Authorization: `Bearer ${token}` } });
  expect(pdf.ok()).toBe(true);
  const pdfPath = testInfo.outputPath('coupon.pdf');
  writeFileSync(pdfPath, await pdf.body());
  const pngBase = testInfo.outputPath('coupon');
  execFileSync('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', '-singlefile', pdfPath, pngBase]);

  const attendant = await pageAs(browser, DEMO_USERS.ATTENDANT);
  await attendant.getByLabel('QR image file').setInputFiles(`${pngBase}.png`);
  await expect(attendant.getByRole('group', { name: 'Approved volume' })).toContainText('21.5 L of PETROL');
  await expect(attendant.getByRole('group', { name: 'Vehicle' })).toContainText(PLATE);
  await attendant.getByRole('button', { name: 'Review' }).click();
  await attendant.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(attendant, `Coupon redeemed: 21.5 L of PETROL for ${PLATE}`)).toBeVisible();

  // The same coupon a second time is refused with the day it was redeemed, and nothing to confirm.
  await attendant.getByLabel('QR image file').setInputFiles(`${pngBase}.png`);
  await expect(attendant.getByRole('alert').filter({ hasText: /This coupon was already redeemed on / })).toBeVisible();
  await expect(attendant.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
});

test('with stickers required, the attendant reads the windscreen sticker from a picture before the review, and another vehicle’s is refused', async ({
  browser,
  request,
}, testInfo) => {
  const { id, token, code } = await approvedRequest(request, 6.5);
  const headers = { Authorization: `Bearer ${token}` };
  const setScan = async (on: boolean) => {
    const reply = await request.put('/api/settings/organization', { headers, data: { requireVehicleScan: on } });
    expect(reply.ok(), await reply.text()).toBe(true);
  };
  /** The printed sticker sheet of one vehicle, as a picture the attendant chooses. */
  const stickerPicture = async (plate: string) => {
    const vehicles = await apiGet(request, token, `/api/vehicles?search=${plate}`);
    const vehicle = vehicles.data.find((v: { plateNumber: string }) => v.plateNumber === plate);
    const pdf = await request.get(`/api/vehicles/stickers.pdf?ids=${vehicle.id}`, { headers });
    expect(pdf.ok()).toBe(true);
    const pdfPath = testInfo.outputPath(`sticker-${plate}.pdf`);
    writeFileSync(pdfPath, await pdf.body());
    const pngBase = testInfo.outputPath(`sticker-${plate}`);
    execFileSync('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', '-singlefile', pdfPath, pngBase]);
    return `${pngBase}.png`;
  };
  await setScan(true);
  try {
    const attendant = await pageAs(browser, DEMO_USERS.ATTENDANT);
    await attendant.getByRole('textbox', { name: 'Coupon Code' }).fill(code);
    await attendant.getByRole('button', { name: 'Look Up' }).click();
    const sticker = attendant.getByRole('group', { name: 'Vehicle sticker' });
    await expect(sticker).toBeVisible();

    await attendant.getByLabel('Sticker image file').setInputFiles(await stickerPicture('APP-220-XA'));
    await expect(sticker.getByRole('alert')).toContainText('APP-220-XA');
    await attendant.getByLabel('Sticker image file').setInputFiles(await stickerPicture(PLATE));
    await expect(sticker.getByRole('status')).toContainText(`Sticker read: ${PLATE}`);
    await attendant.getByRole('button', { name: 'Review' }).click();
    await attendant.getByRole('region', { name: 'Check before you confirm' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(toast(attendant, `Coupon redeemed: 6.5 L of PETROL for ${PLATE}`)).toBeVisible();
    expect((await apiGet(request, token, `/api/fuel-requests/single/${id}`)).status).toBe('COMPLETED');
  } finally {
    await setScan(false);
  }
});

test('an assistant admin cannot approve, and another station cannot find the coupon', async ({ browser, request }) => {
  const assistant = await pageAs(browser, DEMO_USERS.ASST_ADMINISTRATOR);
  await assistant.goto('/fuel');
  const table = assistant.getByRole('table', { name: 'Fuel requests' });
  await expect(table.getByRole('row').filter({ hasText: 'Pending' }).first()).toBeVisible();
  await expect(table.getByRole('button', { name: /^Approve / })).toHaveCount(0);
  await expect(table.getByRole('button', { name: /^Reject / })).toHaveCount(0);
  await expect(table.getByRole('button', { name: /^Download Coupon / }).first()).toBeVisible();

  const { code } = await approvedRequest(request, 5);
  const otherStation = await pageAs(browser, 'rep@greenline.test');
  await expect(otherStation.getByRole('heading', { name: 'Redeem Coupon' })).toBeVisible();
  await otherStation.getByRole('textbox', { name: 'Coupon Code' }).fill(code);
  await otherStation.getByRole('button', { name: 'Look Up' }).click();
  await expect(otherStation.getByRole('alert').filter({ hasText: /^Coupon not found\. Check the code/ })).toBeVisible();
  await expect(otherStation.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
});

test('the organization admin schedules maintenance without a station, approves it and marks it completed', async ({ page }) => {
  const job = `Brake pads, rear axle (${Date.now().toString(36)})`;
  await signIn(page, DEMO_USERS.ADMINISTRATOR);
  await page.goto('/maintenance');
  await page.getByRole('button', { name: 'Schedule Maintenance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule Maintenance' });
  await dialog.getByRole('combobox', { name: 'Vehicle' }).selectOption({ label: 'APP-220-XA — Mercedes-Benz Actros 2640' });
  await dialog.getByRole('textbox', { name: 'Description' }).fill(job);
  await dialog.getByRole('textbox', { name: 'Estimated Cost (₦)' }).fill('45000');
  await dialog.getByRole('button', { name: 'Schedule Maintenance' }).click();
  await expect(toast(page, 'Request Successfull!')).toBeVisible();

  const row = page.getByRole('table', { name: 'Maintenance requests' }).getByRole('row').filter({ hasText: job });
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('No station');
  await row.getByRole('button', { name: /^Approve / }).click();
  await page.getByRole('dialog', { name: 'Approve maintenance request' }).getByRole('button', { name: 'Approve' }).click();
  await expect(toast(page, 'Maintenance request approved.')).toBeVisible();
  await expect(row).toContainText('Approved');

  await row.getByRole('button', { name: /^Mark Completed / }).click();
  const complete = page.getByRole('dialog', { name: 'Mark Completed' });
  await complete.getByRole('textbox', { name: 'Final Cost (₦)' }).fill('50000');
  await complete.getByRole('textbox', { name: 'Final Cost (₦)' }).blur();
  await expect(complete.getByText('The final cost cannot exceed the approved ₦45,000.00')).toBeVisible();
  await complete.getByRole('textbox', { name: 'Final Cost (₦)' }).fill('42500');
  await complete.getByRole('button', { name: 'Mark Completed' }).click();
  await expect(toast(page, /^Maintenance completed for APP-220-XA/)).toBeVisible();
  await expect(row).toContainText('Completed');
  await expect(row).toContainText('₦42,500.00');
});

test('the approve dialog lists a flagged request’s anomalies before approving; its row is marked with the count', async ({ page }) => {
  await signIn(page, DEMO_USERS.ADMINISTRATOR);
  await page.goto('/fuel');
  // The demo's pending Hilux request (50 L, "Ibadan delivery run") raises four flags.
  const marker = page.getByRole('img', { name: '4 anomaly flags' });
  const row = page.getByRole('table', { name: 'Fuel requests' }).getByRole('row').filter({ has: marker });
  await expect(row.getByRole('img', { name: '4 anomaly flags' })).toHaveText('4');
  await expect(row).toContainText('Pending');
  await row.getByRole('button', { name: /^Approve / }).click();
  const approve = page.getByRole('dialog', { name: 'Approve fuel request' });
  await expect(approve).toContainText('Check these 4 flags before approving');
  await expect(approve).toContainText('50 L requested with the tank at 60% (48 L); 98 L is more than the 80 L tank');
  await expect(approve).toContainText(
    /Critical:\s*Odometer 63,820 km is 15,000 km past the reading of 48,820 km .* earlier; more than 120 km\/h/,
  );
  await shot(page, 'b-01-approve-dialog-with-flags');
  await approve.getByRole('button', { name: 'Cancel' }).click();
  await expect(approve).toBeHidden();
});
