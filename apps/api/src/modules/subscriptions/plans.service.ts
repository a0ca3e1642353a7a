/**
 * Subscription plans: a price per billing cycle ("circle", in days) and limits, where 0 means
 * unlimited. One plan may be the default that self-service sign-ups get. Organization admins see
 * only active plans, which are the ones they may be put on.
 */
import { koboToNaira, nairaToKobo, type ListQuery, type Plan, type PlanStatus, type RouteBody, type planRoutes } from '@fleetfuel/contract';
import type { Database } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/db/database.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/actor.js';
import { auditTrail } from '../audit/index.js';
import * as repository from './plans.repository.js';
import type { PlanRow, PlanValues } from './plans.repository.js';

type CreateBody = RouteBody<typeof planRoutes.create>;
type UpdateBody = RouteBody<typeof planRoutes.update>;

export function toPlan(row: PlanRow): Plan {
  return {
    id: row.id,
    name: row.name,
    status: row.status as PlanStatus,
    circle: row.circle_days,
    amount: koboToNaira(row.amount_kobo),
    driversLimit: row.drivers_limit,
    assetsLimit: row.assets_limit,
    fuelRequestLimit: row.fuel_request_limit,
    maintenanceRequestLimit: row.maintenance_request_limit,
    description: row.description,
    isDefault: row.is_default,
    organizationsCount: Number(row.organizations_count ?? 0),
    createdAt: row.created_at.toISOString(),
  };
}

function toValues(body: UpdateBody): Partial<PlanValues> {
  return {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.status !== undefined ? { status: body.status } : {}),
    ...(body.circle !== undefined ? { circleDays: body.circle } : {}),
    ...(body.amount !== undefined ? { amountKobo: nairaToKobo(body.amount) } : {}),
    ...(body.driversLimit !== undefined ? { driversLimit: body.driversLimit } : {}),
    ...(body.assetsLimit !== undefined ? { assetsLimit: body.assetsLimit } : {}),
    ...(body.fuelRequestLimit !== undefined ? { fuelRequestLimit: body.fuelRequestLimit } : {}),
    ...(body.maintenanceRequestLimit !== undefined ? { maintenanceRequestLimit: body.maintenanceRequestLimit } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...(body.isDefault !== undefined ? { isDefault: body.isDefault } : {}),
  };
}

/** A plan's values under the contract's names (as `toPlan` gives them), for the audit trail. */
function auditedPlanFields(values: Partial<PlanValues>) {
  return {
    name: values.name,
    status: values.status,
    circle: values.circleDays,
    amount: values.amountKobo === undefined ? undefined : koboToNaira(values.amountKobo),
    driversLimit: values.driversLimit,
    assetsLimit: values.assetsLimit,
    fuelRequestLimit: values.fuelRequestLimit,
    maintenanceRequestLimit: values.maintenanceRequestLimit,
    description: values.description,
    isDefault: values.isDefault,
  };
}

export function createPlansService(deps: { db: Database }) {
  const { db } = deps;

  async function view(id: string): Promise<Plan> {
    const row = await repository.findPlan(db, id);
    if (!row) throw notFound('Subscription plan');
    return toPlan(row);
  }

  async function nameIsFree<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error, 'subscription_plans_name_key')) {
        throw new AppError('CONFLICT', 'A plan with this name already exists', { field: 'name' });
      }
      throw error;
    }
  }

  function assertDefaultIsActive(status: string, isDefault: boolean): void {
    if (isDefault && status !== 'ACTIVE') {
      throw new AppError('RULE_VIOLATION', 'The default plan must be active: make another plan the default first', { field: 'status' });
    }
  }

  return {
    async list(actor: Actor, filters: ListQuery & { status?: PlanStatus }) {
      const status = actor.role === 'ADMIN' ? filters.status : 'ACTIVE';
      const { rows, total } = await repository.listPlans(db, { ...filters, status });
      return { subscriptions: rows.map(toPlan), total };
    },

    async create(actor: Actor, body: CreateBody) {
      const values: PlanValues = {
        name: body.name,
        status: body.status ?? 'ACTIVE',
        circleDays: body.circle ?? 30,
        amountKobo: nairaToKobo(body.amount),
        driversLimit: body.driversLimit ?? 0,
        assetsLimit: body.assetsLimit ?? 0,
        fuelRequestLimit: body.fuelRequestLimit ?? 0,
        maintenanceRequestLimit: body.maintenanceRequestLimit ?? 0,
        description: body.description ?? null,
        isDefault: body.isDefault ?? false,
      };
      assertDefaultIsActive(values.status, values.isDefault);
      const id = await nameIsFree(() =>
        db.transaction().execute(async (trx) => {
          if (values.isDefault) await repository.clearDefaultPlan(trx);
          const planId = await repository.insertPlan(trx, values);
          await auditTrail.record(trx, { actor, action: 'plan.created', entityId: planId, after: auditedPlanFields(values) });
          return planId;
        }),
      );
      const subscription = await view(id);
      return { message: `${subscription.name} plan created`, subscription };
    },

    async update(actor: Actor, id: string, body: UpdateBody) {
      const existing = await repository.findPlan(db, id);
      if (!existing) throw notFound('Subscription plan');
      const values = toValues(body);
      assertDefaultIsActive(values.status ?? existing.status, values.isDefault ?? existing.is_default);
      await nameIsFree(() =>
        db.transaction().execute(async (trx) => {
          if (values.isDefault && !existing.is_default) await repository.clearDefaultPlan(trx);
          await repository.updatePlan(trx, id, values);
          await auditTrail.record(trx, {
            actor,
            action: 'plan.updated',
            entityId: id,
            before: toPlan(existing),
            after: auditedPlanFields(values),
          });
        }),
      );
      const subscription = await view(id);
      return { message: `${subscription.name} plan updated`, subscription };
    },
  };
}

export type PlansService = ReturnType<typeof createPlansService>;
