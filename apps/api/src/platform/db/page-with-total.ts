/**
 * The list pages' one shape: a page of a filtered query, in the caller's order, and the count of
 * every row the filters match, read in parallel (two statements on the pool, one round trip's wait).
 */
import type { SelectQueryBuilder } from 'kysely';
import { pageOffset } from './search.js';

export async function pageWithTotal<DB, TB extends keyof DB, O, Row>(
  filtered: SelectQueryBuilder<DB, TB, O>,
  paging: { page: number; pageSize: number },
  /** The page's order (and any columns only the page needs), applied before its LIMIT and OFFSET. */
  shape: (query: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, Row>,
): Promise<{ rows: Row[]; total: number }> {
  const [rows, count] = await Promise.all([
    shape(filtered).limit(paging.pageSize).offset(pageOffset(paging.page, paging.pageSize)).execute(),
    filtered
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  // Kysely cannot name a selection over a generic table set; the statement selects `total` alone.
  return { rows, total: Number((count as { total: string }).total) };
}
