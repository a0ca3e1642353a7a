/**
 * The alerts centre (issue 12): what needs attention in the caller's scope, gathered from bounded
 * queries and sorted most severe, then soonest, first. Vehicles use the vehicles module's due rule;
 * an organization admin sees its organization, a driver its own vehicle, a station role its
 * station's coupons, the platform admin subscriptions and wallets of every organization. Anomaly
 * flags count while their request is still pending: approving or rejecting it settles them. A coupon
 * locked after wrong driver PINs or codes at the pump counts while the lock lasts; an offline
 * redemption refused when it was sent counts for the station and the organization until the
 * station's representative resolves it. An override asked at the pump counts for the organization
 * while it is pending (the platform admin cannot decide one, so its bell leaves them out).
 */
import {
  DRIVER_CONFIRMATION,
  FUEL_UNITS,
  MAX_ALERTS,
  formatNaira,
  lagosDateTime,
  lagosDay,
  type Alert,
  type AlertSeverity,
  type SoldFuelType,
} from '@fleetfuel/contract';
import { formatNumber } from '../../platform/number-format.js';
import { addDays, lagosDate, type Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import { forbidden } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/actor.js';
import type { VehiclesService } from '../vehicles/index.js';
import * as repository from './alerts.repository.js';

/** How long before its next billing a subscription counts as falling due. */
const SUBSCRIPTION_WARNING_DAYS = 7;
/** How long before it expires an unredeemed coupon is worth a reminder. */
const COUPON_WARNING_HOURS = 48;

const HOUR_MS = 3_600_000;
const SEVERITY_ORDER: Record<AlertSeverity, number> = { critical: 0, warning: 1, info: 2 };

/**
 * Pending overrides first (an attendant waits at the pump now, so the bell's cut must never drop
 * them), then most severe, then the soonest due; alerts without a day after those with one.
 */
export function compareAlerts(a: Alert, b: Alert): number {
  const byWaiting = Number(b.kind === 'OVERRIDE_PENDING') - Number(a.kind === 'OVERRIDE_PENDING');
  if (byWaiting !== 0) return byWaiting;
  const bySeverity = SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity];
  if (bySeverity !== 0) return bySeverity;
  if (a.dueDate === b.dueDate) return 0;
  if (a.dueDate === null) return 1;
  if (b.dueDate === null) return -1;
  return a.dueDate < b.dueDate ? -1 : 1;
}

type Scope =
  | { kind: 'PLATFORM' }
  | { kind: 'ORGANIZATION'; organizationId: string }
  | { kind: 'DRIVER'; organizationId: string; vehicleId: string | null }
  | { kind: 'STATION'; stationId: string };

