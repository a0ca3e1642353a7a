/**
 * Card payments, the wallet module's own record of a wallet funding or a subscription paid by card:
 * one row per provider reference, from its start to its outcome and the journal entry that credited it.
 */
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';

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

export async function linkCardPaymentEntry(db: Database, reference: string, entryId: string): Promise<void> {
  await db.updateTable('card_payments').set({ entry_id: entryId }).where('reference', '=', reference).execute();
}
