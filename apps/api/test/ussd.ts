/** Calls the USSD route as Africa's Talking does: a form-encoded callback per key press, `text` the session's inputs joined by `*`. */
import { randomUUID } from 'node:crypto';
import type { TestApp } from './harness.js';

export interface GatewayOptions {
  headers?: Record<string, string>;
  /** The callback URL's query string, e.g. `secret=…`. */
  query?: string;
  remoteAddress?: string;
}

export function ussdCallback(t: TestApp, fields: { sessionId: string; phoneNumber: string; text: string }, options: GatewayOptions = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/ussd${options.query ? `?${options.query}` : ''}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...options.headers },
    payload: new URLSearchParams({ ...fields, serviceCode: '*384*4646#', networkCode: '62120' }).toString(),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

/**
 * One USSD session from its first callback: each of `presses` is one more key press. Returns the
 * replies' texts, the first callback's included; fails on a reply that is not 200 text/plain.
 */
export async function ussdSession(t: TestApp, phoneNumber: string, presses: readonly string[], options: GatewayOptions = {}) {
  const sessionId = `ATUid_${randomUUID()}`;
  const replies: string[] = [];
  for (let step = 0; step <= presses.length; step += 1) {
    const res = await ussdCallback(t, { sessionId, phoneNumber, text: presses.slice(0, step).join('*') }, options);
    if (res.statusCode !== 200 || !res.headers['content-type']?.toString().startsWith('text/plain')) {
      throw new Error(`USSD callback ${step} answered ${res.statusCode} ${res.body}`);
    }
    if (res.body.length > 182 || !/^(CON|END) /.test(res.body))
      throw new Error(`USSD callback ${step} answered a screen of ${res.body.length} characters: ${res.body}`);
    replies.push(res.body);
  }
  return { sessionId, replies, last: replies.at(-1) ?? '' };
}
