/**
 * The review queue (issue 44): managers page through the anomaly flags their fleet's requests raised
 * and the organization admin judges each one; every verdict is audited. Confirmed frauds and what
 * was recovered feed the analytics.
 */
import {
  formatNaira,
  koboToNaira,
  nairaToKobo,
  type FlagReviewBody,
  type ReviewFlag,
  type RouteQuery,
  type flagRoutes,
} from '@fleetfuel/contract';
import { lagosDayRange } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import { invalidField, notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/actor.js';
import { organizationFilter, owningOrganization } from '../../platform/tenancy/organization-scope.js';
import { auditTrail } from '../audit/index.js';
import * as repository from './flags.repository.js';
import type { FlagRow } from './flags.repository.js';

const naira = (kobo: string | null) => (kobo === null ? null : koboToNaira(kobo));

function toFlag(row: FlagRow): ReviewFlag {
  return {
    id: row.id,
    code: row.code,
    severity: row.severity,
    message: row.message,
    step: row.step,
    status: row.status,
    raisedAt: row.raised_at.toISOString(),
    note: row.note,
    recoveredAmount: naira(row.recovered_kobo),
    reviewedBy: row.reviewed_by === null ? null : { id: row.reviewed_by, name: row.reviewer_name ?? '' },
    reviewedAt: row.reviewed_at?.toISOString() ?? null,
    request: {
      id: row.request_id,
      status: row.request_status as ReviewFlag['request']['status'],
      supplyDate: row.supply_date,
      fuelType: row.fuel_type as ReviewFlag['request']['fuelType'],
      volume: Number(row.volume),
      dispensedVolume: row.dispensed_volume === null ? null : Number(row.dispensed_volume),
      heldAmount: naira(row.hold_kobo),
      amount: naira(row.amount_kobo),
    },
    vehicle: { id: row.vehicle_id, plateNumber: row.plate_number, make: row.make, model: row.model },
    driver: row.driver_id === null ? null : { id: row.driver_id, name: row.driver_name ?? '' },
    station: { id: row.station_id, name: row.station_name },
    organization: { id: row.organization_id, name: row.organization_name },
  };
}

const VERDICT_WORDS = { LEGITIMATE: 'legitimate', SUSPECTED: 'suspected', CONFIRMED_FRAUD: 'confirmed fraud' } as const;

/** Money recovered belongs to a confirmed fraud, and cannot exceed what the fill paid. */
function recoveredKoboOf(body: FlagReviewBody, paidKobo: string | null): bigint | null {
  if (body.recoveredAmount === undefined) return null;
  if (body.status !== 'CONFIRMED_FRAUD') {
    throw invalidField('recoveredAmount', 'Only a confirmed fraud records money recovered');
  }
  const recovered = nairaToKobo(body.recoveredAmount);
  const paid = BigInt(paidKobo ?? 0);
  if (recovered > paid) {
    throw invalidField(
      'recoveredAmount',
      paid === 0n
        ? 'Nothing was paid for this request, so nothing can be recovered'
        : `Cannot be more than the ${formatNaira(paid)} paid for this fill`,
    );
  }
  return recovered;
}

export function createFlagsService(deps: { db: Database }) {
  const { db } = deps;

  return {
    async list(actor: Actor, query: RouteQuery<typeof flagRoutes.list>) {
      const { from, to, ...filters } = query;
      const { rows, total } = await repository.listFlags(db, {
        ...filters,
        organizationId: organizationFilter(actor, query.organizationId),
        ...lagosDayRange({ from, to }),
      });
      return { data: rows.map(toFlag), total };
    },

    async review(actor: Actor, id: string, body: FlagReviewBody) {
      const organizationId = owningOrganization(actor, null);
      await db.transaction().execute(async (trx) => {
        const flag = await repository.lockFlag(trx, id, organizationId);
        if (!flag) throw notFound('Flag');
        const recoveredKobo = recoveredKoboOf(body, flag.amount_kobo);
        await repository.markReviewed(trx, id, { status: body.status, note: body.note, recoveredKobo, by: actor.userId });
        await auditTrail.record(trx, {
          actor,
          action: 'request_flag.reviewed',
          entityId: id,
          organizationId,
          before: { status: flag.status, note: flag.note, recoveredAmount: naira(flag.recovered_kobo) },
          after: { status: body.status, note: body.note, recoveredAmount: naira(recoveredKobo?.toString() ?? null) },
          note: `${flag.code} on request ${flag.fuel_request_id}`,
        });
      });
      const row = await repository.findFlag(db, id, organizationId);
      if (!row) throw notFound('Flag');
      return { message: `Flag marked ${VERDICT_WORDS[body.status]}`, flag: toFlag(row) };
    },

    /** The queue's figures for the analytics: flags waiting, confirmed frauds, the naira they paid and the naira recovered. */
    async fraudTotals(executor: Database, organizationId: string | null) {
      const openFlags = await repository.openFlagCount(executor, organizationId);
      const totals = await repository.fraudTotals(executor, organizationId);
      return {
        openFlags,
        confirmedFraudRequests: Number(totals.requests),
        confirmedFraudAmount: koboToNaira(totals.amount_kobo),
        recoveredAmount: koboToNaira(totals.recovered_kobo),
      };
    },
  };
}

export type FlagsService = ReturnType<typeof createFlagsService>;
