/**
 * SQL of the follow-ups of refused offline redemptions (migration 0041): written when the server
 * refuses a redemption a device recorded with no network, listed for the station, closed by its
 * representative.
 */
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import { containsPattern } from '../../platform/db/search.js';

/** The coupon a refused redemption named, if it is one of the station's (else nothing of another tenant is read). */
export function findStationCoupon(db: Database, stationId: string, requestId: string) {
  return db
    .selectFrom('fuel_requests as f')
    .select(['f.id', 'f.organization_id', 'f.coupon_code', 'f.price_kobo'])
    .where('f.id', '=', requestId)
    .where('f.station_id', '=', stationId)
    .executeTakeFirst();
}

export interface NewFollowUp {
  stationId: string;
  organizationId: string | null;
  fuelRequestId: string | null;
  idempotencyKey: string;
  couponCode: string | null;
  dispensedVolume: number;
  amountKobo: bigint | null;
  recordedBy: string;
  recordedOfflineAt: Date;
  reason: string;
}

/** The new row's id, or null when this queued redemption was followed up already (a resend). */
export async function insertFollowUp(db: Database, row: NewFollowUp): Promise<string | null> {
  const inserted = await db
    .insertInto('redemption_follow_ups')
    .values({
      station_id: row.stationId,
      organization_id: row.organizationId,
      fuel_request_id: row.fuelRequestId,
      idempotency_key: row.idempotencyKey,
      coupon_code: row.couponCode,
      dispensed_volume: row.dispensedVolume,
      amount_kobo: row.amountKobo,
      recorded_by: row.recordedBy,
      recorded_offline_at: row.recordedOfflineAt,
      reason: row.reason,
    })
    .onConflict((oc) => oc.columns(['station_id', 'idempotency_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

export interface FollowUpRow {
  id: string;
  status: 'OPEN' | 'RESOLVED';
  fuel_request_id: string | null;
  coupon_code: string | null;
  plate_number: string | null;
  fuel_type: string | null;
  dispensed_volume: string;
  amount_kobo: string | null;
  organization_id: string | null;
  organization_name: string | null;
  station_id: string;
  station_name: string;
  recorded_by: string | null;
  recorded_by_name: string | null;
  recorded_offline_at: Date;
  refused_at: Date;
  reason: string;
  resolved_at: Date | null;
  resolved_by: string | null;
  resolved_by_name: string | null;
  resolution_note: string | null;
}

export interface FollowUpFilter {
  /** null: every station (the platform admin without a station filter). */
  stationId: string | null;
  status: 'OPEN' | 'RESOLVED' | null;
  search: string | null;
}

function filtered(db: Database, filter: FollowUpFilter) {
  const pattern = filter.search ? containsPattern(filter.search) : null;
  return db
    .selectFrom('redemption_follow_ups as u')
    .leftJoin('fuel_requests as f', 'f.id', 'u.fuel_request_id')
    .leftJoin('vehicles as v', 'v.id', 'f.vehicle_id')
    .$if(filter.stationId !== null, (q) => q.where('u.station_id', '=', filter.stationId as string))
    .$if(filter.status !== null, (q) => q.where('u.status', '=', filter.status as 'OPEN' | 'RESOLVED'))
    .$if(pattern !== null, (q) =>
      q.where((eb) => eb.or([eb('u.coupon_code', 'ilike', pattern as string), eb('v.plate_number', 'ilike', pattern as string)])),
    );
}

/** A follow-up with the names it shows: its station, organization, vehicle and people. */
function withNames(query: ReturnType<typeof filtered>) {
  return query
    .innerJoin('fuel_stations as s', 's.id', 'u.station_id')
    .leftJoin('organizations as o', 'o.id', 'u.organization_id')
    .leftJoin('users as r', 'r.id', 'u.recorded_by')
    .leftJoin('users as c', 'c.id', 'u.resolved_by')
    .select([
      'u.id',
      'u.status',
      'u.fuel_request_id',
      'u.coupon_code',
      'v.plate_number',
      'f.fuel_type',
      'u.dispensed_volume',
      'u.amount_kobo',
      'u.organization_id',
      'o.name as organization_name',
      'u.station_id',
      's.name as station_name',
      'u.recorded_by',
      'r.name as recorded_by_name',
      'u.recorded_offline_at',
      'u.refused_at',
      'u.reason',
      'u.resolved_at',
      'u.resolved_by',
      'c.name as resolved_by_name',
      'u.resolution_note',
    ]);
}

/** One page, open ones first, newest refusal first, with the count of the whole filter. */
export async function listFollowUps(db: Database, filter: FollowUpFilter, page: { limit: number; offset: number }) {
  const [rows, counts] = await Promise.all([
    withNames(filtered(db, filter))
      .orderBy(sql`u.status = 'OPEN'`, 'desc')
      .orderBy('u.refused_at', 'desc')
      .orderBy('u.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    filtered(db, filter)
      .select(sql<string>`count(*)`.as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counts.total) };
}

export function findFollowUp(db: Database, id: string): Promise<FollowUpRow | undefined> {
  const all: FollowUpFilter = { stationId: null, status: null, search: null };
  return withNames(filtered(db, all)).where('u.id', '=', id).executeTakeFirst();
}

/** Open follow-ups of a station, or of every station; read through the partial index of open rows. */
export async function countOpen(db: Database, stationId: string | null): Promise<number> {
  const row = await db
    .selectFrom('redemption_follow_ups')
    .select(sql<string>`count(*)`.as('open'))
    .where('status', '=', 'OPEN')
    .$if(stationId !== null, (q) => q.where('station_id', '=', stationId as string))
    .executeTakeFirstOrThrow();
  return Number(row.open);
}

export function lockFollowUp(db: Database, id: string) {
  return db
    .selectFrom('redemption_follow_ups')
    .select(['id', 'station_id', 'organization_id', 'status'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function markResolved(db: Database, id: string, change: { by: string; note: string; at: Date }): Promise<void> {
  await db
    .updateTable('redemption_follow_ups')
    .set({ status: 'RESOLVED', resolved_at: change.at, resolved_by: change.by, resolution_note: change.note })
    .where('id', '=', id)
    .execute();
}
