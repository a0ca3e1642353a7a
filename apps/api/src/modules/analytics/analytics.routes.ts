import { analyticsRoutes } from '@fleetfuel/contract';
import type { RouteBinder } from '../../platform/http/routing.js';
import type { AnalyticsService } from './analytics.service.js';

export function bindAnalyticsRoutes(binder: RouteBinder, analytics: AnalyticsService): void {
  binder.bind(analyticsRoutes.overview, ({ actor, query }) => analytics.overview(actor, query));
  binder.bind(analyticsRoutes.efficiency, ({ actor, query }) => analytics.efficiency(actor, query));
}
