/**
 * The zod schemas of the enumerations (enums.ts), apart from the lists themselves: a page that shows
 * a status's label needs the list, not zod (issue 16: zod is no part of the web app's first screen).
 */
import { z } from 'zod';
import {
  ASSET_TYPES,
  LANGUAGES,
  NIGERIAN_LOCATIONS,
  ORGANIZATION_TYPES,
  PLAN_STATUSES,
  RESERVE_STATUSES,
  ROLES,
  SOLD_FUEL_TYPES,
  TENANT_STATUSES,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  USER_STATUSES,
  VEHICLE_FUEL_TYPES,
} from './enums.js';

export const roleSchema = z.enum(ROLES);
export const tenantStatusSchema = z.enum(TENANT_STATUSES);
export const userStatusSchema = z.enum(USER_STATUSES);
export const planStatusSchema = z.enum(PLAN_STATUSES);
export const transactionTypeSchema = z.enum(TRANSACTION_TYPES);
export const transactionStatusSchema = z.enum(TRANSACTION_STATUSES);
export const reserveStatusSchema = z.enum(RESERVE_STATUSES);
export const vehicleFuelTypeSchema = z.enum(VEHICLE_FUEL_TYPES);
export const soldFuelTypeSchema = z.enum(SOLD_FUEL_TYPES);
export const assetTypeSchema = z.enum(ASSET_TYPES);
export const languageSchema = z.enum(LANGUAGES, { error: 'Choose one of the languages offered' });
export const organizationTypeSchema = z.enum(ORGANIZATION_TYPES);
export const nigerianLocationSchema = z.enum(NIGERIAN_LOCATIONS);
