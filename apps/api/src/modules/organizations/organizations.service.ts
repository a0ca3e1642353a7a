/** Client organizations. This issue lists them (for the user form) and creates them at sign-up. */
import type { ListQuery, Organization, OrganizationType, TenantStatus } from '@fleetfuel/contract';
import type { Database } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors.js';
import { fileUrl } from '../../platform/files/urls.js';
import * as repository from './organizations.repository.js';
import type { OrganizationRow } from './organizations.repository.js';

function toOrganization(row: OrganizationRow): Organization {
  return {
    id: row.id,
    name: row.name,
    type: row.type as OrganizationType,
    address: row.address,
    status: row.status as TenantStatus,
    subscriptionId: row.subscription_plan_id,
    subscription: row.subscription_plan_id && row.plan_name ? { id: row.subscription_plan_id, name: row.plan_name } : null,
    domain: row.domain,
    nextBilling: row.next_billing?.toISOString() ?? null,
    imageUrl: fileUrl(row.image_key),
    driversCount: Number(row.drivers_count ?? 0),
    createdAt: row.created_at.toISOString(),
  };
}

export interface OrganizationsService {
  list(filters: ListQuery & { status?: TenantStatus }): Promise<{ data: Organization[]; total: number }>;
  /** A new organization on the platform's default plan, inside the caller's transaction. */
  createForSignUp(trx: Database, values: { name: string; type: OrganizationType }): Promise<string>;
}

export function createOrganizationsService(deps: { db: Database }): OrganizationsService {
  return {
    async list(filters) {
      const { rows, total } = await repository.listOrganizations(deps.db, filters);
      return { data: rows.map(toOrganization), total };
    },

    async createForSignUp(trx, values) {
      const plan = await repository.findDefaultPlan(trx);
      try {
        return await repository.insertOrganization(trx, {
          ...values,
          planId: plan?.id ?? null,
          circleDays: plan?.circle_days ?? null,
        });
      } catch (error) {
        if (isUniqueViolation(error, 'organizations_name_key')) {
          throw new AppError('CONFLICT', 'An organization with this name already exists', { field: 'organizationName' });
        }
        throw error;
      }
    },
  };
}
