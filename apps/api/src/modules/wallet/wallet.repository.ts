/**
 * Card payments, payouts, station bank accounts and the read side of wallets. Only the ledger
 * module writes its tables (accounts, journal, postings, holds); this repository reads them for the
 * wallet page and keeps the wallet's own records: a card payment or payout per provider reference,
 * and a station wallet's payout bank account.
 */
import { sql, type AliasedSelectQueryBuilder, type RawBuilder } from 'kysely';
import type { TRANSACTION_SORTS } from '@fleetfuel/contract';
import { lagosDayRange } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import { cursorInstant } from '../../platform/db/keyset.js';
import { listOrder, type SortChoice } from '../../platform/db/list-order.js';
import { containsPattern, pageOffset } from '../../platform/db/search.js';

export function findWalletView(db: Database, accountId: string) {
  return db
    .selectFrom('ledger_accounts as a')
    .leftJoin('organizations as o', 'o.id', 'a.organization_id')
    .leftJoin('fuel_stations as f', 'f.id', 'a.fuel_station_id')
    .leftJoin('station_bank_accounts as b', 'b.account_id', 'a.id')
    .selectAll('a')
    .select([
      'o.name as organization_name',
      'o.status as organization_status',
      'f.name as station_name',
      'b.bank_account_number',
      'b.bank_code',
      'b.bank_name',
      'b.bank_account_name',
      'b.banking_verified_at',
      'b.transfer_recipient_code',
    ])
    .where('a.id', '=', accountId)
    .where('a.kind', 'in', ['ORGANIZATION_WALLET', 'STATION_WALLET'])
    .executeTakeFirst();
}

export type WalletRow = NonNullable<Awaited<ReturnType<typeof findWalletView>>>;

export function findWalletIdOf(db: Database, owner: { organizationId: string } | { stationId: string }) {
  const query = db.selectFrom('ledger_accounts').select('id');
  return (
    'organizationId' in owner
      ? query.where('organization_id', '=', owner.organizationId)
      : query.where('fuel_station_id', '=', owner.stationId)
  ).executeTakeFirst();
}

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

/**
 * Saves a station wallet's verified payout bank account (the wallet module's own table, beside the
 * ledger's). `verifiedAt` defaults to now; the demo seed gives its own date.
 */
export async function saveBanking(
  db: Database,
  accountId: string,
  banking: { accountNumber: string; bankCode: string; bankName: string | null; accountName: string; verifiedAt?: Date },
): Promise<void> {
  const details = {
    bank_account_number: banking.accountNumber,
    bank_code: banking.bankCode,
    bank_name: banking.bankName,
    bank_account_name: banking.accountName,
    banking_verified_at: banking.verifiedAt ?? sql<Date>`now()`,
    // A new account needs a new transfer recipient.
    transfer_recipient_code: null,
    updated_at: sql<Date>`now()`,
  };
  await db
    .insertInto('station_bank_accounts')
    .values({ account_id: accountId, ...details })
    .onConflict((oc) => oc.column('account_id').doUpdateSet(details))
    .execute();
}

export async function saveRecipientCode(db: Database, accountId: string, recipientCode: string): Promise<void> {
  await db
    .updateTable('station_bank_accounts')
    .set({ transfer_recipient_code: recipientCode })
    .where('account_id', '=', accountId)
    .execute();
}

/** The e-mail address the provider's card page shows the payer. */
export function findUserEmail(db: Database, userId: string) {
  return db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
}

export async function insertCardPayment(
  db: Database,
  payment: {
    reference: string;
    provider: string;
    purpose: 'WALLET_FUNDING' | 'SUBSCRIPTION';
    accountId: string;
    organizationId: string;
    planId: string | null;
    amountKobo: bigint;
    initiatedBy: string;
  },
): Promise<void> {
  await db
    .insertInto('card_payments')
    .values({
      reference: payment.reference,
      provider: payment.provider,
      purpose: payment.purpose,
      account_id: payment.accountId,
      organization_id: payment.organizationId,
      subscription_plan_id: payment.planId,
      amount_kobo: payment.amountKobo.toString(),
      initiated_by: payment.initiatedBy,
    })
    .execute();
}

export function findCardPayment(db: Database, reference: string) {
  return db.selectFrom('card_payments').selectAll().where('reference', '=', reference).executeTakeFirst();
}

export type CardPaymentStatus = 'PENDING' | 'SUCCESS' | 'FAILED' | 'EXPIRED';