export function createAlertsService(deps: { db: Database; clock: Clock; vehicles: VehiclesService }) {
  const { db, clock, vehicles } = deps;

  async function scopeOf(actor: Actor): Promise<Scope> {
    switch (actor.role) {
      case 'ADMIN':
        return { kind: 'PLATFORM' };
      case 'ADMINISTRATOR':
      case 'ASST_ADMINISTRATOR':
        if (!actor.organizationId) throw forbidden();
        return { kind: 'ORGANIZATION', organizationId: actor.organizationId };
      case 'DRIVER': {
        if (!actor.organizationId) throw forbidden();
        const vehicle = await repository.findVehicleOfDriver(db, actor.userId);
        return { kind: 'DRIVER', organizationId: actor.organizationId, vehicleId: vehicle?.id ?? null };
      }
      case 'STATION_REP':
      case 'ATTENDANT':
        if (!actor.fuelStationId) throw forbidden();
        return { kind: 'STATION', stationId: actor.fuelStationId };
    }
  }

  /** Insurance, registration and service alerts of the due vehicles in scope. */
  async function vehicleAlerts(scope: { organizationId: string; vehicleId?: string | null }): Promise<Alert[]> {
    const today = lagosDate(clock.now());
    const dueVehicles = await vehicles.dueFindings(scope, MAX_ALERTS);
    return dueVehicles.flatMap((vehicle) => {
      const subject = { type: 'VEHICLE' as const, id: vehicle.vehicleId, label: vehicle.plateNumber ?? vehicle.name };
      return vehicle.findings.flatMap((finding): Alert[] => {
        switch (finding.kind) {
          case 'INSURANCE':
          case 'REGISTRATION': {
            const expired = finding.dueDate !== null && finding.dueDate < today;
            return [
              {
                kind: finding.kind === 'INSURANCE' ? 'INSURANCE_EXPIRY' : 'REGISTRATION_EXPIRY',
                severity: expired ? 'critical' : 'warning',
                subject,
                message: `${subject.label}: ${finding.text}`,
                dueDate: finding.dueDate,
              },
            ];
          }
          case 'SERVICE_BY_DATE':
          case 'SERVICE_BY_ODOMETER':
            return [
              { kind: 'SERVICE_DUE', severity: 'warning', subject, message: `${subject.label}: ${finding.text}`, dueDate: finding.dueDate },
            ];
          case 'MAINTENANCE_OPEN':
            // Already approved and under way: nothing for the admin to start.
            return [];
        }
      });
    });
  }

  async function subscriptionAlerts(organizationId: string | null): Promise<Alert[]> {
    const now = clock.now();
    const until = new Date(`${addDays(lagosDate(now), SUBSCRIPTION_WARNING_DAYS)}T23:59:59.999+01:00`);
    const rows = await repository.subscriptionsFallingDue(db, organizationId, until, MAX_ALERTS);
    return rows.map((row) => {
      const nextBilling = row.next_billing as Date;
      const ended = nextBilling.getTime() <= now.getTime();
      return {
        kind: 'SUBSCRIPTION_DUE',
        severity: ended ? 'critical' : 'warning',
        subject: { type: 'ORGANIZATION', id: row.id, label: row.name },
        message: ended
          ? `The subscription of ${row.name} ended on ${lagosDay(nextBilling)}`
          : `The subscription of ${row.name} falls due on ${lagosDay(nextBilling)}`,
        dueDate: lagosDate(nextBilling),
      };
    });
  }

  async function couponAlerts(scope: repository.CouponScope): Promise<Alert[]> {
    const now = clock.now();
    const rows = await repository.couponsExpiring(db, scope, now, new Date(now.getTime() + COUPON_WARNING_HOURS * HOUR_MS), MAX_ALERTS);
    return rows.map((row) => {
      const expiresAt = row.coupon_expires_at as Date;
      const vehicle = row.plate_number ?? `${row.make} ${row.model}`;
      return {
        kind: 'COUPON_EXPIRY',
        severity: 'info',
        subject: { type: 'FUEL_REQUEST', id: row.id, label: vehicle },
        message: `Coupon ${row.coupon_code ?? ''} for ${vehicle} expires unredeemed on ${lagosDateTime(expiresAt)}`,
        dueDate: lagosDate(expiresAt),
      };
    });
  }

  async function walletAlerts(organizationId: string | null): Promise<Alert[]> {
    const rows = await repository.walletsBelowThreshold(db, organizationId, MAX_ALERTS);
    return rows.map((row) => {
      const available = BigInt(row.balance_kobo) - BigInt(row.held_kobo);
      return {
        kind: 'LOW_WALLET_BALANCE',
        severity: available <= 0n ? 'critical' : 'warning',
        subject: { type: 'ORGANIZATION', id: row.organization_id, label: row.name },
        message: `The wallet of ${row.name} holds ${formatNaira(available)}, below its threshold of ${formatNaira(row.low_balance_threshold_kobo)}`,
        dueDate: null,
      };
    });
  }

  async function anomalyAlerts(organizationId: string): Promise<Alert[]> {
    const rows = await repository.flaggedPendingRequests(db, organizationId, MAX_ALERTS);
    return rows.map((row) => {
      const vehicle = row.plate_number ?? `${row.make} ${row.model}`;
      return {
        kind: 'ANOMALY_FLAG',
        severity: row.flags.some((flag) => flag.severity === 'critical') ? 'critical' : 'warning',
        subject: { type: 'FUEL_REQUEST', id: row.id, label: vehicle },
        message: `Fuel request for ${vehicle} awaits a decision: ${row.flags.map((flag) => flag.message).join('; ')}`,
        dueDate: row.supply_date,
      };
    });
  }

  async function lockedCouponAlerts(organizationId: string): Promise<Alert[]> {
    const rows = await repository.lockedCoupons(db, organizationId, clock.now(), MAX_ALERTS);
    return rows.map((row) => {
      const lockedUntil = row.confirmation_locked_until as Date;
      const vehicle = row.plate_number ?? `${row.make} ${row.model}`;
      return {
        kind: 'COUPON_LOCKED',
        severity: 'critical',
        subject: { type: 'FUEL_REQUEST', id: row.id, label: vehicle },
        message: `Coupon ${row.coupon_code ?? ''} for ${vehicle} is locked until ${lagosDateTime(lockedUntil)}: ${DRIVER_CONFIRMATION.tries} wrong driver PINs or codes at ${row.station_name}`,
        dueDate: lagosDate(lockedUntil),
      };
    });
  }

  /**
   * Redemptions a station's device recorded offline and the server refused when they were sent:
   * fuel that may have left the pump unpaid. The station sees its own until its representative
   * resolves them; the organization sees those of its coupons.
   */
  async function refusedOfflineAlerts(scope: { stationId: string } | { organizationId: string }): Promise<Alert[]> {
    const rows = await repository.openRedemptionFollowUps(db, scope, MAX_ALERTS);
    const forStation = 'stationId' in scope;
    return rows.map((row): Alert => {
      const fuelType = row.fuel_type as SoldFuelType | null;
      const volume = `${formatNumber(Number(row.dispensed_volume), 2)} ${fuelType ? `${FUEL_UNITS[fuelType]} of ${fuelType}` : 'units'}`;
      const coupon = `coupon ${row.coupon_code ?? 'unknown'}${row.plate_number ? ` (${row.plate_number})` : ''}`;
      const worth = row.amount_kobo === null ? '' : `, worth ${formatNaira(row.amount_kobo)}`;
      return {
        kind: 'OFFLINE_REDEMPTION_REFUSED',
        severity: forStation ? 'critical' : 'warning',
        subject:
          forStation || !row.fuel_request_id
            ? { type: 'REDEMPTION_FOLLOW_UP', id: row.id, label: row.coupon_code ?? row.station_name }
            : { type: 'FUEL_REQUEST', id: row.fuel_request_id, label: row.plate_number ?? row.coupon_code ?? row.station_name },
        message: `${row.station_name} recorded ${volume} on ${coupon} offline at ${lagosDateTime(row.recorded_offline_at)}${worth}; it was refused when sent: ${row.reason}`,
        dueDate: lagosDate(row.refused_at),
      };
    });
  }

  /** A fill stopped at the pump for a SOFT policy breach: an attendant waits on the admin's tap. */
  async function overrideAlerts(organizationId: string): Promise<Alert[]> {
    const rows = await repository.pendingOverrides(db, organizationId, MAX_ALERTS);
    return rows.map((row): Alert => {
      const vehicle = row.plate_number ?? `${row.make} ${row.model}`;
      const unit = FUEL_UNITS[row.fuel_type as SoldFuelType];
      return {
        kind: 'OVERRIDE_PENDING',
        severity: 'critical',
        subject: { type: 'POLICY_OVERRIDE', id: row.id, label: vehicle },
        message: `Override needed at ${row.station_name}: ${formatNumber(Number(row.dispensed_volume), 2)} ${unit} for ${vehicle}, which breaks: ${row.breaches.join('; ')}`,
        dueDate: lagosDate(row.created_at),
      };
    });
  }

  async function gather(scope: Scope): Promise<Alert[]> {
    // One query at a time, as the analytics overview does: a bell opened on every page must not take
    // several pooled connections at once.
    switch (scope.kind) {
      case 'PLATFORM':
        return [...(await subscriptionAlerts(null)), ...(await walletAlerts(null))];
      case 'ORGANIZATION':
        return [
          ...(await vehicleAlerts({ organizationId: scope.organizationId })),
          ...(await subscriptionAlerts(scope.organizationId)),
          ...(await couponAlerts({ organizationId: scope.organizationId })),
          ...(await walletAlerts(scope.organizationId)),
          ...(await anomalyAlerts(scope.organizationId)),
          ...(await lockedCouponAlerts(scope.organizationId)),
          ...(await refusedOfflineAlerts({ organizationId: scope.organizationId })),
          ...(await overrideAlerts(scope.organizationId)),
        ];
      case 'DRIVER':
        return [
          ...(await vehicleAlerts({ organizationId: scope.organizationId, vehicleId: scope.vehicleId })),
          ...(await couponAlerts({ organizationId: scope.organizationId, vehicleId: scope.vehicleId })),
        ];
      case 'STATION':
        return [...(await refusedOfflineAlerts({ stationId: scope.stationId })), ...(await couponAlerts({ stationId: scope.stationId }))];
    }
  }

  return {
    async list(actor: Actor) {
      const alerts = (await gather(await scopeOf(actor))).sort(compareAlerts);
      return { alerts: alerts.slice(0, MAX_ALERTS), total: alerts.length };
    },

    /**
     * An organization's alerts as its admins see them in the bell, sorted, for work with no
     * signed-in caller (the daily digest). Each kind is read up to MAX_ALERTS.
     */
    forOrganization: async (organizationId: string): Promise<Alert[]> =>
      (await gather({ kind: 'ORGANIZATION', organizationId })).sort(compareAlerts),
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
