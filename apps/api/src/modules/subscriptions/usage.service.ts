/**
 * What an organization uses of its plan, and the one check every addition goes through: the
 * organization must be ACTIVE (a suspended or inactive one is read-only) and the addition must fit
 * the plan's limit (0 means unlimited). The Billing page reads the same usage.
 */
import type { Database } from '../../platform/db/database.js';
import { AppError, notFound } from '../../platform/errors.js';
import * as repository from './usage.repository.js';
import type { OrganizationPlanRow } from './usage.repository.js';

export type LimitedResource = 'drivers' | 'assets';

export interface ResourceUsage {
  used: number;
  /** 0 means unlimited. */
  limit: number;
}

const WORDING: Record<LimitedResource, { noun: string; counted: string; remedy: string; readOnly: string }> = {
  drivers: { noun: 'drivers', counted: 'active', remedy: 'disable a driver', readOnly: 'no new accounts can be added' },
  assets: { noun: 'assets', counted: 'in service', remedy: 'set an asset INACTIVE', readOnly: 'no new assets can be added' },
};

const counters: Record<LimitedResource, (db: Database, organizationId: string) => Promise<number>> = {
  drivers: repository.countActiveDrivers,
  assets: repository.countAssetsInService,
};

const limitOf = (row: OrganizationPlanRow, resource: LimitedResource): number =>
  (resource === 'drivers' ? row.drivers_limit : row.assets_limit) ?? 0;

export function createUsageService() {
  return {
    /** Usage of one resource against the plan, read without locking. */
    async usage(db: Database, organizationId: string, resource: LimitedResource): Promise<ResourceUsage> {
      const row = await repository.findOrganizationWithPlan(db, organizationId);
      if (!row) throw notFound('Organization');
      return { used: await counters[resource](db, organizationId), limit: limitOf(row, resource) };
    },

    /**
     * Inside the transaction that adds one more of `resource`: refuses when the organization is
     * read-only or the plan's limit is reached. Holds the organization's row lock until commit.
     */
    async assertCanAdd(trx: Database, organizationId: string, resource: LimitedResource): Promise<void> {
      const row = await repository.lockOrganizationWithPlan(trx, organizationId);
      if (!row) throw notFound('Organization');
      const words = WORDING[resource];
      if (row.status !== 'ACTIVE') {
        throw new AppError('TENANT_READ_ONLY', `${row.name} is ${row.status.toLowerCase()} and read-only: ${words.readOnly}`);
      }
      const limit = limitOf(row, resource);
      if (limit === 0) return;
      const used = await counters[resource](trx, organizationId);
      if (used >= limit) {
        throw new AppError(
          'LIMIT_REACHED',
          `Your plan (${row.plan_name ?? 'current plan'}) allows ${limit} ${words.noun} and ${used} are ${words.counted}. ` +
            `Upgrade the plan or ${words.remedy} first.`,
        );
      }
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
