import { describe, expect, it } from 'vitest';
import {
  TANK_LEVEL_OPTIONS,
  emptyFuelRequestForm,
  fuelRequestFormSchema,
  toFuelRequestBody,
  type FuelRequestFormContext,
  type FuelRequestFormValues,
} from './fuel-request-form';

const VEHICLE = '907b932c-96fe-43f0-9a81-fe4d239f9440';
const STATION = '9e30fc6f-1d14-4f0f-9748-85703d95d909';
const context: FuelRequestFormContext = { today: '2026-11-21', tankSize: 80, unit: 'L' };

function form(overrides: Partial<FuelRequestFormValues> = {}): FuelRequestFormValues {
  return { ...emptyFuelRequestForm('2026-11-21', VEHICLE), stationId: STATION, volume: '40', ...overrides };
}

function errors(values: FuelRequestFormValues, ctx = context) {
  const result = fuelRequestFormSchema(ctx).safeParse(values);
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));
}

describe('the Generate Coupon form', () => {
  it('starts on today, an odometer of 0 and no tank level', () => {
    expect(emptyFuelRequestForm('2026-11-21')).toMatchObject({
      supplyDate: '2026-11-21',
      currentOdometer: '0',
      currentTankLevel: '',
      vehicleId: '',
    });
  });

  it('offers the tank levels Empty, 1/10 … 7/10 as 0 … 70', () => {
    expect(TANK_LEVEL_OPTIONS[0]).toEqual({ value: '0', label: 'Empty' });
    expect(TANK_LEVEL_OPTIONS.at(-1)).toEqual({ value: '70', label: '7/10' });
    expect(TANK_LEVEL_OPTIONS).toHaveLength(8);
  });

  it('accepts a complete request', () => {
    expect(errors(form({ currentTankLevel: '20', note: 'Ibadan run' }))).toEqual({});
  });

  it('requires the vehicle, the station, the date and a volume', () => {
    expect(errors(form({ vehicleId: '', stationId: '', supplyDate: '', volume: '' }))).toEqual({
      vehicleId: 'This field is required',
      stationId: 'This field is required',
      supplyDate: 'This field is required',
      volume: 'Please enter valid volume',
    });
  });

  it('refuses a past supply date, a volume above the tank, and nonsense numbers', () => {
    expect(errors(form({ supplyDate: '2026-11-20' }))).toEqual({ supplyDate: 'The supply date must be today or later' });
    expect(errors(form({ volume: '80.5' }))).toEqual({ volume: 'The tank holds 80 L; request at most that' });
    expect(errors(form({ volume: '0' }))).toEqual({ volume: 'Must be more than 0' });
    expect(errors(form({ volume: 'ten' }))).toEqual({ volume: 'Please enter valid volume' });
    expect(errors(form({ currentOdometer: '-1' }))).toEqual({ currentOdometer: 'Must be at least 0' });
  });

  it('lets any volume through when the tank size is not recorded', () => {
    expect(errors(form({ volume: '500' }), { ...context, tankSize: null })).toEqual({});
  });

  it('builds the body: 0 odometer and no tank level are not given, the note is trimmed', () => {
    expect(toFuelRequestBody(form({ volume: ' 23.5 ', note: '  ' }))).toEqual({
      vehicleId: VEHICLE,
      stationId: STATION,
      supplyDate: '2026-11-21',
      volume: 23.5,
      currentOdometer: null,
      currentTankLevel: null,
      note: null,
    });
    expect(toFuelRequestBody(form({ currentOdometer: '48900', currentTankLevel: '30', note: 'Run' }))).toMatchObject({
      currentOdometer: 48900,
      currentTankLevel: 30,
      note: 'Run',
    });
  });
});
