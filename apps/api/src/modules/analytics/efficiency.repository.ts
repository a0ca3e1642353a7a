/**
 * What `GET /analytics/efficiency` reads: an organization's (or every organization's) completed
 * fills of a period for the fill-to-fill rule, the vehicles of a page of its list, the vehicles
 * silent for too long, and whether a named organization or vehicle exists.
 */
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import { containsPattern, vehicleSearchText } from '../../platform/db/search.js';

/** Which fills and vehicles `GET /analytics/efficiency` reads: one organization, or all (null). */
export interface EfficiencyFilter {
  organizationId: string | null;
  vehicleId?: string | undefined;
  /** Free text matched against the plate (and make, model, registration) as the Assets list does. */
  search?: string | undefined;
  /** The period, [from, until). */
  from: Date;
  until: Date;
}

/** One completed fill, as `efficiency-runs.ts` reads it. */
export interface EfficiencyFillRow {
  vehicle_id: string;
  odometer: string | null;
  dispensed_volume: string | null;
  amount_kobo: string | null;
  in_period: boolean;
}

/**
 * Every completed fill of the period (with or without a reading: a missing reading must break a
 * run, so it cannot be left out), plus each vehicle's last completed fill before the period to
 * start its first interval, ordered by vehicle then time, in one statement. The period's fills are
 * read through `fuel_requests_redeemed` or, for all organizations, `fuel_requests_redeemed_all` (0020:
 * organization or all, then time, carrying the columns read); the fill before the period is one probe
 * of `fuel_requests_vehicle_redeemed` (0013) a vehicle.
 */
export function efficiencyFills(db: Database, filter: EfficiencyFilter): Promise<EfficiencyFillRow[]> {
  return efficiencyFillsQuery(db, filter).execute();
}

/** What the statement reads of each completed fill, in the period and before it. */
const FILL_COLUMNS = ['r.id', 'r.vehicle_id', 'r.odometer', 'r.dispensed_volume', 'r.amount_kobo', 'r.redeemed_at'] as const;

/** The statement of `efficiencyFills`, unexecuted (its plan is checked at scale). */
function efficiencyFillsQuery(db: Database, filter: EfficiencyFilter) {
  const matching = filter.search ? containsPattern(filter.search) : null;
  return db
    .with('period', () =>
      db
        .selectFrom('fuel_requests as r')
        .select([...FILL_COLUMNS, sql<boolean>`true`.as('in_period')])
        .where('r.status', '=', 'COMPLETED')
        .where('r.redeemed_at', '>=', filter.from)
        .where('r.redeemed_at', '<', filter.until)
        .$if(filter.organizationId !== null, (q) => q.where('r.organization_id', '=', filter.organizationId as string))
        .$if(filter.vehicleId !== undefined, (q) => q.where('r.vehicle_id', '=', filter.vehicleId as string))
        .$if(matching !== null, (q) =>
          q.where('r.vehicle_id', 'in', (eb) =>
            eb
              .selectFrom('vehicles as sv')
              .select('sv.id')
              .where(vehicleSearchText('sv'), 'ilike', matching as string)
              .$if(filter.organizationId !== null, (s) => s.where('sv.organization_id', '=', filter.organizationId as string)),
          ),
        ),
    )
    .with('previous', (qc) =>
      qc
        .selectFrom(qc.selectFrom('period').select('period.vehicle_id').distinct().as('pv'))
        .innerJoinLateral(
          (eb) =>
            eb
              .selectFrom('fuel_requests as r')
              .select([...FILL_COLUMNS, sql<boolean>`false`.as('in_period')])
              .whereRef('r.vehicle_id', '=', 'pv.vehicle_id')
              .where('r.status', '=', 'COMPLETED')
              .where('r.redeemed_at', '<', filter.from)
              .orderBy('r.redeemed_at', 'desc')
              .orderBy('r.id', 'desc')
              .limit(1)
              .as('p'),
          (join) => join.onTrue(),
        )
        .selectAll('p'),
    )
    .selectFrom((qc) => qc.selectFrom('period').selectAll().unionAll(qc.selectFrom('previous').selectAll()).as('f'))
    .select(['f.vehicle_id', 'f.odometer', 'f.dispensed_volume', 'f.amount_kobo', 'f.in_period'])
    .orderBy('f.vehicle_id')
    .orderBy('f.redeemed_at')
    .orderBy('f.id');
}

/** The vehicles of a page of the efficiency list, by id. */
export function vehiclesByIds(db: Database, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('vehicles')
    .select(['id', 'plate_number', 'make', 'model', 'fuel_type'])
    .where('id', 'in', [...ids])
    .execute();
}

/** Whether a vehicle exists in an organization (any organization for null). */
export async function vehicleExists(db: Database, vehicleId: string, organizationId: string | null): Promise<boolean> {
  const row = await db
    .selectFrom('vehicles')
    .select('id')
    .where('id', '=', vehicleId)
    .$if(organizationId !== null, (q) => q.where('organization_id', '=', organizationId as string))
    .executeTakeFirst();
  return row !== undefined;
}

export async function organizationExists(db: Database, organizationId: string): Promise<boolean> {
  return (await db.selectFrom('organizations').select('id').where('id', '=', organizationId).executeTakeFirst()) !== undefined;
}

/**
 * ACTIVE vehicles registered before `silentSince` whose last completed fill before `until` (if
 * any) is older than `silentSince`: never-filled first, then the longest silent. One backward
 * probe of `fuel_requests_vehicle_redeemed` a vehicle of the organization (its vehicles read by
 * `vehicles_organization_status`), and the count comes from the same pass.
 */
export async function silentAssets(
  db: Database,
  filter: { organizationId: string | null; vehicleId?: string | undefined; silentSince: Date; until: Date; limit: number },
) {
  const rows = await db
    .selectFrom('vehicles as v')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('fuel_requests as r')
          .select('r.redeemed_at')
          .whereRef('r.vehicle_id', '=', 'v.id')
          .where('r.status', '=', 'COMPLETED')
          .where('r.redeemed_at', '<', filter.until)
          .orderBy('r.redeemed_at', 'desc')
          .limit(1)
          .as('last'),
      (join) => join.onTrue(),
    )
    .select(['v.id', 'v.plate_number', 'v.make', 'v.model', 'last.redeemed_at', sql<string>`count(*) OVER ()`.as('total')])
    .where('v.status', '=', 'ACTIVE')
    .where('v.created_at', '<', filter.silentSince)
    .where((eb) => eb.or([eb('last.redeemed_at', 'is', null), eb('last.redeemed_at', '<', filter.silentSince)]))
    .$if(filter.organizationId !== null, (q) => q.where('v.organization_id', '=', filter.organizationId as string))
    .$if(filter.vehicleId !== undefined, (q) => q.where('v.id', '=', filter.vehicleId as string))
    .orderBy(sql`last.redeemed_at ASC NULLS FIRST`)
    .orderBy('v.plate_number')
    .orderBy('v.id')
    .limit(filter.limit)
    .execute();
  return { rows, total: Number(rows[0]?.total ?? 0) };
}
