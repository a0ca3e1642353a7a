import { redemptionRoutes } from '@fleetfuel/contract';
import type { RouteBinder } from '../../platform/http/routing.js';
import type { RedemptionFollowUps } from './redemption-follow-ups.service.js';

export function bindRedemptionFollowUpRoutes(binder: RouteBinder, followUps: RedemptionFollowUps): void {
  binder.bind(redemptionRoutes.followUps, ({ actor, query }) => followUps.list(actor, query));
  binder.bind(redemptionRoutes.resolveFollowUp, ({ actor, params, body }) => followUps.resolve(actor, params.id, body.note));
}
