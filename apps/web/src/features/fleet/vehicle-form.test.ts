import { describe, expect, it } from 'vitest';
import type { Vehicle } from '@fleetfuel/contract';
import {
  emptyVehicleForm,
  toVehicleFormData,
  vehicleFields,
  vehicleFormSchema,
  vehicleToForm,
  type VehicleFormOptions,
  type VehicleFormValues,
} from './vehicle-form';

const ORG_ID = '6f1c2b1e-8a51-4d8e-9c39-3f7f0c1d2e3a';
const DRIVER_ID = '0b4f7a2c-1d3e-4f5a-8b6c-7d8e9f0a1b2c';
const TODAY = '2026-06-15';

const create: VehicleFormOptions = { mode: 'create', chooseOrganization: false, today: TODAY };
const edit: VehicleFormOptions = { mode: 'edit', chooseOrganization: false, today: TODAY };

function issues(options: VehicleFormOptions, values: VehicleFormValues): Record<string, string> {
  const result = vehicleFormSchema(options).safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

const hilux: VehicleFormValues = {
  ...emptyVehicleForm(),
  type: 'VEHICLE',
  make: 'Toyota',
  model: 'Hilux',
  plateNumber: 'LND-451-KJ',
  fuelType: 'PETROL',
  year: '2021',
  purchasePrice: '38500000',
  tankSize: '80',
  registrationState: 'Lagos',
  registrationExpiry: '2027-03-21',
  chasisNumber: 'MR0FB8CD3M0712345',
  transmissionType: 'manual',
};

const generator: VehicleFormValues = {
  ...emptyVehicleForm(),
  type: 'GENERATOR',
  make: 'Mikano',
  model: 'MP 100kVA',
  fuelType: 'DIESEL',
};

describe('vehicle form', () => {
  it('accepts a complete vehicle with its registration', () => {
    expect(issues(create, hilux)).toEqual({});
  });

  it('asks for the type, fuel type, make and model', () => {
    expect(issues(create, emptyVehicleForm())).toMatchObject({
      type: 'This field is required',
      fuelType: 'This field is required',
      make: 'This field is required',
      model: 'This field is required',
    });
  });

  it('needs a plate number except for a generator', () => {
    expect(issues(create, { ...hilux, plateNumber: '' })).toMatchObject({ plateNumber: 'This field is required' });
    expect(issues(create, { ...hilux, type: 'MOTORCYCLE', plateNumber: ' ' })).toMatchObject({
      plateNumber: 'This field is required',
    });
    expect(issues(create, generator)).toEqual({});
  });

  it('sends registration details only for type VEHICLE', () => {
    expect(vehicleFields(hilux, create)).toMatchObject({ registrationState: 'Lagos', transmissionType: 'manual' });
    // Left over from before the type changed: not sent, and not validated either.
    const motorcycle = { ...hilux, type: 'MOTORCYCLE', transmissionType: 'not-a-transmission' };
    expect(issues(create, motorcycle)).toEqual({});
    const fields = vehicleFields(motorcycle, create);
    for (const name of ['registrationState', 'registrationExpiry', 'chasisNumber', 'transmissionType']) {
      expect(fields).not.toHaveProperty(name);
    }
  });

  it("checks numbers and dates with the contract's rules", () => {
    expect(issues(create, { ...hilux, year: '1890' })).toMatchObject({ year: 'Must be at least 1950' });
    expect(issues(create, { ...hilux, tankSize: '-5' })).toMatchObject({ tankSize: 'Must be more than 0' });
    expect(issues(create, { ...hilux, purchasePrice: 'abc' })).toMatchObject({ purchasePrice: 'Please enter valid amount' });
    expect(issues(create, { ...hilux, datePurchase: '2026-06-16' })).toMatchObject({
      datePurchase: 'The purchase date cannot be in the future',
    });
    expect(issues(create, { ...hilux, datePurchase: TODAY })).toEqual({});
  });

  it('needs the organization only from the platform admin', () => {
    const admin = { ...create, chooseOrganization: true };
    expect(issues(admin, hilux)).toMatchObject({ organizationId: 'This field is required' });
    expect(issues(admin, { ...hilux, organizationId: ORG_ID })).toEqual({});
    expect(vehicleFields({ ...hilux, organizationId: ORG_ID }, create)).not.toHaveProperty('organizationId');
    expect(vehicleFields({ ...hilux, organizationId: ORG_ID }, admin)).toMatchObject({ organizationId: ORG_ID });
  });

  it('sends the driver with a new asset only; an edit changes it by assign/unassign', () => {
    expect(vehicleFields({ ...hilux, driverId: DRIVER_ID }, create)).toMatchObject({ driverId: DRIVER_ID });
    expect(vehicleFields({ ...hilux, driverId: DRIVER_ID }, edit)).not.toHaveProperty('driverId');
    expect(issues(edit, { ...hilux, driverId: DRIVER_ID })).toEqual({});
  });

  it('leaves out blank fields of a new asset but clears them on an edit', () => {
    const added = vehicleFields({ ...hilux, color: '' }, create);
    expect(added).not.toHaveProperty('color');
    const edited = vehicleFields({ ...hilux, color: '' }, edit);
    expect(edited).toMatchObject({ color: '' });
  });

  it('builds the multipart body with the image', () => {
    const image = new File([new Uint8Array([137, 80, 78, 71])], 'car.png', { type: 'image/png' });
    const data = toVehicleFormData(hilux, create, image);
    expect(data.get('plateNumber')).toBe('LND-451-KJ');
    expect(data.get('image')).toBeInstanceOf(File);
    expect(toVehicleFormData(generator, create, null).has('image')).toBe(false);
  });

  it('starts an edit from the asset as it is', () => {
    const vehicle = {
      id: DRIVER_ID,
      plateNumber: null,
      model: 'MP 100kVA',
      make: 'Mikano',
      type: 'GENERATOR',
      fuelType: 'DIESEL',
      driverId: null,
      driver: null,
      departmentId: null,
      department: null,
      organizationId: ORG_ID,
      organization: { id: ORG_ID, name: 'Acme Logistics' },
      registrationNumber: null,
      chasisNumber: null,
      transmissionType: null,
      color: null,
      datePurchase: '2020-03-01',
      registrationState: null,
      registrationExpiry: null,
      year: 2020,
      state: 'Lagos',
      securityNumber: null,
      purchasePrice: 14200000,
      tankSize: 250,
      status: 'ACTIVE',
      imageUrl: null,
      insuranceStatus: 'NOT_INSURED',
      lastOdometer: null,
      frozen: null,
      createdAt: '2026-01-01T00:00:00.000Z',
    } satisfies Vehicle;
    const values = vehicleToForm(vehicle);
    expect(values).toMatchObject({ plateNumber: '', year: '2020', purchasePrice: '14200000', tankSize: '250', state: 'Lagos' });
    expect(issues(edit, values)).toEqual({});
  });
});
