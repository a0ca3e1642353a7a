import { overrideRoutes } from '@fleetfuel/contract';
import type { RouteBinder } from '../../platform/http/routing.js';
import type { OverridesService } from './overrides.service.js';

export function bindOverrideRoutes(binder: RouteBinder, overrides: OverridesService): void {
  binder.bind(overrideRoutes.list, ({ actor, query }) => overrides.list(actor, query));
  binder.bind(overrideRoutes.decide, ({ actor, params, body }) => overrides.decide(actor, params.id, body));
  binder.bind(overrideRoutes.station, ({ actor, params }) => overrides.forStation(actor, params.id));
  binder.bind(overrideRoutes.cancel, ({ actor, params }) => overrides.cancel(actor, params.id));
}