/**
 * Moves a card payment from one of the `from` statuses (PENDING by default) to its outcome;
 * returns it only to the one caller that changed it, which is what makes a credit happen once.
 */
export function settleCardPayment(
  db: Database,
  reference: string,
  outcome: { status: Exclude<CardPaymentStatus, 'PENDING'>; reason?: string },
  from: readonly CardPaymentStatus[] = ['PENDING'],
) {
  return db
    .updateTable('card_payments')
    .set({
      status: outcome.status,
      completed_at: sql<Date>`now()`,
      // A payment that failed first and was paid later keeps no stale failure reason.
      failure_reason: outcome.status === 'SUCCESS' ? null : (outcome.reason ?? null),
    })
    .where('reference', '=', reference)
    .where('status', 'in', from)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Claims up to `limit` card payments of this provider for the reconciliation job: PENDING ones of
 * any age (old ones are to expire), FAILED ones made since `windowStart`, each at most once per
 * `checkedBefore`. Rows another instance is claiming are skipped, and the claim stamps `checked_at`
 * in the same statement, so concurrent runs never ask the provider about one payment twice.
 * The least recently checked come first, so that a backlog larger than `limit` rotates.
 */
export function claimCardPaymentsToReconcile(
  db: Database,
  claim: { provider: string; now: Date; windowStart: Date; checkedBefore: Date; limit: number },
) {
  return db
    .updateTable('card_payments')
    .set({ checked_at: claim.now })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('card_payments')
        .select('id')
        .where('provider', '=', claim.provider)
        .where((w) => w.or([w('status', '=', 'PENDING'), w.and([w('status', '=', 'FAILED'), w('created_at', '>=', claim.windowStart)])]))
        .where((w) => w.or([w('checked_at', 'is', null), w('checked_at', '<', claim.checkedBefore)]))
        .orderBy('checked_at', (ob) => ob.asc().nullsFirst())
        .orderBy('created_at')
        .limit(claim.limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['reference', 'status', 'created_at'])
    .execute();
}

export async function insertPayout(
  db: Database,
  payout: {
    reference: string;
    provider: string;
    accountId: string;
    amountKobo: bigint;
    accountNumber: string;
    bankCode: string;
    accountName: string;
    entryId: string;
    initiatedBy: string;
  },
): Promise<string> {
  const row = await db
    .insertInto('payouts')
    .values({
      reference: payout.reference,
      provider: payout.provider,
      account_id: payout.accountId,
      amount_kobo: payout.amountKobo.toString(),
      bank_account_number: payout.accountNumber,
      bank_code: payout.bankCode,
      bank_account_name: payout.accountName,
      entry_id: payout.entryId,
      initiated_by: payout.initiatedBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findPayout(db: Database, reference: string) {
  return db
    .selectFrom('payouts as p')
    .leftJoin('station_bank_accounts as b', 'b.account_id', 'p.account_id')
    .selectAll('p')
    .select('b.bank_name')
    .where('p.reference', '=', reference)
    .executeTakeFirst();
}

export type PayoutRow = NonNullable<Awaited<ReturnType<typeof findPayout>>>;

export function findPayoutByEntry(db: Database, entryId: string) {
  return db.selectFrom('payouts').select(['reference', 'amount_kobo', 'status']).where('entry_id', '=', entryId).executeTakeFirst();
}

export async function recordTransferAttempt(db: Database, reference: string, transferCode: string | null): Promise<void> {
  await db
    .updateTable('payouts')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), ...(transferCode ? { transfer_code: transferCode } : {}) }))
    .where('reference', '=', reference)
    .execute();
}

/** Moves a payout from one status to its outcome; returns it only to the one caller that changed it. */
export function settlePayout(
  db: Database,
  reference: string,
  from: string,
  outcome: { status: 'SUCCESS' | 'FAILED' | 'REVERSED'; reason?: string },
) {
  return db
    .updateTable('payouts')
    .set({ status: outcome.status, completed_at: sql<Date>`now()`, ...(outcome.reason ? { failure_reason: outcome.reason } : {}) })
    .where('reference', '=', reference)
    .where('status', '=', from)
    .returningAll()
    .executeTakeFirst();
}

export async function linkCardPaymentEntry(db: Database, reference: string, entryId: string): Promise<void> {
  await db.updateTable('card_payments').set({ entry_id: entryId }).where('reference', '=', reference).execute();
}

export async function linkReversal(db: Database, reference: string, entryId: string): Promise<void> {
  await db.updateTable('payouts').set({ reversal_entry_id: entryId }).where('reference', '=', reference).execute();
}
