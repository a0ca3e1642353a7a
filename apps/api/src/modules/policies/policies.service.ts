/**
 * Fuel policies (issue 44): the organization admin sets a rule for the whole organization or one
 * group, driver or vehicle; its assistant and the platform admin read them. Every change is audited.
 * The rules themselves, and which policy applies to a fill, are pure functions in
 * requests/rules/fuel-policies.ts.
 */
import {
  fuelPolicyRuleValueSchema,
  type FuelPolicyBody,
  type FuelPolicyView,
  type RouteQuery,
  type fuelPolicyRoutes,
} from '@fleetfuel/contract';
import type { Database } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/db/database.js';
import { AppError, invalidField, notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/actor.js';
import { organizationFilter, owningOrganization } from '../../platform/tenancy/organization-scope.js';
import { auditTrail } from '../audit/index.js';
import * as repository from './policies.repository.js';
import type { PolicyRow, PolicyValues } from './policies.repository.js';

const SCOPE_WORDS = { ORGANIZATION: 'the organization', GROUP: 'this group', DRIVER: 'this driver', VEHICLE: 'this vehicle' } as const;

function toPolicy(row: PolicyRow): FuelPolicyView {
  // The value was validated by the same schema before it was written.
  const ruleValue = fuelPolicyRuleValueSchema.parse({ rule: row.rule, value: row.value });
  return {
    ...ruleValue,
    id: row.id,
    enforcement: row.enforcement,
    scope: { type: row.scope_type, id: row.scope_id, name: row.scope_id === null ? null : row.scope_name },
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

const valuesOf = (body: FuelPolicyBody): PolicyValues => ({
  rule: body.rule,
  value: body.value,
  enforcement: body.enforcement,
  scopeType: body.scope.type,
  scopeId: body.scope.type === 'ORGANIZATION' ? null : body.scope.id,
});

/** What the audit trail records of a policy: its rule, value (as JSON), enforcement and scope. */
const audited = (values: PolicyValues) => ({
  rule: values.rule,
  value: JSON.stringify(values.value),
  enforcement: values.enforcement,
  scope: values.scopeId ? `${values.scopeType} ${values.scopeId}` : values.scopeType,
});

export function createPoliciesService(deps: { db: Database }) {
  const { db } = deps;

  /** The scope must be the organization's own; the stations of ALLOWED_STATIONS must exist. */
  async function assertBelongs(trx: Database, organizationId: string, body: FuelPolicyBody): Promise<void> {
    if (body.scope.type !== 'ORGANIZATION' && !(await repository.scopeBelongs(trx, organizationId, body.scope))) {
      throw invalidField('scope.id', `The organization has no such ${body.scope.type.toLowerCase()}`);
    }
    // The body's value was checked against its rule; read back typed.
    const ruleValue = fuelPolicyRuleValueSchema.parse({ rule: body.rule, value: body.value });
    if (ruleValue.rule === 'ALLOWED_STATIONS') {
      const unknown = await repository.unknownStations(trx, ruleValue.value);
      if (unknown.length > 0) throw invalidField('value', `No fuel station has the id ${unknown.join(', ')}`);
    }
  }

  /** One policy per rule and scope: a second one is a conflict that names both. */
  async function oncePerScope<T>(body: FuelPolicyBody, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (!isUniqueViolation(error, 'fuel_policies_one_per_scope')) throw error;
      throw new AppError('CONFLICT', `A ${body.rule} policy for ${SCOPE_WORDS[body.scope.type]} already exists; edit it instead`, {
        field: 'rule',
      });
    }
  }

  async function reply(id: string, organizationId: string, message: string) {
    const row = await repository.findPolicy(db, id, organizationId);
    if (!row) throw notFound('Fuel policy');
    return { message, policy: toPolicy(row) };
  }

  return {
    /** The organization's policies as the rules judge them, read through `executor` (a request's transaction). */
    async forOrganization(executor: Database, organizationId: string): Promise<FuelPolicyView[]> {
      return (await repository.listPolicies(executor, organizationId)).map(toPolicy);
    },

    async list(actor: Actor, query: RouteQuery<typeof fuelPolicyRoutes.list>) {
      const organizationId = organizationFilter(actor, query.organizationId);
      if (!organizationId) throw invalidField('organizationId', 'Choose an organization');
      return { policies: (await repository.listPolicies(db, organizationId)).map(toPolicy) };
    },

    async create(actor: Actor, body: FuelPolicyBody) {
      const organizationId = owningOrganization(actor, null);
      const values = valuesOf(body);
      const id = await oncePerScope(body, () =>
        db.transaction().execute(async (trx) => {
          await assertBelongs(trx, organizationId, body);
          const created = await repository.insertPolicy(trx, organizationId, actor.userId, values);
          await auditTrail.record(trx, { actor, action: 'fuel_policy.created', entityId: created, organizationId, after: audited(values) });
          return created;
        }),
      );
      return reply(id, organizationId, 'Fuel policy saved');
    },

    async update(actor: Actor, id: string, body: FuelPolicyBody) {
      const organizationId = owningOrganization(actor, null);
      const values = valuesOf(body);
      await oncePerScope(body, () =>
        db.transaction().execute(async (trx) => {
          const current = await repository.lockPolicy(trx, id, organizationId);
          if (!current) throw notFound('Fuel policy');
          await assertBelongs(trx, organizationId, body);
          await repository.updatePolicy(trx, id, values);
          const before: PolicyValues = {
            rule: current.rule,
            value: current.value,
            enforcement: current.enforcement,
            scopeType: current.scope_type,
            scopeId: current.scope_id,
          };
          await auditTrail.record(trx, {
            actor,
            action: 'fuel_policy.updated',
            entityId: id,
            organizationId,
            before: audited(before),
            after: audited(values),
          });
        }),
      );
      return reply(id, organizationId, 'Fuel policy saved');
    },

    async remove(actor: Actor, id: string) {
      const organizationId = owningOrganization(actor, null);
      await db.transaction().execute(async (trx) => {
        const current = await repository.lockPolicy(trx, id, organizationId);
        if (!current) throw notFound('Fuel policy');
        await repository.deletePolicy(trx, id);
        await auditTrail.record(trx, {
          actor,
          action: 'fuel_policy.deleted',
          entityId: id,
          organizationId,
          before: audited({
            rule: current.rule,
            value: current.value,
            enforcement: current.enforcement,
            scopeType: current.scope_type,
            scopeId: current.scope_id,
          }),
        });
      });
      return { message: 'Fuel policy removed' };
    },
  };
}

export type PoliciesService = ReturnType<typeof createPoliciesService>;
