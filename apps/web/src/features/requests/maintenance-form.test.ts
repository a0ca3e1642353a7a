import { describe, expect, it } from 'vitest';
import {
  completionFormSchema,
  emptyMaintenanceForm,
  finalCostOf,
  maintenanceFormSchema,
  toMaintenanceBody,
  type MaintenanceFormValues,
} from './maintenance-form';

const VEHICLE = '46acf287-4e6d-4b61-a4d6-309050fa363a';

function form(overrides: Partial<MaintenanceFormValues> = {}): MaintenanceFormValues {
  return { ...emptyMaintenanceForm('2026-11-21'), vehicleId: VEHICLE, description: 'Brake pads', cost: '45,000', ...overrides };
}

function errors(values: MaintenanceFormValues) {
  const result = maintenanceFormSchema('2026-11-21').safeParse(values);
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));
}

describe('the Schedule Maintenance form', () => {
  it('accepts a job without a station, the cost with thousands separators', () => {
    expect(errors(form())).toEqual({});
    expect(toMaintenanceBody(form())).toEqual({
      vehicleId: VEHICLE,
      description: 'Brake pads',
      note: null,
      date: '2026-11-21',
      cost: 45000,
      currentOdometerReading: null,
      currentTankLevel: null,
      stationId: null,
    });
  });

  it('requires the vehicle, the job, the date and a cost; the date is today or later', () => {
    expect(errors(form({ vehicleId: '', description: ' ', date: '', cost: '' }))).toEqual({
      vehicleId: 'This field is required',
      description: 'This field is required',
      date: 'This field is required',
      cost: 'Please enter valid amount',
    });
    expect(errors(form({ date: '2026-11-01' }))).toEqual({ date: 'The maintenance date must be today or later' });
    expect(errors(form({ cost: '0' }))).toEqual({ cost: 'Please enter valid amount' });
  });
});

describe('Mark Completed', () => {
  const schema = completionFormSchema(28000);

  it('takes an optional final cost, not above the approved one', () => {
    expect(schema.safeParse({ finalCost: '' }).success).toBe(true);
    expect(schema.safeParse({ finalCost: '27,500.50' }).success).toBe(true);
    expect(schema.safeParse({ finalCost: '28000.01' }).error?.issues[0]?.message).toBe(
      'The final cost cannot exceed the approved ₦28,000.00',
    );
    expect(schema.safeParse({ finalCost: 'abc' }).error?.issues[0]?.message).toBe('Please enter valid amount');
  });

  it('sends no final cost when it is left empty', () => {
    expect(finalCostOf('  ')).toBeNull();
    expect(finalCostOf('27,500.50')).toBe(27500.5);
  });
});
