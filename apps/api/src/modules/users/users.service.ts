/**
 * User accounts and who may manage which: the platform admin everyone, an organization admin its
 * organization's assistants and drivers, a station rep its station's attendants; fleet managers
 * (organization admins and their assistants) also manage drivers through /drivers. Accounts of
 * another tenant answer "not found". Nobody grants a role above its own; the tenant of a non-admin
 * caller always comes from its session.
 */
import type { Role, RouteQuery, userRoutes } from '@fleetfuel/contract';
import { verifyPassword } from '../../platform/auth/passwords.js';
import { lagosDayRange } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import type { Actor } from '../../platform/http/actor.js';
import {
  assertCanManage,
  createAccounts,
  scopeOf,
  toUser,
  type CreateBody,
  type Credentials,
  type OwnerFields,
  type UpdateBody,
  type UsersDeps,
} from './accounts.service.js';
import { createDriverImport } from './driver-import.service.js';
import { createDriversService } from './drivers.service.js';
import { createProfileService } from './profile.service.js';
import { createStationPins } from './station-pins.service.js';
import * as repository from './users.repository.js';

export { type Credentials, type OwnerFields, type UsersDeps } from './accounts.service.js';

/** Account managers' calls and what sign-in needs, composed with the drivers and profile services. */
export function createUsersService(deps: UsersDeps) {
  const { db, files } = deps;
  const accounts = createAccounts(deps);
  const { findView, assertContactsFree, writeOrConflict, createAccount, updateAccount, removeAccount } = accounts;

  return {
    ...createDriversService(deps, accounts),
    ...createDriverImport(deps, accounts),
    ...createProfileService(deps, accounts),
    ...createStationPins(deps, accounts),

    async list(actor: Actor, query: RouteQuery<typeof userRoutes.list>) {
      const { rows, total } = await repository.listUserViews(db, scopeOf(actor), { ...query, createdWithin: lagosDayRange(query) });
      return { users: rows.map((row) => toUser(row, files)), total };
    },

    get: async (actor: Actor, id: string) => toUser(await findView(id, scopeOf(actor)), files),

    /** A user by id, unscoped: for the caller's own profile. */
    getSelf: async (userId: string) => toUser(await findView(userId, { kind: 'all' }), files),

    async create(actor: Actor, body: CreateBody) {
      assertCanManage(actor, body.role, 'create');
      const id = await createAccount(actor, body, {});
      return toUser(await findView(id, { kind: 'all' }), files);
    },

    async update(actor: Actor, id: string, body: UpdateBody) {
      await updateAccount(actor, await findView(id, scopeOf(actor)), body, {}, { manageCheck: true });
      return toUser(await findView(id, { kind: 'all' }), files);
    },

    async remove(actor: Actor, id: string) {
      const existing = await findView(id, scopeOf(actor));
      assertCanManage(actor, existing.role as Role, 'manage');
      return removeAccount(actor, existing);
    },

    /** What sign-in needs of an account, found by its normalized e-mail or phone. */
    async findCredentials(username: string): Promise<Credentials | undefined> {
      const row = await repository.findUserByUsername(db, username);
      return row && { id: row.id, passwordHash: row.password_hash, status: row.status, email: row.email, name: row.name };
    },

    /**
     * The account holding this normalized phone number, with what a USSD session needs to decide
     * whether it may go on (role, status, freeze, erasure) and in which language to speak.
     */
    async findByPhone(phone: string) {
      const row = await repository.findUserByUsername(db, phone);
      if (!row || row.phone !== phone) return undefined;
      return {
        id: row.id,
        role: row.role as Role,
        status: row.status,
        organizationId: row.organization_id,
        language: row.language,
        frozen: row.frozen_at !== null,
        erased: row.erased_at !== null,
        hasPumpPin: row.pump_pin_hash !== null,
      };
    },

    /** Whether `pin` is the driver's pump PIN (hashed like a password); `none` when no PIN was chosen. */
    async checkPumpPin(userId: string, pin: string): Promise<'right' | 'wrong' | 'none'> {
      const row = await repository.findUserById(db, userId);
      if (!row?.pump_pin_hash) return 'none';
      return (await verifyPassword(row.pump_pin_hash, pin)) ? 'right' : 'wrong';
    },

    setPasswordHash: (trx: Database, userId: string, passwordHash: string) => repository.updateUser(trx, userId, { passwordHash }),

    /** The first ADMINISTRATOR of an organization created by self-service sign-up, in its transaction. */
    async createOwner(trx: Database, organizationId: string, fields: OwnerFields): Promise<string> {
      await assertContactsFree(fields, { executor: trx });
      return writeOrConflict(() =>
        repository.insertUser(trx, { ...fields, role: 'ADMINISTRATOR', organizationId, fuelStationId: null, status: 'ACTIVE' }),
      );
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
