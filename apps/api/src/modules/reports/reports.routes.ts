import { reportRoutes } from '@fleetfuel/contract';
import { replyWithPdfStream } from '../../platform/http/pdf-reply.js';
import type { RouteBinder } from '../../platform/http/routing.js';
import type { ReportsService } from './reports.service.js';

export function bindReportRoutes(binder: RouteBinder, reports: ReportsService): void {
  binder.bind(reportRoutes.combined, async ({ actor, query, reply }) => replyWithPdfStream(reply, await reports.combined(actor, query)));
  binder.bind(reportRoutes.insuranceStatus, async ({ actor, query, reply }) =>
    replyWithPdfStream(reply, await reports.insuranceStatus(actor, query.organizationId)),
  );
  binder.bind(reportRoutes.serviceTerm, async ({ actor, query, reply }) =>
    replyWithPdfStream(reply, await reports.serviceTerm(actor, query.organizationId)),
  );
  binder.bind(reportRoutes.vehiclesDrivers, async ({ actor, query, reply }) =>
    replyWithPdfStream(reply, await reports.vehiclesDrivers(actor, query.organizationId)),
  );
}
