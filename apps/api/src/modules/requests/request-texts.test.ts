import { describe, expect, it } from 'vitest';
import { confirmationCodeText, couponText, receiptText } from './request-texts.js';

describe('text messages to the driver', () => {
  it('says the coupon code, what it is for, where and until when', () => {
    expect(
      couponText({
        code: 'ABCD-EFGH',
        volume: '40 L of PETROL',
        plate: 'LND-451-KJ',
        station: 'Unity Fuels Ikeja',
        expires: '26 Nov 2026, 23:59',
      }),
    ).toBe('FleetFuel coupon ABCD-EFGH: 40 L of PETROL for LND-451-KJ at Unity Fuels Ikeja. Valid until 26 Nov 2026, 23:59.');
  });

  it('shortens a long station name so that the message stays one SMS and keeps the code and the expiry', () => {
    const station = 'Greenline Energy Lekki Phase One Admiralty Way Mega Station and Convenience Store Number Two';
    const text = couponText({ code: 'ABCD-EFGH', volume: '40 L of PETROL', plate: 'LND-451-KJ', station, expires: '26 Nov 2026, 23:59' });
    expect(text).toHaveLength(160);
    expect(text).toContain('ABCD-EFGH');
    expect(text).toContain('…. Valid until 26 Nov 2026, 23:59.');
    expect(text).toContain('at Greenline Energy Lekki');
  });

  it('sends a receipt of what was dispensed and paid', () => {
    const text = receiptText({
      code: 'ABCD-EFGH',
      volume: '38.5 L of PETROL',
      plate: 'LND-451-KJ',
      station: 'Unity Fuels Ikeja',
      amount: '₦36,575.00',
      at: '23 Nov 2026, 14:05',
    });
    expect(text).toBe(
      'FleetFuel receipt: 38.5 L of PETROL for LND-451-KJ at Unity Fuels Ikeja, 23 Nov 2026, 14:05. Paid ₦36,575.00. Coupon ABCD-EFGH.',
    );
    expect(text.length).toBeLessThanOrEqual(160);
  });

  it('sends the one-time code with what it confirms in one SMS, however long the station name', () => {
    const station = 'Greenline Energy Lekki Phase One Admiralty Way Mega Station and Convenience Store Number Two';
    const text = confirmationCodeText({ code: '042917', volume: '40 L of PETROL', plate: 'LND-451-KJ', station, minutes: 10 });
    expect(text).toHaveLength(160);
    expect(text).toMatch(
      /^FleetFuel code 042917 confirms 40 L of PETROL for LND-451-KJ at Greenline .+…\. Valid 10 minutes\. Give it only to the attendant\.$/,
    );
  });
});
