/**
 * A wallet's transactions as its list, its exports and a single adjustment show them: its postings
 * (read from the ledger's tables, which only the ledger module writes) and its card payments not
 * posted yet.
 */
import { sql, type AliasedSelectQueryBuilder, type RawBuilder } from 'kysely';
import type { TRANSACTION_SORTS } from '@fleetfuel/contract';
import { lagosDayRange } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import { cursorInstant } from '../../platform/db/keyset.js';
import { listOrder, type SortChoice } from '../../platform/db/list-order.js';
import { containsPattern, pageOffset } from '../../platform/db/search.js';

interface TransactionFilters {
  type?: string | undefined;
  status?: string | undefined;
  reference?: string | undefined;
  /** Part of the reference or the note, in any case (issue 14). */
  search?: string | undefined;
  /** Lagos days, both included, of the transaction's `created_at`. */
  from?: string | undefined;
  to?: string | undefined;
}

/** The type a card payment shows before it is posted. */
const UNPOSTED_TYPE = sql<string>`CASE WHEN c.purpose = 'SUBSCRIPTION' THEN 'SUBSCRIPTION' ELSE 'FUNDING' END`;

/** The note a card payment shows before it is posted; a search reads the very text the list shows. */
const UNPOSTED_NOTE = sql<string>`CASE c.status
  WHEN 'FAILED' THEN coalesce(c.failure_reason, 'Card payment failed')
  WHEN 'EXPIRED' THEN coalesce(c.failure_reason, 'Card payment not completed')
  ELSE 'Awaiting card payment' END`;

/** The ILIKE pattern of a search, or none for no search (an empty box searches nothing). */
function searchPattern(filters: TransactionFilters): string | undefined {
  return filters.search ? containsPattern(filters.search) : undefined;
}

/**
 * Whether the filters keep every posting of the wallet: its total is then the count the ledger
 * keeps on the account (0030) rather than a count of its whole history on every first screen.
 */
function keepsEveryPosting(filters: TransactionFilters): boolean {
  return (
    filters.type === undefined &&
    filters.reference === undefined &&
    searchPattern(filters) === undefined &&
    filters.from === undefined &&
    filters.to === undefined &&
    (filters.status === undefined || filters.status === 'SUCCESS')
  );
}

/** A wallet's postings that pass the filters; every posting is done (SUCCESS). */
function postingsOf(db: Database, accountId: string, filters: TransactionFilters) {
  // Instants, so that the days are a range of the `(account_id, created_at DESC, id DESC)` index.
  const { from, until } = lagosDayRange(filters);
  const pattern = searchPattern(filters);
  return db
    .selectFrom('postings as p')
    .where('p.account_id', '=', accountId)
    .$if(from !== undefined, (q) => q.where('p.created_at', '>=', from as Date))
    .$if(until !== undefined, (q) => q.where('p.created_at', '<', until as Date))
    .$if(filters.status !== undefined && filters.status !== 'SUCCESS', (q) => q.where(sql<boolean>`false`))
    .$if(filters.type !== undefined, (q) => q.where('p.type', '=', filters.type as string))
    .$if(filters.reference !== undefined, (q) =>
      q.where(
        'p.entry_id',
        'in',
        db
          .selectFrom('journal_entries as je')
          .select('je.id')
          .where('je.reference', '=', filters.reference as string),
      ),
    )
    .$if(pattern !== undefined, (q) =>
      q.where(
        'p.id',
        'in',
        // Found from the matching texts, on their trigram indexes (0035), rather than by reading
        // every posting of the wallet and its entry: this wallet's postings whose note matches, and
        // its postings of the entries whose reference matches.
        db
          .selectFrom('postings as pn')
          .select('pn.id')
          .where('pn.account_id', '=', accountId)
          .where('pn.note', 'ilike', pattern as string)
          .union(
            db
              .selectFrom('journal_entries as je')
              .innerJoin('postings as pr', 'pr.entry_id', 'je.id')
              .select('pr.id')
              .where('pr.account_id', '=', accountId)
              .where('je.reference', 'ilike', pattern as string),
          ),
      ),
    );
}

/** A wallet's card payments not posted (PENDING, FAILED, EXPIRED) that pass the filters. */
function unpostedPaymentsOf(db: Database, accountId: string, filters: TransactionFilters) {
  const { from, until } = lagosDayRange(filters);
  const pattern = searchPattern(filters);
  return db
    .selectFrom('card_payments as c')
    .where('c.account_id', '=', accountId)
    .$if(from !== undefined, (q) => q.where('c.created_at', '>=', from as Date))
    .$if(until !== undefined, (q) => q.where('c.created_at', '<', until as Date))
    .where('c.status', '!=', 'SUCCESS')
    .$if(filters.status !== undefined, (q) => q.where('c.status', '=', filters.status as string))
    .$if(filters.type !== undefined, (q) => q.where(UNPOSTED_TYPE, '=', filters.type as string))
    .$if(filters.reference !== undefined, (q) => q.where('c.reference', '=', filters.reference as string))
    .$if(pattern !== undefined, (q) =>
      q.where((eb) => eb.or([eb('c.reference', 'ilike', pattern as string), eb(UNPOSTED_NOTE, 'ilike', pattern as string)])),
    );
}

