/**
 * What an audit entry says changed: the fields named in `after`, each with its value before and
 * after, kept only when the two differ. Values are stored as JSON scalars so that every entry
 * reads the same way whatever the column type was: dates become ISO strings, bigints numbers (or
 * text beyond 2^53), anything missing null.
 */
import type { AuditChanges, AuditValue } from '@fleetfuel/contract';

/** What a caller may pass as a field's value. */
export type AuditInput = string | number | bigint | boolean | Date | null | undefined;

export function auditValue(value: AuditInput): AuditValue {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') {
    return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER) ? Number(value) : value.toString();
  }
  return value;
}

/**
 * The changed fields between two snapshots. Only the keys of `after` count: a caller names what the
 * change touched, and `before` supplies the earlier values (a key it lacks had none). An `after`
 * value of `undefined` means "not touched" (a partial update leaves it out); `null` means cleared.
 */
export function changedFields(before: Readonly<Record<string, AuditInput>>, after: Readonly<Record<string, AuditInput>>): AuditChanges {
  const changes: AuditChanges = {};
  for (const [field, next] of Object.entries(after)) {
    if (next === undefined) continue;
    const was = auditValue(before[field]);
    const now = auditValue(next);
    if (was !== now) changes[field] = { before: was, after: now };
  }
  return changes;
}
