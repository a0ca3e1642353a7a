/** A frozen vehicle or driver (issue 44) as its reply reads it. */
export function frozenOf(row: { frozen_at: Date | null; frozen_reason: string | null }): { reason: string; at: string } | null {
  return row.frozen_at === null ? null : { reason: row.frozen_reason ?? '', at: row.frozen_at.toISOString() };
}
