import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_USERS, signIn, lagosToday, apiToken } from './support.js';

/** Its own coupon, for a vehicle no other journey redeems for: the demo database is shared. */
const PLATE = 'APP-220-XA';
const UNITY = 'Unity Fuels Ikeja';

async function apiGet(request: APIRequestContext, username: string, url: string) {
  const reply = await request.get(url, { headers: { Authorization: `Bearer ${await apiToken(request, username)}` } });
  expect(reply.ok(), `GET ${url}`).toBe(true);
  return reply.json();
}

const walletBalance = async (request: APIRequestContext, username: string) =>
  (await apiGet(request, username, '/api/wallet')).wallet.balance as number;

async function requireDriverConfirmation(request: APIRequestContext, on: boolean): Promise<void> {
  const token = await apiToken(request, DEMO_USERS.ADMINISTRATOR);
  const reply = await request.put('/api/settings/organization', {
    headers: { Authorization: `Bearer ${token}` },
    data: { requireDriverConfirmation: on },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
}

async function approvedDieselCoupon(request: APIRequestContext, volume: number) {
  const token = await apiToken(request, DEMO_USERS.ADMINISTRATOR);
  const headers = { Authorization: `Bearer ${token}` };
  const vehicles = await apiGet(request, DEMO_USERS.ADMINISTRATOR, `/api/vehicles?search=${PLATE}`);
  const vehicle = vehicles.data.find((v: { plateNumber: string }) => v.plateNumber === PLATE);
  const stations = await apiGet(request, DEMO_USERS.ADMINISTRATOR, '/api/fuel-requests/fuel-stations');
  const station = stations.stations.find((s: { name: string }) => s.name === UNITY);
  const created = await request.post('/api/fuel-requests', {
    headers,
    data: { vehicleId: vehicle.id, stationId: station.id, supplyDate: lagosToday(), volume, currentTankLevel: 20 },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const id = (await created.json()).request.id as string;
  const approved = await request.patch(`/api/fuel-requests/${id}/approve`, { headers });
  expect(approved.ok(), await approved.text()).toBe(true);
  return { id, code: (await approved.json()).request.couponCode as string };
}

test('with the network gone, the attendant checks a coupon on the device, records the fuel, and it is sent when the network returns', async ({
  browser,
  request,
}) => {
  const coupon = await approvedDieselCoupon(request, 8);
  const organizationBefore = await walletBalance(request, DEMO_USERS.ADMINISTRATOR);
  const stationBefore = await walletBalance(request, DEMO_USERS.STATION_REP);

  // Online first: the dashboard keeps the signing keys and the station's open coupons on the device.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, DEMO_USERS.ATTENDANT);
  await expect(page.getByRole('heading', { name: 'Redeem Coupon' })).toBeVisible();
  await expect(page.getByText(/\d+ open coupons? kept for offline checks/)).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.ready.then((registration) => registration.active !== null))).toBe(true);

  await context.setOffline(true);
  // The installed app shell opens again with no network.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Redeem Coupon' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Offline' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Coupon Code' }).fill(coupon.code.replace('-', '').toLowerCase());
  await page.getByRole('button', { name: 'Look Up' }).click();
  await expect(page.getByText("Valid offline: found in this station's open coupons, expiry checked")).toBeVisible();
  await expect(page.getByRole('group', { name: 'Vehicle' })).toContainText(PLATE);
  await expect(page.getByRole('group', { name: 'Approved volume' })).toContainText('8 L of DIESEL');
  await page.getByRole('textbox', { name: 'Dispensed Volume' }).fill('7.5');
  await page.getByRole('button', { name: 'Review' }).click();
  const review = page.getByRole('region', { name: 'Check before you confirm' });
  await expect(review.getByLabel('Amount worked out')).toHaveText(/^7\.5 L × ₦[\d,]+\.\d\d = ₦[\d,]+\.\d\d$/);
  await expect(review.getByRole('group', { name: 'Plate' })).toContainText(PLATE);
  await review.getByRole('button', { name: 'Save on Device' }).click();
  await expect(page.getByText('Saved on this device; will be sent when the network returns')).toBeVisible();
  await expect(page.getByLabel('1 waiting to be sent')).toBeVisible();
  await page.getByRole('button', { name: 'Next Coupon' }).click();

  // Nothing moved while the device was offline.
  expect(await walletBalance(request, DEMO_USERS.ADMINISTRATOR)).toBe(organizationBefore);

  // The same coupon again on this device: it is already waiting.
  await page.getByRole('textbox', { name: 'Coupon Code' }).fill(coupon.code);
  await page.getByRole('button', { name: 'Look Up' }).click();
  await expect(page.getByText('This coupon is already saved on this device and will be sent when the network returns')).toBeVisible();
  await page.getByRole('button', { name: 'Start Over' }).click();

  await context.setOffline(false);
  const sent = page.getByRole('alert').filter({ hasText: `Sent: ${coupon.code}` });
  await expect(sent).toContainText(`Coupon redeemed: 7.5 L of DIESEL for ${PLATE}`);
  await expect(page.getByLabel('1 waiting to be sent')).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Online' })).toBeVisible();

  // Paid once: the organization by the coupon's amount, the station by that amount less the platform fee.
  const redeemed = (await apiGet(request, DEMO_USERS.ADMINISTRATOR, `/api/fuel-requests/single/${coupon.id}`)) as {
    status: string;
    dispensedVolume: number;
    amount: number;
  };
  expect(redeemed).toMatchObject({ status: 'COMPLETED', dispensedVolume: 7.5 });
  expect(await walletBalance(request, DEMO_USERS.ADMINISTRATOR)).toBeCloseTo(organizationBefore - redeemed.amount, 2);
  const stationGain = (await walletBalance(request, DEMO_USERS.STATION_REP)) - stationBefore;
  expect(stationGain).toBeGreaterThan(0);
  expect(stationGain).toBeLessThanOrEqual(redeemed.amount);
  await context.close();
});

// The journeys share the demo database: whatever happens in a test, Acme's rule is off again after it.
test.afterEach(async ({ request }) => requireDriverConfirmation(request, false));

test('offline, a coupon that needs the driver’s PIN is refused before any fuel, and a queued redemption the server refuses reaches the representative', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    // The organization requires the driver's confirmation while the device reads its list.
    await requireDriverConfirmation(request, true);
    const needsPin = await approvedDieselCoupon(request, 6);
    const page = await context.newPage();
    await signIn(page, DEMO_USERS.ATTENDANT);
    await expect(page.getByText(/\d+ open coupons? kept for offline checks/)).toBeVisible();
    await context.setOffline(true);
    await page.getByRole('textbox', { name: 'Coupon Code' }).fill(needsPin.code);
    await page.getByRole('button', { name: 'Look Up' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'This coupon cannot be redeemed offline' });
    await expect(refusal).toContainText(
      "Do not dispense on this coupon now: its organization needs the driver's PIN or code, which only the server can check.",
    );
    await expect(page.getByRole('textbox', { name: 'Dispensed Volume' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Review' })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('offline-confirmation-refused-390.png'), fullPage: true });
    await page.getByRole('button', { name: 'Start Over' }).click();

    // Without the rule the device records a fill offline; the organization switches the rule on
    // before the network returns, so the server refuses what the device sends.
    await context.setOffline(false);
    await requireDriverConfirmation(request, false);
    const coupon = await approvedDieselCoupon(request, 5);
    await page.reload();
    await expect(page.getByText(/\d+ open coupons? kept for offline checks/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Online' })).toBeVisible();
    await context.setOffline(true);
    await page.getByRole('textbox', { name: 'Coupon Code' }).fill(coupon.code);
    await page.getByRole('button', { name: 'Look Up' }).click();
    await expect(page.getByText("Valid offline: found in this station's open coupons, expiry checked")).toBeVisible();
    await page.getByRole('textbox', { name: 'Dispensed Volume' }).fill('5');
    await page.getByRole('button', { name: 'Review' }).click();
    await page.getByRole('region', { name: 'Check before you confirm' }).getByRole('button', { name: 'Save on Device' }).click();
    await expect(page.getByLabel('1 waiting to be sent')).toBeVisible();
    await requireDriverConfirmation(request, true);

    await context.setOffline(false);
    const refused = page.getByRole('alert').filter({ hasText: `Not redeemed: ${coupon.code}` });
    await expect(refused).toContainText('The driver must confirm this redemption');
    await expect(refused).toContainText('Your station representative has it to follow up, and the organization was alerted.');
    await expect(page.getByLabel('1 waiting to be sent')).toBeHidden();
    // Sent and answered: the redeem card no longer claims the fill waits on the device.
    await expect(page.getByText('Saved on this device; will be sent when the network returns')).toBeHidden();
    await expect(page.getByRole('textbox', { name: 'Coupon Code' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('offline-refused-when-sent-390.png'), fullPage: true });

    // The organization is alerted; the representative settles it on the station desk.
    const alerts = (await apiGet(request, DEMO_USERS.ADMINISTRATOR, '/api/alerts')).alerts as { kind: string; subject: { id: string } }[];
    expect(alerts.some((alert) => alert.kind === 'OFFLINE_REDEMPTION_REFUSED' && alert.subject.id === coupon.id)).toBe(true);
    const repContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const repPage = await repContext.newPage();
    await signIn(repPage, DEMO_USERS.STATION_REP);
    // At 390 px the list's rows are cards.
    const followUps = repPage.getByRole('list', { name: 'Refused offline redemptions' });
    const row = followUps.getByRole('listitem').filter({ hasText: coupon.code });
    await expect(row).toContainText('The driver must confirm this redemption');
    await expect(row).toContainText(/₦[\d,]+\.\d\d/);
    await repPage.screenshot({ path: test.info().outputPath('rep-follow-ups-390.png'), fullPage: true });
    await row.getByRole('button', { name: 'Resolve' }).click();
    const dialog = repPage.getByRole('dialog', { name: 'Resolve follow-up' });
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await expect(dialog.getByText('Say how it was settled')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'How it was settled' }).fill('Acme paid by transfer, ref TRF-0099');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await expect(dialog).toBeHidden();
    await expect(followUps.getByRole('listitem').filter({ hasText: coupon.code })).toHaveCount(0);
    const after = (await apiGet(request, DEMO_USERS.ADMINISTRATOR, '/api/alerts')).alerts as { kind: string; subject: { id: string } }[];
    expect(after.some((alert) => alert.kind === 'OFFLINE_REDEMPTION_REFUSED' && alert.subject.id === coupon.id)).toBe(false);
    await repContext.close();
  } finally {
    await context.close();
  }
});
