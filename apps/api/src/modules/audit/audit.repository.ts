import { sql } from 'kysely';
import type { AUDIT_SORTS, AuditChanges } from '@fleetfuel/contract';
import type { Database } from '../../platform/db/database.js';
import { listOrder, type SortChoice, type SortExpression } from '../../platform/db/list-order.js';
import { containsPattern } from '../../platform/db/search.js';
import { pageWithTotal } from '../../platform/db/page-with-total.js';

export interface AuditInsert {
  actorUserId: string | null;
  actorRole: string | null;
  organizationId: string | null;
  stationId: string | null;
  action: string;
  entityType: string;
  entityId: string;
  changes: AuditChanges;
  ipAddress: string | null;
  note: string | null;
}

/** A row of the table; the actor's name is copied from the users table as it is now, in the same statement. */
function rowOf(entry: AuditInsert) {
  return {
    actor_user_id: entry.actorUserId,
    actor_name: entry.actorUserId === null ? null : sql<string>`(SELECT name FROM users WHERE id = ${entry.actorUserId})`,
    actor_role: entry.actorRole,
    organization_id: entry.organizationId,
    station_id: entry.stationId,
    action: entry.action,
    entity_type: entry.entityType,
    entity_id: entry.entityId,
    changes: JSON.stringify(entry.changes),
    ip_address: entry.ipAddress,
    note: entry.note,
  };
}

/** Appends one entry, as of now. */
export async function insertEntry(trx: Database, entry: AuditInsert): Promise<void> {
  await trx.insertInto('audit_log').values(rowOf(entry)).execute();
}

/** Appends entries of earlier changes, each as of its `occurredAt`, in one statement. */
export async function insertPastEntries(trx: Database, entries: ReadonlyArray<AuditInsert & { occurredAt: Date }>): Promise<void> {
  if (entries.length === 0) return;
  await trx
    .insertInto('audit_log')
    .values(entries.map((entry) => ({ ...rowOf(entry), occurred_at: entry.occurredAt })))
    .execute();
}

/** Whose entries a caller reads: every one, one organization's, or one station's. */
export type AuditScope = { kind: 'all' } | { kind: 'organization'; organizationId: string } | { kind: 'station'; stationId: string };

type AuditSort = (typeof AUDIT_SORTS)[number];

/** The audit log's sortable columns; actions and entity types are lower-case identifiers already. */
const AUDIT_SORT_COLUMNS: Record<AuditSort, SortExpression> = {
  occurredAt: 'occurred_at',
  action: 'action',
  entityType: 'entity_type',
};

export interface AuditFilters extends SortChoice<AuditSort> {
  search?: string | undefined;
  action?: string | undefined;
  entityType?: string | undefined;
  entityId?: string | undefined;
  /** Instants, from included and until excluded. */
  from?: Date | undefined;
  until?: Date | undefined;
  page: number;
  pageSize: number;
}

export type AuditRow = Awaited<ReturnType<typeof listEntries>>['rows'][number];

export async function listEntries(db: Database, scope: AuditScope, filters: AuditFilters) {
  let query = db.selectFrom('audit_log');
  if (scope.kind === 'organization') query = query.where('organization_id', '=', scope.organizationId);
  if (scope.kind === 'station') query = query.where('station_id', '=', scope.stationId);
  if (filters.action) query = query.where('action', '=', filters.action);
  if (filters.entityType) query = query.where('entity_type', '=', filters.entityType);
  if (filters.entityId) query = query.where('entity_id', '=', filters.entityId);
  if (filters.from) query = query.where('occurred_at', '>=', filters.from);
  if (filters.until) query = query.where('occurred_at', '<', filters.until);
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    query = query.where((eb) =>
      eb.or([
        eb('action', 'ilike', pattern),
        eb('entity_type', 'ilike', pattern),
        eb('entity_id', 'ilike', pattern),
        eb('actor_name', 'ilike', pattern),
      ]),
    );
  }
  // Newest first by default, in the order of the scope's `(…, occurred_at DESC, id DESC)` index.
  return pageWithTotal(query, filters, (q) =>
    q.selectAll().orderBy(listOrder(AUDIT_SORT_COLUMNS, filters, sql`occurred_at DESC, id DESC`, 'id')),
  );
}
