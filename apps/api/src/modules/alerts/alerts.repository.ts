/**
 * The alerts centre's reads that no other module's face offers yet: subscriptions falling due,
 * coupons about to expire and wallets below their organization's threshold. Each query walks an
 * index over a short window (or one row per organization) and is limited: the bell never scans
 * history.
 */
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';

/** null: every organization (the platform admin). */
type OrganizationScope = string | null;

/** Organizations whose subscription ended or ends before `until` (index organizations_next_billing, 0017). */
export function subscriptionsFallingDue(db: Database, organizationId: OrganizationScope, until: Date, limit: number) {
  return db
    .selectFrom('organizations')
    .select(['id', 'name', 'next_billing'])
    .where('next_billing', 'is not', null)
    .where('next_billing', '<=', until)
    .$if(organizationId !== null, (q) => q.where('id', '=', organizationId as string))
    .orderBy('next_billing')
    .limit(limit)
    .execute();
}

/** Whose coupons: one organization's, one vehicle's (a driver) or one station's. */
export type CouponScope = { organizationId: string; vehicleId?: string | null } | { stationId: string };

/**
 * Approved, unredeemed coupons that expire between now and `until` (index fuel_requests_expiring,
 * 0006: approved requests by expiry, so only the window is read).
 */
export function couponsExpiring(db: Database, scope: CouponScope, now: Date, until: Date, limit: number) {
  return db
    .selectFrom('fuel_requests as r')
    .innerJoin('vehicles as v', 'v.id', 'r.vehicle_id')
    .select(['r.id', 'r.coupon_code', 'r.coupon_expires_at', 'v.plate_number', 'v.make', 'v.model'])
    .where('r.status', '=', 'APPROVED')
    .where('r.coupon_expires_at', '>', now)
    .where('r.coupon_expires_at', '<=', until)
    .$if('stationId' in scope, (q) => q.where('r.station_id', '=', (scope as { stationId: string }).stationId))
    .$if('organizationId' in scope, (q) => q.where('r.organization_id', '=', (scope as { organizationId: string }).organizationId))
    .$if('vehicleId' in scope, (q) =>
      q.where('r.vehicle_id', '=', (scope as { vehicleId: string | null }).vehicleId ?? '00000000-0000-0000-0000-000000000000'),
    )
    .orderBy('r.coupon_expires_at')
    .limit(limit)
    .execute();
}

/**
 * Organization wallets whose available money (balance less holds) is below the organization's
 * threshold (0017); one row per organization, reached by its unique organization_id.
 */
export function walletsBelowThreshold(db: Database, organizationId: OrganizationScope, limit: number) {
  return db
    .selectFrom('ledger_accounts as a')
    .innerJoin('organizations as o', 'o.id', 'a.organization_id')
    .select(['o.id as organization_id', 'o.name', 'a.balance_kobo', 'a.held_kobo', 'o.low_balance_threshold_kobo'])
    .where('a.kind', '=', 'ORGANIZATION_WALLET')
    .where(sql<boolean>`a.balance_kobo - a.held_kobo < o.low_balance_threshold_kobo`)
    .$if(organizationId !== null, (q) => q.where('a.organization_id', '=', organizationId as string))
    .orderBy(sql`a.balance_kobo - a.held_kobo`)
    .limit(limit)
    .execute();
}

/**
 * Requests still awaiting a decision that carry anomaly flags (0016): the approver has yet to act
 * on them. Read through the partial index fuel_requests_pending_flagged (0017), newest first.
 */
