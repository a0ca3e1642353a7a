/**
 * The audit trail: the only code that writes `audit_log`. Other modules call `auditTrail.record`
 * inside the transaction of the change they make, so an entry exists exactly when the change
 * committed (a refused or rolled-back change leaves none). Reading is scoped like every tenant
 * record: the platform admin sees all, an organization admin its organization's, a station rep its
 * station's.
 */
import type { AuditAction, AuditEntityType, AuditEntry, AuditListQuery, Role } from '@fleetfuel/contract';
import { lagosDayRange } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import { forbidden } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/actor.js';
import * as repository from './audit.repository.js';
import type { AuditInsert, AuditRow, AuditScope } from './audit.repository.js';
import { changedFields, type AuditInput } from './changed-fields.js';

/**
 * Who acted: the caller of a request, or a user signing in; null for the platform's own work. An
 * API key acts in its creator's name, and the entry's note names the key.
 */
export type AuditActor = Pick<Actor, 'userId' | 'role' | 'ipAddress' | 'apiKey'>;

/** The entry's note, with the API key that made the change when one did (the column holds 1,000 characters). */
function noteOf(entry: AuditRecord): string | null {
  const key = entry.actor?.apiKey;
  if (!key) return entry.note ?? null;
  const via = `Via API key "${key.name}" (${key.id})`;
  return (entry.note ? `${via}: ${entry.note}` : via).slice(0, 1000);
}

export interface AuditRecord {
  actor: AuditActor | null;
  /** `<entity type>.<verb>`; the entity type is read from it. */
  action: AuditAction;
  entityId: string;
  /** The tenants that see the entry; a redemption belongs to both the organization and the station. */
  organizationId?: string | null;
  stationId?: string | null;
  /** The fields the change touched, with their values before it (a missing field had none). */
  before?: Readonly<Record<string, AuditInput>>;
  after?: Readonly<Record<string, AuditInput>>;
  note?: string | null;
}

function insertOf(entry: AuditRecord): AuditInsert {
  return {
    actorUserId: entry.actor?.userId ?? null,
    actorRole: entry.actor?.role ?? null,
    organizationId: entry.organizationId ?? null,
    stationId: entry.stationId ?? null,
    action: entry.action,
    entityType: entry.action.slice(0, entry.action.indexOf('.')),
    entityId: entry.entityId,
    changes: changedFields(entry.before ?? {}, entry.after ?? {}),
    ipAddress: entry.actor?.ipAddress ?? null,
    note: noteOf(entry),
  };
}

export const auditTrail = {
  /** Appends one entry in the caller's transaction. */
  async record(trx: Database, entry: AuditRecord): Promise<void> {
    await repository.insertEntry(trx, insertOf(entry));
  },

  /**
   * Appends entries of changes made at `at`, in the order given, in one statement: for the demo
   * data, whose history is written directly rather than through the services that record it.
   */
  async recordPast(trx: Database, entries: ReadonlyArray<AuditRecord & { at: Date }>): Promise<void> {
    await repository.insertPastEntries(
      trx,
      entries.map((entry) => ({ ...insertOf(entry), occurredAt: entry.at })),
    );
  },
};

function scopeOf(actor: Actor): AuditScope {
  if (actor.role === 'ADMIN') return { kind: 'all' };
  if (actor.role === 'ADMINISTRATOR' && actor.organizationId) return { kind: 'organization', organizationId: actor.organizationId };
  if (actor.role === 'STATION_REP' && actor.fuelStationId) return { kind: 'station', stationId: actor.fuelStationId };
  throw forbidden();
}

/** What an entry records of its change, as the audit log and a person's data export both show it. */
export function auditRecordOf(
  row: Pick<AuditRow, 'action' | 'entity_type' | 'entity_id' | 'changes' | 'ip_address' | 'note'>,
): Pick<AuditEntry, 'action' | 'entityType' | 'entityId' | 'changes' | 'ipAddress' | 'note'> {
  return {
    action: row.action as AuditAction,
    entityType: row.entity_type as AuditEntityType,
    entityId: row.entity_id,
    changes: row.changes,
    ipAddress: row.ip_address,
    note: row.note,
  };
}

function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: String(row.id),
    occurredAt: row.occurred_at.toISOString(),
    actor:
      row.actor_user_id && row.actor_name && row.actor_role
        ? { id: row.actor_user_id, name: row.actor_name, role: row.actor_role as Role }
        : null,
    ...auditRecordOf(row),
  };
}

export function createAuditService(deps: { db: Database }) {
  const { db } = deps;
  return {
    /**
     * A page of the entries the actor may read. Filtering by another tenant's record simply finds
     * nothing, as that record's entries are outside the scope.
     */
    async list(actor: Actor, query: AuditListQuery) {
      const { rows, total } = await repository.listEntries(db, scopeOf(actor), {
        search: query.search,
        action: query.action,
        entityType: query.entityType,
        entityId: query.entityId,
        ...lagosDayRange(query),
        sort: query.sort,
        order: query.order,
        page: query.page,
        pageSize: query.pageSize,
      });
      return { entries: rows.map(toAuditEntry), total };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