/** A page's or a batch's keys (`k`): the posting's or the card payment's id beside `created_at`, and maybe the sorted columns. */
type TransactionKeys = AliasedSelectQueryBuilder<{ posting_id: string | null; payment_id: string | null; created_at: Date }, 'k'>;

type TransactionSort = (typeof TRANSACTION_SORTS)[number];

/** The keys' columns a chosen sort orders by (`sortableTransactionKeys` selects them). */
const TRANSACTION_SORT_COLUMNS: Record<TransactionSort, string> = {
  createdAt: 'k.created_at',
  amount: 'k.amount_kobo',
  fee: 'k.fee_kobo',
  type: 'k.type',
  status: 'k.status',
};

/** Newest first; at one instant a posting before a card payment, as the id prefixes 'P' > 'C' ordered them before. */
const NEWEST_FIRST = sql`k.created_at DESC, k.posting_id DESC NULLS LAST, k.payment_id DESC`;

/** The order of the keys (`k`): the chosen column, ties broken by the transaction's id, or newest first. */
function transactionOrder(choice: SortChoice<TransactionSort>): RawBuilder<unknown> {
  return listOrder(TRANSACTION_SORT_COLUMNS, choice, NEWEST_FIRST, 'k.id');
}

/**
 * The transactions behind a page's or a batch's keys, joined to the journal, in `order` (the one
 * the keys were chosen in).
 */
function transactionsOf(db: Database, keys: TransactionKeys, order: RawBuilder<unknown>) {
  const posted = (done: unknown, pending: unknown) => sql`CASE WHEN k.posting_id IS NOT NULL THEN ${done} ELSE ${pending} END`;
  return (
    db
      .selectFrom(keys)
      .leftJoin('postings as p', 'p.id', 'k.posting_id')
      .leftJoin('journal_entries as e', 'e.id', 'p.entry_id')
      .leftJoin('card_payments as c', 'c.id', 'k.payment_id')
      .select([
        sql<string>`${posted(sql`'P' || k.posting_id::text`, sql`'C' || k.payment_id::text`)}`.as('id'),
        sql<string>`${posted(sql.ref('p.amount_kobo'), sql.ref('c.amount_kobo'))}`.as('amount_kobo'),
        sql<string>`${posted(sql.ref('p.type'), UNPOSTED_TYPE)}`.as('type'),
        sql<string | null>`${posted(sql.ref('p.note'), UNPOSTED_NOTE)}`.as('note'),
        sql<string>`${posted(sql.ref('p.fee_kobo'), sql`0`)}`.as('fee_kobo'),
        sql<string | null>`${posted(sql.ref('e.reference'), sql.ref('c.reference'))}`.as('reference'),
        sql<string>`${posted(sql`'SUCCESS'`, sql.ref('c.status'))}`.as('status'),
        'k.created_at',
      ])
      // Where a batch ends, for the next one (exports); a page ignores them.
      .select([cursorInstant('k.created_at').as('cursor_at'), sql<string | null>`k.posting_id::text`.as('posting_id'), 'k.payment_id'])
      .orderBy(order)
  );
}

/** The keys of a wallet's postings and unposted card payments, each side newest first and at most `limit`. */
function transactionKeys(db: Database, accountId: string, filters: TransactionFilters, limit: number, after: TransactionCursor | null) {
  const at = after && sql`${after.cursor_at}::timestamptz`;
  const postedKeys = postingsOf(db, accountId, filters)
    .select([sql<string | null>`p.id`.as('posting_id'), sql<string | null>`NULL::uuid`.as('payment_id'), 'p.created_at'])
    // At the cursor's instant, postings after a posting have a lower id; none follow a card payment.
    .$if(after !== null, (q) =>
      q.where(sql<boolean>`(p.created_at < ${at} OR (p.created_at = ${at} AND p.id < ${after?.posting_id ?? null}::bigint))`),
    )
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit);
  const unpostedKeys = unpostedPaymentsOf(db, accountId, filters)
    .select([sql<string | null>`NULL::bigint`.as('posting_id'), sql<string | null>`c.id`.as('payment_id'), 'c.created_at'])
    // At the cursor's instant, every card payment follows a posting; after a payment, those with a lower id.
    .$if(after !== null, (q) =>
      q.where(
        after?.posting_id
          ? sql<boolean>`c.created_at <= ${at}`
          : sql<boolean>`(c.created_at < ${at} OR (c.created_at = ${at} AND c.id < ${after?.payment_id ?? null}::uuid))`,
      ),
    )
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit);
  // At one instant a posting comes before a card payment, as the id prefixes 'P' > 'C' ordered them before.
  return db
    .selectFrom(postedKeys.as('pk'))
    .selectAll()
    .unionAll(db.selectFrom(unpostedKeys.as('uk')).selectAll())
    .orderBy('created_at', 'desc')
    .orderBy('posting_id', (ob) => ob.desc().nullsLast())
    .orderBy('payment_id', 'desc');
}

