/**
 * The bench's SMTP sink takes what the app's mailer sends, over its pooled connections, and counts
 * each message once.
 */
import { describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../apps/api/src/platform/mail/mailer.js';
import { startSmtpSink } from './smtp-sink.js';

describe('the SMTP sink', () => {
  it('accepts and counts the messages the app sends, twenty at once as the outbox does', async () => {
    const sink = await startSmtpSink();
    const mailer = createSmtpMailer(sink.url, 'FleetFuel <no-reply@fleetfuel.test>');
    try {
      await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          mailer.send({ to: `admin${index}@org001.bench.test`, subject: `Coupon redeemed ${index}`, text: 'Paid from the wallet.' }),
        ),
      );
      await mailer.send({ to: 'orgadmin@acme.test', subject: 'One more', text: 'Over a kept connection.' });
    } finally {
      await mailer.close?.();
    }
    expect(await sink.stop()).toBe(21);
  });
});
