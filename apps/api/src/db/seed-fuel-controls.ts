/**
 * The demo's fuel controls (issue 44), on top of its history: its stations' state, two generous
 * SOFT budgets of Acme set a month ago (so that Fuel Policies and the dashboard show their use,
 * and nothing a visitor does is refused or flagged by them), with their audit entries, and the
 * flags the history's requests carry, waiting in the review queue.
 */
import { sql } from 'kysely';
import type { Role } from '@fleetfuel/contract';
import type { Database } from '../platform/db/database.js';
import { auditTrail } from '../modules/audit/index.js';
import { recordFlags } from '../modules/flags/index.js';
import { DEMO_ADDRESSES } from './demo-addresses.js';

const DAY_MS = 86_400_000;

export async function seedDemoFuelControls(trx: Database, now: Date): Promise<void> {
  await trx
    .updateTable('fuel_stations')
    .set({ state: 'Lagos' })
    .where('name', 'in', ['Unity Fuels Ikeja', 'Greenline Energy Lekki'])
    .execute();

  const acme = await trx.selectFrom('organizations').select('id').where('name', '=', 'Acme Logistics').executeTakeFirstOrThrow();
  const admin = await trx.selectFrom('users').select(['id', 'role']).where('email', '=', 'orgadmin@acme.test').executeTakeFirstOrThrow();
  const actros = await trx.selectFrom('vehicles').select('id').where('plate_number', '=', 'APP-220-XA').executeTakeFirstOrThrow();
  const setAt = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS - 30 * DAY_MS + 9 * 3_600_000);
  const actor = { userId: admin.id, role: admin.role as Role, ipAddress: DEMO_ADDRESSES['orgadmin@acme.test'] };
  const policies = [
    { rule: 'MONTHLY_BUDGET_NAIRA', value: 2_000_000, scope_type: 'ORGANIZATION', scope_id: null },
    { rule: 'MONTHLY_LITRES', value: 3_000, scope_type: 'VEHICLE', scope_id: actros.id },
  ] as const;
  const entries = [];
  for (const policy of policies) {
    const { id } = await trx
      .insertInto('fuel_policies')
      .values({
        organization_id: acme.id,
        rule: policy.rule,
        value: JSON.stringify(policy.value),
        enforcement: 'SOFT',
        scope_type: policy.scope_type,
        scope_id: policy.scope_id,
        created_by: admin.id,
        created_at: setAt,
        updated_at: setAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    entries.push({
      at: setAt,
      actor,
      action: 'fuel_policy.created' as const,
      entityId: id,
      organizationId: acme.id,
      after: {
        rule: policy.rule,
        value: JSON.stringify(policy.value),
        enforcement: 'SOFT',
        scope: policy.scope_id ? `${policy.scope_type} ${policy.scope_id}` : policy.scope_type,
      },
    });
  }
  // Signed in a quarter of an hour before, as the auth service records it.
  await auditTrail.recordPast(trx, [
    { at: new Date(setAt.getTime() - 15 * 60_000), actor, action: 'user.signed_in', entityId: admin.id, organizationId: acme.id },
    ...entries,
  ]);

  const flagged = await trx
    .selectFrom('fuel_requests')
    .select(['id', 'organization_id', 'flags', 'created_at'])
    .where(sql<boolean>`flags <> '[]'::jsonb`)
    .execute();
  for (const request of flagged) {
    await recordFlags(
      trx,
      { id: request.id, organizationId: request.organization_id, raisedAt: request.created_at },
      'REQUEST',
      request.flags,
    );
  }
}
