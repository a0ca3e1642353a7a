/**
 * The Billing page's view of a subscription: the plan, the billing dates, whether it can be
 * renewed, and usage against each limit (from the same counts the limit checks use).
 */
import { lagosDay } from '@fleetfuel/contract';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import { randomUUID } from 'node:crypto';
import { notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/actor.js';
import { organizationFilter, owningOrganization } from '../../platform/tenancy/organization-scope.js';
import * as plans from './plans.repository.js';
import { toPlan } from './plans.service.js';
import type { RenewalService } from './renewal.service.js';
import { findOrganizationWithPlan } from './usage.repository.js';
import type { UsageService } from './usage.service.js';

const DAY_MS = 86_400_000;

export function createBillingService(deps: { db: Database; usage: UsageService; renewal: RenewalService; clock: Clock }) {
  const { db, usage, renewal, clock } = deps;

  async function current(organizationId: string) {
    const subscription = await findOrganizationWithPlan(db, organizationId);
    if (!subscription) throw notFound('Organization');
    const planRow = subscription.subscription_plan_id ? await plans.findPlan(db, subscription.subscription_plan_id) : undefined;
    const now = clock.now().getTime();
    const nextBilling = subscription.next_billing;
    const expired = nextBilling !== null && now > nextBilling.getTime();
    const [drivers, assets, fuelRequests, maintenanceRequests] = await Promise.all([
      usage.usage(db, organizationId, 'drivers'),
      usage.usage(db, organizationId, 'assets'),
      usage.usage(db, organizationId, 'fuelRequests'),
      usage.usage(db, organizationId, 'maintenanceRequests'),
    ]);
    return {
      plan: planRow ? toPlan(planRow) : null,
      nextBilling: nextBilling?.toISOString() ?? null,
      expired,
      canRenew: nextBilling === null || expired,
      cycleStart: nextBilling && planRow ? new Date(nextBilling.getTime() - planRow.circle_days * DAY_MS).toISOString() : null,
      usage: { drivers, assets, fuelRequests, maintenanceRequests },
    };
  }

  return {
    async current(actor: Actor, requested: string | undefined) {
      // ADMIN has no organization of its own: it must name one, like when it creates a record.
      return { subscription: await current(owningOrganization(actor, requested)) };
    },

    /** Renews from the wallet; the caller's Idempotency-Key (when sent) keys the payment, so a retry pays once. */
    async renew(actor: Actor, planId: string | undefined, requestKey: string | null) {
      const organizationId = organizationFilter(actor, null) as string;
      const terms = await renewal.renewFromWallet(organizationId, planId, actor, `renewal:${actor.userId}:${requestKey ?? randomUUID()}`);
      const subscription = await current(organizationId);
      return {
        message: `${terms.planName} plan renewed until ${subscription.nextBilling ? lagosDay(new Date(subscription.nextBilling)) : ''}`,
        subscription,
      };
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
