import { describe, expect, it } from 'vitest';
import { alertPath } from './alert-links';

const subject = (type: 'VEHICLE' | 'ORGANIZATION' | 'FUEL_REQUEST') => ({ type, id: 'a1', label: 'x' });

describe('alertPath', () => {
  it('opens an asset, a fuel request, billing and the wallet', () => {
    expect(alertPath({ kind: 'INSURANCE_EXPIRY', subject: subject('VEHICLE') }, 'ADMINISTRATOR')).toBe('/assets/details?id=a1');
    expect(alertPath({ kind: 'COUPON_EXPIRY', subject: subject('FUEL_REQUEST') }, 'STATION_REP')).toBe('/details?type=fuel-request&id=a1');
    expect(alertPath({ kind: 'SUBSCRIPTION_DUE', subject: subject('ORGANIZATION') }, 'ADMINISTRATOR')).toBe('/billing');
    expect(alertPath({ kind: 'LOW_WALLET_BALANCE', subject: subject('ORGANIZATION') }, 'ADMINISTRATOR')).toBe('/wallet');
  });

  it('opens the overrides waiting on the Flags page', () => {
    expect(alertPath({ kind: 'OVERRIDE_PENDING', subject: { type: 'POLICY_OVERRIDE', id: 'o1', label: 'x' } }, 'ADMINISTRATOR')).toBe(
      '/flags#overrides-waiting-title',
    );
  });

  it("sends the platform admin to the organization's own pages", () => {
    expect(alertPath({ kind: 'SUBSCRIPTION_DUE', subject: subject('ORGANIZATION') }, 'ADMIN')).toBe('/clients/details?id=a1');
    expect(alertPath({ kind: 'LOW_WALLET_BALANCE', subject: subject('ORGANIZATION') }, 'ADMIN')).toBe('/wallet?organizationId=a1');
  });
});
