import { exportRoutes } from '@fleetfuel/contract';
import { replyWithCsv } from '../../platform/http/csv-reply.js';
import type { RouteBinder } from '../../platform/http/routing.js';
import type { ExportsService } from './exports.service.js';

export function bindExportRoutes(binder: RouteBinder, exports: ExportsService): void {
  binder.bind(exportRoutes.vehicles, async ({ actor, query, reply }) => replyWithCsv(reply, await exports.vehicles(actor, query)));
  binder.bind(exportRoutes.drivers, async ({ actor, query, reply }) => replyWithCsv(reply, await exports.drivers(actor, query)));
  binder.bind(exportRoutes.groups, async ({ actor, query, reply }) => replyWithCsv(reply, await exports.groups(actor, query)));
  binder.bind(exportRoutes.fuelRequests, async ({ actor, query, reply }) => replyWithCsv(reply, await exports.fuelRequests(actor, query)));
  binder.bind(exportRoutes.maintenance, async ({ actor, query, reply }) => replyWithCsv(reply, await exports.maintenance(actor, query)));
  binder.bind(exportRoutes.transactions, async ({ actor, query, reply }) => replyWithCsv(reply, await exports.transactions(actor, query)));
}
