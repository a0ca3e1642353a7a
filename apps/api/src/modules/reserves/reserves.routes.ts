import { reserveRoutes } from '@fleetfuel/contract';
import type { RouteBinder } from '../../platform/http/routing.js';
import type { ReservesService } from './reserves.service.js';

export function bindReserveRoutes(binder: RouteBinder, reserves: ReservesService): void {
  binder.bind(reserveRoutes.list, async ({ actor, query }) => {
    const { reserves: page, summary, total } = await reserves.list(actor, query);
    return { reserves: page, summary, meta: { page: query.page, pageSize: query.pageSize, total } };
  });
  binder.bind(reserveRoutes.create, ({ actor, body }) => reserves.create(actor, body));
  binder.bind(reserveRoutes.update, ({ actor, params, body }) => reserves.update(actor, params.id, body));
}
