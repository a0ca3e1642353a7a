import { priceRoutes } from '@fleetfuel/contract';
import type { RouteBinder } from '../../platform/http/routing.js';
import type { PricesService } from './prices.service.js';

export function bindPriceRoutes(binder: RouteBinder, prices: PricesService): void {
  binder.bind(priceRoutes.update, ({ actor, body }) => prices.update(actor, body));
  binder.bind(priceRoutes.history, ({ actor, query }) => prices.history(actor, query));
}
