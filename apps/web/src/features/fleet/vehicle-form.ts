/**
 * The asset form of spec section 5. Inputs hold strings; validation builds the multipart fields the
 * API will receive and runs the contract's own schema on them, then adds the rules that depend on
 * the asset type, which the schema cannot see: a plate number unless the asset is a generator, and
 * registration details (state, expiry, chassis, transmission) only for type VEHICLE.
 */
import { z } from 'zod';
import {
  ASSET_STATUSES,
  ASSET_TYPES,
  MESSAGES,
  VEHICLE_FUEL_TYPES,
  vehicleCreateBodySchema,
  vehicleUpdateBodySchema,
  type Vehicle,
} from '@fleetfuel/contract';

export type FormMode = 'create' | 'edit';

const formFieldsSchema = z.object({
  organizationId: z.string(),
  type: z.string(),
  make: z.string(),
  model: z.string(),
  plateNumber: z.string(),
  fuelType: z.string(),
  departmentId: z.string(),
  color: z.string(),
  year: z.string(),
  state: z.string(),
  datePurchase: z.string(),
  purchasePrice: z.string(),
  tankSize: z.string(),
  securityNumber: z.string(),
  status: z.string(),
  registrationNumber: z.string(),
  registrationState: z.string(),
  registrationExpiry: z.string(),
  chasisNumber: z.string(),
  transmissionType: z.string(),
  driverId: z.string(),
});

export type VehicleFormValues = z.infer<typeof formFieldsSchema>;
type Field = keyof VehicleFormValues;

export interface VehicleFormOptions {
  mode: FormMode;
  /** The platform admin names the organization of a new asset; everyone else adds to their own. */
  chooseOrganization: boolean;
  /** Today in Nigeria as YYYY-MM-DD, as the server counts it; a purchase cannot lie after it. */
  today: string;
}

/** Fields that only assets of type VEHICLE have. */
const REGISTRATION_FIELDS = ['registrationState', 'registrationExpiry', 'chasisNumber', 'transmissionType'] as const;

const COMMON_FIELDS = [
  'type',
  'make',
  'model',
  'plateNumber',
  'fuelType',
  'departmentId',
  'color',
  'year',
  'state',
  'datePurchase',
  'purchasePrice',
  'tankSize',
  'securityNumber',
  'status',
  'registrationNumber',
] as const satisfies readonly Field[];

export function hasRegistration(type: string): boolean {
  return type === 'VEHICLE';
}

export function needsPlateNumber(type: string): boolean {
  return type !== 'GENERATOR';
}

const isOneOf = (choices: readonly string[], value: string) => choices.includes(value);

/**
 * The multipart fields to send. A new asset leaves out what was not filled in; an edit sends every
 * field it owns, '' meaning "clear it". Registration fields go only with type VEHICLE (on an edit
 * to another type the server clears them), the driver only with a new asset (later it changes by
 * assign/unassign), the organization only when the platform admin names it.
 */
export function vehicleFields(values: VehicleFormValues, options: Pick<VehicleFormOptions, 'mode' | 'chooseOrganization'>) {
  const fields: Partial<Record<Field, string>> = {};
  const names: Field[] = [...COMMON_FIELDS];
  if (hasRegistration(values.type)) names.push(...REGISTRATION_FIELDS);
  if (options.mode === 'create') {
    names.push('driverId');
    if (options.chooseOrganization) names.push('organizationId');
  }
  for (const name of names) {
    const value = values[name].trim();
    if (options.mode === 'create' && value === '') continue;
    fields[name] = value;
  }
  return fields;
}

export function vehicleFormSchema(options: VehicleFormOptions) {
  const bodySchema = options.mode === 'create' ? vehicleCreateBodySchema : vehicleUpdateBodySchema;
  return formFieldsSchema.superRefine((values, ctx) => {
    const required = (field: Field) => ctx.addIssue({ code: 'custom', path: [field], message: MESSAGES.required });
    // Choices get the plain "required" message rather than the schema's list of allowed values.
    const choices: [Field, readonly string[]][] = [
      ['type', ASSET_TYPES],
      ['fuelType', VEHICLE_FUEL_TYPES],
      ['status', ASSET_STATUSES],
    ];
    const missingChoices = new Set<Field>();
    for (const [field, allowed] of choices) {
      if (!isOneOf(allowed, values[field])) {
        required(field);
        missingChoices.add(field);
      }
    }
    if (options.mode === 'create' && options.chooseOrganization && values.organizationId === '') {
      required('organizationId');
      missingChoices.add('organizationId');
    }
    const plateMissing = needsPlateNumber(values.type) && values.plateNumber.trim() === '';
    if (plateMissing) required('plateNumber');
    if (values.datePurchase !== '' && values.datePurchase > options.today) {
      ctx.addIssue({ code: 'custom', path: ['datePurchase'], message: 'The purchase date cannot be in the future' });
    }

    const result = bodySchema.safeParse(vehicleFields(values, options));
    if (result.success) return;
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if (typeof field !== 'string' || !(field in values)) continue;
      if (missingChoices.has(field as Field) || (field === 'plateNumber' && plateMissing)) continue;
      ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
    }
  });
}

export function toVehicleFormData(
  values: VehicleFormValues,
  options: Pick<VehicleFormOptions, 'mode' | 'chooseOrganization'>,
  image: File | null,
): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(vehicleFields(values, options))) data.append(name, value);
  if (image) data.append('image', image);
  return data;
}

export function emptyVehicleForm(): VehicleFormValues {
  return {
    organizationId: '',
    type: '',
    make: '',
    model: '',
    plateNumber: '',
    fuelType: '',
    departmentId: '',
    color: '',
    year: '',
    state: '',
    datePurchase: '',
    purchasePrice: '',
    tankSize: '',
    securityNumber: '',
    status: 'ACTIVE',
    registrationNumber: '',
    registrationState: '',
    registrationExpiry: '',
    chasisNumber: '',
    transmissionType: '',
    driverId: '',
  };
}

const text = (value: string | number | null) => (value === null ? '' : String(value));

export function vehicleToForm(vehicle: Vehicle): VehicleFormValues {
  return {
    organizationId: vehicle.organizationId,
    type: vehicle.type,
    make: vehicle.make,
    model: vehicle.model,
    plateNumber: text(vehicle.plateNumber),
    fuelType: vehicle.fuelType,
    departmentId: text(vehicle.departmentId),
    color: text(vehicle.color),
    year: text(vehicle.year),
    state: text(vehicle.state),
    datePurchase: text(vehicle.datePurchase),
    purchasePrice: text(vehicle.purchasePrice),
    tankSize: text(vehicle.tankSize),
    securityNumber: text(vehicle.securityNumber),
    status: vehicle.status,
    registrationNumber: text(vehicle.registrationNumber),
    registrationState: text(vehicle.registrationState),
    registrationExpiry: text(vehicle.registrationExpiry),
    chasisNumber: text(vehicle.chasisNumber),
    transmissionType: text(vehicle.transmissionType),
    driverId: text(vehicle.driverId),
  };
}
