/**
 * Fuel reserves: an organization's budget of litres (kWh, kg) for one fuel type. Admins request
 * them; the organization admin approves them into ACTIVE; approved fuel requests draw them down.
 */
import { FUEL_UNITS, type ListQuery, type Reserve, type RouteBody, type SoldFuelType, type reserveRoutes } from '@fleetfuel/contract';
import type { Database } from '../../platform/db/database.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/actor.js';
import { organizationFilter, owningOrganization } from '../../platform/tenancy/organization-scope.js';
import { auditTrail } from '../audit/index.js';
import type { UsageService } from '../subscriptions/index.js';
import * as repository from './reserves.repository.js';
import type { ReserveRow } from './reserves.repository.js';
import { formatNumber } from '../../platform/number-format.js';

const quantity = (value: number, fuelType: SoldFuelType) => `${formatNumber(value)} ${FUEL_UNITS[fuelType]} of ${fuelType}`;

function toReserve(row: ReserveRow): Reserve {
  const fuelType = row.fuel_type as SoldFuelType;
  return {
    id: row.id,
    fuelType,
    amount: Number(row.amount),
    remaining: Number(row.remaining),
    unit: FUEL_UNITS[fuelType],
    status: row.status as Reserve['status'],
    note: row.note,
    requestedBy: row.requested_by && row.requested_by_name ? { id: row.requested_by, name: row.requested_by_name } : null,
    approvedBy: row.approved_by && row.approved_by_name ? { id: row.approved_by, name: row.approved_by_name } : null,
    approvedAt: row.approved_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

export function createReservesService(deps: { db: Database; usage: UsageService }) {
  const { db, usage } = deps;

  async function find(actor: Actor, id: string): Promise<ReserveRow> {
    const row = await repository.findReserve(db, id, organizationFilter(actor, null));
    if (!row) throw notFound('Reserve');
    return row;
  }

  return {
    async list(actor: Actor, query: ListQuery & { organizationId?: string; status?: Reserve['status']; fuelType?: SoldFuelType }) {
      const organizationId = organizationFilter(actor, query.organizationId);
      const [{ rows, total }, summary] = await Promise.all([
        repository.listReserves(db, { ...query, organizationId }),
        repository.summarizeReserves(db, organizationId),
      ]);
      return {
        reserves: rows.map(toReserve),
        summary: summary.map((s) => ({
          fuelType: s.fuel_type as SoldFuelType,
          unit: FUEL_UNITS[s.fuel_type as SoldFuelType],
          remaining: Number(s.remaining),
          total: Number(s.total),
          pending: Number(s.pending),
        })),
        total,
      };
    },

    async create(actor: Actor, body: RouteBody<typeof reserveRoutes.create>) {
      const organizationId = owningOrganization(actor, null);
      const id = await db.transaction().execute(async (trx) => {
        await usage.assertWritable(trx, organizationId, 'no reserves can be requested');
        return repository.insertReserve(trx, {
          organizationId,
          fuelType: body.fuelType,
          amount: body.amount,
          note: body.note ?? null,
          requestedBy: actor.userId,
        });
      });
      const reserve = toReserve(await find(actor, id));
      return { message: `Reserve of ${quantity(reserve.amount, reserve.fuelType)} requested`, reserve };
    },

    async update(actor: Actor, id: string, body: RouteBody<typeof reserveRoutes.update>) {
      const existing = await find(actor, id);
      const to = body.status ?? 'ACTIVE';
      const fuelType = existing.fuel_type as SoldFuelType;
      if (to === 'ACTIVE' && existing.status !== 'PENDING') {
        throw new AppError('RULE_VIOLATION', `Only a pending reserve can be approved; this one is ${existing.status}`);
      }
      if (to === 'INACTIVE' && existing.status === 'INACTIVE') throw new AppError('RULE_VIOLATION', 'This reserve is already inactive');
      await db.transaction().execute(async (trx) => {
        await usage.assertWritable(trx, existing.organization_id, 'its reserves cannot be changed');
        if (!(await repository.decideReserve(trx, id, existing.status, to, actor.userId))) {
          throw new AppError('CONFLICT', 'This reserve was just changed by someone else. Reload and try again.');
        }
        const action = to === 'ACTIVE' ? 'reserve.approved' : existing.status === 'PENDING' ? 'reserve.declined' : 'reserve.deactivated';
        await auditTrail.record(trx, {
          actor,
          action,
          entityId: id,
          organizationId: existing.organization_id,
          before: { status: existing.status },
          after: { status: to },
        });
      });
      const reserve = toReserve(await find(actor, id));
      const message =
        to === 'ACTIVE'
          ? `Reserve approved: ${quantity(reserve.amount, fuelType)}`
          : existing.status === 'PENDING'
            ? `Reserve declined: ${quantity(reserve.amount, fuelType)}`
            : `Reserve deactivated: ${quantity(reserve.remaining, fuelType)} left unused`;
      return { message, reserve };
    },
  };
}

export type ReservesService = ReturnType<typeof createReservesService>;

/** Volumes are kept to the centilitre; float sums are rounded back to it. */
const centi = (value: number) => Math.round(value * 100) / 100;

/**
 * Reserve draw-down for fuel approvals: when the organization has an ACTIVE reserve of the fuel,
 * its reserves together must cover the volume, drawn from the oldest first. Releasing returns
 * what a request still holds, newest draw first.
 */
export const reserveDraws = {
  async draw(trx: Database, request: { id: string; organizationId: string; fuelType: SoldFuelType; volume: number }): Promise<void> {
    if (!(await repository.hasActiveReserve(trx, request.organizationId, request.fuelType))) return;
    const reserves = await repository.lockDrawableReserves(trx, request.organizationId, request.fuelType);
    const available = centi(reserves.reduce((sum, r) => sum + Number(r.remaining), 0));
    if (available < request.volume) {
      throw new AppError(
        'RULE_VIOLATION',
        `The ${request.fuelType} reserve has ${quantityOf(available, request.fuelType)} left and this request needs ${quantityOf(request.volume, request.fuelType)}.`,
      );
    }
    let needed = request.volume;
    for (const reserve of reserves) {
      if (needed <= 0) break;
      const take = centi(Math.min(needed, Number(reserve.remaining)));
      if (take <= 0) continue;
      await repository.takeFromReserve(trx, reserve.id, request.id, take);
      needed = centi(needed - take);
    }
  },

  /** Returns up to `volume` of what the request drew (all of it when omitted). */
  async release(trx: Database, requestId: string, volume?: number): Promise<void> {
    let left = volume ?? Number.POSITIVE_INFINITY;
    for (const draw of await repository.openDraws(trx, requestId)) {
      if (left <= 0) break;
      const back = centi(Math.min(left, Number(draw.held)));
      await repository.giveBack(trx, draw.id, draw.reserve_id, back);
      left = centi(left - back);
    }
  },
};

function quantityOf(value: number, fuelType: SoldFuelType): string {
  return `${formatNumber(value)} ${FUEL_UNITS[fuelType]}`;
}
