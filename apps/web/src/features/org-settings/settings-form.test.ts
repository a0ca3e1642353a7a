import { describe, expect, it } from 'vitest';
import { settingsFormSchema, toSettingsBody } from './settings-form';

const valid = {
  defaultStationId: '',
  couponValidityDays: '3',
  allowExpiredInsurance: true,
  serviceIntervalDays: '90',
  serviceIntervalKm: '5000',
};

describe('settingsFormSchema', () => {
  it('keeps the coupon validity within 1 to 14 days', () => {
    const result = settingsFormSchema.safeParse({ ...valid, couponValidityDays: '15' });
    expect(result.error?.issues).toContainEqual(expect.objectContaining({ path: ['couponValidityDays'], message: 'Must be at most 14' }));
  });

  it('requires the numbers', () => {
    const result = settingsFormSchema.safeParse({ ...valid, serviceIntervalKm: '' });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['serviceIntervalKm'], message: 'This field is required' })]);
  });

  it('builds the request body with numbers and no default station', () => {
    expect(toSettingsBody({ ...valid, couponValidityDays: '7' })).toEqual({
      defaultStationId: null,
      couponValidityDays: 7,
      allowExpiredInsurance: true,
      serviceIntervalDays: 90,
      serviceIntervalKm: 5000,
    });
  });
});
