import { redemptionRoutes } from '@fleetfuel/contract';
import type { RouteBinder } from '../../platform/http/routing.js';
import type { StationRedemptions } from './station-redemptions.service.js';

export function bindStationRedemptionRoutes(binder: RouteBinder, redemptions: StationRedemptions): void {
  binder.bind(redemptionRoutes.station, ({ actor, query }) => redemptions.list(actor, query));
  binder.bind(redemptionRoutes.openCoupons, ({ actor }) => redemptions.openCoupons(actor));
}
