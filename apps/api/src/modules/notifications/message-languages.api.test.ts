/**
 * Messages in the person's language (issue 46): the outbox keeps a template and its values, and
 * the sender words them in the recipient's language when it sends them: a Yoruba driver's coupon
 * text, a Hausa admin's e-mail, an organization's ASCII texts, and rows written before templates.
 */
import { execFileSync } from 'node:child_process';
import { lagosDate } from '../../platform/clock.js';
import { smsEncoding, smsSize } from '../../platform/sms/segments.js';
import { creditOrganization } from '../../../test/demo-world.js';
import { useTestApp } from '../../../test/test-world.js';
import { afterEach, describe, expect, it } from 'vitest';

const world = useTestApp({
  signIn: ['orgadmin@acme.test', 'admin@fleetfuel.test'],
  ids: async (find) => ({ hilux: await find.vehicle('LND-451-KJ'), unity: await find.station('Unity Fuels Ikeja') }),
  setUp: async ({ t }) => creditOrganization(t, 'Acme Logistics', 400_000),
});

const speaks = (email: string, language: string) => world.t.db.updateTable('users').set({ language }).where('email', '=', email).execute();

async function asciiTexts(on: boolean) {
  const saved = await world.t.call('PUT', '/api/settings/organization', {
    token: world.token('orgadmin@acme.test'),
    body: { asciiTexts: on },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(saved.json().settings.asciiTexts).toBe(on);
}

afterEach(async () => {
  await speaks('driver@acme.test', 'en');
  await speaks('orgadmin@acme.test', 'en');
  await asciiTexts(false);
});

/** Raises a request for the Hilux (driven by driver@acme.test) and decides it; returns its coupon code, if approved. */
async function decided(decision: 'approve' | 'reject'): Promise<string | null> {
  const token = world.token('orgadmin@acme.test');
  const created = await world.t.call('POST', '/api/fuel-requests', {
    token,
    body: { vehicleId: world.ids.hilux, stationId: world.ids.unity, supplyDate: lagosDate(new Date()), volume: 12 },
  });
  expect(created.statusCode, created.body).toBe(200);
  const done = await world.t.call('PATCH', `/api/fuel-requests/${created.json().request.id as string}/${decision}`, {
    token,
    ...(decision === 'reject' ? { body: { note: 'Tank still full' } } : {}),
  });
  expect(done.statusCode, done.body).toBe(200);
  await world.t.app.background.idle();
  return (done.json().request.couponCode as string | null) ?? null;
}

describe('messages in the recipient’s language', () => {
  it('texts a Yoruba-speaking driver the coupon in Yoruba, within two SMS parts', async () => {
    await speaks('driver@acme.test', 'yo');
    const before = world.t.smsOutbox().length;
    const code = await decided('approve');
    const [sms] = world.t.smsOutbox().slice(before);
    expect(sms?.text).toMatch(
      new RegExp(`^Coupon FleetFuel ${code}: epo pẹtiró 12 L fún LND-451-KJ ní Unity Fuels Ikeja\\. Yóò parí .+\\.$`),
    );
    expect(smsSize(sms?.text ?? '')).toMatchObject({ encoding: 'UCS-2' });
    expect(smsSize(sms?.text ?? '').segments).toBeLessThanOrEqual(2);
  });

  it('folds the texts of an organization that chose ASCII texts to plain GSM-7', async () => {
    await speaks('driver@acme.test', 'yo');
    await asciiTexts(true);
    const before = world.t.smsOutbox().length;
    const code = await decided('approve');
    const [sms] = world.t.smsOutbox().slice(before);
    expect(sms?.text).toMatch(
      new RegExp(`^Coupon FleetFuel ${code}: epo petiro 12 L fun LND-451-KJ ni Unity Fuels Ikeja\\. Yoo pari .+\\.$`),
    );
    expect(smsEncoding(sms?.text ?? '')).toBe('GSM-7');
    expect(smsSize(sms?.text ?? '').segments).toBe(1);
  });

  it('keeps English texts word for word', async () => {
    const before = world.t.smsOutbox().length;
    const code = await decided('approve');
    expect(world.t.smsOutbox().slice(before)[0]?.text).toMatch(
      new RegExp(
        `^FleetFuel coupon ${code}: 12 L of PETROL for LND-451-KJ at Unity Fuels Ikeja\\. Valid until \\d+ \\w{3} \\d{4}, \\d\\d:\\d\\d\\.$`,
      ),
    );
  });

  it('mails a Hausa-speaking admin in Hausa, greeting and sign-off too, and shows the platform admin what was sent', async () => {
    await speaks('orgadmin@acme.test', 'ha');
    const before = world.t.outbox().length;
    await decided('reject');
    const [mail] = world.t.outbox().slice(before);
    expect(mail?.subject).toBe('An ƙi buƙatar mai don LND-451-KJ');
    expect(mail?.text).toMatch(
      /^Sannu .+,\n\nAn ƙi buƙatarka ta 12 L na fetur ranar \d+ \w+ \d{4}\. Bayani: Tank still full\n\nFleetFuel — /,
    );
    expect(mail?.text).toContain('Kana iya zaɓar imel');

    const listed = await world.t.call('GET', '/api/admin/messages', {
      token: world.token('admin@fleetfuel.test'),
      query: { channel: 'EMAIL', search: 'Tank still full' },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().messages[0]).toMatchObject({
      recipient: 'orgadmin@acme.test',
      subject: 'An ƙi buƙatar mai don LND-451-KJ',
      body: expect.stringContaining('Bayani: Tank still full'),
    });
  });

  it('sends a text written before templates as it was stored', async () => {
    const driver = await world.t.db
      .selectFrom('users')
      .select(['id', 'phone', 'name'])
      .where('email', '=', 'driver@acme.test')
      .executeTakeFirstOrThrow();
    await speaks('driver@acme.test', 'ig');
    await world.t.db
      .insertInto('outgoing_messages')
      .values({
        organization_id: null,
        channel: 'SMS',
        user_id: driver.id,
        recipient: driver.phone as string,
        recipient_name: driver.name,
        body: 'FleetFuel coupon OLD0-ROW1: written before templates.',
        next_attempt_at: new Date(),
      })
      .execute();
    const before = world.t.smsOutbox().length;
    await world.t.app.jobs.deliverMessages();
    expect(
      world.t
        .smsOutbox()
        .slice(before)
        .map((sms) => sms.text),
    ).toEqual(['FleetFuel coupon OLD0-ROW1: written before templates.']);
  });

  it('prints the coupon PDF in the language of its driver, whoever downloads it, with ₦', async () => {
    await speaks('driver@acme.test', 'yo');
    const code = await decided('approve');
    const request = await world.t.db.selectFrom('fuel_requests').select('id').where('coupon_code', '=', code).executeTakeFirstOrThrow();
    const pdf = await world.t.call('GET', `/api/fuel-requests/${request.id}/generate-coupon`, { token: world.token('orgadmin@acme.test') });
    expect(pdf.statusCode).toBe(200);
    const text = execFileSync('pdftotext', ['-', '-'], { input: pdf.rawPayload, encoding: 'utf8' });
    for (const expected of ['Coupon Epo', 'Kóòdù coupon', code ?? '', 'epo pẹtiró', 'Ilé epo', 'Unity Fuels Ikeja', 'A TI FỌWỌ́ SÍ']) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/₦[\d,]+\.\d\d fún L kọ̀ọ̀kan/);
  });

  it('refuses an ASCII-texts setting that is not a yes or no', async () => {
    const refused = await world.t.call('PUT', '/api/settings/organization', {
      token: world.token('orgadmin@acme.test'),
      body: { asciiTexts: 'yes' },
    });
    expect(refused.statusCode).toBe(400);
  });
});
