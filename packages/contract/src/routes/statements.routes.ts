import { z } from 'zod';
import { dateRangeFields, idSchema, withDateRangeCheck } from '../common.js';
import { route, pdfOrCsvReply } from './route.js';

/**
 * A wallet statement for a Lagos calendar-day range (both days included; today when left out):
 * ADMIN names exactly one stationId or organizationId; a station rep gets its station's and an
 * organization's admins their organization's.
 */
export const statementQuerySchema = withDateRangeCheck(
  z.object({
    stationId: idSchema.optional(),
    organizationId: idSchema.optional(),
    ...dateRangeFields,
    format: z.enum(['pdf', 'csv']).default('pdf'),
  }),
);
export type StatementQuery = z.infer<typeof statementQuerySchema>;

export const statementRoutes = {
  get: route({
    method: 'GET',
    path: '/wallet/statement',
    permission: 'wallet.read',
    summary: 'Wallet statement (PDF or CSV): opening balance, every movement, closing balance and the reconciliation',
    tag: 'wallet',
    query: statementQuerySchema,
    reply: pdfOrCsvReply,
    replyType: 'file',
  }),
};
