/**
 * Issue 44's journey: a fill that breaks a SOFT fuel policy stops at the pump; the organization
 * admin approves the override on a phone; the attendant's screen, which waited, completes it.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DEMO_USERS, signIn, lagosToday, apiHeaders } from './support.js';

const UNITY = 'Unity Fuels Ikeja';
/** The Actros, with a policy of its own for this journey only (removed at its end). */
const PLATE = 'APP-220-XA';

async function adminApi(request: APIRequestContext) {
  const headers = await apiHeaders(request, DEMO_USERS.ADMINISTRATOR);
  const vehicles = await (await request.get(`/api/vehicles?search=${PLATE}`, { headers })).json();
  const vehicleId = vehicles.data.find((v: { plateNumber: string }) => v.plateNumber === PLATE).id as string;
  return { headers, vehicleId };
}

async function pageAs(browser: Browser, username: string, viewport?: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext(viewport ? { viewport, hasTouch: true } : {});
  const page = await context.newPage();
  await signIn(page, username);
  return page;
}

test('a soft breach at the pump waits; the manager approves on a phone; the attendant completes', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { headers, vehicleId } = await adminApi(request);
  // The Actros's own SOFT limit of 5 L a fill; an 8 L coupon is approved (a SOFT breach is only flagged then).
  const policy = await request.post('/api/fuel-policies', {
    headers,
    data: { rule: 'MAX_LITRES_PER_FILL', value: 5, enforcement: 'SOFT', scope: { type: 'VEHICLE', id: vehicleId } },
  });
  expect(policy.ok(), await policy.text()).toBe(true);
  const policyId = (await policy.json()).policy.id as string;
  try {
    const stations = await (await request.get('/api/fuel-requests/fuel-stations', { headers })).json();
    const stationId = stations.stations.find((s: { name: string }) => s.name === UNITY).id as string;
    const created = await request.post('/api/fuel-requests', {
      headers,
      data: { vehicleId, stationId, supplyDate: lagosToday(), volume: 8 },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const id = (await created.json()).request.id as string;
    const approved = await request.patch(`/api/fuel-requests/${id}/approve`, { headers });
    expect(approved.ok(), await approved.text()).toBe(true);
    const code = (await approved.json()).request.couponCode as string;

    // The attendant looks the coupon up, reviews 8 L and confirms: the pump waits for a manager.
    const attendant = await pageAs(browser, DEMO_USERS.ATTENDANT);
    await attendant.getByRole('textbox', { name: 'Coupon Code' }).fill(code);
    await attendant.getByRole('button', { name: 'Look Up' }).click();
    await expect(attendant.getByRole('textbox', { name: 'Dispensed Volume' })).toHaveValue('8');
    await attendant.getByRole('button', { name: 'Review' }).click();
    await attendant.getByRole('region', { name: 'Check before you confirm' }).getByRole('button', { name: 'Confirm' }).click();
    const waiting = attendant.getByRole('region', { name: "Waiting for a manager's approval" });
    await expect(waiting).toBeVisible();
    await expect(waiting.getByRole('list', { name: 'Why it needs approval' })).toContainText(
      `8 L dispensed; the limit is 5 L per fill (vehicle ${PLATE} policy)`,
    );

    // The organization admin, on a phone, finds it at the top of Flags and approves it in one tap.
    const manager = await pageAs(browser, DEMO_USERS.ADMINISTRATOR, { width: 390, height: 844 });
    await manager.goto('/flags');
    const card = manager.getByRole('article', { name: `Override for ${PLATE}` });
    // The section appears once the list of overrides waiting has been read.
    await expect(card).toBeVisible({ timeout: 15_000 });
    await expect(card.getByLabel('Litres asked')).toContainText('8');
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(manager.getByRole('alert').filter({ hasText: /^Override approved/ })).toBeVisible();

    // The attendant's screen completes by itself.
    await expect(attendant.getByRole('alert').filter({ hasText: `Coupon redeemed: 8 L of DIESEL for ${PLATE}` })).toBeVisible({
      timeout: 20_000,
    });
    const after = await (await request.get(`/api/fuel-requests/single/${id}`, { headers })).json();
    expect(after.status).toBe('COMPLETED');
    expect(after.flags.map((flag: { message: string }) => flag.message)).toContainEqual(expect.stringMatching(/override$/));
    await attendant.context().close();
    await manager.context().close();
  } finally {
    await request.delete(`/api/fuel-policies/${policyId}`, { headers });
  }
});
