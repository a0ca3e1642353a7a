/**
 * Drivers are DRIVER accounts (see docs/decisions/005): fleet managers (organization admins and
 * their assistants) list, add, change and remove them through /drivers, under the same account
 * rules as every other account.
 */
import type { ListQuery, RouteBody, driverRoutes } from '@fleetfuel/contract';
import type { Actor } from '../../platform/http/actor.js';
import type { UploadedFile } from '../../platform/http/uploads.js';
import { notFound } from '../../platform/errors.js';
import { scopeOf, toDriver, type Accounts, type UsersDeps } from './accounts.service.js';
import * as repository from './users.repository.js';
import type { UserScope, UserViewRow } from './users.repository.js';

export function createDriversService(deps: Pick<UsersDeps, 'db' | 'files'>, accounts: Accounts) {
  const { db, files } = deps;
  const { findView, createAccount, updateAccount, removeAccount } = accounts;

  /** Drivers an actor may see: its organization's, or any (or one organization's) for ADMIN. */
  function driverScope(actor: Actor, organizationId: string | undefined): UserScope {
    if (actor.role !== 'ADMIN') return scopeOf(actor);
    return organizationId ? { kind: 'organization', id: organizationId } : { kind: 'all' };
  }

  async function findDriver(actor: Actor, id: string): Promise<UserViewRow> {
    const row = await findView(id, driverScope(actor, undefined));
    if (row.role !== 'DRIVER') throw notFound('Driver');
    return row;
  }

  return {
    async listDrivers(
      actor: Actor,
      filters: ListQuery & { organizationId?: string; status?: string; departmentId?: string; unassigned?: 'true' | 'false' },
    ) {
      const { organizationId, unassigned, ...rest } = filters;
      const { rows, total } = await repository.listUserViews(db, driverScope(actor, organizationId), {
        ...rest,
        role: 'DRIVER',
        withoutVehicle: unassigned === 'true',
      });
      return { data: rows.map((row) => toDriver(row, files)), total };
    },

    getDriver: async (actor: Actor, id: string) => toDriver(await findDriver(actor, id), files),

    /** Fleet managers add drivers; the route's permission (fleet.manage) has decided that. */
    async createDriver(actor: Actor, body: RouteBody<typeof driverRoutes.create>, image: UploadedFile | undefined) {
      const { departmentId, ...account } = body;
      const id = await createAccount(actor, { ...account, role: 'DRIVER' }, { departmentId, image });
      return toDriver(await findView(id, { kind: 'all' }), files);
    },

    async updateDriver(actor: Actor, id: string, body: RouteBody<typeof driverRoutes.update>, image: UploadedFile | undefined) {
      const { departmentId, ...account } = body;
      await updateAccount(actor, await findDriver(actor, id), account, { departmentId, image }, { manageCheck: false });
      return toDriver(await findView(id, { kind: 'all' }), files);
    },

    removeDriver: async (actor: Actor, id: string) => removeAccount(actor, await findDriver(actor, id)),
  };
}
