/**
 * Drivers are DRIVER accounts (see docs/decisions/005): fleet managers (organization admins and
 * their assistants) list, add, change and remove them through /drivers, under the same account
 * rules as every other account.
 */
import type { RouteBody, RouteQuery, driverRoutes } from '@fleetfuel/contract';
import { inBatches, mapBatches } from '../../platform/db/keyset.js';
import type { Actor } from '../../platform/http/actor.js';
import type { UploadedFile } from '../../platform/http/uploads.js';
import { AppError, notFound } from '../../platform/errors.js';
import { auditTrail } from '../audit/index.js';
import { scopeOf, toDriver, type Accounts, type UsersDeps } from './accounts.service.js';
import { invitationChannel } from './password-invitations.js';
import * as repository from './users.repository.js';
import type { UserScope, UserViewRow } from './users.repository.js';

/** The filters of the drivers list beside its search and paging. */
export interface DriverFilters {
  organizationId?: string;
  status?: string;
  departmentId?: string;
  unassigned?: 'true' | 'false';
}

export function createDriversService(deps: Pick<UsersDeps, 'db' | 'files' | 'invitations'>, accounts: Accounts) {
  const { db, files, invitations } = deps;
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
    async listDrivers(actor: Actor, filters: RouteQuery<typeof driverRoutes.list>) {
      const { organizationId, unassigned, ...rest } = filters;
      const { rows, total } = await repository.listUserViews(db, driverScope(actor, organizationId), {
        ...rest,
        role: 'DRIVER',
        withoutVehicle: unassigned === 'true',
      });
      return { data: rows.map((row) => toDriver(row, files)), total };
    },

    /** Every driver the list would show with these filters, in its order, `batchSize` at a time (exports). */
    exportDriverBatches(actor: Actor, filters: { search?: string } & DriverFilters, batchSize: number) {
      const { organizationId, unassigned, ...rest } = filters;
      const scope = driverScope(actor, organizationId);
      const driverFilters = { ...rest, role: 'DRIVER', withoutVehicle: unassigned === 'true' };
      return mapBatches(
        inBatches((after, size) => repository.userViewBatch(db, scope, driverFilters, after, size), batchSize),
        (row) => toDriver(row, files),
      );
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

    /**
     * Clears a driver's pump PIN (a forgotten or exposed PIN); until the driver sets a new one,
     * redemptions that need confirmation use a one-time code texted to the driver.
     */
    async resetDriverPumpPin(actor: Actor, id: string) {
      const driver = await findDriver(actor, id);
      await db.transaction().execute(async (trx) => {
        const hadPin = Boolean((await repository.findUserById(trx, id))?.pump_pin_hash);
        await repository.setPumpPinHash(trx, id, null);
        await auditTrail.record(trx, {
          actor,
          action: 'user.pump_pin_reset',
          entityId: id,
          organizationId: driver.organization_id,
          before: { pumpPinSet: hadPin },
          after: { pumpPinSet: false },
        });
      });
      return { message: `The pump PIN of ${driver.name} was reset; the driver confirms with a texted code until setting a new PIN` };
    },

    /**
     * Sends a driver who has not chosen a password yet (imported without one) a new invitation,
     * when the first was lost or has expired: self-service reset goes by e-mail only, so a driver
     * known by phone alone has no other way in. Only the new link works afterwards.
     */
    async resendDriverInvitation(actor: Actor, id: string) {
      const driver = await findDriver(actor, id);
      const channel = invitationChannel(driver);
      const invitation = await db.transaction().execute(async (trx) => {
        if (!(await repository.lockPasswordPending(trx, id))) throw new AppError('CONFLICT', 'This driver has already chosen a password');
        const issued = await invitations.reissue(trx, { userId: id, name: driver.name, email: driver.email, phone: driver.phone });
        await auditTrail.record(trx, {
          actor,
          action: 'user.invitation_sent',
          entityId: id,
          organizationId: driver.organization_id,
          after: { channel },
        });
        return issued;
      });
      invitations.send([invitation]);
      return { message: `Invitation sent to ${channel === 'email' ? driver.email : driver.phone}` };
    },
  };
}
