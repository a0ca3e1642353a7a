import { describe, expect, it } from 'vitest';
import { settingsFormSchema, settingsToForm, toSettingsBody } from './settings-form';
import { savedOrganizationSettings } from '@/test/organization-settings';

const valid = {
  defaultStationId: '',
  couponValidityDays: '3',
  allowExpiredInsurance: true,
  serviceIntervalDays: '90',
  serviceIntervalKm: '5000',
  lowBalanceThreshold: '50000',
  requireNoteForFlaggedApproval: false,
  requireDriverConfirmation: false,
  requireVehicleScan: false,
  requireOdometerAtPump: false,
  requireOdometerPhoto: false,
  asciiTexts: false,
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

  it('requires the low balance threshold, as a naira amount of at least 0 with at most two decimals', () => {
    expect(settingsFormSchema.safeParse({ ...valid, lowBalanceThreshold: ' ' }).error?.issues).toEqual([
      expect.objectContaining({ path: ['lowBalanceThreshold'], message: 'This field is required' }),
    ]);
    for (const typed of ['-1', '12.345', 'abc']) {
      expect(settingsFormSchema.safeParse({ ...valid, lowBalanceThreshold: typed }).error?.issues, typed).toEqual([
        expect.objectContaining({ path: ['lowBalanceThreshold'], message: 'Please enter valid amount' }),
      ]);
    }
    expect(settingsFormSchema.safeParse({ ...valid, lowBalanceThreshold: '0' }).success).toBe(true);
  });

  it('builds the request body with numbers and no default station', () => {
    expect(
      toSettingsBody({ ...valid, couponValidityDays: '7', lowBalanceThreshold: '25000.50', requireNoteForFlaggedApproval: true }),
    ).toEqual({
      defaultStationId: null,
      couponValidityDays: 7,
      allowExpiredInsurance: true,
      serviceIntervalDays: 90,
      serviceIntervalKm: 5000,
      lowBalanceThreshold: 25000.5,
      requireNoteForFlaggedApproval: true,
      requireDriverConfirmation: false,
      requireVehicleScan: false,
      requireOdometerAtPump: false,
      requireOdometerPhoto: false,
      asciiTexts: false,
    });
  });

  it('fills the form from the saved settings', () => {
    const form = settingsToForm({
      ...savedOrganizationSettings,
      lowBalanceThreshold: 75000,
      requireNoteForFlaggedApproval: true,
      requireDriverConfirmation: true,
      requireVehicleScan: true,
      requireOdometerAtPump: true,
      asciiTexts: true,
    });
    expect(form).toMatchObject({
      lowBalanceThreshold: '75000',
      requireNoteForFlaggedApproval: true,
      requireDriverConfirmation: true,
      requireVehicleScan: true,
      asciiTexts: true,
    });
  });
});
