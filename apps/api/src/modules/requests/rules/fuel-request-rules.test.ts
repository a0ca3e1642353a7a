/** The rules of raising and approving a fuel request, on their edges, without a database. */
import { describe, expect, it } from 'vitest';
import { approvalRefusal, groupCapExceeded, odometerBack, requestRefusal, type RequestVehicle } from './fuel-request-rules.js';

const vehicle = (overrides: Partial<RequestVehicle> = {}): RequestVehicle => ({
  plate_number: 'LAG-123-AB',
  make: 'Toyota',
  model: 'Hilux',
  status: 'ACTIVE',
  tank_size: '80',
  last_odometer: '48000',
  allow_expired_insurance: false,
  insurance_end: '2026-12-31',
  department_id: null,
  department_name: null,
  department_status: null,
  require_note_for_flagged_approval: false,
  ...overrides,
});
const station = { name: 'Lekki Filling', status: 'ACTIVE', available_fuels: ['PETROL', 'DIESEL'] };
const request = (overrides: Partial<Parameters<typeof requestRefusal>[0]> = {}) =>
  requestRefusal({
    vehicle: vehicle(),
    station,
    fuelType: 'PETROL',
    volume: 40,
    odometer: 48_100,
    supplyDate: '2026-11-29',
    today: '2026-11-29',
    ...overrides,
  });

describe('requestRefusal', () => {
  it('lets a request within the tank, at an active station that sells the fuel, for today, through', () => {
    expect(request()).toBeNull();
    expect(request({ volume: 80, odometer: 48_000 })).toBeNull();
  });

  it('names the vehicle that is not active', () => {
    expect(request({ vehicle: vehicle({ status: 'INACTIVE' }) })).toEqual({ message: 'LAG-123-AB is INACTIVE and cannot receive fuel' });
  });

  it('refuses a missing, inactive or wrong-fuel station on the stationId field', () => {
    expect(request({ station: undefined })).toMatchObject({ code: 'VALIDATION_FAILED', field: 'stationId' });
    expect(request({ station: { ...station, status: 'SUSPENDED' } })).toEqual({
      field: 'stationId',
      message: 'Lekki Filling is not active and cannot be chosen',
    });
    expect(request({ station: { ...station, available_fuels: ['DIESEL'] } })?.message).toBe(
      'Lekki Filling does not sell PETROL, the fuel LAG-123-AB takes',
    );
  });

  it('refuses a litre above the tank and names its size', () => {
    expect(request({ volume: 80.01 })).toEqual({
      code: 'VALIDATION_FAILED',
      field: 'volume',
      message: 'The tank of LAG-123-AB holds 80 L; request at most that',
    });
    expect(request({ volume: 500, vehicle: vehicle({ tank_size: null }) })).toBeNull();
  });

  it('refuses an odometer below the last reading, and a supply date before today (Lagos)', () => {
    expect(request({ odometer: 47_999 })).toMatchObject({ field: 'currentOdometer', message: expect.stringContaining('48,000 km') });
    expect(request({ supplyDate: '2026-11-28' })).toMatchObject({ field: 'supplyDate' });
  });
});

describe('odometerBack', () => {
  it('allows the same reading, no reading, and a vehicle with none yet', () => {
    expect(odometerBack(vehicle(), 48_000, 'odometer')).toBeNull();
    expect(odometerBack(vehicle(), null, 'odometer')).toBeNull();
    expect(odometerBack(vehicle({ last_odometer: null }), 1, 'odometer')).toBeNull();
  });

  it('names the field it was given', () => {
    expect(odometerBack(vehicle(), 10, 'odometer')?.field).toBe('odometer');
  });
});

describe('approvalRefusal', () => {
  const approval = (overrides: Partial<Parameters<typeof approvalRefusal>[0]> = {}) =>
    approvalRefusal({
      vehicle: vehicle(),
      station,
      fuelType: 'PETROL',
      supplyDate: '2026-12-01',
      flagged: false,
      note: null,
      flaggedNoteMessage: 'Say why',
      ...overrides,
    });

  it('approves an active, insured vehicle at a station that still sells the fuel', () => {
    expect(approval()).toBeNull();
  });

  it('asks for a note on a flagged request only when the organization requires one', () => {
    expect(approval({ flagged: true })).toBeNull();
    expect(approval({ flagged: true, vehicle: vehicle({ require_note_for_flagged_approval: true }) })).toEqual({
      field: 'note',
      message: 'Say why',
    });
    expect(approval({ flagged: true, note: 'Long trip', vehicle: vehicle({ require_note_for_flagged_approval: true }) })).toBeNull();
  });

  it('counts insurance valid through its last day, and says when it expired', () => {
    expect(approval({ supplyDate: '2026-12-31' })).toBeNull();
    expect(approval({ supplyDate: '2027-01-01' })?.message).toMatch(/^LAG-123-AB has no valid insurance \(it expired on /);
    expect(approval({ vehicle: vehicle({ insurance_end: null }) })?.message).toMatch(/^LAG-123-AB has no valid insurance;/);
    expect(approval({ vehicle: vehicle({ insurance_end: null, allow_expired_insurance: true }) })).toBeNull();
  });

  it('refuses a vehicle of a suspended group, and a station that stopped selling the fuel', () => {
    const grouped = vehicle({ department_id: 'g1', department_name: 'Logistics', department_status: 'SUSPENDED' });
    expect(approval({ vehicle: grouped })?.message).toBe('The group Logistics is suspended; requests for its vehicles cannot be approved');
    expect(approval({ station: { ...station, available_fuels: ['DIESEL'] } })?.message).toBe(
      'Lekki Filling no longer sells PETROL; reject this request and ask for another station',
    );
    expect(approval({ station: undefined })?.message).toMatch(/^The station no longer sells/);
  });
});

describe('groupCapExceeded', () => {
  const cap = (committedLitres: number, requestedLitres: number, capLitres = 100) =>
    groupCapExceeded({ groupName: 'Logistics', capLitres, committedLitres, requestedLitres, fuelType: 'DIESEL', supplyDate: '2026-12-01' });

  it('allows exactly the cap and refuses a centilitre more, with the numbers', () => {
    expect(cap(60, 40)).toBeNull();
    expect(cap(60, 40.01)?.message).toMatch(
      /^Logistics may use 100 L a day; 60 L is already approved for .* and this request needs 40\.01 L\.$/,
    );
  });

  it('has no cap at 0', () => {
    expect(cap(1_000, 1_000, 0)).toBeNull();
  });
});
