/**
 * Maintenance requests: the same lifecycle as fuel. Approval puts the vehicle UNDER_MAINTENANCE
 * and, when a station services it, holds the estimated cost; the station may lower the final cost
 * (never raise it: a higher cost needs a new request) and completes the job with its work order,
 * which pays it; without a station the organization admin completes it. Either way the vehicle
 * returns to ACTIVE.
 */
import {
  formatNaira,
  koboToNaira,
  lagosDateTime,
  nairaToKobo,
  type MaintenanceRequest,
  type RouteBody,
  type RouteQuery,
  type exportRoutes,
  type maintenanceRoutes,
  calendarDay,
} from '@fleetfuel/contract';
import { lagosDate, type Clock } from '../../platform/clock.js';
import type { CouponSigner } from '../../platform/coupons.js';
import { newCouponCode, normalizeCouponCode } from '../../platform/coupons.js';
import type { Database } from '../../platform/db/database.js';
import { inBatches, mapBatches } from '../../platform/db/keyset.js';
import { AppError, invalidField, notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/actor.js';
import { renderCoupon } from '../../platform/pdf/coupon.js';
import { money } from '../../platform/pdf/document.js';
import { auditTrail } from '../audit/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { PricesService } from '../prices/index.js';
import type { UsageService } from '../subscriptions/index.js';
import type { VehiclesService } from '../vehicles/index.js';
import type { NotificationsService } from '../notifications/index.js';
import { plateOf } from './format.js';
import * as repository from './maintenance.repository.js';
import type { LockedMaintenance, MaintenanceRow } from './maintenance.repository.js';
import { assertOdometerNotBack, feeOf, holdForApproval, scopeFor, stationPayment } from './shared.js';
import { enqueueMaintenanceWebhook } from './request-webhooks.js';

export interface MaintenanceDeps {
  db: Database;
  ledger: LedgerService;
  vehicles: VehiclesService;
  prices: PricesService;
  usage: UsageService;
  clock: Clock;
  coupons: CouponSigner;
  platformFeeBps: number;
  notifications: NotificationsService;
}

const holdReference = (id: string) => `maintenance:${id}`;

function toMaintenance(row: MaintenanceRow): MaintenanceRequest {
  const person = (id: string | null, name: string | null) => (id && name ? { id, name } : null);
  return {
    id: row.id,
    vehicle: {
      id: row.vehicle_id,
      plateNumber: row.plate_number,
      make: row.make,
      model: row.model,
      type: row.vehicle_type as MaintenanceRequest['vehicle']['type'],
    },
    organization: { id: row.organization_id, name: row.organization_name },
    requestedBy: { id: row.requested_by, name: row.requester_name },
    date: row.service_date,
    description: row.description,
    cost: koboToNaira(row.cost_kobo),
    finalCost: row.final_cost_kobo === null ? null : koboToNaira(row.final_cost_kobo),
    fuelStation: row.station_id && row.station_name ? { id: row.station_id, name: row.station_name, address: row.station_address } : null,
    currentOdometerReading: row.odometer === null ? null : Number(row.odometer),
    currentTankLevel: row.tank_level,
    status: row.status as MaintenanceRequest['status'],
    note: row.note,
    createdAt: row.created_at.toISOString(),
    approvedBy: person(row.approved_by, row.approver_name),
    approvedAt: row.approved_at?.toISOString() ?? null,
    rejectedBy: person(row.rejected_by, row.rejecter_name),
    rejectedAt: row.rejected_at?.toISOString() ?? null,
    rejectionNote: row.rejection_note,
    couponCode: row.coupon_code,
    completedBy: person(row.completed_by, row.completer_name),
    completedAt: row.completed_at?.toISOString() ?? null,
    amount: row.amount_kobo === null ? null : koboToNaira(row.amount_kobo),
  };
}

/** Why a work order cannot be completed now, or null when it can. */
export function whyNotCompletable(row: { status: string; completed_at: Date | null }): string | null {
  switch (row.status) {
    case 'PENDING':
      return 'This maintenance request has not been approved yet';
    case 'REJECTED':
      return 'This maintenance request was rejected; its work order is not valid';
    case 'COMPLETED':
      return `This work order was already completed on ${row.completed_at ? lagosDateTime(row.completed_at) : 'an earlier day'}`;
    default:
      return null;
  }
}

type MaintenanceListQuery = RouteQuery<typeof maintenanceRoutes.allRequests>;

export function createMaintenanceService(deps: MaintenanceDeps) {
  const { db, ledger, vehicles, prices, usage, clock, coupons } = deps;

  const scopeOf = (actor: Actor, requested: { organizationId?: string | undefined }) => scopeFor(db, actor, requested);

  async function view(actor: Actor, id: string): Promise<MaintenanceRow> {
    const row = await repository.findMaintenance(db, id, await scopeOf(actor, {}));
    if (!row) throw notFound('Maintenance request');
    return row;
  }

  async function reload(id: string): Promise<MaintenanceRequest> {
    const row = await repository.findMaintenance(db, id, { organizationId: null });
    if (!row) throw notFound('Maintenance request');
    return toMaintenance(row);
  }

  async function locked(trx: Database, id: string): Promise<LockedMaintenance> {
    const row = await repository.lockMaintenance(trx, id);
    if (!row) throw notFound('Maintenance request');
    return row;
  }

  /** A page of requests in the actor's scope; `mine` keeps only those the actor made. */
  async function list(actor: Actor, query: MaintenanceListQuery, options: { mine?: boolean } = {}) {
    const scope = await scopeOf(actor, query);
    // Station users see only jobs addressed to their station that were approved or done.
    const { rows, summary } = await repository.listMaintenance(db, scope, {
      ...query,
      ...(options.mine ? { requestedBy: actor.userId } : {}),
    });
    return {
      rows: rows.map(toMaintenance),
      summary: {
        totalCount: Number(summary.total),
        pendingCount: Number(summary.pending_count),
        approvedCount: Number(summary.approved_count),
        completedCount: Number(summary.completed_count),
        pendingCost: koboToNaira(summary.pending_cost),
        completedCost: koboToNaira(summary.completed_cost),
      },
      total: Number(summary.total),
    };
  }

  return {
    list,

    /** Every job the Maintenance page would show with these filters, in its order, `batchSize` at a time (exports). */
    async exportBatches(actor: Actor, query: RouteQuery<typeof exportRoutes.maintenance>, batchSize: number) {
      const scope = await scopeOf(actor, query);
      return mapBatches(
        inBatches((after, size) => repository.maintenanceBatch(db, scope, query, after, size), batchSize),
        toMaintenance,
      );
    },

    /** The Maintenance page: every request in scope, as `logs`. */
    async listLogs(actor: Actor, query: MaintenanceListQuery) {
      const { rows, summary, total } = await list(actor, query);
      return { logs: rows, summary, total };
    },

    /** The caller's own requests. */
    async listMine(actor: Actor, query: MaintenanceListQuery) {
      const { rows, summary, total } = await list(actor, query, { mine: true });
      return { requests: rows, summary, total };
    },

    get: async (actor: Actor, id: string) => toMaintenance(await view(actor, id)),

    async create(actor: Actor, body: RouteBody<typeof maintenanceRoutes.create>) {
      const vehicle = await vehicles.forRequest(db, body.vehicleId, actor.role === 'ADMIN' ? null : actor.organizationId);
      if (!vehicle || (actor.role === 'DRIVER' && vehicle.driver_id !== actor.userId)) throw notFound('Vehicle');
      const label = plateOf(vehicle);
      if (vehicle.status === 'INACTIVE')
        throw new AppError('RULE_VIOLATION', `${label} is INACTIVE; set it ACTIVE before scheduling maintenance`);
      if (body.stationId) {
        const station = await prices.station(db, body.stationId);
        if (!station) throw invalidField('stationId', 'This fuel station does not exist');
        if (station.status !== 'ACTIVE')
          throw new AppError('RULE_VIOLATION', `${station.name} is not active and cannot be chosen`, { field: 'stationId' });
      }
      const odometer = body.currentOdometerReading ?? null;
      assertOdometerNotBack(vehicle, odometer, 'currentOdometerReading');
      if (body.date < lagosDate(clock.now())) throw invalidField('date', 'The maintenance date must be today or later');
      const id = await db.transaction().execute(async (trx) => {
        await usage.assertCanRequest(trx, vehicle.organization_id, 'maintenanceRequests', clock.now());
        const created = await repository.insertMaintenance(trx, {
          organizationId: vehicle.organization_id,
          vehicleId: vehicle.id,
          requestedBy: actor.userId,
          stationId: body.stationId ?? null,
          description: body.description,
          serviceDate: body.date,
          costKobo: nairaToKobo(body.cost),
          odometer,
          tankLevel: body.currentTankLevel ?? null,
          note: body.note ?? null,
        });
        // The trail records decisions and money, not a person raising a request (the request names its
        // requester); a request raised with an API key, in its creator's name, is recorded to name the key.
        if (actor.apiKey) {
          await auditTrail.record(trx, {
            actor,
            action: 'maintenance_request.created',
            entityId: created.id,
            organizationId: vehicle.organization_id,
            stationId: body.stationId ?? null,
            after: { status: 'PENDING', cost: body.cost, serviceDate: body.date },
          });
        }
        await enqueueMaintenanceWebhook(trx, 'maintenance.created', created);
        return created.id;
      });
      return { message: 'Request Successfull!', request: await reload(id) };
    },

    async approve(actor: Actor, id: string) {
      const visible = await view(actor, id);
      await deps.notifications.sendingAfterCommit(async (trx) => {
        const request = await locked(trx, id);
        if (request.status !== 'PENDING')
          throw new AppError('RULE_VIOLATION', `Only a pending request can be approved; this one is ${request.status}`);
        await usage.assertWritable(trx, request.organization_id, 'no requests can be approved');
        const vehicle = await vehicles.forRequest(trx, request.vehicle_id, request.organization_id, { lock: true });
        if (!vehicle) throw notFound('Vehicle');
        if (vehicle.department_id && vehicle.department_status !== 'ACTIVE') {
          throw new AppError(
            'RULE_VIOLATION',
            `The group ${vehicle.department_name ?? ''} is ${(vehicle.department_status ?? '').toLowerCase()}; requests for its vehicles cannot be approved`,
          );
        }
        const holdKobo = request.station_id ? BigInt(request.cost_kobo) : null;
        await vehicles.setStatus(trx, vehicle.id, 'UNDER_MAINTENANCE', { actor, note: 'Maintenance approved' });
        const approvedRow = await repository.updateMaintenance(trx, id, {
          status: 'APPROVED',
          approved_by: actor.userId,
          approved_at: clock.now(),
          coupon_code: newCouponCode(),
          ...(holdKobo !== null ? { hold_kobo: holdKobo.toString() } : {}),
        });
        await auditTrail.record(trx, {
          actor,
          action: 'maintenance_request.approved',
          entityId: id,
          organizationId: request.organization_id,
          stationId: request.station_id,
          before: { status: request.status },
          after: { status: 'APPROVED', heldAmount: holdKobo === null ? null : koboToNaira(holdKobo) },
        });
        await enqueueMaintenanceWebhook(trx, 'maintenance.approved', approvedRow);
        await deps.notifications.notify(
          trx,
          'requestDecisions',
          [request.requested_by],
          {
            subject: `Maintenance approved for ${vehicle.plate_number ?? vehicle.model}`,
            text: `"${request.description}" on ${calendarDay(request.service_date)} was approved${visible.station_id && visible.station_name ? ` at ${visible.station_name}; the work order code is ${approvedRow.coupon_code ?? ''}` : ''}. The vehicle is now UNDER MAINTENANCE.`,
          },
          request.organization_id,
        );
        // The wallet last (docs/decisions/006): a refusal rolls back all of the above.
        if (holdKobo !== null) {
          await holdForApproval(ledger, trx, {
            organizationId: request.organization_id,
            amount: holdKobo,
            reason: `Maintenance of ${plateOf(vehicle)}`,
            reference: holdReference(id),
            what: 'job',
          });
        }
      });
      return { message: 'Maintenance request approved.', request: await reload(id) };
    },

    async reject(actor: Actor, id: string, note: string | null) {
      const visible = await view(actor, id);
      await deps.notifications.sendingAfterCommit(async (trx) => {
        const request = await locked(trx, id);
        if (request.status !== 'PENDING')
          throw new AppError('RULE_VIOLATION', `Only a pending request can be rejected; this one is ${request.status}`);
        const rejectedRow = await repository.updateMaintenance(trx, id, {
          status: 'REJECTED',
          rejected_by: actor.userId,
          rejected_at: clock.now(),
          rejection_note: note,
        });
        await auditTrail.record(trx, {
          actor,
          action: 'maintenance_request.rejected',
          entityId: id,
          organizationId: request.organization_id,
          stationId: request.station_id,
          before: { status: request.status },
          after: { status: 'REJECTED', rejectionNote: note },
        });
        await enqueueMaintenanceWebhook(trx, 'maintenance.rejected', rejectedRow);
        await deps.notifications.notify(
          trx,
          'requestDecisions',
          [request.requested_by],
          {
            subject: `Maintenance rejected for ${visible.plate_number ?? visible.model}`,
            text: `"${request.description}" was rejected.${note ? ` Note: ${note}` : ''}`,
          },
          request.organization_id,
        );
      });
      return { message: 'Maintenance request rejected.', request: await reload(id) };
    },

    /** The servicing station sets the final cost of an approved job, never above the approved cost. */
    async updatePrice(actor: Actor, body: RouteBody<typeof maintenanceRoutes.updatePrice>) {
      const finalKobo = nairaToKobo(body.cost);
      await db.transaction().execute(async (trx) => {
        const request = await repository.lockMaintenance(trx, body.id);
        if (!request || !request.station_id || request.station_id !== actor.fuelStationId) throw notFound('Maintenance request');
        if (request.status !== 'APPROVED')
          throw new AppError('RULE_VIOLATION', `Only an approved job's cost can be set; this one is ${request.status}`);
        if (finalKobo > BigInt(request.cost_kobo)) {
          throw invalidField(
            'cost',
            `The final cost cannot exceed the approved ${formatNaira(request.cost_kobo)}; a higher cost needs a new request`,
          );
        }
        await repository.updateMaintenance(trx, body.id, { final_cost_kobo: finalKobo.toString() });
        await auditTrail.record(trx, {
          actor,
          action: 'maintenance_request.priced',
          entityId: body.id,
          organizationId: request.organization_id,
          stationId: request.station_id,
          before: { finalCost: request.final_cost_kobo === null ? null : koboToNaira(request.final_cost_kobo) },
          after: { finalCost: koboToNaira(finalKobo) },
        });
      });
      return { message: 'Price Updated!', request: await reload(body.id) };
    },

    async complete(actor: Actor, id: string, body: RouteBody<typeof maintenanceRoutes.complete>) {
      const byStation = actor.role === 'ATTENDANT' || actor.role === 'STATION_REP';
      // Verified before the transaction: the key lookup may read the database (see fuel requests).
      const scanned = byStation && body.qr !== undefined ? await coupons.verify(body.qr) : null;
      await db.transaction().execute(async (trx) => {
        const request = await repository.lockMaintenance(trx, id);
        const mayComplete =
          request && (byStation ? request.station_id === actor.fuelStationId : request.organization_id === actor.organizationId);
        if (!request || !mayComplete) throw notFound('Maintenance request');
        if (!byStation && request.station_id) {
          throw new AppError('RULE_VIOLATION', 'This job is serviced by a station; the station completes it with the work order');
        }
        if (byStation) {
          if (body.qr !== undefined) {
            const claims = scanned;
            if (!claims || claims.kind !== 'M' || claims.requestId !== id)
              throw new AppError('RULE_VIOLATION', 'This QR code is not the work order of this job', { field: 'qr' });
          } else if (!request.coupon_code || normalizeCouponCode(body.code ?? '') !== request.coupon_code) {
            throw new AppError('RULE_VIOLATION', 'The work order code does not match this job', { field: 'code' });
          }
        }
        const why = whyNotCompletable(request);
        if (why) throw new AppError('RULE_VIOLATION', why);
        const approved = BigInt(request.cost_kobo);
        const finalKobo =
          body.finalCost !== undefined
            ? nairaToKobo(body.finalCost)
            : request.final_cost_kobo !== null
              ? BigInt(request.final_cost_kobo)
              : approved;
        if (finalKobo > approved)
          throw invalidField(
            'finalCost',
            `The final cost cannot exceed the approved ${formatNaira(approved)}; a higher cost needs a new request`,
          );
        const vehicle = await vehicles.forRequest(trx, request.vehicle_id, request.organization_id, { lock: true });
        if (!vehicle) throw notFound('Vehicle');

        const fee = request.station_id ? feeOf(finalKobo, deps.platformFeeBps) : 0n;
        /** The job's own writes; with a station they name the payment's entry and run before the wallets move (last). */
        const complete = async (entryId: string | null) => {
          await vehicles.setStatus(trx, vehicle.id, 'ACTIVE', { actor, note: 'Maintenance completed' });
          const completed = await repository.updateMaintenance(trx, id, {
            status: 'COMPLETED',
            completed_by: actor.userId,
            completed_at: clock.now(),
            final_cost_kobo: finalKobo.toString(),
            amount_kobo: finalKobo.toString(),
            fee_kobo: fee.toString(),
            payment_entry_id: entryId,
          });
          await auditTrail.record(trx, {
            actor,
            action: 'maintenance_request.completed',
            entityId: id,
            organizationId: request.organization_id,
            stationId: request.station_id,
            before: { status: request.status },
            after: { status: 'COMPLETED', amount: koboToNaira(finalKobo), fee: koboToNaira(fee) },
          });
          await enqueueMaintenanceWebhook(trx, 'maintenance.completed', completed);
        };
        if (request.station_id) {
          const what = `Maintenance of ${plateOf(vehicle)}: ${request.description.slice(0, 80)}`;
          const captured = await ledger.captureHold(
            trx,
            holdReference(id),
            {
              idempotencyKey: `maintenance-paid:${id}`,
              kind: 'PAYMENT',
              description: what,
              reference: request.coupon_code,
              createdBy: actor.userId,
              postings: await stationPayment(ledger, trx, {
                organizationId: request.organization_id,
                stationId: request.station_id,
                amount: finalKobo,
                fee,
                note: what,
                feeNote: `Platform fee on ${request.coupon_code ?? id}`,
              }),
            },
            complete,
          );
          if (!captured) throw new AppError('CONFLICT', 'This work order was just completed');
        } else {
          await complete(null);
        }
      });
      const request = await reload(id);
      return {
        message: `Maintenance completed for ${request.vehicle.plateNumber ?? request.vehicle.model}; ${formatNaira(nairaToKobo(request.amount ?? 0))}`,
        request,
      };
    },

    async findForStation(stationId: string, coupon: { code?: string | undefined; qr?: string | undefined }) {
      let row: MaintenanceRow | undefined;
      if (coupon.qr !== undefined) {
        const claims = await coupons.verify(coupon.qr);
        if (!claims || claims.kind !== 'M') return null;
        row = await repository.findMaintenance(db, claims.requestId, { organizationId: null });
      } else {
        row = await repository.findMaintenanceByCode(db, normalizeCouponCode(coupon.code ?? ''));
      }
      if (!row || row.station_id !== stationId) return null;
      return { request: toMaintenance(row), message: whyNotCompletable(row) };
    },

    async workOrderPdf(actor: Actor, id: string) {
      const row = await view(actor, id);
      if (row.status !== 'APPROVED' && row.status !== 'COMPLETED')
        throw new AppError('RULE_VIOLATION', 'Only approved jobs have a work order');
      const qrPayload = await coupons.sign({
        kind: 'M',
        requestId: row.id,
        stationId: row.station_id,
        max: row.cost_kobo,
        expiresAt: 0,
        code: row.coupon_code ?? undefined,
        plate: row.plate_number,
      });
      const pdf = await renderCoupon({
        kind: 'MAINTENANCE',
        code: row.coupon_code as string,
        qrPayload,
        organization: row.organization_name,
        generatedAt: lagosDateTime(clock.now()),
        rows: [
          ['Organization', row.organization_name],
          ['Vehicle', `${row.make} ${row.model}`],
          ['Plate number', row.plate_number ?? '—'],
          ['Work', row.description],
          ['Approved cost (at most)', money(BigInt(row.cost_kobo))],
          [
            'Station',
            row.station_name
              ? `${row.station_name}${row.station_address ? `, ${row.station_address}` : ''}`
              : 'None: completed by the organization',
          ],
          ['Date', row.service_date],
          ['Requested by', row.requester_name],
          ['Approved by', row.approver_name ?? '—'],
          ['Status', row.status],
        ],
      });
      return {
        pdf,
        filename: `work-order-${(row.plate_number ?? row.model).replace(/[^A-Za-z0-9-]/g, '')}-${row.coupon_code as string}.pdf`,
      };
    },
  };
}

export type MaintenanceService = ReturnType<typeof createMaintenanceService>;
