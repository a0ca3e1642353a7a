import { describe, expect, it } from 'vitest';
import { movableClock } from '../../../test/harness.js';
import { useTestApp } from '../../../test/test-world.js';
import { multipart, png } from '../../../test/multipart.js';

const clock = movableClock(new Date('2026-11-21T09:00:00Z'));
const world = useTestApp({
  deps: { clock },
  signIn: ['orgadmin@acme.test'],
  ids: async (find) => ({ bike: await find.vehicle('KJA-118-QB') }),
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** The motorcycle's 2026 policy with its PDF, recorded now: each test that reads it records it first, whatever ran before. */
async function recordPolicy() {
  const { body, headers } = multipart({
    insurerName: 'Cornerstone Insurance',
    insuranceType: 'Comprehensive',
    insuranceNumber: 'CI-778812',
    coverageStartDate: '2026-01-01',
    coverageExipiryDate: '2026-12-31',
    amount: '52000',
    document: { filename: 'policy.pdf', contentType: 'application/pdf', data: PDF },
  });
  return world.t.call('PUT', `/api/insurance/vehicle/${world.ids.bike}`, { token: world.token('orgadmin@acme.test'), body, headers });
}

describe('insurance', () => {
  it('records a policy with a PDF and returns both spellings of the end date', async () => {
    const res = await recordPolicy();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Insurance details saved',
      insurance: {
        status: 'ACTIVE',
        insurerName: 'Cornerstone Insurance',
        coverageExipiryDate: '2026-12-31',
        coverageEndDate: '2026-12-31',
        amount: 52000,
      },
    });
    const doc = await world.t.call('GET', res.json().insurance.document);
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toBe('application/pdf');
  });

  it('turns EXPIRED by itself once the coverage end has passed (Lagos calendar)', async () => {
    clock.set('2026-11-21T09:00:00Z');
    expect((await recordPolicy()).statusCode).toBe(200);
    clock.set('2026-12-31T22:30:00Z'); // 23:30 in Lagos: still the last covered day
    expect(
      (await world.t.call('GET', `/api/insurance/vehicle/${world.ids.bike}`, { token: world.token('orgadmin@acme.test') })).json().status,
    ).toBe('ACTIVE');
    clock.set('2026-12-31T23:30:00Z'); // 00:30 on 1 January in Lagos
    expect(
      (await world.t.call('GET', `/api/insurance/vehicle/${world.ids.bike}`, { token: world.token('orgadmin@acme.test') })).json().status,
    ).toBe('EXPIRED');
    const listed = await world.t.call('GET', `/api/vehicles/${world.ids.bike}`, { token: world.token('orgadmin@acme.test') });
    expect(listed.json().insuranceStatus).toBe('EXPIRED');
    clock.set('2025-12-15T12:00:00Z'); // before the policy starts
    expect(
      (await world.t.call('GET', `/api/insurance/vehicle/${world.ids.bike}`, { token: world.token('orgadmin@acme.test') })).json().status,
    ).toBe('NOT_INSURED');
    clock.set('2026-11-21T09:00:00Z');
  });

  it('keeps the document when the same policy is updated without a new file, and keeps history', async () => {
    expect((await recordPolicy()).statusCode).toBe(200);
    const policies = () => world.t.db.selectFrom('insurance_policies').select('id').where('vehicle_id', '=', world.ids.bike).execute();
    const before = (await policies()).length;
    const res = await world.t.call('PUT', `/api/insurance/vehicle/${world.ids.bike}`, {
      token: world.token('orgadmin@acme.test'),
      body: {
        insurerName: 'Cornerstone Insurance',
        insuranceType: 'Comprehensive',
        insuranceNumber: 'CI-778812',
        coverageStartDate: '2026-01-01',
        coverageExipiryDate: '2027-01-31',
        amount: 55000,
      },
    });
    expect(res.json().insurance).toMatchObject({ coverageEndDate: '2027-01-31', amount: 55000 });
    expect(res.json().insurance.document).toMatch(/^\/api\/files\/insurance-document-/);
    expect((await policies()).length).toBe(before + 1);
  });

  it('validates dates, amount and document type', async () => {
    const base = {
      insurerName: 'X',
      insuranceType: 'Third Party',
      insuranceNumber: 'N1',
      coverageStartDate: '2026-05-01',
      coverageExipiryDate: '2026-04-01',
      amount: 1,
    };
    const backwards = await world.t.call('PUT', `/api/insurance/vehicle/${world.ids.bike}`, {
      token: world.token('orgadmin@acme.test'),
      body: base,
    });
    expect(backwards.json()).toMatchObject({ field: 'coverageExipiryDate', error: 'The coverage must end on or after the day it starts' });
    const noAmount = await world.t.call('PUT', `/api/insurance/vehicle/${world.ids.bike}`, {
      token: world.token('orgadmin@acme.test'),
      body: { ...base, coverageExipiryDate: '2026-06-01', amount: '' },
    });
    expect(noAmount.json()).toMatchObject({ field: 'amount', error: 'amount: Please enter valid amount' });
    const badDate = await world.t.call('PUT', `/api/insurance/vehicle/${world.ids.bike}`, {
      token: world.token('orgadmin@acme.test'),
      body: { ...base, coverageStartDate: 'tomorrow' },
    });
    expect(badDate.json().field).toBe('coverageStartDate');
    const { body, headers } = multipart({
      ...Object.fromEntries(Object.entries(base).map(([k, v]) => [k, String(v)])),
      coverageExipiryDate: '2026-06-01',
      document: { filename: 'p.pdf', contentType: 'application/pdf', data: Buffer.from('MZ not a pdf') },
    });
    const notPdf = await world.t.call('PUT', `/api/insurance/vehicle/${world.ids.bike}`, {
      token: world.token('orgadmin@acme.test'),
      body,
      headers,
    });
    expect(notPdf.statusCode).toBe(415);
    expect(notPdf.json().error).toBe('The document must be a PDF or an image (PNG, JPEG, WebP or GIF)');
    const { body: imgBody, headers: imgHeaders } = multipart({
      ...Object.fromEntries(Object.entries(base).map(([k, v]) => [k, String(v)])),
      coverageExipiryDate: '2026-06-01',
      document: png('scan.png'),
    });
    expect(
      (
        await world.t.call('PUT', `/api/insurance/vehicle/${world.ids.bike}`, {
          token: world.token('orgadmin@acme.test'),
          body: imgBody,
          headers: imgHeaders,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('a driver reads but cannot record insurance; an unknown vehicle is 404', async () => {
    const driver = await world.t.login('driver@acme.test');
    expect((await world.t.call('PUT', `/api/insurance/vehicle/${world.ids.bike}`, { token: driver, body: {} })).statusCode).toBe(403);
    expect(
      (
        await world.t.call('GET', '/api/insurance/vehicle/00000000-0000-4000-8000-000000000000', {
          token: world.token('orgadmin@acme.test'),
        })
      ).statusCode,
    ).toBe(404);
  });
});
