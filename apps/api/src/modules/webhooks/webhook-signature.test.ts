import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyWebhookSignature, webhookSignature } from './webhook-signature.js';

const secret = 'whsec_test-secret';
const body = '{"id":"8d7f","event":"fuel_request.approved"}';

describe('the webhook signature', () => {
  it('is t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>"> keyed by the whole secret', () => {
    const expected = createHmac('sha256', secret).update(`1767225600.${body}`).digest('hex');
    expect(webhookSignature(secret, 1_767_225_600, body)).toBe(`t=1767225600,v1=${expected}`);
  });

  it('verifies with the same secret, body and a recent time only', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const header = webhookSignature(secret, now.getTime() / 1000, body);
    expect(verifyWebhookSignature(secret, header, body, now)).toBe(true);
    expect(verifyWebhookSignature('whsec_other', header, body, now)).toBe(false);
    expect(verifyWebhookSignature(secret, header, `${body} `, now)).toBe(false);
    expect(verifyWebhookSignature(secret, header, body, new Date(now.getTime() + 301_000))).toBe(false);
    expect(verifyWebhookSignature(secret, 'v1=abc', body, now)).toBe(false);
  });
});
