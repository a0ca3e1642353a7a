import { fuelRequestRoutes, maintenanceRoutes } from '@fleetfuel/contract';
import { withPageMeta } from '../../platform/http/paging.js';
import { replyWithPdf } from '../../platform/http/pdf-reply.js';
import type { RouteBinder } from '../../platform/http/routing.js';
import { previewCoupon } from './coupon-preview.service.js';
import type { FuelRequestsService } from './fuel-requests.service.js';
import type { MaintenanceService } from './maintenance.service.js';
import type { RedemptionFollowUps } from './redemption-follow-ups.service.js';

export function bindRequestRoutes(
  binder: RouteBinder,
  fuel: FuelRequestsService,
  maintenance: MaintenanceService,
  followUps: RedemptionFollowUps,
): void {
  binder.bind(fuelRequestRoutes.myRequests, async ({ actor, query }) => withPageMeta(query, await fuel.list(actor, query, { mine: true })));
  binder.bind(fuelRequestRoutes.allRequests, async ({ actor, query }) => withPageMeta(query, await fuel.list(actor, query)));
  binder.bind(fuelRequestRoutes.single, ({ actor, params }) => fuel.get(actor, params.id));
  binder.bind(fuelRequestRoutes.stations, () => fuel.stations());
  binder.bind(fuelRequestRoutes.create, ({ actor, body }) => fuel.create(actor, body));
  binder.bind(fuelRequestRoutes.approve, ({ actor, params, body }) => fuel.approve(actor, params.id, body.note ?? null));
  binder.bind(fuelRequestRoutes.reject, ({ actor, params, body }) => fuel.reject(actor, params.id, body.note ?? null));
  binder.bind(fuelRequestRoutes.complete, ({ actor, params, body, idempotencyKey }) =>
    followUps.followingUpRefusal(actor, { id: params.id, body, idempotencyKey }, () => fuel.complete(actor, params.id, body)),
  );
  binder.bind(fuelRequestRoutes.generateCoupon, async ({ actor, params, reply }) =>
    replyWithPdf(reply, await fuel.couponPdf(actor, params.id)),
  );
  binder.bind(fuelRequestRoutes.coupon, ({ actor, query }) => previewCoupon(actor, query, { fuel, maintenance }));
  binder.bind(fuelRequestRoutes.evidence, ({ actor, params, files }) => fuel.addOdometerPhoto(actor, params.id, files.photo));
  binder.bind(fuelRequestRoutes.confirmationCode, ({ actor, params }) => fuel.sendConfirmationCode(actor, params.id));

  binder.bind(maintenanceRoutes.allRequests, async ({ actor, query }) => withPageMeta(query, await maintenance.listLogs(actor, query)));
  binder.bind(maintenanceRoutes.myRequests, async ({ actor, query }) => withPageMeta(query, await maintenance.listMine(actor, query)));
  binder.bind(maintenanceRoutes.single, ({ actor, params }) => maintenance.get(actor, params.id));
  binder.bind(maintenanceRoutes.create, ({ actor, body }) => maintenance.create(actor, body));
  binder.bind(maintenanceRoutes.approve, ({ actor, params }) => maintenance.approve(actor, params.id));
  binder.bind(maintenanceRoutes.reject, ({ actor, params, body }) => maintenance.reject(actor, params.id, body.note ?? null));
  binder.bind(maintenanceRoutes.complete, ({ actor, params, body }) => maintenance.complete(actor, params.id, body));
  binder.bind(maintenanceRoutes.updatePrice, ({ actor, body }) => maintenance.updatePrice(actor, body));
  binder.bind(maintenanceRoutes.generateCoupon, async ({ actor, params, reply }) =>
    replyWithPdf(reply, await maintenance.workOrderPdf(actor, params.id)),
  );
}
