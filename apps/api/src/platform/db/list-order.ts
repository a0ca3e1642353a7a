/**
 * The order of a list page a caller chose (issue 14's `sort` and `order`): each list maps the
 * contract's sortable column names to SQL over its own tables, and this builds the ORDER BY.
 */
import { sql, type RawBuilder } from 'kysely';
import type { SortOrder } from '@fleetfuel/contract';

/** A sortable column's SQL: a column reference (`v.plate_number`) or an expression. */
export type SortExpression = string | RawBuilder<unknown>;

export interface SortChoice<Column extends string> {
  sort?: Column | undefined;
  order?: SortOrder | undefined;
}

const asSql = (expression: SortExpression) => (typeof expression === 'string' ? sql.ref(expression) : expression);

/**
 * `ORDER BY` the chosen column in the chosen direction (ascending unless told), blanks last either
 * way so that a column's empty cells never fill the first page, then `tieBreaker` (a unique column)
 * so that equal values keep one order and pages neither overlap nor skip. Without a choice the
 * list's own order, `fallback`, applies.
 */
export function listOrder<Column extends string>(
  columns: Record<Column, SortExpression>,
  choice: SortChoice<Column>,
  fallback: RawBuilder<unknown>,
  tieBreaker: string,
): RawBuilder<unknown> {
  if (!choice.sort) return fallback;
  const direction = choice.order === 'desc' ? sql`DESC` : sql`ASC`;
  return sql`${asSql(columns[choice.sort])} ${direction} NULLS LAST, ${sql.ref(tieBreaker)} ${direction}`;
}
