/**
 * Issue 42's odometer evidence, on the attendant's phone (390 px): the organization requires the
 * reading and a photo at the pump; the attendant types it, photographs the odometer, reviews and
 * confirms; the organization sees the photo on the request's record.
 */
import { crc32, deflateSync } from 'node:zlib';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_USERS, signIn, lagosToday, apiHeaders } from './support.js';

const UNITY = 'Unity Fuels Ikeja';
const PLATE = 'LND-451-KJ';
/** A real 64×48 PNG (a colour ramp), which the browser decodes and shrinks like a camera's picture. */
function picture(width = 64, height = 48): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Array.from({ length: height }, (_, y) =>
    Buffer.from([0, ...Array.from({ length: width }, (_, x) => [(x * 4) % 256, (y * 5) % 256, 128]).flat()]),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const requireEvidence = (request: APIRequestContext, headers: Record<string, string>, on: boolean) =>
  request.put('/api/settings/organization', { headers, data: { requireOdometerAtPump: on, requireOdometerPhoto: on } });

test('the attendant types the odometer and photographs it on a phone; the organization sees the photo', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const headers = await apiHeaders(request, DEMO_USERS.ADMINISTRATOR);
  expect((await requireEvidence(request, headers, true)).ok()).toBe(true);
  try {
    const vehicles = await (await request.get(`/api/vehicles?search=${PLATE}`, { headers })).json();
    const vehicle = vehicles.data.find((v: { plateNumber: string }) => v.plateNumber === PLATE) as {
      id: string;
      lastOdometer: number | null;
    };
    const stations = await (await request.get('/api/fuel-requests/fuel-stations', { headers })).json();
    const stationId = stations.stations.find((s: { name: string }) => s.name === UNITY).id as string;
    const created = await request.post('/api/fuel-requests', {
      headers,
      data: { vehicleId: vehicle.id, stationId, supplyDate: lagosToday(), volume: 6 },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const id = (await created.json()).request.id as string;
    const approved = await request.patch(`/api/fuel-requests/${id}/approve`, { headers });
    expect(approved.ok(), await approved.text()).toBe(true);
    const code = (await approved.json()).request.couponCode as string;

    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    const attendant = await context.newPage();
    await signIn(attendant, DEMO_USERS.ATTENDANT);
    await attendant.getByRole('textbox', { name: 'Coupon Code' }).fill(code);
    await attendant.getByRole('button', { name: 'Look Up' }).click();
    const form = attendant.getByRole('form', { name: 'Redeem fuel coupon' });
    await expect(form.getByText('Required by the organization', { exact: true })).toBeVisible();
    const reading = Math.ceil((vehicle.lastOdometer ?? 0) + 12);
    await form.getByRole('textbox', { name: /Odometer \(km\)/ }).fill(String(reading));
    await form.getByRole('button', { name: 'Review' }).click();
    await expect(form.getByRole('alert').filter({ hasText: 'Take a photo of the odometer' })).toBeVisible();
    await form.getByLabel('Odometer photo file').setInputFiles({ name: 'odometer.png', mimeType: 'image/png', buffer: picture() });
    await expect(form.getByRole('img', { name: 'Photo of the odometer' })).toBeVisible();
    await attendant.screenshot({ path: test.info().outputPath('odometer-photo-390.png'), fullPage: true });
    await form.getByRole('button', { name: 'Review' }).click();
    await attendant.getByRole('region', { name: 'Check before you confirm' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(attendant.getByRole('alert').filter({ hasText: `Coupon redeemed: 6 L of PETROL for ${PLATE}` })).toBeVisible({
      timeout: 20_000,
    });
    await context.close();

    const manager = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    const page = await manager.newPage();
    await signIn(page, DEMO_USERS.ADMINISTRATOR);
    await page.goto(`/details?type=fuel&id=${id}`);
    const photos = page.getByRole('group', { name: 'Photos at the pump' });
    await expect(photos.getByRole('img', { name: /^Odometer photo 1, by / })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Odometer' })).toContainText(`${reading.toLocaleString('en-NG')} km`);
    await page.screenshot({ path: test.info().outputPath('odometer-record-390.png'), fullPage: true });
    await manager.close();
  } finally {
    await requireEvidence(request, headers, false);
  }
});
