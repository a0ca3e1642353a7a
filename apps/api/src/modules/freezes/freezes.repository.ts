/** Freezing and unfreezing a vehicle or a driver: one statement each, answering the row as it was. */
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';

export type FrozenKind = 'vehicle' | 'driver';

export interface FreezeTarget {
  kind: FrozenKind;
  id: string;
  /** null: any organization (the platform admin). */
  organizationId: string | null;
}

/**
 * Sets (or clears, with `reason` null) the freeze, in the actor's organization; a driver is a DRIVER
 * account. Answers the organization and the freeze it had, for the audit entry; undefined when
 * there is no such vehicle or driver in scope.
 */
export async function setFrozen(db: Database, target: FreezeTarget, freeze: { reason: string; by: string } | null) {
  const table = sql.table(target.kind === 'vehicle' ? 'vehicles' : 'users');
  // `old` is the same row joined in, which an UPDATE reads as it was before the statement.
  const { rows } = await sql<{ organization_id: string; was_reason: string | null }>`
    UPDATE ${table} AS t
    SET frozen_at = ${freeze ? sql`now()` : null}, frozen_reason = ${freeze?.reason ?? null}, frozen_by = ${freeze?.by ?? null},
      updated_at = now()
    FROM ${table} AS old
    WHERE old.id = t.id AND t.id = ${target.id}
      ${target.kind === 'driver' ? sql`AND t.role = 'DRIVER'` : sql``}
      ${target.organizationId === null ? sql`` : sql`AND t.organization_id = ${target.organizationId}`}
    RETURNING t.organization_id, old.frozen_reason AS was_reason`.execute(db);
  return rows[0];
}
