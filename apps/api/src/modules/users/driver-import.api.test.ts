/** `POST /drivers/import`: each row checked as `POST /drivers` checks its body; duplicates reported; all rows or none. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { multipart } from '../../../test/multipart.js';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('orgadmin@acme.test');
});
afterAll(async () => t.close());

const csvOf = (lines: string[]) => ['Name,Email,Phone,Password,Group,Status', ...lines].join('\n');

function upload(csv: string, dryRun = false) {
  const form = multipart({ file: { filename: 'drivers.csv', contentType: 'text/csv', data: Buffer.from(csv) } });
  return t.call('POST', '/api/drivers/import', {
    token,
    ...(dryRun ? { query: { dryRun: 'true' } } : {}),
    body: form.body,
    headers: form.headers,
  });
}

const driverCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('role', '=', 'DRIVER')
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('driver import', () => {
  it('a dry run reports field errors, duplicates in the file and against every account, and writes nothing', async () => {
    const before = await driverCount();
    const res = await upload(
      csvOf([
        'Ada Obi,ADA.OBI@Example.com,,Strong-Pass-2026,Operations,',
        ',noname@example.com,,Strong-Pass-2026,,',
        'No Contact,,,Strong-Pass-2026,,',
        'Bad Phone,,12345,Strong-Pass-2026,,',
        'Common Pass,common@example.com,,password123,,',
        'Ada Again,ada.obi@example.com,,Strong-Pass-2026,,',
        'Musa Copy,driver@acme.test,,Strong-Pass-2026,,',
      ]),
      true,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { rows, summary } = res.json();
    expect(summary).toEqual({ total: 7, ok: 1, errors: 4, duplicates: 2 });
    expect(rows[0]).toMatchObject({ row: 2, status: 'ok', value: { name: 'Ada Obi', email: 'ADA.OBI@Example.com' } });
    expect(rows[1].errors).toEqual([{ field: 'name', message: 'This field is required' }]);
    expect(rows[2].errors).toEqual([{ field: 'email', message: 'Enter an email or a phone number' }]);
    expect(rows[3].errors[0].field).toBe('phone');
    expect(rows[4].errors[0]).toMatchObject({ field: 'password' });
    expect(rows[5]).toMatchObject({
      status: 'duplicate',
      errors: [{ field: 'email', message: 'This email is already on line 2 of the file' }],
    });
    expect(rows[6]).toMatchObject({
      status: 'duplicate',
      errors: [{ field: 'email', message: 'An account with this email already exists' }],
    });
    expect(await driverCount()).toBe(before);
  });

  it('one bad row and nothing is written; a clean file creates drivers who can sign in', async () => {
    const before = await driverCount();
    const refused = await upload(csvOf(['Kemi Ade,kemi.ade@example.com,,Strong-Pass-2026,,', 'Broken,,,Strong-Pass-2026,,']));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ created: 0, summary: { errors: 1 } });
    expect(await driverCount()).toBe(before);

    const res = await upload(
      csvOf(['Kemi Ade,kemi.ade@example.com,,Strong-Pass-2026,logistics,', 'Tunde Bello,,0803 555 0101,Strong-Pass-2026,,INACTIVE']),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 2 });
    expect(await driverCount()).toBe(before + 2);
    const kemi = await t.call('GET', '/api/drivers', { token, query: { search: 'kemi' } });
    expect(kemi.json().data[0]).toMatchObject({ role: 'DRIVER', department: { name: 'Logistics' }, status: 'ACTIVE' });
    expect(await t.login('kemi.ade@example.com', 'Strong-Pass-2026')).toBeTruthy();
    const tunde = await t.db.selectFrom('users').select(['phone', 'status']).where('name', '=', 'Tunde Bello').executeTakeFirstOrThrow();
    expect(tunde).toEqual({ phone: '+2348035550101', status: 'INACTIVE' });
  });

  it('the plan limit counts the active drivers of the whole import', async () => {
    const beta = await t.login('orgadmin@beta.test');
    const form = multipart({
      file: {
        filename: 'drivers.csv',
        contentType: 'text/csv',
        data: Buffer.from(csvOf(Array.from({ length: 30 }, (_, i) => `Driver ${i},limit.${i}@example.com,,Strong-Pass-2026,,`))),
      },
    });
    const res = await t.call('POST', '/api/drivers/import', {
      token: beta,
      query: { dryRun: 'true' },
      body: form.body,
      headers: form.headers,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'LIMIT_REACHED', message: expect.stringContaining('this import would add 30') });
  });
});