/**
 * The keys of every transaction of the wallet that passes the filters, with the columns a sort
 * orders by, as postings hold them (no journal needed) and as the list shows a card payment not
 * posted. A chosen sort reads the whole filtered wallet; the newest-first page reads only its top.
 */
function sortableTransactionKeys(db: Database, accountId: string, filters: TransactionFilters) {
  const posted = postingsOf(db, accountId, filters).select([
    sql<string | null>`p.id`.as('posting_id'),
    sql<string | null>`NULL::uuid`.as('payment_id'),
    'p.created_at',
    sql<string>`'P' || p.id::text`.as('id'),
    sql<string>`p.amount_kobo`.as('amount_kobo'),
    sql<string>`p.fee_kobo`.as('fee_kobo'),
    sql<string>`p.type`.as('type'),
    sql<string>`'SUCCESS'`.as('status'),
  ]);
  const unposted = unpostedPaymentsOf(db, accountId, filters).select([
    sql<string | null>`NULL::bigint`.as('posting_id'),
    sql<string | null>`c.id`.as('payment_id'),
    'c.created_at',
    sql<string>`'C' || c.id::text`.as('id'),
    sql<string>`c.amount_kobo`.as('amount_kobo'),
    sql<string>`0::bigint`.as('fee_kobo'),
    UNPOSTED_TYPE.as('type'),
    sql<string>`c.status`.as('status'),
  ]);
  return db.selectFrom(posted.unionAll(unposted).as('k')).selectAll();
}

/**
 * A wallet's transactions: its postings (done, SUCCESS) and its card payments that have not been
 * posted (PENDING, FAILED, or EXPIRED), newest first or by a chosen column.
 *
 * The page is chosen on keys alone: newest first, the newest `page × pageSize` postings in the
 * order of the `(account_id, created_at DESC, id DESC)` index and as many card payments, merged;
 * by a chosen column, every key sorted. Only the page's rows are then joined to the journal; a
 * search starts from the notes and references that match (postingsOf).
 */
export async function listTransactions(
  db: Database,
  accountId: string,
  filters: TransactionFilters & SortChoice<TransactionSort> & { page: number; pageSize: number },
) {
  const order = transactionOrder(filters);
  const offset = pageOffset(filters.page, filters.pageSize);
  const pageKeys: TransactionKeys = filters.sort
    ? sortableTransactionKeys(db, accountId, filters).orderBy(order).limit(filters.pageSize).offset(offset).as('k')
    : transactionKeys(db, accountId, filters, filters.page * filters.pageSize, null)
        .limit(filters.pageSize)
        .offset(offset)
        .as('k');
  const [rows, count] = await Promise.all([
    transactionsOf(db, pageKeys, order).execute(),
    db
      .selectNoFrom((eb) => [
        keepsEveryPosting(filters)
          ? eb.selectFrom('ledger_accounts as a').select('a.posting_count').where('a.id', '=', accountId).as('posted')
          : eb
              .selectFrom(
                postingsOf(db, accountId, filters)
                  .select((e) => e.fn.countAll<string>().as('n'))
                  .as('pc'),
              )
              .select('pc.n')
              .as('posted'),
        eb
          .selectFrom(
            unpostedPaymentsOf(db, accountId, filters)
              .select((e) => e.fn.countAll<string>().as('n'))
              .as('uc'),
          )
          .select('uc.n')
          .as('unposted'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.posted) + Number(count.unposted) };
}

/** Where a batch of transactions ended: the instant as the database wrote it, and the posting's or the payment's id. */
export interface TransactionCursor {
  cursor_at: string;
  posting_id: string | null;
  payment_id: string | null;
}

/** The next `size` transactions of the wallet after `after`, in the list's order, for an export. */
export function transactionBatch(
  db: Database,
  accountId: string,
  filters: TransactionFilters,
  after: TransactionCursor | null,
  size: number,
) {
  return transactionsOf(db, transactionKeys(db, accountId, filters, size, after).limit(size).as('k'), transactionOrder({})).execute();
}

/** A transaction as the list and a single adjustment show it, without a batch's cursor. */
export type TransactionRow = Omit<Awaited<ReturnType<typeof listTransactions>>['rows'][number], keyof TransactionCursor>;

export function findPostingOfEntry(db: Database, entryId: string, accountId: string) {
  return db
    .selectFrom('postings as p')
    .innerJoin('journal_entries as e', 'e.id', 'p.entry_id')
    .select([
      sql<string>`'P' || p.id::text`.as('id'),
      'p.amount_kobo',
      'p.type',
      'p.note',
      'p.fee_kobo',
      'e.reference',
      sql<string>`'SUCCESS'`.as('status'),
      'p.created_at',
    ])
    .where('p.entry_id', '=', entryId)
    .where('p.account_id', '=', accountId)
    .executeTakeFirstOrThrow();
}
