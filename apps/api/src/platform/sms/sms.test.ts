/** The SMS channel: numbers in +234 form, one SMS per message, the outbox folder and Termii's HTTP call. */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxSms, createTermiiSms, nigerianMobile } from './sms.js';

describe('nigerianMobile', () => {
  it('reads the ways Nigerians write a mobile number', () => {
    for (const written of ['08031234567', '0803 123 4567', '2348031234567', '+234 803 123 4567', '+234-803-123-4567', '(0803) 1234567']) {
      expect(nigerianMobile(written), written).toBe('+2348031234567');
    }
    expect(nigerianMobile('07061234567')).toBe('+2347061234567');
    expect(nigerianMobile('09051234567')).toBe('+2349051234567');
  });

  it('refuses landlines, short, long and foreign numbers', () => {
    for (const written of [
      '012345678',
      '01 234 5678',
      '0803123456',
      '080312345678',
      '+447700900123',
      '+2340803123456',
      'phone',
      '',
      null,
    ]) {
      expect(nigerianMobile(written), String(written)).toBeNull();
    }
  });
});

describe('the outbox', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sms-outbox-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes one JSON file per message, to the +234 number', async () => {
    await createOutboxSms(dir).send({ to: '0803 123 4567', text: 'FleetFuel: coupon ABCD-EFGH' });
    const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
    expect(files).toHaveLength(1);
    expect(JSON.parse(readFileSync(path.join(dir, files[0] as string), 'utf8'))).toMatchObject({
      to: '+2348031234567',
      text: 'FleetFuel: coupon ABCD-EFGH',
    });
  });

  it('sends two SMS parts but refuses a third, or a number that is not a mobile', async () => {
    // Whatever the file's other tests wrote there before this one: the refusals add nothing to it.
    const written = readdirSync(dir).filter((f) => f.endsWith('.json')).length;
    await expect(createOutboxSms(dir).send({ to: '08031234567', text: 'x'.repeat(307) })).rejects.toThrow(
      'A text may take 2 SMS parts; this one (GSM-7, 307 units) takes 3',
    );
    // One Yoruba letter makes it UCS-2: 134 code units in two parts.
    await expect(createOutboxSms(dir).send({ to: '08031234567', text: `ẹ${'x'.repeat(134)}` })).rejects.toThrow(
      'this one (UCS-2, 135 units) takes 3',
    );
    await expect(createOutboxSms(dir).send({ to: '012345678', text: 'hi' })).rejects.toThrow('Not a Nigerian mobile number');
    expect(readdirSync(dir).filter((f) => f.endsWith('.json'))).toHaveLength(written);
    await createOutboxSms(dir).send({ to: '08031234567', text: 'x'.repeat(306) });
    expect(readdirSync(dir).filter((f) => f.endsWith('.json'))).toHaveLength(written + 1);
  });
});

describe('Termii', () => {
  let server: Server;
  let baseUrl = '';
  const received: { url: string | undefined; headers: IncomingMessage['headers']; body: unknown }[] = [];
  let answer: { status: number; body: unknown } = { status: 200, body: {} };

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      req.on('end', () => {
        received.push({ url: req.url, headers: req.headers, body: JSON.parse(raw) });
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const termii = () => createTermiiSms({ apiKey: 'TL-test-key', senderId: 'FleetFuel', baseUrl, timeoutMs: 2_000 });

  it('posts the message as Termii’s send call expects and accepts its message id', async () => {
    answer = {
      status: 200,
      body: { code: 'ok', message_id: '3017544054459493', message: 'Successfully Sent', balance: 9, user: 'FleetFuel' },
    };
    await termii().send({ to: '+234 803 123 4567', text: 'FleetFuel: your one-time code is 482913' });
    expect(received.at(-1)).toMatchObject({
      url: '/api/sms/send',
      headers: { 'content-type': 'application/json' },
      body: {
        api_key: 'TL-test-key',
        to: '2348031234567',
        from: 'FleetFuel',
        sms: 'FleetFuel: your one-time code is 482913',
        type: 'plain',
        channel: 'generic',
      },
    });
  });

  it('fails with what Termii said when it refuses or answers without a message id', async () => {
    answer = { status: 400, body: { message: 'Insufficient balance' } };
    await expect(termii().send({ to: '08031234567', text: 'hi' })).rejects.toThrow(
      'Termii refused the SMS (HTTP 400): Insufficient balance',
    );
    answer = { status: 200, body: { message: 'Queued?' } };
    await expect(termii().send({ to: '08031234567', text: 'hi' })).rejects.toThrow('Termii refused the SMS (HTTP 200): Queued?');
  });

  it('sends nothing for a message it must refuse', async () => {
    const before = received.length;
    await expect(termii().send({ to: '08031234567', text: 'y'.repeat(400) })).rejects.toThrow('takes 3');
    expect(received).toHaveLength(before);
  });
});
