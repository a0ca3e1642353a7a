/**
 * Maintenance requests: the same lifecycle as fuel. Approval puts the vehicle UNDER_MAINTENANCE
 * and, when a station services it, holds the estimated cost; the station may lower the final cost
 * (never raise it: a higher cost needs a new request) and completes the job with its work order,
 * which pays it; without a station the organization admin completes it. Either way the vehicle
 * returns to ACTIVE. This file composes the steps of maintenance/ (see fuel-requests.service.ts).
 */
import {
  formatNaira,
  koboToNaira,
  nairaToKobo,
  type RouteBody,
  type RouteQuery,
  type exportRoutes,
  type maintenanceRoutes,
} from '@fleetfuel/contract';
import { inBatches, mapBatches } from '../../platform/db/keyset.js';
import type { Actor } from '../../platform/http/actor.js';
import * as repository from './maintenance.repository.js';
import { approveMaintenance } from './maintenance/approve.js';
import { completeMaintenance, priceMaintenance } from './maintenance/complete.js';
import { createMaintenance } from './maintenance/create.js';
import type { MaintenanceDeps } from './maintenance/deps.js';
import { rejectMaintenance } from './maintenance/reject.js';
import { reloadMaintenance, toMaintenance, viewMaintenance } from './maintenance/view.js';
import { findWorkOrderForStation, workOrderPdf } from './maintenance/work-order.js';
import { scopeFor } from './shared.js';

export type { MaintenanceDeps } from './maintenance/deps.js';

type MaintenanceListQuery = RouteQuery<typeof maintenanceRoutes.allRequests>;

export function createMaintenanceService(deps: MaintenanceDeps) {
  const { db } = deps;

  /** A page of requests in the actor's scope; `mine` keeps only those the actor made. */
  async function list(actor: Actor, query: MaintenanceListQuery, options: { mine?: boolean } = {}) {
    const scope = await scopeFor(db, actor, query);
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
      const scope = await scopeFor(db, actor, query);
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

    get: async (actor: Actor, id: string) => toMaintenance(await viewMaintenance(db, actor, id)),

    async create(actor: Actor, body: RouteBody<typeof maintenanceRoutes.create>) {
      const id = await createMaintenance(deps, actor, body);
      return { message: 'Request Successfull!', request: await reloadMaintenance(db, id) };
    },

    async approve(actor: Actor, id: string) {
      const visible = await viewMaintenance(db, actor, id);
      await approveMaintenance(deps, actor, { id: visible.id, stationName: visible.station_id ? visible.station_name : null });
      return { message: 'Maintenance request approved.', request: await reloadMaintenance(db, visible.id) };
    },

    async reject(actor: Actor, id: string, note: string | null) {
      const visible = await viewMaintenance(db, actor, id);
      await rejectMaintenance(deps, actor, { id: visible.id, plate: visible.plate_number ?? visible.model }, note);
      return { message: 'Maintenance request rejected.', request: await reloadMaintenance(db, visible.id) };
    },

    async updatePrice(actor: Actor, body: RouteBody<typeof maintenanceRoutes.updatePrice>) {
      await priceMaintenance(deps, actor, body);
      return { message: 'Price Updated!', request: await reloadMaintenance(db, body.id) };
    },

    async complete(actor: Actor, id: string, body: RouteBody<typeof maintenanceRoutes.complete>) {
      await completeMaintenance(deps, actor, id, body);
      const request = await reloadMaintenance(db, id);
      return {
        message: `Maintenance completed for ${request.vehicle.plateNumber ?? request.vehicle.model}; ${formatNaira(nairaToKobo(request.amount ?? 0))}`,
        request,
      };
    },

    findForStation: (stationId: string, workOrder: { code?: string | undefined; qr?: string | undefined }) =>
      findWorkOrderForStation(deps, stationId, workOrder),

    workOrderPdf: (actor: Actor, id: string) => workOrderPdf(deps, actor, id),
  };
}

export type MaintenanceService = ReturnType<typeof createMaintenanceService>;
