import { describe, expect, it } from 'vitest';
import { frozenFill, frozenRefusal } from './freeze-rules.js';

const row = (vehicle: string | null, driver: string | null, name: string | null = 'Musa Bello') => ({
  vehicle_frozen_reason: vehicle,
  driver_name: name,
  driver_frozen_reason: driver,
});

describe('frozen vehicles and drivers', () => {
  it('lets an unfrozen vehicle and driver through, and a vehicle without a driver', () => {
    expect(frozenRefusal(frozenFill('LND-451-KJ', row(null, null)))).toBeNull();
    expect(frozenRefusal(frozenFill('LND-451-KJ', row(null, null, null)))).toBeNull();
  });

  it('names the vehicle first when both are frozen, then the driver, each with the reason', () => {
    expect(frozenRefusal(frozenFill('LND-451-KJ', row('siphoning', 'investigation')))).toEqual({
      code: 'FROZEN',
      message: 'LND-451-KJ is frozen (siphoning); no fuel can be requested, approved or redeemed until an admin unfreezes it',
    });
    expect(frozenRefusal(frozenFill('LND-451-KJ', row(null, 'investigation')))).toEqual({
      code: 'FROZEN',
      message:
        'Driver Musa Bello is frozen (investigation); no fuel can be requested, approved or redeemed until an admin unfreezes the driver',
    });
  });
});
