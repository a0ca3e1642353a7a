/**
 * Fuel requests, from the request to the station's redemption: every rule of the domain, each
 * decision in one transaction holding the request's row lock, and every naira through the ledger
 * (a hold at approval, a capture at redemption, a release at expiry).
 */
import {
  formatNaira,
  hasPermission,
  FUEL_UNITS,
  MESSAGES,
  dispensedFuelType,
  DRIVER_CONFIRMATION,
  koboToNaira,
  lagosDateTime,
  nairaToKobo,
  type FuelRequest,
  type RequestFlag,
  type RouteBody,
  type RouteQuery,
  type SoldFuelType,
  type VehicleFuelType,
  type exportRoutes,
  type fuelRequestRoutes,
  calendarDay,
} from '@fleetfuel/contract';
import { addDays, lagosDate, type Clock } from '../../platform/clock.js';
import { newCouponCode, normalizeCouponCode, type CouponClaims, type CouponSigner } from '../../platform/coupons.js';
import { confirmationCodeText, couponText, receiptText } from './request-texts.js';
import { confirmationLockMessage, driverConfirmation } from './driver-confirmation.service.js';
import type { Database } from '../../platform/db/database.js';
import { inBatches, mapBatches } from '../../platform/db/keyset.js';
import { isUniqueViolation } from '../../platform/db/database.js';
import { AppError, invalidField, notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/actor.js';
import { renderCoupon } from '../../platform/pdf/coupon.js';
import { money } from '../../platform/pdf/document.js';
import { auditTrail, type AuditActor } from '../audit/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { PricesService } from '../prices/index.js';
import { reserveDraws } from '../reserves/index.js';
import type { UsageService } from '../subscriptions/index.js';
import type { VehiclesService } from '../vehicles/index.js';
import type { NotificationsService } from '../notifications/index.js';
import { anomalyFlags } from './anomaly-flags.js';
import * as repository from './fuel-requests.repository.js';
import type { FuelRequestRecord, FuelRequestRow, LockedFuelRequest } from './fuel-requests.repository.js';
import { costOf, litres, plateOf } from './format.js';
import { assertOdometerNotBack, feeOf, holdForApproval, scopeFor, stationPayment } from './shared.js';
import { enqueueFuelRequestWebhook } from './request-webhooks.js';
import { vehicleScanRefusal } from './vehicle-scan.js';

export interface FuelRequestsDeps {
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

const holdReference = (id: string) => `fuel:${id}`;

/** The period of a station's prices a request's price is compared with. */
const PRICE_MEDIAN_DAYS = 90;

export function toFuelRequest(row: FuelRequestRow): FuelRequest {
  const fuelType = row.fuel_type as SoldFuelType;
  const person = (id: string | null, name: string | null) => (id && name ? { id, name } : null);
  return {
    id: row.id,
    vehicle: {
      id: row.vehicle_id,
      plateNumber: row.plate_number,
      make: row.make,
      model: row.model,
      type: row.vehicle_type as FuelRequest['vehicle']['type'],
    },
    organization: { id: row.organization_id, name: row.organization_name },
    requestedBy: { id: row.requested_by, name: row.requester_name },
    supplyDate: row.supply_date,
    station: { id: row.station_id, name: row.station_name, address: row.station_address },
    volume: Number(row.volume),
    unit: FUEL_UNITS[fuelType],
    fuelType,
    currentOdometerReading: row.odometer === null ? null : Number(row.odometer),
    currentTankLevel: row.tank_level,
    status: row.status as FuelRequest['status'],
    note: row.note,
    createdAt: row.created_at.toISOString(),
    approvedBy: person(row.approved_by, row.approver_name),
    approvedAt: row.approved_at?.toISOString() ?? null,
    rejectedBy: person(row.rejected_by, row.rejecter_name),
    rejectedAt: row.rejected_at?.toISOString() ?? null,
    rejectionNote: row.rejection_note,
    approvalNote: row.approval_note,
    pricePerUnit: row.price_kobo === null ? null : koboToNaira(row.price_kobo),
    heldAmount: row.hold_kobo === null ? null : koboToNaira(row.hold_kobo),
    couponCode: row.coupon_code,
    qrPayload: null,
    couponExpiresAt: row.coupon_expires_at?.toISOString() ?? null,
    redeemedBy: person(row.redeemed_by, row.redeemer_name),
    redeemedAt: row.redeemed_at?.toISOString() ?? null,
    dispensedVolume: row.dispensed_volume === null ? null : Number(row.dispensed_volume),
    amount: row.amount_kobo === null ? null : koboToNaira(row.amount_kobo),
    flags: row.flags,
  };
}

/** What the anomaly rules judge of a request, as the service (and the demo data) knows it. */
export interface FlaggedRequest {
  /** Null while the request is being made. */
  id: string | null;
  vehicle: { id: string; tank_size: string | null; last_odometer: string | null };
  stationId: string;
  fuelType: SoldFuelType;
  volume: number;
  tankLevel: number | null;
  odometer: number | null;
  requestedAt: Date;
  priceKobo: bigint | null;
  dispensedVolume: number | null;
}

/**
 * The anomaly flags of a request, from the vehicle's recent fills and requests and the station's
 * prices, each read on an index with a bound; inside the caller's transaction.
 */
export async function fuelRequestFlags(
  trx: Database,
  prices: Pick<PricesService, 'medianPriceSince'>,
  request: FlaggedRequest,
  now: Date,
): Promise<RequestFlag[]> {
  const since = new Date(now.getTime() - PRICE_MEDIAN_DAYS * 86_400_000);
  const history = await repository.flagHistory(
    trx,
    request.vehicle.id,
    request.id === null ? null : { id: request.id, createdAt: request.requestedAt },
    prices.medianPriceSince(request.stationId, request.fuelType, since),
  );
  return anomalyFlags({
    fuelType: request.fuelType,
    volume: request.volume,
    tankLevel: request.tankLevel,
    odometer: request.odometer,
    at: now,
    requestedAt: request.requestedAt,
    priceKobo: request.priceKobo,
    dispensedVolume: request.dispensedVolume,
    vehicle: {
      tankSize: request.vehicle.tank_size === null ? null : Number(request.vehicle.tank_size),
      lastOdometer: request.vehicle.last_odometer === null ? null : Number(request.vehicle.last_odometer),
    },
    previousFills: history.fills.map((fill) => ({
      odometer: fill.odometer === null ? null : Number(fill.odometer),
      approvedVolume: Number(fill.volume),
      dispensedVolume: Number(fill.dispensed_volume ?? 0),
      redeemedAt: new Date(fill.redeemed_at),
    })),
    stationMedianPriceKobo: history.station_median_price_kobo === null ? null : BigInt(history.station_median_price_kobo),
    previousRequestAt: history.previous_request_at,
  });
}

/** Why a request's coupon cannot be redeemed now, or null when it can. */
export function whyNotRedeemable(
  row: { status: string; redeemed_at: Date | null; coupon_expires_at: Date | null; expired_at?: Date | null },
  now: Date,
): string | null {
  switch (row.status) {
    case 'PENDING':
      return 'This request has not been approved yet';
    case 'REJECTED':
      return 'This request was rejected; its coupon is not valid';
    case 'COMPLETED':
      return `This coupon was already redeemed on ${row.redeemed_at ? lagosDateTime(row.redeemed_at) : 'an earlier day'}`;
    case 'EXPIRED':
      return `This coupon expired on ${row.coupon_expires_at ? lagosDateTime(row.coupon_expires_at) : 'an earlier day'}`;
    default:
      return row.coupon_expires_at && row.coupon_expires_at.getTime() < now.getTime()
        ? `This coupon expired on ${lagosDateTime(row.coupon_expires_at)}`
        : null;
  }
}

export function createFuelRequestsService(deps: FuelRequestsDeps) {
  const { db, ledger, vehicles, prices, usage, clock, coupons } = deps;

  const scopeOf = (actor: Actor, requested: { organizationId?: string | undefined }) => scopeFor(db, actor, requested);

  async function view(actor: Actor, id: string): Promise<FuelRequestRow> {
    const row = await repository.findFuelRequest(db, id, await scopeOf(actor, {}));
    if (!row) throw notFound('Fuel request');
    return row;
  }

  /** The request as it now stands, for the reply to `actor` who just changed it. */
  async function reload(id: string, actor: Actor): Promise<FuelRequest> {
    const row = await repository.findFuelRequest(db, id, { organizationId: null });
    if (!row) throw notFound('Fuel request');
    return withCoupon(actor, row);
  }

  /**
   * Expires approved requests: their reserves and holds go back. Inside the caller's transaction, on
   * locked rows. `actor` is the station rep whose redemption found a coupon expired; the expiry job
   * (a batch) has none. As in every transaction (docs/decisions/006), the requests' own rows and
   * rollups change first and the wallets last, here in the wallets' id order, so that a batch of many
   * organizations' coupons never holds a wallet while it waits for a row a redemption holds.
   */
  async function expire(
    trx: Database,
    requests: ReadonlyArray<{ id: string; organization_id: string; station_id: string }>,
    actor: AuditActor | null,
  ): Promise<void> {
    for (const request of requests) {
      await reserveDraws.release(trx, request.id);
      await repository.markExpired(trx, request.id);
    }
    const walletOf = new Map<string, string>();
    for (const request of requests) walletOf.set(request.id, await ledger.walletId(trx, { organizationId: request.organization_id }));
    const walletKey = (request: { id: string }) => walletOf.get(request.id) ?? '';
    const inWalletOrder = [...requests].sort((a, b) => (walletKey(a) < walletKey(b) ? -1 : walletKey(a) > walletKey(b) ? 1 : 0));
    const releasedKobo = new Map<string, bigint>();
    for (const request of inWalletOrder) releasedKobo.set(request.id, await ledger.releaseHold(trx, holdReference(request.id)));
    for (const request of requests) {
      await auditTrail.record(trx, {
        actor,
        action: 'fuel_request.expired',
        entityId: request.id,
        organizationId: request.organization_id,
        stationId: request.station_id,
        before: { status: 'APPROVED', heldAmount: koboToNaira(releasedKobo.get(request.id) ?? 0n) },
        after: { status: 'EXPIRED', heldAmount: 0 },
        note: 'The coupon expired; its held money went back to the wallet',
      });
    }
  }

  /**
   * Checks a typed code or a scanned QR against the request it should stand for. The QR's claims are
   * verified before the caller's transaction (`scanned`): the key lookup may read the database, and
   * the embedded engine runs one transaction at a time.
   */
  function assertCouponMatches(
    request: LockedFuelRequest,
    coupon: { code?: string | undefined; qr?: string | undefined },
    scanned: CouponClaims | null,
  ): void {
    if (coupon.qr !== undefined) {
      const claims = scanned;
      if (!claims || claims.kind !== 'F')
        throw new AppError('RULE_VIOLATION', 'This QR code is not a valid FleetFuel fuel coupon', { field: 'qr' });
      if (claims.requestId !== request.id || claims.stationId !== request.station_id || claims.max !== request.volume) {
        throw new AppError('RULE_VIOLATION', 'This QR code belongs to another coupon', { field: 'qr' });
      }
      return;
    }
    if (!request.coupon_code || normalizeCouponCode(coupon.code ?? '') !== request.coupon_code) {
      throw new AppError('RULE_VIOLATION', 'The coupon code does not match this request', { field: 'code' });
    }
  }

  /** The QR content of an approved request's coupon: what its PDF prints and the web app draws. */
  function fuelCouponPayload(row: FuelRequestRow): Promise<string> {
    return coupons.sign({
      kind: 'F',
      requestId: row.id,
      stationId: row.station_id,
      max: row.volume,
      expiresAt: Math.floor((row.coupon_expires_at as Date).getTime() / 1000),
      code: row.coupon_code as string,
      fuelType: row.fuel_type,
      plate: row.plate_number,
    });
  }

  /** The reply of a request, with its coupon's QR content for those who may hold the coupon. */
  async function withCoupon(actor: Actor, row: FuelRequestRow): Promise<FuelRequest> {
    const request = toFuelRequest(row);
    if (row.status !== 'APPROVED' || !row.coupon_code || !hasPermission(actor.role, 'coupons.download')) return request;
    return { ...request, qrPayload: await fuelCouponPayload(row) };
  }

  return {
    expire,

    /** A page of requests in the actor's scope; `mine` keeps only those the actor made. */
    async list(actor: Actor, query: RouteQuery<typeof fuelRequestRoutes.allRequests>, options: { mine?: boolean } = {}) {
      const scope = await scopeOf(actor, query);
      const { rows, summary } = await repository.listFuelRequests(db, scope, {
        ...query,
        ...(options.mine ? { requestedBy: actor.userId } : {}),
      });
      return {
        requests: await Promise.all(rows.map((row) => withCoupon(actor, row))),
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
      const scope = await scopeOf(actor, query);
      return mapBatches(
        inBatches((after, size) => repository.fuelRequestBatch(db, scope, query, after, size), batchSize),
        toFuelRequest,
      );
    },

    get: async (actor: Actor, id: string) => withCoupon(actor, await view(actor, id)),

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

    async create(actor: Actor, body: RouteBody<typeof fuelRequestRoutes.create>) {
      const organizationFilterId = actor.role === 'ADMIN' ? null : actor.organizationId;
      const vehicle = await vehicles.forRequest(db, body.vehicleId, organizationFilterId);
      if (!vehicle || (actor.role === 'DRIVER' && vehicle.driver_id !== actor.userId)) throw notFound('Vehicle');
      const label = plateOf(vehicle);
      if (vehicle.status !== 'ACTIVE') throw new AppError('RULE_VIOLATION', `${label} is ${vehicle.status} and cannot receive fuel`);
      const fuelType = dispensedFuelType(vehicle.fuel_type as VehicleFuelType);
      const station = await prices.station(db, body.stationId);
      if (!station) throw invalidField('stationId', 'This fuel station does not exist');
      if (station.status !== 'ACTIVE')
        throw new AppError('RULE_VIOLATION', `${station.name} is not active and cannot be chosen`, { field: 'stationId' });
      if (!station.available_fuels.includes(fuelType)) {
        throw new AppError('RULE_VIOLATION', `${station.name} does not sell ${fuelType}, the fuel ${label} takes`, { field: 'stationId' });
      }
      const volume = body.volume;
      if (vehicle.tank_size !== null && volume > Number(vehicle.tank_size)) {
        throw invalidField('volume', `The tank of ${label} holds ${litres(vehicle.tank_size, fuelType)}; request at most that`);
      }
      const odometer = body.currentOdometer ?? null;
      assertOdometerNotBack(vehicle, odometer, 'currentOdometer');
      if (body.supplyDate < lagosDate(clock.now())) throw invalidField('supplyDate', 'The supply date must be today or later');

      const id = await db.transaction().execute(async (trx) => {
        await usage.assertCanRequest(trx, vehicle.organization_id, 'fuelRequests', clock.now());
        const tankLevel = body.currentTankLevel ?? null;
        const flags = await fuelRequestFlags(
          trx,
          prices,
          {
            id: null,
            vehicle,
            stationId: station.id,
            fuelType,
            volume,
            tankLevel,
            odometer,
            requestedAt: clock.now(),
            priceKobo: await prices.currentPriceKobo(trx, station.id, fuelType),
            dispensedVolume: null,
          },
          clock.now(),
        );
        const created = await repository.insertFuelRequest(trx, {
          organizationId: vehicle.organization_id,
          vehicleId: vehicle.id,
          requestedBy: actor.userId,
          stationId: station.id,
          fuelType,
          volume,
          supplyDate: body.supplyDate,
          odometer,
          tankLevel,
          note: body.note ?? null,
          flags,
        });
        // The trail records decisions and money, not a person raising a request (the request names its
        // requester); a request raised with an API key, in its creator's name, is recorded to name the key.
        if (actor.apiKey) {
          await auditTrail.record(trx, {
            actor,
            action: 'fuel_request.created',
            entityId: created.id,
            organizationId: vehicle.organization_id,
            stationId: station.id,
            after: { status: 'PENDING', fuelType, volume, supplyDate: body.supplyDate },
          });
        }
        await enqueueFuelRequestWebhook(trx, 'fuel_request.created', created);
        return created.id;
      });
      return { message: 'Request Successfull!', request: await reload(id, actor) };
    },

    /** `note` is the approver's, trimmed (null when blank); the organization may require one for a flagged request. */
    async approve(actor: Actor, id: string, note: string | null) {
      const visible = await view(actor, id);
      await deps.notifications.sendingAfterCommit(async (trx) => {
        const request = await repository.lockFuelRequest(trx, id);
        if (!request) throw notFound('Fuel request');
        if (request.status !== 'PENDING')
          throw new AppError('RULE_VIOLATION', `Only a pending request can be approved; this one is ${request.status}`);
        await usage.assertWritable(trx, request.organization_id, 'no requests can be approved');
        const fuelType = request.fuel_type as SoldFuelType;
        const vehicle = await vehicles.forRequest(trx, request.vehicle_id, request.organization_id, { lock: true });
        if (!vehicle) throw notFound('Vehicle');
        // The flags were judged when the request was made; the approver who lets them pass says why.
        if (vehicle.require_note_for_flagged_approval && request.flags.length > 0 && note === null) {
          throw new AppError('RULE_VIOLATION', MESSAGES.flaggedApprovalNoteRequired, { field: 'note' });
        }
        const label = plateOf(vehicle);
        if (vehicle.status !== 'ACTIVE')
          throw new AppError('RULE_VIOLATION', `${label} is ${vehicle.status}; fuel cannot be approved for it`);
        if (!vehicle.allow_expired_insurance && (vehicle.insurance_end === null || vehicle.insurance_end < request.supply_date)) {
          throw new AppError(
            'RULE_VIOLATION',
            `${label} has no valid insurance${vehicle.insurance_end ? ` (it expired on ${calendarDay(vehicle.insurance_end)})` : ''}; your organization approves fuel only for insured vehicles (Settings).`,
          );
        }
        if (vehicle.department_id && vehicle.department_status !== 'ACTIVE') {
          throw new AppError(
            'RULE_VIOLATION',
            `The group ${vehicle.department_name ?? ''} is ${(vehicle.department_status ?? '').toLowerCase()}; requests for its vehicles cannot be approved`,
          );
        }
        const station = await prices.station(trx, request.station_id);
        if (!station || station.status !== 'ACTIVE' || !station.available_fuels.includes(fuelType)) {
          throw new AppError(
            'RULE_VIOLATION',
            `${station?.name ?? 'The station'} no longer sells ${fuelType}; reject this request and ask for another station`,
          );
        }

        // The group's daily cap, counted under the group's row lock so that concurrent approvals queue.
        if (vehicle.department_id) {
          const group = await vehicles.lockDepartment(trx, vehicle.department_id);
          const cap = Number(group?.max_daily_consumption ?? 0);
          if (cap > 0) {
            const committed = await repository.groupVolumeOn(trx, vehicle.department_id, request.supply_date, id);
            if (committed + Number(request.volume) > cap) {
              throw new AppError(
                'RULE_VIOLATION',
                `${vehicle.department_name ?? 'The group'} may use ${litres(cap, fuelType)} a day; ${litres(committed, fuelType)} is already approved for ${calendarDay(request.supply_date)} and this request needs ${litres(request.volume, fuelType)}.`,
              );
            }
          }
        }

        await reserveDraws.draw(trx, { id, organizationId: request.organization_id, fuelType, volume: Number(request.volume) });

        const priceKobo = await prices.currentPriceKobo(trx, request.station_id, fuelType);
        if (priceKobo === null)
          throw new AppError('RULE_VIOLATION', `${station.name} has no price for ${fuelType} yet; it must set one before approval`);
        const holdKobo = costOf(request.volume, priceKobo);
        const expiresAt = new Date(`${addDays(request.supply_date, vehicle.coupon_validity_days)}T23:59:59+01:00`);
        // A code collision is astronomically rare; a second draw settles it.
        let approvedRow: FuelRequestRecord;
        for (let attempt = 0; ; attempt += 1) {
          try {
            approvedRow = await repository.markApproved(trx, id, {
              approvedBy: actor.userId,
              priceKobo,
              holdKobo,
              couponCode: newCouponCode(),
              couponExpiresAt: expiresAt,
              note,
            });
            break;
          } catch (error) {
            if (!isUniqueViolation(error) || attempt >= 2) throw error;
          }
        }
        await auditTrail.record(trx, {
          actor,
          action: 'fuel_request.approved',
          entityId: id,
          organizationId: request.organization_id,
          stationId: request.station_id,
          before: { status: request.status },
          after: {
            status: 'APPROVED',
            pricePerUnit: koboToNaira(priceKobo),
            heldAmount: koboToNaira(holdKobo),
            couponExpiresAt: expiresAt,
            approvalNote: note,
          },
        });
        await enqueueFuelRequestWebhook(trx, 'fuel_request.approved', approvedRow);
        const plate = vehicle.plate_number ?? vehicle.model;
        const expires = lagosDateTime(expiresAt);
        await deps.notifications.notify(
          trx,
          'requestDecisions',
          [request.requested_by],
          {
            subject: `Fuel approved for ${plate}`,
            text: `Your request for ${litres(request.volume, fuelType)} of ${fuelType} at ${station.name} on ${calendarDay(request.supply_date)} was approved. Coupon code: ${approvedRow.coupon_code ?? ''}. Download the coupon from Fuel Tracking; it is valid until ${expires}.`,
          },
          request.organization_id,
        );
        // To the request's driver, fixed when it was raised.
        await deps.notifications.text(
          trx,
          request.driver_id,
          couponText({
            code: approvedRow.coupon_code ?? '',
            volume: `${litres(request.volume, fuelType)} of ${fuelType}`,
            plate,
            station: station.name,
            expires,
          }),
          request.organization_id,
        );
        // The wallet last: its row stays locked until commit and every approval and redemption of the
        // organization shares it (docs/decisions/006: the request's rows, then rollups, then money).
        // A refusal (insufficient funds) rolls back all of the above.
        await holdForApproval(ledger, trx, {
          organizationId: request.organization_id,
          amount: holdKobo,
          reason: `Fuel for ${label}`,
          reference: holdReference(id),
          what: 'request',
        });
      });
      return { message: 'Fuel request approved.', request: await reload(visible.id, actor) };
    },

    async reject(actor: Actor, id: string, note: string | null) {
      const visible = await view(actor, id);
      await deps.notifications.sendingAfterCommit(async (trx) => {
        const request = await repository.lockFuelRequest(trx, id);
        if (!request) throw notFound('Fuel request');
        if (request.status !== 'PENDING')
          throw new AppError('RULE_VIOLATION', `Only a pending request can be rejected; this one is ${request.status}`);
        const rejectedRow = await repository.markRejected(trx, id, actor.userId, note);
        await auditTrail.record(trx, {
          actor,
          action: 'fuel_request.rejected',
          entityId: id,
          organizationId: request.organization_id,
          stationId: request.station_id,
          before: { status: request.status },
          after: { status: 'REJECTED', rejectionNote: note },
        });
        await enqueueFuelRequestWebhook(trx, 'fuel_request.rejected', rejectedRow);
        const fuelType = request.fuel_type as SoldFuelType;
        await deps.notifications.notify(
          trx,
          'requestDecisions',
          [request.requested_by],
          {
            subject: `Fuel request rejected for ${visible.plate_number ?? visible.model}`,
            text: `Your request for ${litres(request.volume, fuelType)} of ${fuelType} on ${calendarDay(request.supply_date)} was rejected.${note ? ` Note: ${note}` : ''}`,
          },
          request.organization_id,
        );
      });
      return { message: 'Fuel request rejected.', request: await reload(visible.id, actor) };
    },

    async complete(actor: Actor, id: string, body: RouteBody<typeof fuelRequestRoutes.complete>) {
      const stationId = actor.fuelStationId;
      if (!stationId) throw notFound('Fuel request');
      const now = clock.now();
      const scanned = body.qr === undefined ? null : await coupons.verify(body.qr);
      const sticker = body.vehicleQr === undefined ? null : await coupons.verifySticker(body.vehicleQr);
      // An expired coupon is expired for good (its money goes back) even though the redemption is refused.
      const outcome = await deps.notifications.sendingAfterCommit(async (trx): Promise<{ refusal: string } | { redeemed: true }> => {
        const request = await repository.lockRedeemableFuelRequest(trx, id);
        if (!request || request.station_id !== stationId) throw notFound('Fuel request');
        assertCouponMatches(request, body, scanned);
        const why = whyNotRedeemable(request, now);
        if (why) {
          if (request.status === 'APPROVED') await expire(trx, [request], actor);
          return { refusal: why };
        }
        // Before the driver's confirmation: a wrong vehicle costs the driver no PIN attempt.
        const wrongVehicle = vehicleScanRefusal(
          {
            requiresScan: request.organization_requires_vehicle_scan,
            vehicleId: request.vehicle_id,
            organizationId: request.organization_id,
            plate: request.vehicle_plate,
          },
          body.vehicleQr !== undefined,
          sticker,
        );
        if (wrongVehicle) throw new AppError('RULE_VIOLATION', wrongVehicle, { field: 'vehicleQr' });
        // A wrong PIN or code is counted even though the redemption is refused, like an expiry above.
        const unconfirmed = await driverConfirmation.confirm(trx, request, body, actor, now);
        if (unconfirmed) return { refusal: unconfirmed };
        const fuelType = request.fuel_type as SoldFuelType;
        const dispensed = body.dispensedVolume;
        if (dispensed > Number(request.volume)) {
          throw invalidField('dispensedVolume', `At most ${litres(request.volume, fuelType)} may be dispensed on this coupon`);
        }
        const vehicle = await vehicles.forRequest(trx, request.vehicle_id, request.organization_id, { lock: true });
        if (!vehicle) throw notFound('Vehicle');
        const odometer = body.odometer ?? null;
        assertOdometerNotBack(vehicle, odometer, 'odometer');

        const amount = costOf(dispensed, BigInt(request.price_kobo as string));
        const fee = feeOf(amount, deps.platformFeeBps);
        const what = `${litres(dispensed, fuelType)} of ${fuelType} for ${plateOf(vehicle)}`;
        // Judged before this fill joins the vehicle's history and its reading becomes the last one.
        const flags = await fuelRequestFlags(
          trx,
          prices,
          {
            id,
            vehicle,
            stationId,
            fuelType,
            volume: Number(request.volume),
            tankLevel: request.tank_level,
            odometer: odometer ?? (request.odometer === null ? null : Number(request.odometer)),
            requestedAt: request.created_at,
            priceKobo: BigInt(request.price_kobo as string),
            dispensedVolume: dispensed,
          },
          now,
        );
        if (odometer !== null) await vehicles.recordOdometer(trx, vehicle.id, odometer);
        await auditTrail.record(trx, {
          actor,
          action: 'fuel_request.redeemed',
          entityId: id,
          organizationId: request.organization_id,
          stationId,
          before: { status: request.status },
          after: { status: 'COMPLETED', dispensedVolume: dispensed, amount: koboToNaira(amount), fee: koboToNaira(fee) },
        });

        // The wallets and the platform's fee account are shared by every redemption of the
        // organization, the station and the platform, and each is locked until commit: the
        // capture moves them in its last statement, after the request's own writes (which name
        // the payment's entry), so that they are held for one round trip and the commit.
        const captured = await ledger.captureHold(
          trx,
          holdReference(id),
          {
            idempotencyKey: `redeem:${id}`,
            kind: 'PAYMENT',
            description: `Fuel redeemed: ${what}`,
            reference: request.coupon_code,
            createdBy: actor.userId,
            postings: await stationPayment(ledger, trx, {
              organizationId: request.organization_id,
              stationId,
              amount,
              fee,
              note: `Fuel: ${what}`,
              feeNote: `Platform fee on ${request.coupon_code ?? id}`,
            }),
          },
          async (entryId) => {
            if (request.holds_reserve_litres) await reserveDraws.release(trx, id, Number(request.volume) - dispensed);
            const completed = await repository.markCompleted(trx, id, {
              redeemedBy: actor.userId,
              dispensedVolume: dispensed,
              amountKobo: amount,
              feeKobo: fee,
              entryId,
              odometer,
              flags,
            });
            await enqueueFuelRequestWebhook(trx, 'fuel_request.redeemed', completed);
            const plate = vehicle.plate_number ?? vehicle.model;
            await deps.notifications.notifyOrganization(
              trx,
              'couponRedeemed',
              request.organization_id,
              {
                subject: `Coupon redeemed: ${plate}`,
                text: `${litres(dispensed, fuelType)} of ${fuelType} was dispensed for ${plate} at ${request.station_name}; ${formatNaira(amount)} was paid from the wallet.`,
              },
              [request.requested_by],
            );
            // The receipt, to the request's driver, fixed when it was raised.
            await deps.notifications.text(
              trx,
              request.driver_id,
              receiptText({
                code: request.coupon_code ?? '',
                volume: `${litres(dispensed, fuelType)} of ${fuelType}`,
                plate,
                station: request.station_name,
                amount: formatNaira(amount),
                at: lagosDateTime(completed.redeemed_at ?? now),
              }),
              request.organization_id,
            );
          },
        );
        if (!captured) throw new AppError('CONFLICT', 'This coupon was just redeemed');
        return { redeemed: true };
      });
      if ('refusal' in outcome) throw new AppError('RULE_VIOLATION', outcome.refusal);
      const request = await reload(id, actor);
      return {
        message: `Coupon redeemed: ${litres(request.dispensedVolume ?? 0, request.fuelType)} of ${request.fuelType} for ${request.vehicle.plateNumber ?? request.vehicle.model}; ${formatNaira(nairaToKobo(request.amount ?? 0))} paid`,
        request,
      };
    },

    /**
     * Texts the driver a one-time code that confirms this coupon's redemption, when its organization
     * requires confirmation; the attendant starts it, so it is scoped to the station like a redemption.
     */
    async sendConfirmationCode(actor: Actor, id: string) {
      const stationId = actor.fuelStationId;
      const visible = await repository.findFuelRequest(db, id, { organizationId: null });
      if (!stationId || !visible || visible.station_id !== stationId) throw notFound('Fuel request');
      if (!visible.driver_id)
        throw new AppError('RULE_VIOLATION', 'This vehicle had no driver when fuel was requested; no driver can confirm it');
      if (!(await deps.notifications.mobileOf(visible.driver_id))) {
        throw new AppError('RULE_VIOLATION', "The driver has no phone number; use the driver's PIN");
      }
      const now = clock.now();
      await deps.notifications.sendingAfterCommit(async (trx) => {
        const request = await repository.lockRedeemableFuelRequest(trx, id);
        if (!request) throw notFound('Fuel request');
        const why = whyNotRedeemable(request, now);
        if (why) throw new AppError('RULE_VIOLATION', why);
        const code = await driverConfirmation.issueCode(trx, request, now);
        const fuelType = visible.fuel_type as SoldFuelType;
        await deps.notifications.text(
          trx,
          visible.driver_id,
          confirmationCodeText({
            code,
            volume: `${litres(visible.volume, fuelType)} of ${fuelType}`,
            plate: visible.plate_number ?? visible.model,
            station: visible.station_name,
            minutes: DRIVER_CONFIRMATION.codeMinutes,
          }),
          visible.organization_id,
        );
      });
      return { message: "A one-time code was sent to the driver's phone" };
    },

    /** The request a code or QR stands for, as the station sees it, whether it is redeemable or not. */
    async findForStation(stationId: string, coupon: { code?: string | undefined; qr?: string | undefined }) {
      let row: FuelRequestRow | undefined;
      if (coupon.qr !== undefined) {
        const claims = await coupons.verify(coupon.qr);
        if (!claims) throw new AppError('RULE_VIOLATION', 'This QR code is not a valid FleetFuel coupon', { field: 'qr' });
        if (claims.kind !== 'F') return null;
        row = await repository.findFuelRequest(db, claims.requestId, { organizationId: null });
      } else {
        row = await repository.findFuelRequestByCode(db, normalizeCouponCode(coupon.code ?? ''));
      }
      if (!row || row.station_id !== stationId) return null;
      const now = clock.now();
      return {
        row,
        request: toFuelRequest(row),
        message: whyNotRedeemable(row, now) ?? confirmationLockMessage(row, now),
        driverConfirmationRequired: await driverConfirmation.required(db, row.organization_id),
        vehicleScanRequired: await repository.requiresVehicleScan(db, row.organization_id),
      };
    },

    async couponPdf(actor: Actor, id: string) {
      const row = await view(actor, id);
      if (row.status !== 'APPROVED' && row.status !== 'COMPLETED') {
        throw new AppError('RULE_VIOLATION', 'Only approved requests have a coupon');
      }
      const fuelType = row.fuel_type as SoldFuelType;
      const qrPayload = await fuelCouponPayload(row);
      const pdf = await renderCoupon({
        kind: 'FUEL',
        code: row.coupon_code as string,
        qrPayload,
        organization: row.organization_name,
        generatedAt: lagosDateTime(clock.now()),
        rows: [
          ['Organization', row.organization_name],
          ['Vehicle', `${row.make} ${row.model}`],
          ['Plate number', row.plate_number ?? '—'],
          ['Fuel', fuelType],
          ['Volume (at most)', litres(row.volume, fuelType)],
          ['Price locked', row.price_kobo ? `${money(BigInt(row.price_kobo))} per ${FUEL_UNITS[fuelType]}` : '—'],
          ['Station', `${row.station_name}${row.station_address ? `, ${row.station_address}` : ''}`],
          ['Supply date', row.supply_date],
          ['Expires', row.coupon_expires_at ? lagosDateTime(row.coupon_expires_at) : '—'],
          ['Requested by', row.requester_name],
          ['Approved by', row.approver_name ?? '—'],
          ['Status', row.status],
        ],
      });
      return {
        pdf,
        filename: `fuel-coupon-${(row.plate_number ?? row.model).replace(/[^A-Za-z0-9-]/g, '')}-${row.coupon_code as string}.pdf`,
      };
    },

    /** Approved coupons past their expiry become EXPIRED and release their money; returns how many. */
    async expireDue(limit = 100): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const due = await repository.lockExpiredCoupons(trx, clock.now(), limit);
        await expire(trx, due, null);
        return due.length;
      });
    },
  };
}

export type FuelRequestsService = ReturnType<typeof createFuelRequestsService>;
