/**
 * Fuel requests, from the request to the station's redemption. This file composes them: each step
 * lives in fuel/ (create, approve, reject, redeem, expire), its rules in rules/ (pure functions),
 * and every decision follows request-decision.ts (lock → check → change → audit → webhook →
 * notify, money last) in one transaction, every naira through the ledger (a hold at approval, a
 * capture at redemption, a release at expiry).
 */
import {
  formatNaira,
  nairaToKobo,
  type RouteBody,
  type RouteQuery,
  type fuelPolicyRoutes,
  type SoldFuelType,
  type exportRoutes,
  type fuelRequestRoutes,
} from '@fleetfuel/contract';
import { inBatches, mapBatches } from '../../platform/db/keyset.js';
import type { Actor } from '../../platform/http/actor.js';
import type { UploadedFile } from '../../platform/http/uploads.js';
import * as repository from './fuel-requests.repository.js';
import { litres } from './format.js';
import { scopeFor } from './shared.js';
import { approveFuelRequest } from './fuel/approve.js';
import { sendConfirmationCode } from './fuel/confirmation-code.js';
import { findFuelCouponForStation, fuelCouponPdf } from './fuel/coupon.js';
import { textFuelCoupon } from './fuel/coupon-text.js';
import { createFuelRequest } from './fuel/create.js';
import { addOdometerPhoto, listEvidence } from './fuel/evidence.js';
import type { FuelRequestsDeps } from './fuel/deps.js';
import { expireDueFuelCoupons } from './fuel/expire.js';
import { redeemFuelCoupon } from './fuel/redeem.js';
import { rejectFuelRequest } from './fuel/reject.js';
import { createFuelRequestReader, toFuelRequest } from './fuel/view.js';
import { budgetsInUse } from './fuel/budgets.js';

export type { FuelRequestsDeps } from './fuel/deps.js';
export { fuelRequestFlags } from './fuel/flags.js';

export function createFuelRequestsService(deps: FuelRequestsDeps) {
  const { db, ledger, prices, clock } = deps;
  const reader = createFuelRequestReader(deps);

  return {
    /** A page of requests in the actor's scope; `mine` keeps only those the actor made. */
    async list(actor: Actor, query: RouteQuery<typeof fuelRequestRoutes.allRequests>, options: { mine?: boolean } = {}) {
      const scope = await scopeFor(db, actor, query);
      const { rows, summary } = await repository.listFuelRequests(db, scope, {
        ...query,
        ...(options.mine ? { requestedBy: actor.userId } : {}),
      });
      return {
        requests: await Promise.all(rows.map((row) => reader.withCoupon(actor, row))),
        summary: {
          totalVolume: Number(summary.total_volume),
          pendingVolume: Number(summary.pending_volume),
          approvedVolume: Number(summary.approved_volume),
          dispensedVolume: Number(summary.dispensed_volume),
          pendingCount: Number(summary.pending_count),
        },
        total: Number(summary.total),
      };
    },

    /** Every request the list would show with these filters, in its order, `batchSize` at a time (exports; no coupon payloads). */
    async exportBatches(actor: Actor, query: RouteQuery<typeof exportRoutes.fuelRequests>, batchSize: number) {
      const scope = await scopeFor(db, actor, query);
      return mapBatches(
        inBatches((after, size) => repository.fuelRequestBatch(db, scope, query, after, size), batchSize),
        toFuelRequest,
      );
    },

    /** One request, with the photos its station took at the pump. */
    async get(actor: Actor, id: string) {
      const row = await reader.view(actor, id);
      return { ...(await reader.withCoupon(actor, row)), evidence: await listEvidence(deps, row.id) };
    },

    addOdometerPhoto: (actor: Actor, id: string, photo: UploadedFile | undefined) => addOdometerPhoto(deps, actor, id, photo),

    /** Each budget policy's use in its current period (the route is the policies' own). */
    budgetUsage: (actor: Actor, query: RouteQuery<typeof fuelPolicyRoutes.usage>) => budgetsInUse(deps, actor, query),

    async stations() {
      const stations = await prices.activeStations();
      return {
        stations: stations.map(({ station, prices: current }) => ({
          id: station.id,
          name: station.name,
          address: station.address,
          imageUrl: null,
          availableFuels: station.available_fuels as SoldFuelType[],
          prices: current.map((p) => ({ fuelType: p.fuelType, pricePerLitre: p.pricePerLitre, unit: p.unit })),
        })),
      };
    },

    /** Active stations with their state, for a caller who picks the state first (USSD). */
    async stationsWithState() {
      const stations = await prices.activeStations();
      return stations.map(({ station }) => ({ id: station.id, name: station.name, state: station.state }));
    },

    /** The approved coupon texted to its driver again (the same text as at approval). */
    textCoupon: (actor: Actor, id: string) => textFuelCoupon(deps, reader, actor, id),

    async create(actor: Actor, body: RouteBody<typeof fuelRequestRoutes.create>) {
      const id = await createFuelRequest(deps, actor, body);
      return { message: 'Request Successfull!', request: await reader.reload(id, actor) };
    },

    async approve(actor: Actor, id: string, note: string | null) {
      const visible = await reader.view(actor, id);
      await approveFuelRequest(deps, actor, visible.id, note);
      return { message: 'Fuel request approved.', request: await reader.reload(visible.id, actor) };
    },

    async reject(actor: Actor, id: string, note: string | null) {
      const visible = await reader.view(actor, id);
      await rejectFuelRequest(deps, actor, { id: visible.id, plate: visible.plate_number ?? visible.model }, note);
      return { message: 'Fuel request rejected.', request: await reader.reload(visible.id, actor) };
    },

    async complete(actor: Actor, id: string, body: RouteBody<typeof fuelRequestRoutes.complete>) {
      await redeemFuelCoupon(deps, actor, id, body);
      const request = await reader.reload(id, actor);
      return {
        message: `Coupon redeemed: ${litres(request.dispensedVolume ?? 0, request.fuelType)} of ${request.fuelType} for ${request.vehicle.plateNumber ?? request.vehicle.model}; ${formatNaira(nairaToKobo(request.amount ?? 0))} paid`,
        request,
      };
    },

    sendConfirmationCode: (actor: Actor, id: string) => sendConfirmationCode(deps, actor, id),

    findForStation: (stationId: string, coupon: { code?: string | undefined; qr?: string | undefined }) =>
      findFuelCouponForStation(deps, stationId, coupon),

    couponPdf: (actor: Actor, id: string) => fuelCouponPdf({ db, clock, reader }, actor, id),

    /** Approved coupons past their expiry become EXPIRED and release their money; returns how many. */
    expireDue: (limit = 100): Promise<number> => expireDueFuelCoupons({ db, ledger, now: clock.now() }, limit),
  };
}

export type FuelRequestsService = ReturnType<typeof createFuelRequestsService>;
