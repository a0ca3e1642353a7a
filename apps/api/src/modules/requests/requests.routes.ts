import { fuelRequestRoutes, maintenanceRoutes } from '@fleetfuel/contract';
import { AppError, notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/actor.js';
import { replyWithPdf } from '../../platform/http/pdf-reply.js';
import type { RouteBinder } from '../../platform/http/routing.js';
import type { FuelRequestsService } from './fuel-requests.service.js';
import type { MaintenanceService } from './maintenance.service.js';

export function bindRequestRoutes(binder: RouteBinder, fuel: FuelRequestsService, maintenance: MaintenanceService): void {
  const page = (query: { page: number; pageSize: number }, total: number) => ({ page: query.page, pageSize: query.pageSize, total });

  binder.bind(fuelRequestRoutes.myRequests, async ({ actor, query }) => {
    const { requests, summary, total } = await fuel.list(actor, query, true);
    return { requests, summary, meta: page(query, total) };
  });
  binder.bind(fuelRequestRoutes.allRequests, async ({ actor, query }) => {
    const { requests, summary, total } = await fuel.list(actor, query, false);
    return { requests, summary, meta: page(query, total) };
  });
  binder.bind(fuelRequestRoutes.single, ({ actor, params }) => fuel.get(actor, params.id));
  binder.bind(fuelRequestRoutes.stations, () => fuel.stations());
  binder.bind(fuelRequestRoutes.create, ({ actor, body }) => fuel.create(actor, body));
  binder.bind(fuelRequestRoutes.approve, ({ actor, params }) => fuel.approve(actor, params.id));
  binder.bind(fuelRequestRoutes.reject, ({ actor, params, body }) => fuel.reject(actor, params.id, body.note ?? null));
  binder.bind(fuelRequestRoutes.complete, ({ actor, params, body }) => fuel.complete(actor, params.id, body));
  binder.bind(fuelRequestRoutes.generateCoupon, async ({ actor, params, reply }) => replyWithPdf(reply, await fuel.couponPdf(actor, params.id)));
  binder.bind(fuelRequestRoutes.coupon, async ({ actor, query }) => previewCoupon(actor, query, fuel, maintenance));

  binder.bind(maintenanceRoutes.allRequests, async ({ actor, query }) => {
    const { rows, summary, total } = await maintenance.list(actor, query, false);
    return { logs: rows, summary, meta: page(query, total) };
  });
  binder.bind(maintenanceRoutes.myRequests, async ({ actor, query }) => {
    const { rows, summary, total } = await maintenance.list(actor, query, true);
    return { requests: rows, summary, meta: page(query, total) };
  });
  binder.bind(maintenanceRoutes.single, ({ actor, params }) => maintenance.get(actor, params.id));
  binder.bind(maintenanceRoutes.create, ({ actor, body }) => maintenance.create(actor, body));
  binder.bind(maintenanceRoutes.approve, ({ actor, params }) => maintenance.approve(actor, params.id));
  binder.bind(maintenanceRoutes.reject, ({ actor, params, body }) => maintenance.reject(actor, params.id, body.note ?? null));
  binder.bind(maintenanceRoutes.complete, ({ actor, params, body }) => maintenance.complete(actor, params.id, body));
  binder.bind(maintenanceRoutes.updatePrice, ({ actor, body }) => maintenance.updatePrice(actor, body));
  binder.bind(maintenanceRoutes.generateCoupon, async ({ actor, params, reply }) => replyWithPdf(reply, await maintenance.workOrderPdf(actor, params.id)));
}

/** A station looks up what a code or QR stands for: a fuel coupon or a work order of its own. */
async function previewCoupon(actor: Actor, coupon: { code?: string | undefined; qr?: string | undefined }, fuel: FuelRequestsService, maintenance: MaintenanceService) {
  const stationId = actor.fuelStationId;
  if (!stationId) throw new AppError('FORBIDDEN', 'Only station staff redeem coupons');
  const asFuel = await fuel.findForStation(stationId, coupon);
  if (asFuel) return { kind: 'FUEL' as const, redeemable: asFuel.message === null, message: asFuel.message, fuelRequest: asFuel.request, maintenanceRequest: null };
  const asJob = await maintenance.findForStation(stationId, coupon);
  if (asJob) return { kind: 'MAINTENANCE' as const, redeemable: asJob.message === null, message: asJob.message, fuelRequest: null, maintenanceRequest: asJob.request };
  throw notFound('Coupon');
}
