import { describe, expect, it } from 'vitest';
import {
  COORDINATES_TOGETHER_MESSAGE,
  HOURS_TOGETHER_MESSAGE,
  emptyStationForm,
  shortId,
  stationFormSchema,
  stationToForm,
  toStationFormData,
} from './station-form';
import { priceFormSchema, toPriceBody } from './price-form';

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  if (result.success || !result.error) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

const complete = { ...emptyStationForm(), name: 'Lekki Gas', availableFuels: ['PETROL', 'CNG'] };

describe('station form', () => {
  it('needs a name and at least one fuel', () => {
    const errors = messages(stationFormSchema('create').safeParse(emptyStationForm()));
    expect(errors.name).toBeDefined();
    expect(errors.availableFuels).toBe('Choose at least one fuel type');
    expect(stationFormSchema('create').safeParse(complete).success).toBe(true);
  });

  it('takes both coordinates or neither, each within its range', () => {
    expect(messages(stationFormSchema('create').safeParse({ ...complete, latitude: '6.45' })).latitude).toBe(COORDINATES_TOGETHER_MESSAGE);
    expect(messages(stationFormSchema('create').safeParse({ ...complete, longitude: '3.4' })).longitude).toBe(COORDINATES_TOGETHER_MESSAGE);
    expect(messages(stationFormSchema('create').safeParse({ ...complete, latitude: '95', longitude: '3.4' })).latitude).toBe(
      'Latitude must be between -90 and 90',
    );
    expect(messages(stationFormSchema('edit').safeParse({ ...complete, latitude: 'north', longitude: '3.4' })).latitude).toBe(
      'Latitude must be a number',
    );
    expect(stationFormSchema('edit').safeParse({ ...complete, latitude: '6.45', longitude: '3.47' }).success).toBe(true);
  });

  it('takes opening hours as two times or none', () => {
    expect(messages(stationFormSchema('create').safeParse({ ...complete, opensAt: '06:00' })).closesAt).toBe(HOURS_TOGETHER_MESSAGE);
    expect(messages(stationFormSchema('create').safeParse({ ...complete, closesAt: '22:00' })).opensAt).toBe(HOURS_TOGETHER_MESSAGE);
    expect(messages(stationFormSchema('create').safeParse({ ...complete, opensAt: '6am', closesAt: '22:00' })).opensAt).toBe(
      'Opening time must be a time such as 06:30',
    );
    expect(stationFormSchema('create').safeParse({ ...complete, opensAt: '06:00', closesAt: '01:30' }).success).toBe(true);
    const form = toStationFormData({ ...complete, opensAt: ' 06:00', closesAt: '22:00 ' });
    expect([form.get('opensAt'), form.get('closesAt')]).toEqual(['06:00', '22:00']);
  });

  it('sends the fuels as repeated availableFuels fields in the fuel list order', () => {
    const form = toStationFormData({ ...complete, availableFuels: ['CNG', 'PETROL'], latitude: ' 6.45 ', longitude: '3.47' });
    expect(form.getAll('availableFuels')).toEqual(['PETROL', 'CNG']);
    expect(form.get('latitude')).toBe('6.45');
    expect(form.has('image')).toBe(false);
    expect(toStationFormData({ ...complete, state: 'Ogun' }).get('state')).toBe('Ogun');
  });

  it('starts an edit from the station, empty coordinates as empty fields', () => {
    const values = stationToForm({
      id: '85048910-0b6c-44b8-84e8-3f3c89a02fc2',
      name: 'Unity',
      address: null,
      state: 'Lagos',
      latitude: null,
      longitude: null,
      status: 'ACTIVE',
      imageUrl: null,
      availableFuels: ['DIESEL'],
      opensAt: '06:00',
      closesAt: '01:30',
      vehiclesCount: 0,
      driversCount: 0,
      createdAt: '2026-01-01T00:00:00Z',
    });
    expect(values).toMatchObject({
      latitude: '',
      longitude: '',
      address: '',
      state: 'Lagos',
      availableFuels: ['DIESEL'],
      opensAt: '06:00',
      closesAt: '01:30',
    });
  });

  it('shortens ids to their first group', () => {
    expect(shortId('85048910-0b6c-44b8-84e8-3f3c89a02fc2')).toBe('85048910');
  });
});

describe('price form', () => {
  it('needs a positive naira price with at most two decimals', () => {
    expect(messages(priceFormSchema.safeParse({ fuelType: 'PETROL', pricePerLitre: '' })).pricePerLitre).toBe('Please enter valid amount');
    expect(messages(priceFormSchema.safeParse({ fuelType: 'PETROL', pricePerLitre: '0' })).pricePerLitre).toBe('Please enter valid amount');
    expect(messages(priceFormSchema.safeParse({ fuelType: 'PETROL', pricePerLitre: '9.999' })).pricePerLitre).toBe(
      'Please enter valid amount',
    );
    expect(messages(priceFormSchema.safeParse({ fuelType: '', pricePerLitre: '900' })).fuelType).toBe('This field is required');
  });

  it('sends the price as a number', () => {
    expect(toPriceBody({ fuelType: 'DIESEL', pricePerLitre: ' 1175.50 ' })).toEqual({ fuelType: 'DIESEL', pricePerLitre: 1175.5 });
  });
});
