/**
 * What an organization uses of its plan, and the one check every addition goes through: the
 * organization must be ACTIVE (a suspended or inactive one is read-only) and the addition must fit
 * the plan's limit (0 means unlimited). The Billing page reads the same usage.
 */
import { lagosDay } from '@fleetfuel/contract';
import type { Database } from '../../platform/db/database.js';
import { AppError, notFound } from '../../platform/errors.js';
import * as repository from './usage.repository.js';
import type { OrganizationPlanRow } from './usage.repository.js';

export type LimitedResource = 'drivers' | 'assets' | 'fuelRequests' | 'maintenanceRequests';

export interface ResourceUsage {
  used: number;
  /** 0 means unlimited. */
  limit: number;
}

const WORDING: Record<LimitedResource, { noun: string; counted: string; remedy: string; readOnly: string }> = {
  drivers: { noun: 'drivers', counted: 'active', remedy: 'disable a driver', readOnly: 'no new accounts can be added' },
  assets: { noun: 'assets', counted: 'in service', remedy: 'set an asset INACTIVE', readOnly: 'no new assets can be added' },
  fuelRequests: {
    noun: 'fuel requests a cycle',
    counted: 'made this cycle',
    remedy: 'wait for the next billing cycle',
    readOnly: 'no new requests can be made',
  },
  maintenanceRequests: {
    noun: 'maintenance requests a cycle',
    counted: 'made this cycle',
    remedy: 'wait for the next billing cycle',
    readOnly: 'no new requests can be made',
  },
};

const DAY_MS = 86_400_000;

/** The start of the current billing cycle: (nextBilling − cycle, nextBilling]. */
function cycleStart(row: OrganizationPlanRow): Date | null {
  return row.next_billing && row.circle_days ? new Date(row.next_billing.getTime() - row.circle_days * DAY_MS) : null;
}

const counters: Record<LimitedResource, (db: Database, row: OrganizationPlanRow) => Promise<number>> = {
  drivers: (db, row) => repository.countActiveDrivers(db, row.id),
  assets: (db, row) => repository.countAssetsInService(db, row.id),
  fuelRequests: (db, row) => repository.countRequestsSince(db, 'fuel_requests', row.id, cycleStart(row)),
  maintenanceRequests: (db, row) => repository.countRequestsSince(db, 'maintenance_requests', row.id, cycleStart(row)),
};

const LIMIT_COLUMN = {
  drivers: 'drivers_limit',
  assets: 'assets_limit',
  fuelRequests: 'fuel_request_limit',
  maintenanceRequests: 'maintenance_request_limit',
} as const;

const limitOf = (row: OrganizationPlanRow, resource: LimitedResource): number => row[LIMIT_COLUMN[resource]] ?? 0;

export function createUsageService() {
  return {
    /** Usage of one resource against the plan, read without locking. */
    async usage(db: Database, organizationId: string, resource: LimitedResource): Promise<ResourceUsage> {
      const row = await repository.findOrganizationWithPlan(db, organizationId);
      if (!row) throw notFound('Organization');
      return { used: await counters[resource](db, row), limit: limitOf(row, resource) };
    },

    /**
     * Inside the transaction that adds one more of `resource` (or `adding` at once): refuses when
     * the organization is read-only or the plan's limit would be passed. Holds the organization's row lock until commit.
     */
    async assertCanAdd(trx: Database, organizationId: string, resource: LimitedResource, adding = 1): Promise<void> {
      const row = await repository.lockOrganizationWithPlan(trx, organizationId);
      if (!row) throw notFound('Organization');
      const words = WORDING[resource];
      if (row.status !== 'ACTIVE') {
        throw new AppError('TENANT_READ_ONLY', `${row.name} is ${row.status.toLowerCase()} and read-only: ${words.readOnly}`);
      }
      const limit = limitOf(row, resource);
      if (limit === 0) return;
      const used = await counters[resource](trx, row);
      if (adding > 1 && used + adding > limit) {
        // An import is checked once for all its rows, so the refusal says how many would fit.
        throw new AppError(
          'LIMIT_REACHED',
          `Your plan (${row.plan_name ?? 'current plan'}) allows ${limit} ${words.noun} and ${used} are ${words.counted}: ` +
            `this import would add ${adding}. Upgrade the plan or import at most ${Math.max(0, limit - used)}.`,
        );
      }
      if (used >= limit) {
        throw new AppError(
          'LIMIT_REACHED',
          `Your plan (${row.plan_name ?? 'current plan'}) allows ${limit} ${words.noun} and ${used} are ${words.counted}. ` +
            `Upgrade the plan or ${words.remedy} first.`,
        );
      }
    },

    /**
     * Inside the transaction that creates a request: the organization must be ACTIVE, its
     * subscription current (an expired one says so and where to renew), and the request must fit
     * the plan's limit for the cycle.
     */
    async assertCanRequest(
      trx: Database,
      organizationId: string,
      resource: 'fuelRequests' | 'maintenanceRequests',
      now: Date,
    ): Promise<void> {
      const row = await repository.lockOrganizationWithPlan(trx, organizationId);
      if (!row) throw notFound('Organization');
      if (row.next_billing && row.next_billing.getTime() < now.getTime()) {
        throw new AppError(
          'RULE_VIOLATION',
          `The subscription of ${row.name} expired on ${lagosDay(row.next_billing)}. ` +
            'Renew it on the Billing page to make new requests.',
        );
      }
      await this.assertCanAdd(trx, organizationId, resource);
    },

    /** Inside a transaction that changes an organization's data: refuses when it is read-only. */
    async assertWritable(trx: Database, organizationId: string, what: string): Promise<void> {
      const row = await repository.findOrganizationWithPlan(trx, organizationId);
      if (!row) throw notFound('Organization');
      if (row.status !== 'ACTIVE') {
        throw new AppError('TENANT_READ_ONLY', `${row.name} is ${row.status.toLowerCase()} and read-only: ${what}`);
      }
    },
  };
}

export type UsageService = ReturnType<typeof createUsageService>;
