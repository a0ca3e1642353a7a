/** The review queue's rows: flags written as requests raise them, paged for managers, judged one at a time. */
import { sql, type QueryCreator } from 'kysely';
import type { FLAG_SORTS, FlagStatus, RequestFlag } from '@fleetfuel/contract';
import type { Database } from '../../platform/db/database.js';
import type { DB } from '../../platform/db/schema.js';
import { listOrder, type SortChoice } from '../../platform/db/list-order.js';
import { pageWithTotal } from '../../platform/db/page-with-total.js';
import { containsPattern } from '../../platform/db/search.js';

type FlagStep = 'REQUEST' | 'REDEMPTION';
/** The request whose flags are queued; `raisedAt`: now unless told (the demo's history is dated in the past). */
interface FlaggedRequest {
  id: string;
  organizationId: string;
  raisedAt?: Date;
}

/** One row a code: two SOFT policies breached are one POLICY_BREACH whose message says both. */
function oneACode(flags: readonly RequestFlag[]): RequestFlag[] {
  const byCode = new Map<string, RequestFlag>();
  for (const flag of flags) {
    const seen = byCode.get(flag.code);
    byCode.set(
      flag.code,
      seen
        ? {
            code: flag.code,
            severity: seen.severity === 'critical' ? 'critical' : flag.severity,
            message: `${seen.message}; ${flag.message}`,
          }
        : flag,
    );
  }
  return [...byCode.values()];
}

/**
 * The statement that adds a request's flags to the queue (none for an empty list): a code the
 * request already raised (made, then at the pump) keeps its row and its review, and takes the newer
 * numbers, the pump's being real. Unexecuted, so that the pump's path can run it inside its own
 * statement (a common table expression, built by the `with` callback's query creator).
 */
export function flagsInsert(db: QueryCreator<DB>, request: FlaggedRequest, step: FlagStep, flags: readonly RequestFlag[]) {
  return db
    .insertInto('request_flags')
    .columns(['organization_id', 'fuel_request_id', 'code', 'severity', 'message', 'step', 'raised_at'])
    .expression(
      sql`SELECT ${request.organizationId}::uuid, ${request.id}::uuid, f->>'code', f->>'severity', f->>'message', ${step},
        ${request.raisedAt ?? sql`now()`} FROM jsonb_array_elements(${JSON.stringify(oneACode(flags))}::jsonb) AS f`,
    )
    .onConflict((oc) =>
      oc.columns(['fuel_request_id', 'code']).doUpdateSet((eb) => ({
        severity: eb.ref('excluded.severity'),
        message: eb.ref('excluded.message'),
        step: eb.ref('excluded.step'),
        raised_at: eb.ref('excluded.raised_at'),
      })),
    );
}

/** Adds a request's flags to the queue, in one statement (none when it raised none). */
export async function recordFlags(db: Database, request: FlaggedRequest, step: FlagStep, flags: readonly RequestFlag[]): Promise<void> {
  if (flags.length > 0) await flagsInsert(db, request, step, flags).execute();
}

function flagViews(db: Database) {
  return db
    .selectFrom('request_flags as f')
    .innerJoin('fuel_requests as r', 'r.id', 'f.fuel_request_id')
    .innerJoin('vehicles as v', 'v.id', 'r.vehicle_id')
    .innerJoin('fuel_stations as s', 's.id', 'r.station_id')
    .innerJoin('organizations as o', 'o.id', 'f.organization_id')
    .leftJoin('users as d', 'd.id', 'r.driver_id')
    .leftJoin('users as rv', 'rv.id', 'f.reviewed_by');
}

function withColumns(query: ReturnType<typeof flagViews>) {
  return query.select([
    'f.id',
    'f.code',
    'f.severity',
    'f.message',
    'f.step',
    'f.status',
    'f.raised_at',
    'f.note',
    'f.recovered_kobo',
    'f.reviewed_by',
    'rv.name as reviewer_name',
    'f.reviewed_at',
    'f.organization_id',
    'o.name as organization_name',
    'r.id as request_id',
    'r.status as request_status',
    'r.supply_date',
    'r.fuel_type',
    'r.volume',
    'r.dispensed_volume',
    'r.hold_kobo',
    'r.amount_kobo',
    'v.id as vehicle_id',
    'v.plate_number',
    'v.make',
    'v.model',
    'r.driver_id',
    'd.name as driver_name',
    's.id as station_id',
    's.name as station_name',
  ]);
}

export type FlagRow = Awaited<ReturnType<ReturnType<typeof withColumns>['executeTakeFirstOrThrow']>>;

