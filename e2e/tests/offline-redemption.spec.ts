import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS, signIn } from './support.js';

/** Its own coupon, for a vehicle no other journey redeems for: the demo database is shared. */
const PLATE = 'APP-220-XA';
const UNITY = 'Unity Fuels Ikeja';

function lagosToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
}

async function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  const reply = await request.post('/api/auth/login', { data: { username, password: DEMO_PASSWORD } });
  expect(reply.ok()).toBe(true);
  return (await reply.json()).token as string;
}

async function apiGet(request: APIRequestContext, username: string, url: string) {
  const reply = await request.get(url, { headers: { Authorization: `Bearer ${await tokenOf(request, username)}` } });
  expect(reply.ok(), `GET ${url}`).toBe(true);
  return reply.json();
}

const walletBalance = async (request: APIRequestContext, username: string) =>
  (await apiGet(request, username, '/api/wallet')).wallet.balance as number;

async function approvedDieselCoupon(request: APIRequestContext, volume: number) {
  const token = await tokenOf(request, DEMO_USERS.ADMINISTRATOR);
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
  await page.getByRole('button', { name: 'Save on Device' }).click();
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
