/**
 * Which requests each role sees: the platform admin all (or one organization's), organization
 * admins their organization's, a driver those it made and those of the vehicle it drives, and
 * station users the approved and completed requests addressed to their station.
 */
import { forbidden } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/actor.js';
import { organizationFilter } from '../../platform/tenancy/organization-scope.js';

/** Which requests a caller sees: by organization, requester or vehicle, or station. */
export interface RequestScope {
  organizationId: string | null;
  stationId?: string;
  /** Station users see only what reached them. */
  statuses?: readonly string[];
  /** A driver sees the requests it made and those of the vehicle it drives. */
  requesterOrVehicle?: { userId: string; vehicleId: string | null };
}

export const STATION_VISIBLE_STATUSES = ['APPROVED', 'COMPLETED'] as const;

export function requestScope(
  actor: Actor,
  requested: { organizationId?: string | undefined },
  driverVehicleId: string | null,
): RequestScope {
  if (actor.role === 'ATTENDANT' || actor.role === 'STATION_REP') {
    if (!actor.fuelStationId) throw forbidden();
    return { organizationId: null, stationId: actor.fuelStationId, statuses: STATION_VISIBLE_STATUSES };
  }
  const organizationId = organizationFilter(actor, requested.organizationId);
  if (actor.role === 'DRIVER') return { organizationId, requesterOrVehicle: { userId: actor.userId, vehicleId: driverVehicleId } };
  return { organizationId };
}
