import { describe, expect, it } from 'vitest';
import { STICKER_GRACE_DAYS, retiredKeyVerifyUntil } from './coupon-keys.js';

const now = new Date('2026-11-29T12:00:00Z');
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);

describe('how long a retired coupon key stays published', () => {
  it('covers its stickers for the grace period, or its last coupon if that lives longer', () => {
    expect(retiredKeyVerifyUntil(now, null)).toEqual(days(STICKER_GRACE_DAYS));
    expect(retiredKeyVerifyUntil(now, days(3))).toEqual(days(STICKER_GRACE_DAYS));
    expect(retiredKeyVerifyUntil(now, days(400))).toEqual(days(400));
  });

  it('after a leak, covers only its live coupons, and a day at the least', () => {
    expect(retiredKeyVerifyUntil(now, days(5), 0)).toEqual(days(5));
    expect(retiredKeyVerifyUntil(now, null, 0)).toEqual(days(1));
  });
});
