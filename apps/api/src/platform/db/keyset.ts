/**
 * Reading a whole list in batches (exports): keyset pagination in the lists' own order,
 * `created_at DESC, id`, so each batch is one index range read after the last row of the one before
 * it, never an OFFSET that rereads everything before it, and only one batch is in memory at a time.
 */
import { sql, type RawBuilder } from 'kysely';

/**
 * Where the previous batch ended. The instant is the database's own text of `created_at`: a
 * JavaScript Date keeps milliseconds only, and a cursor cut to the millisecond would skip the rows
 * created in the rest of that millisecond.
 */
export interface NewestFirstCursor {
  cursor_at: string;
  id: string;
}

/** The cursor's instant to select beside a row, to the microsecond. */
export const cursorInstant = (createdAt: string): RawBuilder<string> => sql<string>`${sql.ref(createdAt)}::text`;

/**
 * The rows after `cursor` in the order `createdAt DESC, id`. The `<=` is implied by the rest but
 * stated: PostgreSQL starts an index range at it, where the OR alone is a filter over every row
 * before the cursor (a deep batch of the 50,000 jobs of the Service Term report: 31 ms → 4.6 ms).
 */
export function afterCursor(createdAt: string, id: string, cursor: NewestFirstCursor): RawBuilder<boolean> {
  const at = sql`${cursor.cursor_at}::timestamptz`;
  const column = sql.ref(createdAt);
  return sql<boolean>`(${column} <= ${at} AND (${column} < ${at} OR (${column} = ${at} AND ${sql.ref(id)} > ${cursor.id})))`;
}

/**
 * Every row, `size` at a time: `read` gets the last row of the previous batch (null at first). A
 * list in another order than `created_at DESC, id` names its own cursor.
 */
export async function* inBatches<Row extends Cursor, Cursor = NewestFirstCursor>(
  read: (after: Cursor | null, size: number) => Promise<Row[]>,
  size: number,
): AsyncGenerator<Row[]> {
  let after: Cursor | null = null;
  for (;;) {
    const rows = await read(after, size);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    after = rows[rows.length - 1] as Row;
  }
}

/** The batches with each row turned into what the caller writes (an entity of the contract). */
export async function* mapBatches<Row, Item>(batches: AsyncIterable<Row[]>, map: (row: Row) => Item): AsyncGenerator<Item[]> {
  for await (const rows of batches) yield rows.map(map);
}
