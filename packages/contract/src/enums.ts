/**
 * Enumerations of spec sections 3, 4 and 9. Every value the product stores or shows comes from here,
 * so the API's CHECK constraints, the zod schemas and the web app's selects cannot drift apart.
 */
import { ROLES } from './roles.js';

export { ROLES };
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  ADMIN: 'Platform Admin',
  ADMINISTRATOR: 'Organization Admin',
  ASST_ADMINISTRATOR: 'Asst. Organization Admin',
  DRIVER: 'Driver',
  ATTENDANT: 'Fuel Station Attendant',
  STATION_REP: 'Fuel Station Representative',
};

/** Roles that belong to exactly one organization. */
export const ORGANIZATION_ROLES = ['ADMINISTRATOR', 'ASST_ADMINISTRATOR', 'DRIVER'] as const satisfies readonly Role[];
/** Roles that belong to exactly one fuel station. */
export const STATION_ROLES = ['ATTENDANT', 'STATION_REP'] as const satisfies readonly Role[];

export function isOrganizationRole(role: Role): role is (typeof ORGANIZATION_ROLES)[number] {
  return (ORGANIZATION_ROLES as readonly Role[]).includes(role);
}
export function isStationRole(role: Role): role is (typeof STATION_ROLES)[number] {
  return (STATION_ROLES as readonly Role[]).includes(role);
}

/**
 * Which roles a role may create or manage ("nobody grants a role above its own"): the platform admin
 * manages everyone, an organization admin its assistants and drivers, a station rep its attendants.
 */
export const MANAGEABLE_ROLES: Record<Role, readonly Role[]> = {
  ADMIN: ROLES,
  ADMINISTRATOR: ['ASST_ADMINISTRATOR', 'DRIVER'],
  ASST_ADMINISTRATOR: [],
  DRIVER: [],
  ATTENDANT: [],
  STATION_REP: ['ATTENDANT'],
};

/** Stations, organizations and groups. */
export const TENANT_STATUSES = ['ACTIVE', 'INACTIVE', 'SUSPENDED'] as const;
export type TenantStatus = (typeof TENANT_STATUSES)[number];

/** Users and drivers: ACTIVE or disabled. */
export const USER_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const PLAN_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

export const ASSET_STATUSES = ['ACTIVE', 'UNDER_MAINTENANCE', 'INACTIVE'] as const;
export const INSURANCE_STATUSES = ['NOT_INSURED', 'EXPIRED', 'ACTIVE'] as const;
export const REQUEST_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'COMPLETED', 'EXPIRED'] as const;
export const TRANSACTION_TYPES = ['FUNDING', 'PAYMENT', 'PAYOUT', 'CREDIT', 'DEBIT', 'FEE', 'REFUND', 'SUBSCRIPTION'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
/** EXPIRED: a card checkout the payer never completed within the 48 hours it is reconciled for. */
export const TRANSACTION_STATUSES = ['SUCCESS', 'PENDING', 'FAILED', 'EXPIRED'] as const;
export const RESERVE_STATUSES = ['PENDING', 'ACTIVE', 'INACTIVE'] as const;

/**
 * The languages a person may choose (issue 46): English, Nigerian Pidgin, Hausa, Yoruba and Igbo, by
 * their ISO 639 codes. The web app, texts, e-mails and the coupon PDF speak the recipient's.
 */
export const LANGUAGES = ['en', 'pcm', 'ha', 'yo', 'ig'] as const;
export type Language = (typeof LANGUAGES)[number];
/** Each language by its own name, as a picker lists it to someone who reads only that language. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  pcm: 'Naijá (Pidgin)',
  ha: 'Hausa',
  yo: 'Yorùbá',
  ig: 'Igbo',
};

/** Fuel types a vehicle may have. A HYBRID vehicle draws PETROL. */
export const VEHICLE_FUEL_TYPES = ['PETROL', 'DIESEL', 'ELECTRIC', 'HYBRID'] as const;
/** Fuel types that have a price, a unit and a reserve, and that a station may sell. */
export const SOLD_FUEL_TYPES = ['PETROL', 'DIESEL', 'ELECTRIC', 'CNG'] as const;
export const FUEL_TYPES = ['PETROL', 'DIESEL', 'ELECTRIC', 'HYBRID', 'CNG'] as const;
export type VehicleFuelType = (typeof VEHICLE_FUEL_TYPES)[number];
export type SoldFuelType = (typeof SOLD_FUEL_TYPES)[number];

export const FUEL_UNITS: Record<SoldFuelType, string> = {
  PETROL: 'L',
  DIESEL: 'L',
  ELECTRIC: 'kWh',
  CNG: 'kg',
};

/** The fuel a station dispenses for a vehicle of this fuel type. */
export function dispensedFuelType(fuelType: VehicleFuelType): SoldFuelType {
  return fuelType === 'HYBRID' ? 'PETROL' : fuelType;
}

export const ASSET_TYPES = ['VEHICLE', 'GENERATOR', 'MOTORCYCLE'] as const;
export type AssetType = (typeof ASSET_TYPES)[number];

export const ORGANIZATION_TYPES = [
  'government_institution',
  'private_organisation',
  'ngo_development_organisation',
  'transport_logistics_company',
  'real_estate_construction',
  'other',
] as const;
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number];

export const ORGANIZATION_TYPE_LABELS: Record<OrganizationType, string> = {
  government_institution: 'Government Institution',
  private_organisation: 'Private Organisation',
  ngo_development_organisation: 'NGO / Development Organisation',
  transport_logistics_company: 'Transport & Logistics Company',
  real_estate_construction: 'Real Estate & Construction',
  other: 'Other',
};

export const TRANSMISSION_TYPES = ['auto', 'manual', 'continuously-variable'] as const;

/** Tank level choices of the fuel request form: Empty, 1/10 … 7/10. */
export const TANK_LEVELS = [0, 10, 20, 30, 40, 50, 60, 70] as const;
export function tankLevelLabel(level: number): string {
  return level === 0 ? 'Empty' : `${level / 10}/10`;
}

/** The 36 states and the Federal Capital Territory. */
export const NIGERIAN_LOCATIONS = [
  'Abia',
  'Adamawa',
  'Akwa Ibom',
  'Anambra',
  'Bauchi',
  'Bayelsa',
  'Benue',
  'Borno',
  'Cross River',
  'Delta',
  'Ebonyi',
  'Edo',
  'Ekiti',
  'Enugu',
  'FCT - Abuja',
  'Gombe',
  'Imo',
  'Jigawa',
  'Kaduna',
  'Kano',
  'Katsina',
  'Kebbi',
  'Kogi',
  'Kwara',
  'Lagos',
  'Nasarawa',
  'Niger',
  'Ogun',
  'Ondo',
  'Osun',
  'Oyo',
  'Plateau',
  'Rivers',
  'Sokoto',
  'Taraba',
  'Yobe',
  'Zamfara',
] as const;

export const CURRENCY = 'NGN';
export const BANK_ACCOUNT_NUMBER_LENGTH = 10;
export const DEFAULT_PLAN_CYCLE_DAYS = 30;
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** A photo taken at the pump: the station app shrinks it on the device to at most this (issue 42). */
export const MAX_EVIDENCE_PHOTO_BYTES = 300 * 1024;
/** Photos one fuel request may carry. */
export const MAX_EVIDENCE_PHOTOS = 3;
export const MOBILE_BREAKPOINT_PX = 760;