export interface FlagFilters extends SortChoice<(typeof FLAG_SORTS)[number]> {
  /** null: every organization (the platform admin). */
  organizationId: string | null;
  status?: FlagStatus | undefined;
  severity?: RequestFlag['severity'] | undefined;
  code?: RequestFlag['code'] | undefined;
  /** Raised from this instant (a Lagos day's start), and before `until`. */
  from?: Date | undefined;
  until?: Date | undefined;
  /** A plate or a driver's name. */
  search?: string | undefined;
  page: number;
  pageSize: number;
}

const SORT_COLUMNS = {
  raisedAt: 'f.raised_at',
  // Critical before warning when descending: the words sort that way.
  severity: 'f.severity',
  code: 'f.code',
  status: 'f.status',
} as const;

/** One page of the queue, newest first unless sorted, with the count the filters match. */
export function listFlags(db: Database, filters: FlagFilters): Promise<{ rows: FlagRow[]; total: number }> {
  let query = flagViews(db)
    .$if(filters.organizationId !== null, (q) => q.where('f.organization_id', '=', filters.organizationId as string))
    .$if(filters.status !== undefined, (q) => q.where('f.status', '=', filters.status as FlagStatus))
    .$if(filters.severity !== undefined, (q) => q.where('f.severity', '=', filters.severity as RequestFlag['severity']))
    .$if(filters.code !== undefined, (q) => q.where('f.code', '=', filters.code as RequestFlag['code']))
    .$if(filters.from !== undefined, (q) => q.where('f.raised_at', '>=', filters.from as Date))
    .$if(filters.until !== undefined, (q) => q.where('f.raised_at', '<', filters.until as Date));
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    query = query.where((eb) => eb.or([eb('v.plate_number', 'ilike', pattern), eb('d.name', 'ilike', pattern)]));
  }
  const order = listOrder(SORT_COLUMNS, filters, sql`f.raised_at DESC, f.id DESC`, 'f.id');
  return pageWithTotal(query, filters, (q) => withColumns(q).orderBy(order));
}

export function findFlag(db: Database, id: string, organizationId: string | null): Promise<FlagRow | undefined> {
  return withColumns(flagViews(db))
    .where('f.id', '=', id)
    .$if(organizationId !== null, (q) => q.where('f.organization_id', '=', organizationId as string))
    .executeTakeFirst();
}

/** The flag, locked for its review, with what the review checks it against. */
export function lockFlag(db: Database, id: string, organizationId: string) {
  return db
    .selectFrom('request_flags as f')
    .innerJoin('fuel_requests as r', 'r.id', 'f.fuel_request_id')
    .select(['f.id', 'f.status', 'f.note', 'f.recovered_kobo', 'f.code', 'f.fuel_request_id', 'r.amount_kobo'])
    .where('f.id', '=', id)
    .where('f.organization_id', '=', organizationId)
    .forUpdate('f')
    .executeTakeFirst();
}

export async function markReviewed(
  db: Database,
  id: string,
  review: { status: Exclude<FlagStatus, 'OPEN'>; note: string; recoveredKobo: bigint | null; by: string },
): Promise<void> {
  await db
    .updateTable('request_flags')
    .set({
      status: review.status,
      note: review.note,
      recovered_kobo: review.recoveredKobo === null ? null : review.recoveredKobo.toString(),
      reviewed_by: review.by,
      reviewed_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/** How many flags of an organization (or all) wait for a review: the queue index's count. */
export async function openFlagCount(db: Database, organizationId: string | null): Promise<number> {
  const row = await db
    .selectFrom('request_flags as f')
    .where('f.status', '=', 'OPEN')
    .$if(organizationId !== null, (q) => q.where('f.organization_id', '=', organizationId as string))
    .select((eb) => eb.fn.countAll<string>().as('open'))
    .executeTakeFirstOrThrow();
  return Number(row.open);
}

/** The confirmed frauds of an organization (or all): how many fills, the naira they paid and the naira recovered. */
export function fraudTotals(db: Database, organizationId: string | null) {
  // Per request first: a fill confirmed as fraud by two of its flags counts, and its amount, once.
  const frauds = db
    .selectFrom('request_flags as f')
    .where('f.status', '=', 'CONFIRMED_FRAUD')
    .$if(organizationId !== null, (q) => q.where('f.organization_id', '=', organizationId as string))
    .groupBy('f.fuel_request_id')
    .select(['f.fuel_request_id', sql<string>`coalesce(sum(f.recovered_kobo), 0)`.as('recovered_kobo')]);
  return db
    .selectFrom(frauds.as('x'))
    .innerJoin('fuel_requests as r', 'r.id', 'x.fuel_request_id')
    .select([
      sql<string>`count(*)`.as('requests'),
      sql<string>`coalesce(sum(r.amount_kobo), 0)`.as('amount_kobo'),
      sql<string>`coalesce(sum(x.recovered_kobo), 0)`.as('recovered_kobo'),
    ])
    .executeTakeFirstOrThrow();
}
