/**
 * Freezing a vehicle or a driver (issue 44): the organization admin (or the platform admin) stops
 * all fuel for them at once, with a reason that every refusal names, and lifts it. Both are audited.
 * The fuel steps check the freeze themselves (requests/rules/freeze-rules.ts).
 */
import type { Driver, Vehicle } from '@fleetfuel/contract';
import type { Database } from '../../platform/db/database.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/actor.js';
import { organizationFilter } from '../../platform/tenancy/organization-scope.js';
import { auditTrail } from '../audit/index.js';
import * as repository from './freezes.repository.js';
import type { FrozenKind } from './freezes.repository.js';

const NAMES = { vehicle: 'Vehicle', driver: 'Driver' } as const;

export function createFreezesService(deps: {
  db: Database;
  /** The replies: the vehicle or driver as its own GET answers it. */
  vehicle: (actor: Actor, id: string) => Promise<Vehicle>;
  driver: (actor: Actor, id: string) => Promise<Driver>;
}) {
  const { db } = deps;

  async function change(actor: Actor, kind: FrozenKind, id: string, reason: string | null): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const target = { kind, id, organizationId: organizationFilter(actor, null) };
      const changed = await repository.setFrozen(trx, target, reason === null ? null : { reason, by: actor.userId });
      if (!changed) throw notFound(NAMES[kind]);
      if (reason === null && changed.was_reason === null) throw new AppError('RULE_VIOLATION', `This ${kind} is not frozen`);
      await auditTrail.record(trx, {
        actor,
        action: reason === null ? `${kind}.unfrozen` : `${kind}.frozen`,
        entityId: id,
        organizationId: changed.organization_id,
        before: { frozenReason: changed.was_reason },
        after: { frozenReason: reason },
      });
    });
  }

  return {
    async freezeVehicle(actor: Actor, id: string, reason: string) {
      await change(actor, 'vehicle', id, reason);
      return { message: 'Vehicle frozen', vehicle: await deps.vehicle(actor, id) };
    },
    async unfreezeVehicle(actor: Actor, id: string) {
      await change(actor, 'vehicle', id, null);
      return { message: 'Vehicle unfrozen', vehicle: await deps.vehicle(actor, id) };
    },
    async freezeDriver(actor: Actor, id: string, reason: string) {
      await change(actor, 'driver', id, reason);
      return { message: 'Driver frozen', driver: await deps.driver(actor, id) };
    },
    async unfreezeDriver(actor: Actor, id: string) {
      await change(actor, 'driver', id, null);
      return { message: 'Driver unfrozen', driver: await deps.driver(actor, id) };
    },
  };
}

export type FreezesService = ReturnType<typeof createFreezesService>;