export function flaggedPendingRequests(db: Database, organizationId: string, limit: number) {
  return db
    .selectFrom('fuel_requests as r')
    .innerJoin('vehicles as v', 'v.id', 'r.vehicle_id')
    .select(['r.id', 'r.flags', 'r.supply_date', 'v.plate_number', 'v.make', 'v.model'])
    .where('r.organization_id', '=', organizationId)
    .where('r.status', '=', 'PENDING')
    .where(sql<boolean>`r.flags <> '[]'::jsonb`)
    .orderBy('r.created_at', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Coupons locked now after wrong driver PINs or codes at the pump (0023), through the partial index
 * fuel_requests_confirmation_locked: only locked rows are in it.
 */
export function lockedCoupons(db: Database, organizationId: string, now: Date, limit: number) {
  return db
    .selectFrom('fuel_requests as r')
    .innerJoin('vehicles as v', 'v.id', 'r.vehicle_id')
    .innerJoin('fuel_stations as s', 's.id', 'r.station_id')
    .select(['r.id', 'r.coupon_code', 'r.confirmation_locked_until', 'v.plate_number', 'v.make', 'v.model', 's.name as station_name'])
    .where('r.organization_id', '=', organizationId)
    .where('r.confirmation_locked_until', '>', now)
    .orderBy('r.confirmation_locked_until')
    .limit(limit)
    .execute();
}

/**
 * One page of the active organizations, in id order after `afterId` (keyset paging over the
 * primary key), for the daily digest: it walks the platform a page at a time.
 */
export function activeOrganizationsPage(db: Database, afterId: string | null, limit: number) {
  return db
    .selectFrom('organizations')
    .select(['id', 'name'])
    .where('status', '=', 'ACTIVE')
    .$if(afterId !== null, (q) => q.where('id', '>', afterId as string))
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The vehicle a driver drives, if any: a driver's alerts are that vehicle's. */
export function findVehicleOfDriver(db: Database, driverId: string) {
  return db.selectFrom('vehicles').select('id').where('driver_id', '=', driverId).executeTakeFirst();
}

/**
 * Open follow-ups of offline redemptions refused when sent (0041), of one station or of the
 * organizations whose coupons they were; read through the partial indexes of open rows.
 */
export function openRedemptionFollowUps(db: Database, scope: { stationId: string } | { organizationId: string }, limit: number) {
  return db
    .selectFrom('redemption_follow_ups as u')
    .innerJoin('fuel_stations as s', 's.id', 'u.station_id')
    .leftJoin('fuel_requests as f', 'f.id', 'u.fuel_request_id')
    .leftJoin('vehicles as v', 'v.id', 'f.vehicle_id')
    .select([
      'u.id',
      'u.fuel_request_id',
      'u.coupon_code',
      'u.dispensed_volume',
      'u.amount_kobo',
      'u.recorded_offline_at',
      'u.refused_at',
      'u.reason',
      's.name as station_name',
      'f.fuel_type',
      'v.plate_number',
    ])
    .where('u.status', '=', 'OPEN')
    .$if('stationId' in scope, (q) => q.where('u.station_id', '=', (scope as { stationId: string }).stationId))
    .$if('organizationId' in scope, (q) => q.where('u.organization_id', '=', (scope as { organizationId: string }).organizationId))
    .orderBy('u.refused_at', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Overrides asked at the pump still waiting for a manager (0050), newest first: read through the
 * index policy_overrides_queue (organization, status, created_at), so only the pending are walked.
 */
export function pendingOverrides(db: Database, organizationId: string, limit: number) {
  return (
    db
      .selectFrom('policy_overrides as o')
      .innerJoin('fuel_requests as r', 'r.id', 'o.fuel_request_id')
      .innerJoin('vehicles as v', 'v.id', 'r.vehicle_id')
      .innerJoin('fuel_stations as s', 's.id', 'o.station_id')
      .select([
        'o.id',
        'o.dispensed_volume',
        'o.breaches',
        'o.created_at',
        'r.fuel_type',
        'v.plate_number',
        'v.make',
        'v.model',
        's.name as station_name',
      ])
      .where('o.organization_id', '=', organizationId)
      .where('o.status', '=', 'PENDING')
      // Only while the coupon can still be redeemed: the pump's wait is over once it cannot.
      .where('r.status', '=', 'APPROVED')
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id', 'desc')
      .limit(limit)
      .execute()
  );
}
