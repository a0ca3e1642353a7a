/**
 * CSV imports of assets and drivers (issue 14): the columns a file may hold, the query and form
 * fields of the call, and the reply that lists every row's outcome. Each column is a field of the
 * Add Asset / Add Driver form: its header may be the form's label or the payload key (any case,
 * spaces and a trailing unit such as "(₦)" ignored), and its cells are checked by the same schema
 * as the create call, so a row's messages are the form's.
 */
import { z } from 'zod';
import { booleanQuerySchema, optionalIdSchema } from './common.js';
import { driverCreateBodySchema } from './fleet.schemas.js';
import { passwordSchema } from './identity.js';

/** The most data rows one import holds. */
export const IMPORT_MAX_ROWS = 10_000;
export const IMPORT_TOO_MANY_ROWS_MESSAGE = 'An import holds at most 10,000 rows';

export interface ImportColumn {
  /** The create body's key; `group` names a group of the organization by its name. */
  key: string;
  /** The add form's label, the template's header. */
  label: string;
  /** The template's example cell. */
  example: string;
  /** Cells of a choice written in capitals by the contract (VEHICLE, PETROL…), accepted in any case. */
  upperCase?: boolean;
}

export const VEHICLE_IMPORT_COLUMNS: readonly ImportColumn[] = [
  { key: 'type', label: 'Asset Type', example: 'VEHICLE', upperCase: true },
  { key: 'status', label: 'Status', example: 'ACTIVE', upperCase: true },
  { key: 'make', label: 'Make', example: 'Toyota' },
  { key: 'model', label: 'Model', example: 'Hilux' },
  { key: 'plateNumber', label: 'Plate Number', example: 'LND-123-AB' },
  { key: 'fuelType', label: 'Fuel Type', example: 'DIESEL', upperCase: true },
  { key: 'group', label: 'Group', example: '' },
  { key: 'color', label: 'Color', example: 'White' },
  { key: 'year', label: 'Year', example: '2021' },
  { key: 'state', label: 'State', example: 'Lagos' },
  { key: 'datePurchase', label: 'Date of Purchase', example: '2021-06-30' },
  { key: 'purchasePrice', label: 'Purchase Price (₦)', example: '28500000' },
  { key: 'tankSize', label: 'Tank Size', example: '80' },
  { key: 'securityNumber', label: 'Security Number', example: '' },
  { key: 'registrationNumber', label: 'Registration Number', example: '' },
  { key: 'registrationState', label: 'Registration State', example: 'Lagos' },
  { key: 'registrationExpiry', label: 'Registration Expiry', example: '2027-06-30' },
  { key: 'chasisNumber', label: 'Chassis Number', example: '' },
  { key: 'transmissionType', label: 'Transmission', example: 'manual' },
];

export const DRIVER_IMPORT_COLUMNS: readonly ImportColumn[] = [
  { key: 'name', label: 'Name', example: 'Musa Ibrahim' },
  { key: 'email', label: 'Email', example: 'musa.ibrahim@example.com' },
  { key: 'phone', label: 'Phone', example: '0803 123 4567' },
  // Blank: the driver is invited to choose a password (see driverImportRowSchema).
  { key: 'password', label: 'Password', example: '' },
  { key: 'group', label: 'Group', example: '' },
  { key: 'status', label: 'Status', example: 'ACTIVE', upperCase: true },
];

/**
 * A driver row: the Add Driver form's fields, but the Password may be left blank. Such a driver is
 * sent an invitation to choose one instead (a CSV of passwords is itself a risk, and hashing
 * 10,000 of them takes minutes). The e-mail-or-phone rule is the create body's.
 */
export const driverImportRowSchema = z
  .strictObject({ ...driverCreateBodySchema.shape, password: passwordSchema.optional() })
  .refine((v) => Boolean(v.email || v.phone), { message: 'Enter an email or a phone number', path: ['email'] });

/** How a driver imported without a password gets the invitation: e-mail when the row has one, otherwise SMS. */
export const INVITATION_CHANNELS = ['email', 'sms'] as const;
export type InvitationChannel = (typeof INVITATION_CHANNELS)[number];

/** `?dryRun=true`: check every row and write nothing. */
export const importQuerySchema = z.strictObject({ dryRun: booleanQuerySchema.optional() });
/** The form beside the `file`: the platform admin names the organization; others import into their own. */
export const importBodySchema = z.strictObject({ organizationId: optionalIdSchema });

export const importRowSchema = z.object({
  /** The line of the file the row starts on (the header is line 1). */
  row: z.number().int(),
  status: z.enum(['ok', 'error', 'duplicate']),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
  /** The row's main cells as written (plate, make and model; a driver's name, e-mail and phone). */
  value: z.record(z.string(), z.string()),
  /** A driver row without a password that is (or, on a dry run, would be) imported: how its invitation to set one goes. */
  invitation: z.enum(INVITATION_CHANNELS).optional(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importReplySchema = z.object({
  dryRun: z.boolean(),
  /** Records written: 0 on a dry run or a refused import. */
  created: z.number().int(),
  rows: z.array(importRowSchema),
  summary: z.object({ total: z.number().int(), ok: z.number().int(), errors: z.number().int(), duplicates: z.number().int() }),
});
export type ImportReply = z.infer<typeof importReplySchema>;
