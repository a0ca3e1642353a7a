import { describe, expect, it } from 'vitest';
import { fuelRedeemSchema, jobRedeemSchema, toFuelCompleteBody, toJobCompleteBody } from './redeem-form';

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));
}

describe('fuel redemption form', () => {
  const schema = fuelRedeemSchema({ volume: 40, unit: 'L' });

  it('accepts up to the approved volume, with or without an odometer', () => {
    expect(schema.safeParse({ dispensedVolume: '40', odometer: '' }).success).toBe(true);
    expect(schema.safeParse({ dispensedVolume: '32.5', odometer: '48900' }).success).toBe(true);
  });

  it('refuses more than approved, nothing, or a negative odometer', () => {
    expect(messages(schema.safeParse({ dispensedVolume: '40.5', odometer: '' }))).toEqual({
      dispensedVolume: 'At most 40 L may be dispensed on this coupon',
    });
    expect(messages(schema.safeParse({ dispensedVolume: '', odometer: '' }))).toEqual({ dispensedVolume: 'Please enter valid volume' });
    expect(messages(schema.safeParse({ dispensedVolume: '0', odometer: '' }))).toEqual({ dispensedVolume: 'Must be more than 0' });
    expect(messages(schema.safeParse({ dispensedVolume: '10', odometer: '-4' }))).toEqual({ odometer: 'Must be at least 0' });
  });

  it('builds the body with the coupon it redeems; an odometer of 0 is no reading', () => {
    expect(toFuelCompleteBody({ code: 'ABCD-2345' }, { dispensedVolume: ' 35 ', odometer: '' })).toEqual({
      code: 'ABCD-2345',
      dispensedVolume: 35,
    });
    expect(toFuelCompleteBody({ qr: 'FF1.a.b' }, { dispensedVolume: '35', odometer: '0' })).toEqual({
      qr: 'FF1.a.b',
      dispensedVolume: 35,
      odometer: null,
    });
    expect(toFuelCompleteBody({ code: 'ABCD-2345' }, { dispensedVolume: '35', odometer: '49000' })).toMatchObject({ odometer: 49000 });
  });
});

describe('maintenance completion at the station', () => {
  const schema = jobRedeemSchema(28000);

  it('accepts a final cost up to the approved one, with thousands separators', () => {
    expect(schema.safeParse({ finalCost: '28,000' }).success).toBe(true);
    expect(schema.safeParse({ finalCost: '25000.50' }).success).toBe(true);
  });

  it('refuses a higher or missing cost', () => {
    expect(messages(schema.safeParse({ finalCost: '28000.01' }))).toEqual({
      finalCost: 'The final cost cannot exceed the approved ₦28,000.00',
    });
    expect(messages(schema.safeParse({ finalCost: '' }))).toEqual({ finalCost: 'Please enter valid amount' });
    expect(messages(schema.safeParse({ finalCost: '12.345' }))).toEqual({ finalCost: 'Please enter valid amount' });
  });

  it('builds the body', () => {
    expect(toJobCompleteBody({ code: 'WXYZ-6789' }, { finalCost: '26,500' })).toEqual({ code: 'WXYZ-6789', finalCost: 26500 });
  });
});
