/** The rules of raising and pricing a maintenance request, on their edges, without a database. */
import { describe, expect, it } from 'vitest';
import { finalCostAbove, maintenanceRequestRefusal } from './maintenance-rules.js';

const vehicle = { plate_number: 'ABJ-42-KD', make: 'Honda', model: 'Generator', status: 'UNDER_MAINTENANCE', last_odometer: null };
const refusal = (overrides: Partial<Parameters<typeof maintenanceRequestRefusal>[0]> = {}) =>
  maintenanceRequestRefusal({ vehicle, station: null, odometer: null, date: '2026-11-29', today: '2026-11-29', ...overrides });

describe('maintenanceRequestRefusal', () => {
  it('books any vehicle that is not inactive, with or without a station', () => {
    expect(refusal()).toBeNull();
    expect(refusal({ station: { name: 'Lekki', status: 'ACTIVE', available_fuels: [] } })).toBeNull();
  });

  it('refuses an inactive vehicle, a missing or inactive station, and a past date', () => {
    expect(refusal({ vehicle: { ...vehicle, status: 'INACTIVE' } })?.message).toBe(
      'ABJ-42-KD is INACTIVE; set it ACTIVE before scheduling maintenance',
    );
    expect(refusal({ station: undefined })).toMatchObject({ code: 'VALIDATION_FAILED', field: 'stationId' });
    expect(refusal({ station: { name: 'Lekki', status: 'SUSPENDED', available_fuels: [] } })?.field).toBe('stationId');
    expect(refusal({ date: '2026-11-28' })?.field).toBe('date');
  });
});

describe('finalCostAbove', () => {
  it('allows the approved cost or less and refuses a kobo more, naming the approved cost', () => {
    expect(finalCostAbove(5_000_000n, 5_000_000n, 'cost')).toBeNull();
    expect(finalCostAbove(5_000_001n, 5_000_000n, 'finalCost')).toEqual({
      code: 'VALIDATION_FAILED',
      field: 'finalCost',
      message: 'The final cost cannot exceed the approved ₦50,000.00; a higher cost needs a new request',
    });
  });
});
