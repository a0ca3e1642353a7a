/**
 * Renewing a subscription: allowed once nextBilling has passed; paid from the wallet when its
 * available money covers the plan, otherwise by card (the wallet module's make-purchase, whose
 * webhook lands here through `applyPaidRenewal`). A renewal starts the next cycle at
 * max(now, nextBilling).
 */
import { koboToNaira, lagosDay } from '@fleetfuel/contract';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import { AppError, invalidField, notFound } from '../../platform/errors.js';
import type { LedgerService } from '../ledger/index.js';
import { formatNaira } from '@fleetfuel/contract';
import { InsufficientFundsError } from '../ledger/index.js';
import { auditTrail, type AuditActor } from '../audit/index.js';
import { webhookOutbox } from '../webhooks/index.js';
import * as repository from './renewal.repository.js';
import { findOrganizationWithPlan } from './usage.repository.js';

export interface RenewalTerms {
  organizationId: string;
  organizationName: string;
  planId: string;
  planName: string;
  amountKobo: bigint;
  circleDays: number;
}

export function createRenewalService(deps: { db: Database; ledger: LedgerService; clock: Clock }) {
  const { db, ledger, clock } = deps;

  /** What renewing now would cost, or why it is not possible yet. */
  async function terms(executor: Database, organizationId: string, planId?: string): Promise<RenewalTerms> {
    const subscription = await findOrganizationWithPlan(executor, organizationId);
    if (!subscription) throw notFound('Organization');
    if (subscription.status !== 'ACTIVE') {
      throw new AppError(
        'TENANT_READ_ONLY',
        `${subscription.name} is ${subscription.status.toLowerCase()} and read-only: contact FleetFuel to reactivate it`,
      );
    }
    if (subscription.next_billing && subscription.next_billing.getTime() > clock.now().getTime()) {
      throw new AppError(
        'RULE_VIOLATION',
        `Your subscription runs until ${lagosDay(subscription.next_billing)}; it can be renewed once that date has passed.`,
      );
    }
    const chosen = planId ?? subscription.subscription_plan_id;
    if (!chosen) throw invalidField('subscriptionId', 'Choose a plan to subscribe to');
    const plan = await repository.findPlan(executor, chosen);
    if (!plan) throw invalidField('subscriptionId', 'This subscription plan does not exist');
    if (plan.status !== 'ACTIVE') {
      throw new AppError('RULE_VIOLATION', `The ${plan.name} plan is inactive and cannot be chosen`, { field: 'subscriptionId' });
    }
    return {
      organizationId,
      organizationName: subscription.name,
      planId: plan.id,
      planName: plan.name,
      amountKobo: BigInt(plan.amount_kobo),
      circleDays: plan.circle_days,
    };
  }

  /** Starts the next cycle on the plan, and records the change of plan and billing date. */
  async function extend(
    trx: Database,
    actor: AuditActor | null,
    organizationId: string,
    plan: { id: string; circleDays: number },
    note: string,
  ): Promise<void> {
    const before = await findOrganizationWithPlan(trx, organizationId);
    await repository.extendSubscription(trx, organizationId, plan.id, plan.circleDays, clock.now());
    const after = await findOrganizationWithPlan(trx, organizationId);
    await auditTrail.record(trx, {
      actor,
      action: 'organization.renewed',
      entityId: organizationId,
      organizationId,
      before: { subscriptionPlanId: before?.subscription_plan_id, nextBilling: before?.next_billing },
      after: { subscriptionPlanId: after?.subscription_plan_id, nextBilling: after?.next_billing },
      note,
    });
  }

  /**
   * The wallet's side of a renewal paid from it: its balance before and after the debit, read back
   * in the debit's transaction (the ledger has locked the wallet's row). The renewal itself is the
   * organization's entry.
   */
  async function recordSubscriptionPayment(trx: Database, actor: AuditActor | null, walletId: string, amountKobo: bigint, note: string) {
    const account = await ledger.findAccount(trx, walletId);
    if (!account) throw new Error(`Wallet ${walletId} vanished during its own debit`);
    const after = BigInt(account.balance_kobo);
    await auditTrail.record(trx, {
      actor,
      action: 'wallet.subscription_paid',
      entityId: walletId,
      organizationId: account.organization_id,
      before: { balance: koboToNaira(after + amountKobo) },
      after: { balance: koboToNaira(after) },
      note,
    });
    await webhookOutbox.availableDropped(trx, { walletId, byKobo: amountKobo });
  }

  return {
    terms: (organizationId: string, planId?: string) => terms(db, organizationId, planId),

    async renewFromWallet(organizationId: string, planId: string | undefined, actor: AuditActor, idempotencyKey: string) {
      return db.transaction().execute(async (trx) => {
        const renewal = await terms(trx, organizationId, planId);
        if (renewal.amountKobo > 0n) {
          const wallet = await ledger.wallet(trx, { organizationId });
          const revenue = await ledger.platformAccount(trx, 'PLATFORM_REVENUE');
          try {
            await ledger.post(trx, {
              idempotencyKey,
              kind: 'SUBSCRIPTION',
              description: `${renewal.planName} plan renewal for ${renewal.organizationName}`,
              createdBy: actor.userId,
              postings: [
                {
                  accountId: wallet.id,
                  amount: -renewal.amountKobo,
                  type: 'SUBSCRIPTION',
                  note: `${renewal.planName} plan, ${renewal.circleDays} days`,
                },
                { accountId: revenue, amount: renewal.amountKobo, type: 'SUBSCRIPTION', note: renewal.organizationName },
              ],
            });
          } catch (error) {
            if (error instanceof InsufficientFundsError) {
              throw new InsufficientFundsError(
                error.neededKobo,
                error.availableKobo,
                `The wallet has ${formatNaira(error.availableKobo)} available and the ${renewal.planName} plan costs ${formatNaira(error.neededKobo)}. ` +
                  'Fund the wallet or pay by card.',
              );
            }
            throw error;
          }
          await recordSubscriptionPayment(trx, actor, wallet.id, renewal.amountKobo, `${renewal.planName} plan renewal`);
        }
        const paid = `${renewal.planName} plan: ${formatNaira(renewal.amountKobo)} paid from the wallet`;
        await extend(trx, actor, organizationId, { id: renewal.planId, circleDays: renewal.circleDays }, paid);
        return renewal;
      });
    },

    /** A card payment for a renewal succeeded: start the new cycle (inside the crediting transaction). */
    async applyPaidRenewal(trx: Database, organizationId: string, planId: string): Promise<void> {
      const plan = await repository.findPlan(trx, planId);
      if (!plan) throw new Error(`Plan ${planId} vanished`);
      await extend(trx, null, organizationId, { id: plan.id, circleDays: plan.circle_days }, `${plan.name} plan: paid by card`);
    },
  };
}

export type RenewalService = ReturnType<typeof createRenewalService>;
