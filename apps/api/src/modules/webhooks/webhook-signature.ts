/**
 * The `X-FleetFuel-Signature` header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, keyed
 * by the endpoint's whole secret. Signing the time with the body lets a receiver refuse an old
 * delivery replayed later.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export function webhookSignature(secret: string, timestamp: number, body: string): string {
  const digest = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${digest}`;
}

/**
 * Whether `header` signs `body` with `secret` within `toleranceSeconds` of `now`: what a receiver
 * does (docs/integrations.md shows the same in a few lines of Node).
 */
export function verifyWebhookSignature(secret: string, header: string, body: string, now: Date, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !parts.v1) return false;
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(webhookSignature(secret, timestamp, body).split('v1=')[1] as string, 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
