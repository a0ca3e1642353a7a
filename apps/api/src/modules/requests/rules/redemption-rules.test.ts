/** The rules of a coupon at the pump and of a work order, on their edges, without a database. */
import { describe, expect, it } from 'vitest';
import type { CouponClaims } from '../../../platform/coupons.js';
import { couponMismatch, overDispensed, whyNotCompletable, whyNotRedeemable, workOrderMismatch } from './redemption-rules.js';

const now = new Date('2026-11-29T12:00:00Z');
const request = { id: 'r1', station_id: 's1', volume: '40', coupon_code: 'ABCD-2345' };
const claims = (overrides: Partial<CouponClaims> = {}) =>
  ({ kind: 'F', requestId: 'r1', stationId: 's1', max: '40', expiresAt: 0, code: 'ABCD-2345', ...overrides }) as CouponClaims;

describe('whyNotRedeemable', () => {
  const approved = (expires: string | null) => ({
    status: 'APPROVED',
    redeemed_at: null,
    coupon_expires_at: expires ? new Date(expires) : null,
  });

  it('redeems an approved coupon up to its expiry instant and not after', () => {
    expect(whyNotRedeemable(approved('2026-11-29T12:00:00Z'), now)).toBeNull();
    expect(whyNotRedeemable(approved('2026-11-29T11:59:59Z'), now)).toMatch(/^This coupon expired on /);
  });

  it('says why for every other status', () => {
    const row = { redeemed_at: new Date('2026-11-28T09:00:00Z'), coupon_expires_at: new Date('2026-11-28T22:59:59Z') };
    expect(whyNotRedeemable({ ...row, status: 'PENDING' }, now)).toBe('This request has not been approved yet');
    expect(whyNotRedeemable({ ...row, status: 'REJECTED' }, now)).toBe('This request was rejected; its coupon is not valid');
    expect(whyNotRedeemable({ ...row, status: 'COMPLETED' }, now)).toMatch(/^This coupon was already redeemed on /);
    expect(whyNotRedeemable({ ...row, status: 'EXPIRED' }, now)).toMatch(/^This coupon expired on /);
  });
});

describe('couponMismatch', () => {
  it('accepts the typed code however it was spaced or cased, and the matching QR', () => {
    expect(couponMismatch(request, { code: 'abcd 2345' }, null)).toBeNull();
    expect(couponMismatch(request, { qr: 'x' }, claims())).toBeNull();
  });

  it('refuses a QR whose signature failed, a maintenance QR and another coupon', () => {
    expect(couponMismatch(request, { qr: 'x' }, null)).toEqual({
      field: 'qr',
      message: 'This QR code is not a valid FleetFuel fuel coupon',
    });
    expect(couponMismatch(request, { qr: 'x' }, claims({ kind: 'M' }))?.field).toBe('qr');
    for (const other of [claims({ requestId: 'r2' }), claims({ stationId: 's2' }), claims({ max: '50' })]) {
      expect(couponMismatch(request, { qr: 'x' }, other)).toEqual({ field: 'qr', message: 'This QR code belongs to another coupon' });
    }
  });

  it('refuses a wrong code, and any code for a request without one', () => {
    expect(couponMismatch(request, { code: 'ABCD2346' }, null)?.field).toBe('code');
    expect(couponMismatch({ ...request, coupon_code: null }, { code: '' }, null)?.field).toBe('code');
  });
});

describe('overDispensed', () => {
  it('allows the approved volume and refuses a centilitre more', () => {
    expect(overDispensed(40, 40, 'PETROL')).toBeNull();
    expect(overDispensed(40.01, 40, 'PETROL')).toEqual({
      code: 'VALIDATION_FAILED',
      field: 'dispensedVolume',
      message: 'At most 40 L may be dispensed on this coupon',
    });
  });
});

describe('work orders', () => {
  it('completes only an approved job', () => {
    expect(whyNotCompletable({ status: 'APPROVED', completed_at: null })).toBeNull();
    expect(whyNotCompletable({ status: 'PENDING', completed_at: null })).toBe('This maintenance request has not been approved yet');
    expect(whyNotCompletable({ status: 'COMPLETED', completed_at: now })).toMatch(/^This work order was already completed on /);
  });

  it('matches its own QR or code only', () => {
    const job = { id: 'm1', coupon_code: 'WXYZ-2345' };
    expect(workOrderMismatch(job, { qr: 'x' }, claims({ kind: 'M', requestId: 'm1' }))).toBeNull();
    expect(workOrderMismatch(job, { qr: 'x' }, claims({ kind: 'F', requestId: 'm1' }))?.field).toBe('qr');
    expect(workOrderMismatch(job, { code: 'wxyz2345' }, null)).toBeNull();
    expect(workOrderMismatch(job, { code: 'WXYZ2346' }, null)).toEqual({
      field: 'code',
      message: 'The work order code does not match this job',
    });
  });
});
