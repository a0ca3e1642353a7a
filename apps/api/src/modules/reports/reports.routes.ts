import { reportRoutes } from '@fleetfuel/contract';
import type { FastifyReply } from 'fastify';
import type { RouteBinder } from '../../platform/http/routing.js';
import type { ReportsService } from './reports.service.js';

const sendPdf = (reply: FastifyReply, document: { pdf: Buffer; filename: string }) =>
  reply.type('application/pdf').header('content-disposition', `attachment; filename="${document.filename}"`).send(document.pdf);

export function bindReportRoutes(binder: RouteBinder, reports: ReportsService): void {
  binder.bind(reportRoutes.combined, async ({ actor, query, reply }) => sendPdf(reply, await reports.combined(actor, query)));
  binder.bind(reportRoutes.insuranceStatus, async ({ actor, query, reply }) => sendPdf(reply, await reports.insuranceStatus(actor, query.organizationId)));
  binder.bind(reportRoutes.serviceTerm, async ({ actor, query, reply }) => sendPdf(reply, await reports.serviceTerm(actor, query.organizationId)));
  binder.bind(reportRoutes.vehiclesDrivers, async ({ actor, query, reply }) => sendPdf(reply, await reports.vehiclesDrivers(actor, query.organizationId)));
}
