/**
 * Groups (departments) of an organization. A vehicle and a driver each belong to at most one group;
 * a group's daily consumption cap (litres, 0 = none) is enforced when fuel is approved.
 */
import type { Department, RouteBody, RouteQuery, TenantStatus, departmentRoutes } from '@fleetfuel/contract';
import type { Database } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/db/database.js';
import { inBatches, mapBatches } from '../../platform/db/keyset.js';
import { AppError, invalidField, notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/actor.js';
import { organizationFilter, owningOrganization } from '../../platform/tenancy/organization-scope.js';
import { auditTrail } from '../audit/index.js';
import type { UsageService } from '../subscriptions/index.js';
import * as repository from './departments.repository.js';
import type { DepartmentRow } from './departments.repository.js';

function toDepartment(row: DepartmentRow): Department {
  return {
    id: row.id,
    name: row.name,
    status: row.status as TenantStatus,
    maxDailyConsumption: Number(row.max_daily_consumption),
    organizationId: row.organization_id,
    organization: { id: row.organization_id, name: row.organization_name },
    vehiclesCount: Number(row.vehicles_count ?? 0),
    driversCount: Number(row.drivers_count ?? 0),
    createdAt: row.created_at.toISOString(),
  };
}

export function createDepartmentsService(deps: { db: Database; usage: UsageService }) {
  const { db, usage } = deps;

  async function find(actor: Actor, id: string): Promise<DepartmentRow> {
    const row = await repository.findDepartment(db, id, organizationFilter(actor, null));
    if (!row) throw notFound('Group');
    return row;
  }

  async function nameIsFree<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error, 'departments_name_key')) {
        throw new AppError('CONFLICT', 'A group with this name already exists in the organization', { field: 'name' });
      }
      throw error;
    }
  }

  return {
    async list(actor: Actor, query: RouteQuery<typeof departmentRoutes.list>) {
      const { rows, total } = await repository.listDepartments(db, {
        ...query,
        organizationId: organizationFilter(actor, query.organizationId),
      });
      return { data: rows.map(toDepartment), total };
    },

    /** Every group the list would show with these filters, in its order, `batchSize` at a time (exports). */
    exportBatches(actor: Actor, query: { search?: string; organizationId?: string; status?: TenantStatus }, batchSize: number) {
      const filters = { ...query, organizationId: organizationFilter(actor, query.organizationId) };
      return mapBatches(
        inBatches((after, size) => repository.departmentBatch(db, filters, after, size), batchSize),
        toDepartment,
      );
    },

    get: async (actor: Actor, id: string) => toDepartment(await find(actor, id)),

    async create(actor: Actor, body: RouteBody<typeof departmentRoutes.create>) {
      const organizationId = owningOrganization(actor, body.organizationId);
      const id = await nameIsFree(() =>
        db.transaction().execute(async (trx) => {
          await usage.assertWritable(trx, organizationId, 'no new groups can be added');
          return repository.insertDepartment(trx, {
            organizationId,
            name: body.name,
            status: body.status ?? 'ACTIVE',
            maxDailyConsumption: body.maxDailyConsumption ?? 0,
          });
        }),
      );
      return toDepartment(await find(actor, id));
    },

    async update(actor: Actor, id: string, body: RouteBody<typeof departmentRoutes.update>) {
      const existing = await find(actor, id);
      await nameIsFree(() =>
        db.transaction().execute(async (trx) => {
          await usage.assertWritable(trx, existing.organization_id, 'its groups cannot be changed');
          await repository.updateDepartment(trx, id, {
            ...(body.name !== undefined ? { name: body.name } : {}),
            ...(body.status !== undefined ? { status: body.status } : {}),
            ...(body.maxDailyConsumption !== undefined ? { maxDailyConsumption: body.maxDailyConsumption ?? 0 } : {}),
          });
          if (body.status !== undefined && body.status !== existing.status)
            await auditTrail.record(trx, {
              actor,
              action: 'department.status_changed',
              entityId: id,
              organizationId: existing.organization_id,
              before: { status: existing.status },
              after: { status: body.status },
            });
        }),
      );
      return toDepartment(await find(actor, id));
    },

    async remove(actor: Actor, id: string) {
      const existing = await find(actor, id);
      if (Number(existing.vehicles_count) > 0 || Number(existing.drivers_count) > 0) {
        throw new AppError(
          'HAS_HISTORY',
          `${existing.name} still has vehicles or drivers. Move them out, or set the group INACTIVE instead of deleting it.`,
        );
      }
      await repository.deleteDepartment(db, id);
      return { message: `${existing.name} was deleted` };
    },

    async unassignDriver(actor: Actor, id: string, driverId: string) {
      const existing = await find(actor, id);
      if (!(await repository.removeDriverFromDepartment(db, id, driverId))) {
        throw invalidField('driverId', `This driver is not in ${existing.name}`);
      }
      return toDepartment(await find(actor, id));
    },

    /** The organization's groups among `names` (an import's Group column), by lower-case name. */
    async idsByName(executor: Database, organizationId: string, names: readonly string[]): Promise<Map<string, string>> {
      if (names.length === 0) return new Map();
      const rows = await repository.departmentsNamed(executor, organizationId, names);
      return new Map(rows.map((row) => [row.name.toLowerCase(), row.id]));
    },

    /** A group id named in a request, checked to belong to the organization. */
    async assertInOrganization(executor: Database, departmentId: string, organizationId: string): Promise<void> {
      if (!(await repository.findDepartment(executor, departmentId, organizationId))) {
        throw invalidField('departmentId', 'This group does not exist in the organization');
      }
    },
  };
}

export type DepartmentsService = ReturnType<typeof createDepartmentsService>;
