/**
 * Text messages behind one interface (issue 13): Termii, a Nigerian SMS gateway, when configured;
 * otherwise an outbox folder (`data/outbox/sms/`, one JSON file a message) that the operator and
 * the tests read. Numbers travel in +234 form and a message takes at most two SMS parts (GSM-7:
 * 306 characters; UCS-2, as soon as one letter like ẹ or ɓ is outside GSM-7: 134).
 */
import { writeOutboxMessage } from '../files/outbox-folder.js';
import { SMS_MAX_SEGMENTS, smsSize } from './segments.js';

interface SmsMessage {
  /** +234 followed by the 10 digits of a Nigerian mobile number. */
  to: string;
  text: string;
}

export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}

/**
 * A Nigerian mobile number in +234 form from the ways people write it (0803 123 4567,
 * 2348031234567, +234 803 123 4567), or null when it is not one.
 */
export function nigerianMobile(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const digits = phone.replace(/[\s()-]/g, '');
  const national = /^\+?234(\d{10})$/.exec(digits)?.[1] ?? /^0(\d{10})$/.exec(digits)?.[1] ?? null;
  // Mobile ranges start with 7, 8 or 9 (0703…, 0803…, 0903…); others are landlines.
  return national && /^[789][01]\d{8}$/.test(national) ? `+234${national}` : null;
}

function checked(message: SmsMessage): SmsMessage {
  const to = nigerianMobile(message.to);
  if (!to) throw new Error(`Not a Nigerian mobile number: ${message.to}`);
  const size = smsSize(message.text);
  if (size.segments > SMS_MAX_SEGMENTS) {
    throw new Error(
      `A text may take ${SMS_MAX_SEGMENTS} SMS parts; this one (${size.encoding}, ${size.units} units) takes ${size.segments}`,
    );
  }
  return { to, text: message.text };
}

export function createOutboxSms(outboxDir: string): SmsProvider {
  return {
    async send(message) {
      await writeOutboxMessage(outboxDir, checked(message));
    },
  };
}

/**
 * Termii's "send a message" call (POST /api/sms/send): JSON with the API key, the number in
 * international digits without the plus, the registered sender id, `type: plain` and the
 * `generic` route. A reply without a `message_id`, or any status but 2xx, is a failure.
 */
export function createTermiiSms(settings: { apiKey: string; senderId: string; baseUrl: string; timeoutMs: number }): SmsProvider {
  return {
    async send(message) {
      const sms = checked(message);
      const response = await fetch(`${settings.baseUrl}/api/sms/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          api_key: settings.apiKey,
          to: sms.to.slice(1),
          from: settings.senderId,
          sms: sms.text,
          type: 'plain',
          channel: 'generic',
        }),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      const reply = (await response.json().catch(() => null)) as { message_id?: unknown; message?: unknown } | null;
      if (!response.ok || !reply || typeof reply.message_id !== 'string' || reply.message_id === '') {
        const said = reply && typeof reply.message === 'string' ? `: ${reply.message}` : '';
        throw new Error(`Termii refused the SMS (HTTP ${response.status})${said}`);
      }
    },
  };
}

export type SmsSettings =
  { provider: 'outbox'; outboxDir: string } | { provider: 'termii'; apiKey: string; senderId: string; baseUrl: string; outboxDir: string };

export function createSmsProvider(settings: SmsSettings): SmsProvider {
  return settings.provider === 'termii'
    ? createTermiiSms({ apiKey: settings.apiKey, senderId: settings.senderId, baseUrl: settings.baseUrl, timeoutMs: 10_000 })
    : createOutboxSms(settings.outboxDir);
}
