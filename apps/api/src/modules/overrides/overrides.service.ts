/**
 * Overrides at the pump (issue 44): the organization's managers see the overrides its fills asked
 * for, its admin approves (for 15 minutes, up to the litres asked) or declines each in one tap,
 * audited; the station's attendant reads the one it waits on. The pump's side is
 * requests/fuel/override-check.ts.
 */
import {
  OVERRIDE_VALID_MINUTES,
  type OverrideDecisionBody,
  type PolicyOverride,
  type RouteQuery,
  type SoldFuelType,
  type overrideRoutes,
} from '@fleetfuel/contract';
import type { Database } from '../../platform/db/database.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/actor.js';
import { organizationFilter, owningOrganization } from '../../platform/tenancy/organization-scope.js';
import { auditTrail } from '../audit/index.js';
import * as repository from './overrides.repository.js';
import type { OverrideRow } from './overrides.repository.js';

const named = (id: string | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });

function toOverride(row: OverrideRow): PolicyOverride {
  return {
    id: row.id,
    status: row.status,
    breaches: row.breaches,
    dispensedVolume: Number(row.dispensed_volume),
    request: {
      id: row.request_id,
      couponCode: row.coupon_code,
      volume: Number(row.volume),
      fuelType: row.fuel_type as SoldFuelType,
      supplyDate: row.supply_date,
    },
    vehicle: { id: row.vehicle_id, plateNumber: row.plate_number, make: row.make, model: row.model },
    driver: named(row.driver_id, row.driver_name),
    station: { id: row.station_id, name: row.station_name },
    organization: { id: row.organization_id, name: row.organization_name },
    requestedBy: { id: row.requested_by, name: row.asker_name },
    requestedAt: row.created_at.toISOString(),
    decidedBy: named(row.decided_by, row.decider_name),
    decidedAt: row.decided_at?.toISOString() ?? null,
    note: row.note,
    expiresAt: row.expires_at?.toISOString() ?? null,
  };
}

export function createOverridesService(deps: { db: Database }) {
  const { db } = deps;

  async function view(id: string, scope: { organizationId?: string | null; stationId?: string }): Promise<PolicyOverride> {
    const row = await repository.findOverride(db, id, scope);
    if (!row) throw notFound('Override');
    return toOverride(row);
  }

  return {
    async list(actor: Actor, query: RouteQuery<typeof overrideRoutes.list>) {
      const { rows, total } = await repository.listOverrides(db, {
        ...query,
        organizationId: organizationFilter(actor, query.organizationId),
      });
      return { data: rows.map(toOverride), total };
    },

    async decide(actor: Actor, id: string, body: OverrideDecisionBody) {
      const organizationId = owningOrganization(actor, null);
      const status = body.decision === 'APPROVE' ? 'APPROVED' : 'DECLINED';
      await db.transaction().execute(async (trx) => {
        const current = await repository.lockOverride(trx, id, { organizationId });
        if (!current) throw notFound('Override');
        if (current.status !== 'PENDING') {
          throw new AppError('CONFLICT', `This override is already ${current.status.toLowerCase()}; only a pending one is decided`);
        }
        await repository.decideOverride(trx, id, {
          status,
          by: actor.userId,
          note: body.note ?? null,
          validMinutes: OVERRIDE_VALID_MINUTES,
        });
        await auditTrail.record(trx, {
          actor,
          action: status === 'APPROVED' ? 'policy_override.approved' : 'policy_override.declined',
          entityId: id,
          organizationId,
          stationId: current.station_id,
          before: { status: 'PENDING' },
          after: { status, note: body.note ?? null },
          note: `Request ${current.fuel_request_id}, ${Number(current.dispensed_volume)} L asked`,
        });
      });
      const override = await view(id, { organizationId });
      const message =
        status === 'APPROVED'
          ? `Override approved: the station may dispense up to ${override.dispensedVolume} L for the next ${OVERRIDE_VALID_MINUTES} minutes`
          : 'Override declined';
      return { message, override };
    },

    /** The override the attendant waits on: its own station's only. */
    async forStation(actor: Actor, id: string) {
      if (!actor.fuelStationId) throw notFound('Override');
      return { override: await view(id, { stationId: actor.fuelStationId }) };
    },

    /**
     * The attendant stops waiting (the driver left): its own station's pending override only, so a
     * manager's later decision finds it closed (409) and the coupon asks afresh next time.
     */
    async cancel(actor: Actor, id: string) {
      const stationId = actor.fuelStationId;
      if (!stationId) throw notFound('Override');
      await db.transaction().execute(async (trx) => {
        const current = await repository.lockOverride(trx, id, { stationId });
        if (!current) throw notFound('Override');
        if (current.status !== 'PENDING') {
          throw new AppError('CONFLICT', `This override is already ${current.status.toLowerCase()}; only a pending one is cancelled`);
        }
        await repository.cancelOverride(trx, id, actor.userId);
        await auditTrail.record(trx, {
          actor,
          action: 'policy_override.cancelled',
          entityId: id,
          organizationId: current.organization_id,
          stationId,
          before: { status: 'PENDING' },
          after: { status: 'CANCELLED' },
          note: `Request ${current.fuel_request_id}, ${Number(current.dispensed_volume)} L asked; the attendant stopped waiting`,
        });
      });
      return { message: 'Override cancelled: nothing was redeemed', override: await view(id, { stationId }) };
    },
  };
}

export type OverridesService = ReturnType<typeof createOverridesService>;
