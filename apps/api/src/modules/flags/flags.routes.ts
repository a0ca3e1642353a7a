import { flagRoutes } from '@fleetfuel/contract';
import type { RouteBinder } from '../../platform/http/routing.js';
import type { FlagsService } from './flags.service.js';

export function bindFlagRoutes(binder: RouteBinder, flags: FlagsService): void {
  binder.bind(flagRoutes.list, ({ actor, query }) => flags.list(actor, query));
  binder.bind(flagRoutes.review, ({ actor, params, body }) => flags.review(actor, params.id, body));
}
