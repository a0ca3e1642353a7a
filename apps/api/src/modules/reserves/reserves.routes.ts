import { reserveRoutes } from '@fleetfuel/contract';
import { withPageMeta } from '../../platform/http/paging.js';
import type { RouteBinder } from '../../platform/http/routing.js';
import type { ReservesService } from './reserves.service.js';

export function bindReserveRoutes(binder: RouteBinder, reserves: ReservesService): void {
  binder.bind(reserveRoutes.list, async ({ actor, query }) => withPageMeta(query, await reserves.list(actor, query)));
  binder.bind(reserveRoutes.create, ({ actor, body }) => reserves.create(actor, body));
  binder.bind(reserveRoutes.update, ({ actor, params, body }) => reserves.update(actor, params.id, body));
}
