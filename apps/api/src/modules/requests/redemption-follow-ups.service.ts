/**
 * Follow-ups of redemptions recorded offline (issue 42). A station's device with no network lets
 * the attendant dispense on a coupon it checked itself, queues the redemption and sends it when the
 * network returns, saying when it was recorded (`recordedOfflineAt`). If the server then refuses it,
 * the fuel has already left the pump: the refusal is kept as a follow-up that the station
 * representative settles (the alerts centre shows it to the station and to the organization while
 * it is open), instead of a message on one device that nobody may read.
 */
import {
  FUEL_UNITS,
  koboToNaira,
  type RedemptionFollowUp,
  type RouteBody,
  type RouteQuery,
  type SoldFuelType,
  type fuelRequestRoutes,
  type redemptionRoutes,
} from '@fleetfuel/contract';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import { AppError, forbidden, notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/actor.js';
import { auditTrail } from '../audit/index.js';
import { costOf } from './rules/money.js';
import * as repository from './redemption-follow-ups.repository.js';

/**
 * The refusals that are the server's last word on a redemption, as the device's queue takes them:
 * the device drops the redemption on these, so the station must hear of them. A busy server, a
 * rate limit or a signed-out session may answer otherwise later and the device keeps trying.
 */
const FINAL_REFUSALS: ReadonlySet<string> = new Set([
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'NOT_FOUND',
  'CONFLICT',
  'RULE_VIOLATION',
  'LIMIT_REACHED',
  'INSUFFICIENT_FUNDS',
  'TENANT_READ_ONLY',
  /** A HARD fuel policy refused the fill at the pump (issue 44). */
  'POLICY_VIOLATION',
  /** The vehicle or the driver was frozen (issue 44). */
  'FROZEN',
  /** A SOFT fuel policy wanted a manager's override (issue 44): the fuel was already given offline. */
  'OVERRIDE_REQUIRED',
]);

const isFinalRefusal = (error: unknown): error is AppError => error instanceof AppError && FINAL_REFUSALS.has(error.code);

function toFollowUp(row: repository.FollowUpRow): RedemptionFollowUp {
  const fuelType = row.fuel_type as SoldFuelType | null;
  return {
    id: row.id,
    status: row.status,
    fuelRequestId: row.fuel_request_id,
    couponCode: row.coupon_code,
    plate: row.plate_number,
    fuelType,
    dispensedVolume: Number(row.dispensed_volume),
    unit: fuelType ? FUEL_UNITS[fuelType] : null,
    amount: row.amount_kobo === null ? null : koboToNaira(row.amount_kobo),
    organization: row.organization_id && row.organization_name ? { id: row.organization_id, name: row.organization_name } : null,
    station: { id: row.station_id, name: row.station_name },
    recordedBy: row.recorded_by && row.recorded_by_name ? { id: row.recorded_by, name: row.recorded_by_name } : null,
    recordedOfflineAt: row.recorded_offline_at.toISOString(),
    refusedAt: row.refused_at.toISOString(),
    reason: row.reason,
    resolvedAt: row.resolved_at?.toISOString() ?? null,
    resolvedBy: row.resolved_by && row.resolved_by_name ? { id: row.resolved_by, name: row.resolved_by_name } : null,
    resolutionNote: row.resolution_note,
  };
}

type CompleteBody = RouteBody<typeof fuelRequestRoutes.complete>;

export function createRedemptionFollowUps(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  /** The station whose follow-ups the caller sees: a representative's own; the platform admin's choice or all. */
  function stationScope(actor: Actor, stationId: string | undefined): string | null {
    if (actor.role === 'ADMIN') return stationId ?? null;
    if (actor.role === 'STATION_REP' && actor.fuelStationId) return actor.fuelStationId;
    throw forbidden();
  }

  /** Writes the follow-up of a refused offline redemption, with its audit entry; a resend adds nothing. */
  async function recordRefusal(actor: Actor, requestId: string, body: CompleteBody, idempotencyKey: string | null, reason: string) {
    const stationId = actor.fuelStationId;
    if (!stationId || body.recordedOfflineAt === undefined) return;
    const recordedOfflineAt = new Date(body.recordedOfflineAt);
    if (Number.isNaN(recordedOfflineAt.getTime())) return;
    await db.transaction().execute(async (trx) => {
      const coupon = await repository.findStationCoupon(trx, stationId, requestId);
      const id = await repository.insertFollowUp(trx, {
        stationId,
        organizationId: coupon?.organization_id ?? null,
        fuelRequestId: coupon?.id ?? null,
        // The device's queue always sends its key; without one, the redemption's own time stands in.
        idempotencyKey: idempotencyKey ?? `offline:${requestId}:${recordedOfflineAt.toISOString()}`,
        couponCode: coupon?.coupon_code ?? body.code ?? null,
        dispensedVolume: body.dispensedVolume,
        amountKobo: coupon?.price_kobo ? costOf(body.dispensedVolume, BigInt(coupon.price_kobo)) : null,
        recordedBy: actor.userId,
        recordedOfflineAt,
        reason: reason.slice(0, 1000),
      });
      if (!id) return;
      await auditTrail.record(trx, {
        actor,
        action: 'redemption_follow_up.opened',
        entityId: id,
        organizationId: coupon?.organization_id ?? null,
        stationId,
        after: { status: 'OPEN', fuelRequestId: coupon?.id ?? null, dispensedVolume: body.dispensedVolume, recordedOfflineAt },
        note: `Recorded offline and refused when sent: ${reason}`.slice(0, 1000),
      });
    });
  }

  return {
    /**
     * Runs a redemption; when a device recorded it offline and the server refuses it for good, the
     * refusal is written as a follow-up before it is answered. The refusal itself is unchanged.
     */
    async followingUpRefusal<T>(
      actor: Actor,
      request: { id: string; body: CompleteBody; idempotencyKey: string | null },
      redeem: () => Promise<T>,
    ): Promise<T> {
      try {
        return await redeem();
      } catch (error) {
        if (request.body.recordedOfflineAt !== undefined && isFinalRefusal(error)) {
          await recordRefusal(actor, request.id, request.body, request.idempotencyKey, error.message);
        }
        throw error;
      }
    },

    async list(actor: Actor, query: RouteQuery<typeof redemptionRoutes.followUps>) {
      const stationId = stationScope(actor, query.stationId);
      const [{ rows, total }, open] = await Promise.all([
        repository.listFollowUps(
          db,
          { stationId, status: query.status ?? null, search: query.search || null },
          { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
        ),
        repository.countOpen(db, stationId),
      ]);
      return { followUps: rows.map(toFollowUp), open, meta: { page: query.page, pageSize: query.pageSize, total } };
    },

    async resolve(actor: Actor, id: string, note: string) {
      const stationId = stationScope(actor, undefined);
      await db.transaction().execute(async (trx) => {
        const row = await repository.lockFollowUp(trx, id);
        if (!row || (stationId !== null && row.station_id !== stationId)) throw notFound('Follow-up');
        if (row.status !== 'OPEN') throw new AppError('RULE_VIOLATION', 'This follow-up is already resolved');
        await repository.markResolved(trx, id, { by: actor.userId, note, at: clock.now() });
        await auditTrail.record(trx, {
          actor,
          action: 'redemption_follow_up.resolved',
          entityId: id,
          organizationId: row.organization_id,
          stationId: row.station_id,
          before: { status: 'OPEN' },
          after: { status: 'RESOLVED', resolutionNote: note },
        });
      });
      const followUp = await repository.findFollowUp(db, id);
      if (!followUp) throw notFound('Follow-up');
      return { message: 'Follow-up resolved.', followUp: toFollowUp(followUp) };
    },
  };
}

export type RedemptionFollowUps = ReturnType<typeof createRedemptionFollowUps>;
