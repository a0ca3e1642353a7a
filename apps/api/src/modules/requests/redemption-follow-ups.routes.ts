import { redemptionRoutes } from '@fleetfuel/contract';
import type { RouteBinder } from '../../platform/http/routing.js';
import type { AttendantFiguresService } from './attendant-figures.service.js';
import type { RedemptionFollowUps } from './redemption-follow-ups.service.js';

/** The station's accountability: refused offline redemptions to settle, and each attendant's figures. */
export function bindRedemptionFollowUpRoutes(
  binder: RouteBinder,
  followUps: RedemptionFollowUps,
  attendants: AttendantFiguresService,
): void {
  binder.bind(redemptionRoutes.attendants, ({ actor, query }) => attendants.list(actor, query));
  binder.bind(redemptionRoutes.followUps, ({ actor, query }) => followUps.list(actor, query));
  binder.bind(redemptionRoutes.resolveFollowUp, ({ actor, params, body }) => followUps.resolve(actor, params.id, body.note));
}
