import { describe, expect, it } from 'vitest';
import { actionLabel, entityTypeLabel, recordPath } from './audit-labels';

describe('audit labels', () => {
  it('reads the coverage actions in words', () => {
    expect(actionLabel('wallet.payout_failed')).toBe('Wallet payout failed');
    expect(actionLabel('wallet.payout_reversed')).toBe('Wallet payout reversed');
    expect(actionLabel('wallet.subscription_paid')).toBe('Wallet subscription paid');
    expect(actionLabel('fuel_request.expired')).toBe('Fuel request expired');
    expect(actionLabel('vehicle.status_changed')).toBe('Asset status changed');
    expect(actionLabel('department.status_changed')).toBe('Group status changed');
    expect(entityTypeLabel('vehicle')).toBe('Asset');
    expect(entityTypeLabel('fuel_station')).toBe('Fuel station');
  });

  it('links an asset’s entry to its details page, and leaves records without one unlinked', () => {
    const id = '00000000-0000-4000-8000-0000000000c1';
    expect(recordPath('vehicle', id)).toBe(`/details?type=asset&id=${id}`);
    expect(recordPath('fuel_station', id)).toBe(`/details?type=fuel-station&id=${id}`);
    expect(recordPath('wallet', id)).toBeNull();
  });
});
