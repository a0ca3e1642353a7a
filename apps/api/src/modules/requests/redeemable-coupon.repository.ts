/**
 * The coupon a station redeems, locked, with what its organization asks at the pump (issue 42: the
 * vehicle's sticker, the odometer typed and photographed) read in the same statement.
 */
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import { freezeColumns } from './fuel-requests.repository.js';

/** What the organization requires at the pump (issue 42): the vehicle's windscreen sticker, the odometer typed and photographed. */
export async function pumpRequirements(db: Database, organizationId: string) {
  const row = await db
    .selectFrom('organizations')
    .select(['require_vehicle_scan', 'require_odometer_at_pump', 'require_odometer_photo'])
    .where('id', '=', organizationId)
    .executeTakeFirst();
  return {
    vehicleScanRequired: row?.require_vehicle_scan ?? false,
    odometerRequired: row?.require_odometer_at_pump ?? false,
    odometerPhotoRequired: row?.require_odometer_photo ?? false,
  };
}

/**
 * The request row locked for its redemption (or a confirmation code), with what its organization
 * requires at the pump and the station's name (the receipt names it), read in the same statement: the pump's path is the busiest write, and each statement is a round trip.
 */
export function lockRedeemableFuelRequest(db: Database, id: string) {
  return db
    .selectFrom('fuel_requests as r')
    .selectAll('r')
    .select([
      sql<boolean>`(SELECT o.require_driver_confirmation FROM organizations o WHERE o.id = r.organization_id)`.as(
        'organization_requires_confirmation',
      ),
      // Whether its organization requires the vehicle's windscreen sticker, and the plate a wrong
      // sticker's refusal names (issue 42): subselects of this statement, not statements of their own.
      sql<boolean>`(SELECT o.require_vehicle_scan FROM organizations o WHERE o.id = r.organization_id)`.as(
        'organization_requires_vehicle_scan',
      ),
      // Whether it requires the odometer typed and photographed at the pump, and whether the photo came (0051).
      sql<boolean>`(SELECT o.require_odometer_at_pump FROM organizations o WHERE o.id = r.organization_id)`.as(
        'organization_requires_odometer',
      ),
      sql<boolean>`(SELECT o.require_odometer_photo FROM organizations o WHERE o.id = r.organization_id)`.as(
        'organization_requires_odometer_photo',
      ),
      sql<boolean>`EXISTS (SELECT 1 FROM fuel_request_evidence e WHERE e.fuel_request_id = r.id AND e.kind = 'ODOMETER_PHOTO')`.as(
        'has_odometer_photo',
      ),
      sql<string | null>`(SELECT v.plate_number FROM vehicles v WHERE v.id = r.vehicle_id)`.as('vehicle_plate'),
      sql<string>`(SELECT s.name FROM fuel_stations s WHERE s.id = r.station_id)`.as('station_name'),
      sql<string | null>`(SELECT s.state FROM fuel_stations s WHERE s.id = r.station_id)`.as('station_state'),
      // The station's opening hours: a fill while it is closed is flagged (issue 42).
      sql<string | null>`(SELECT s.opens_at::text FROM fuel_stations s WHERE s.id = r.station_id)`.as('station_opens_at'),
      sql<string | null>`(SELECT s.closes_at::text FROM fuel_stations s WHERE s.id = r.station_id)`.as('station_closes_at'),
      // Whether a reserve still holds litres for it: most coupons draw on none, and a redemption
      // then skips the reserves' own read. None can appear later: draws are made at approval.
      sql<boolean>`EXISTS (SELECT 1 FROM reserve_draws d WHERE d.fuel_request_id = r.id AND d.volume - d.returned > 0)`.as(
        'holds_reserve_litres',
      ),
      // Whether its organization has fuel policies (issue 44): most have none, and the pump then
      // skips reading them.
      sql<boolean>`EXISTS (SELECT 1 FROM fuel_policies p WHERE p.organization_id = r.organization_id)`.as('organization_has_policies'),
      // Whether an override asked for this coupon is still open (pending, or approved and unspent):
      // a redemption closes it, so that no manager is asked to decide on fuel already given.
      sql<boolean>`EXISTS (SELECT 1 FROM policy_overrides o WHERE o.fuel_request_id = r.id AND o.status IN ('PENDING', 'APPROVED'))`.as(
        'has_open_override',
      ),
      ...freezeColumns,
    ])
    .where('r.id', '=', id)
    .forNoKeyUpdate('r')
    .executeTakeFirst();
}

export type RedeemableFuelRequest = NonNullable<Awaited<ReturnType<typeof lockRedeemableFuelRequest>>>;
