/**
 * CSV exports of the lists (issue 14): each takes its list's filters and search without the paging,
 * answers under the list's permission and tenant scope, and streams every matching row in the
 * list's default order (newest first; an export takes no `sort`) as UTF-8 with a BOM.
 */
import type { z } from 'zod';
import { idSchema } from '../common.js';
import { withDateRangeCheck } from '../common.js';
import { departmentFiltersSchema, driverFiltersSchema, vehicleFiltersSchema } from '../fleet.schemas.js';
import { requestFiltersSchema } from '../requests.schemas.js';
import { transactionFiltersSchema } from '../wallet.schemas.js';
import { csvReply, route } from './route.js';

const withoutPaging = { page: true, pageSize: true } as const;

export const vehicleExportQuerySchema = vehicleFiltersSchema.omit(withoutPaging);
export const driverExportQuerySchema = driverFiltersSchema.omit(withoutPaging);
export const departmentExportQuerySchema = departmentFiltersSchema.omit(withoutPaging);
export const requestExportQuerySchema = withDateRangeCheck(requestFiltersSchema.omit(withoutPaging));
/** The transactions list names its wallet in the path; the export, in the query. */
export const transactionExportQuerySchema = withDateRangeCheck(transactionFiltersSchema.omit(withoutPaging).extend({ walletId: idSchema }));
export type TransactionExportQuery = z.infer<typeof transactionExportQuerySchema>;

export const exportRoutes = {
  vehicles: route({
    method: 'GET',
    path: '/exports/vehicles.csv',
    permission: 'fleet.manage',
    summary: 'Assets as CSV, with the filters and search of the list',
    tag: 'exports',
    query: vehicleExportQuerySchema,
    reply: csvReply,
    replyType: 'file',
  }),
  drivers: route({
    method: 'GET',
    path: '/exports/drivers.csv',
    permission: 'fleet.manage',
    summary: 'Drivers as CSV, with the filters and search of the list',
    tag: 'exports',
    query: driverExportQuerySchema,
    reply: csvReply,
    replyType: 'file',
  }),
  groups: route({
    method: 'GET',
    path: '/exports/groups.csv',
    permission: 'fleet.manage',
    summary: 'Groups as CSV, with the filters and search of the list',
    tag: 'exports',
    query: departmentExportQuerySchema,
    reply: csvReply,
    replyType: 'file',
  }),
  fuelRequests: route({
    method: 'GET',
    path: '/exports/fuel-requests.csv',
    permission: 'requests.read',
    summary: "Fuel requests in the caller's scope as CSV, with the filters and search of the list",
    tag: 'exports',
    query: requestExportQuerySchema,
    reply: csvReply,
    replyType: 'file',
  }),
  maintenance: route({
    method: 'GET',
    path: '/exports/maintenance.csv',
    permission: 'requests.read',
    summary: "Maintenance requests in the caller's scope as CSV, with the filters and search of the list",
    tag: 'exports',
    query: requestExportQuerySchema,
    reply: csvReply,
    replyType: 'file',
  }),
  transactions: route({
    method: 'GET',
    path: '/exports/transactions.csv',
    permission: 'wallet.read',
    summary: "A wallet's transactions as CSV, newest first, with the filters of the list",
    tag: 'exports',
    query: transactionExportQuerySchema,
    reply: csvReply,
    replyType: 'file',
  }),
};
