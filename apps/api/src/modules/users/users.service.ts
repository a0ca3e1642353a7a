/**
 * User accounts and who may manage which: the platform admin everyone, an organization admin its
 * organization's assistants and drivers, a station rep its station's attendants; fleet managers
 * (organization admins and their assistants) also manage drivers through /drivers. Accounts of
 * another tenant answer "not found". Nobody grants a role above its own; the tenant of a non-admin
 * caller always comes from its session.
 */
import {
  MANAGEABLE_ROLES,
  ROLE_LABELS,
  isOrganizationRole,
  isStationRole,
  type AssetType,
  type Driver,
  type ListQuery,
  type Role,
  type RouteBody,
  type User,
  type VehicleFuelType,
  type userRoutes,
} from '@fleetfuel/contract';
import type { Database } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/db/database.js';
import { AppError, forbidden, invalidField, notFound } from '../../platform/errors.js';
import { assertPasswordAllowed, hashPassword, verifyPassword } from '../../platform/auth/passwords.js';
import type { Actor } from '../../platform/http/actor.js';
import type { UploadedFile } from '../../platform/http/uploads.js';
import type { DepartmentsService } from '../departments/index.js';
import type { FilesService } from '../files/index.js';
import type { SessionsService } from '../sessions/index.js';
import type { UsageService } from '../subscriptions/index.js';
import * as repository from './users.repository.js';
import type { UserFilters, UserScope, UserViewRow } from './users.repository.js';

type CreateBody = RouteBody<typeof userRoutes.create>;
type UpdateBody = RouteBody<typeof userRoutes.update>;
type ListFilters = ListQuery & Omit<Partial<UserFilters>, 'page' | 'pageSize' | 'search'>;

/** What an account form may carry beyond the account's own fields. */
export interface AccountExtras {
  departmentId?: string | null | undefined;
  image?: UploadedFile | undefined;
}

function toUser(row: UserViewRow, files: Pick<FilesService, 'url'>): User {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    email: row.email,
    phone: row.phone,
    role: row.role as Role,
    organizationId: row.organization_id,
    fuelStationId: row.fuel_station_id,
    imageUrl: files.url(row.image_key),
    status: row.status as User['status'],
    organization:
      row.organization_id && row.organization_name
        ? { id: row.organization_id, name: row.organization_name, imageUrl: files.url(row.organization_image_key) }
        : null,
    fuelStation:
      row.fuel_station_id && row.station_name
        ? { id: row.fuel_station_id, name: row.station_name, imageUrl: files.url(row.station_image_key) }
        : null,
    vehicle:
      row.vehicle_id && row.vehicle_make && row.vehicle_model
        ? {
            id: row.vehicle_id,
            plateNumber: row.vehicle_plate_number,
            make: row.vehicle_make,
            model: row.vehicle_model,
            type: row.vehicle_type as AssetType,
            fuelType: row.vehicle_fuel_type as VehicleFuelType,
          }
        : null,
    createdAt: row.created_at.toISOString(),
  };
}

function toDriver(row: UserViewRow, files: Pick<FilesService, 'url'>): Driver {
  return {
    ...toUser(row, files),
    departmentId: row.department_id,
    department: row.department_id && row.department_name ? { id: row.department_id, name: row.department_name } : null,
  };
}

/** The accounts an actor may see. */
export function scopeOf(actor: Actor): UserScope {
  if (actor.role === 'ADMIN') return { kind: 'all' };
  if (actor.organizationId) return { kind: 'organization', id: actor.organizationId };
  if (actor.fuelStationId) return { kind: 'station', id: actor.fuelStationId };
  throw forbidden();
}

function assertCanManage(actor: Actor, role: Role, verb: 'create' | 'manage'): void {
  if (!MANAGEABLE_ROLES[actor.role].includes(role)) {
    throw forbidden(`You cannot ${verb} ${ROLE_LABELS[role]} accounts`);
  }
}

interface Placement {
  role: Role;
  organizationId: string | null;
  fuelStationId: string | null;
}

/**
 * Where an account belongs, from its role: organization roles to one organization, station roles
 * to one station, the platform admin to neither. Only the platform admin may name the tenant; for
 * everyone else it is their own, and naming another one answers "not found".
 */
function placeAccount(actor: Actor, role: Role, requested: { organizationId?: string | null; fuelStationId?: string | null }): Placement {
  const ownOrNamed = (named: string | null | undefined, own: string | null, what: string): string | null => {
    if (actor.role === 'ADMIN') return named ?? null;
    if (named && named !== own) throw notFound(what);
    return own;
  };
  if (isOrganizationRole(role)) {
    if (requested.fuelStationId) throw invalidField('fuelStationId', 'Only station roles belong to a fuel station');
    const organizationId = ownOrNamed(requested.organizationId, actor.organizationId, 'Organization');
    if (!organizationId) throw invalidField('organizationId', 'Choose an organization for this role');
    return { role, organizationId, fuelStationId: null };
  }
  if (isStationRole(role)) {
    if (requested.organizationId) throw invalidField('organizationId', 'Only organization roles belong to an organization');
    const fuelStationId = ownOrNamed(requested.fuelStationId, actor.fuelStationId, 'Fuel station');
    if (!fuelStationId) throw invalidField('fuelStationId', 'Choose a fuel station for this role');
    return { role, organizationId: null, fuelStationId };
  }
  if (requested.organizationId || requested.fuelStationId) {
    throw invalidField('role', 'A platform admin belongs to no organization or fuel station');
  }
  return { role, organizationId: null, fuelStationId: null };
}

export interface Credentials {
  id: string;
  passwordHash: string;
  status: string;
  email: string | null;
  name: string;
}

export interface OwnerFields {
  name: string;
  title: string | null;
  email: string | null;
  phone: string | null;
  passwordHash: string;
}

export interface UsersDeps {
  db: Database;
  sessions: SessionsService;
  files: FilesService;
  usage: UsageService;
  departments: DepartmentsService;
}

export function createUsersService(deps: UsersDeps) {
  const { db, sessions, files, usage, departments } = deps;

  async function findView(id: string, scope: UserScope): Promise<UserViewRow> {
    const row = await repository.findUserView(db, id, scope);
    if (!row) throw notFound('User');
    return row;
  }

  async function assertContactsFree(
    contact: { email?: string | null; phone?: string | null },
    options: { exceptId?: string; executor?: Database } = {},
  ) {
    const owner = await repository.findContactOwner(options.executor ?? db, contact, options.exceptId);
    if (!owner) return;
    if (contact.email && owner.email === contact.email) {
      throw new AppError('CONFLICT', 'An account with this email already exists', { field: 'email' });
    }
    throw new AppError('CONFLICT', 'An account with this phone number already exists', { field: 'phone' });
  }

  /**
   * Checks, inside the transaction that writes the account, that its tenant exists and, for an
   * organization, that it accepts new accounts and that an active driver fits the plan.
   */
  async function assertTenantAccepts(trx: Database, placement: Placement, becomesActiveDriver: boolean) {
    if (placement.fuelStationId) {
      if (!(await repository.findStation(trx, placement.fuelStationId))) throw notFound('Fuel station');
      return;
    }
    if (!placement.organizationId) return;
    if (becomesActiveDriver) await usage.assertCanAdd(trx, placement.organizationId, 'drivers');
    else await usage.assertWritable(trx, placement.organizationId, 'no new accounts can be added');
  }

  async function writeOrConflict<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_key')) {
        throw new AppError('CONFLICT', 'An account with this email already exists', { field: 'email' });
      }
      if (isUniqueViolation(error, 'users_phone_key')) {
        throw new AppError('CONFLICT', 'An account with this phone number already exists', { field: 'phone' });
      }
      throw error;
    }
  }

  async function storeAvatar(trx: Database, actor: Actor, image: UploadedFile, placement: Omit<Placement, 'role'>) {
    return files.store(
      image,
      'image',
      { purpose: 'USER_AVATAR', organizationId: placement.organizationId, fuelStationId: placement.fuelStationId, uploadedBy: actor.userId },
      trx,
    );
  }

  async function assertGroupFits(trx: Database, role: Role, organizationId: string | null, departmentId: string | null | undefined) {
    if (!departmentId) return;
    if (role !== 'DRIVER' || !organizationId) throw invalidField('departmentId', 'Only drivers belong to a group');
    await departments.assertInOrganization(trx, departmentId, organizationId);
  }

  /** Creates an account; the caller has already decided that the actor may create this role. */
  async function createAccount(actor: Actor, body: CreateBody, extras: AccountExtras): Promise<string> {
    const placement = placeAccount(actor, body.role, body);
    assertPasswordAllowed(body.password);
    await assertContactsFree(body);
    const passwordHash = await hashPassword(body.password);
    const status = body.status ?? 'ACTIVE';
    return writeOrConflict(() =>
      db.transaction().execute(async (trx) => {
        await assertTenantAccepts(trx, placement, placement.role === 'DRIVER' && status === 'ACTIVE');
        await assertGroupFits(trx, placement.role, placement.organizationId, extras.departmentId);
        const id = await repository.insertUser(trx, {
          name: body.name,
          title: body.title ?? null,
          email: body.email ?? null,
          phone: body.phone ?? null,
          ...placement,
          passwordHash,
          status,
          departmentId: extras.departmentId ?? null,
        });
        if (extras.image) await repository.updateUser(trx, id, { imageKey: await storeAvatar(trx, actor, extras.image, placement) });
        return id;
      }),
    );
  }

  /** Updates an account the actor may see; `manageCheck` false when the route's permission already decided. */
  async function updateAccount(actor: Actor, existing: UserViewRow, body: UpdateBody, extras: AccountExtras, manageCheck: boolean) {
    const id = existing.id;
    const currentRole = existing.role as Role;
    const isSelf = actor.userId === id;
    if (!isSelf && manageCheck) assertCanManage(actor, currentRole, 'manage');
    if (isSelf && body.role !== undefined && body.role !== currentRole) throw forbidden('You cannot change your own role');
    if (isSelf && body.status === 'INACTIVE') throw forbidden('You cannot disable your own account');

    const role = body.role ?? currentRole;
    if (role !== currentRole) assertCanManage(actor, role, 'create');
    const tenantTouched = body.role !== undefined || body.organizationId !== undefined || body.fuelStationId !== undefined;
    const placement = tenantTouched
      ? placeAccount(actor, role, {
          organizationId: body.organizationId === undefined ? existing.organization_id : body.organizationId,
          fuelStationId: body.fuelStationId === undefined ? existing.fuel_station_id : body.fuelStationId,
        })
      : null;

    const email = body.email === undefined ? existing.email : body.email;
    const phone = body.phone === undefined ? existing.phone : body.phone;
    if (!email && !phone) throw invalidField('email', 'Enter an email or a phone number');
    await assertContactsFree({ email: body.email ?? null, phone: body.phone ?? null }, { exceptId: id });
    if (body.password !== undefined) assertPasswordAllowed(body.password);
    const passwordHash = body.password === undefined ? undefined : await hashPassword(body.password);

    const status = body.status ?? existing.status;
    const organizationId = placement ? placement.organizationId : existing.organization_id;
    const fuelStationId = placement ? placement.fuelStationId : existing.fuel_station_id;
    const movesTenant = organizationId !== existing.organization_id || fuelStationId !== existing.fuel_station_id;
    const wasActiveDriver = currentRole === 'DRIVER' && existing.status === 'ACTIVE';
    const becomesActiveDriver = role === 'DRIVER' && status === 'ACTIVE' && (!wasActiveDriver || movesTenant);

    await writeOrConflict(() =>
      db.transaction().execute(async (trx) => {
        if (movesTenant || becomesActiveDriver) {
          await assertTenantAccepts(trx, { role, organizationId, fuelStationId }, becomesActiveDriver);
        } else if (organizationId) {
          await usage.assertWritable(trx, organizationId, 'its accounts cannot be changed');
        }
        // A driver who leaves the organization or the role leaves its group too.
        const departmentId = extras.departmentId !== undefined ? extras.departmentId : movesTenant || role !== 'DRIVER' ? null : undefined;
        await assertGroupFits(trx, role, organizationId, departmentId);
        const imageKey = extras.image ? await storeAvatar(trx, actor, extras.image, { organizationId, fuelStationId }) : undefined;
        await repository.updateUser(trx, id, {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.title !== undefined ? { title: body.title } : {}),
          ...(body.email !== undefined ? { email: body.email } : {}),
          ...(body.phone !== undefined ? { phone: body.phone } : {}),
          ...(placement ?? {}),
          ...(body.status !== undefined ? { status: body.status } : {}),
          ...(passwordHash !== undefined ? { passwordHash } : {}),
          ...(departmentId !== undefined ? { departmentId } : {}),
          ...(imageKey !== undefined ? { imageKey } : {}),
        });
        if (status === 'INACTIVE' && existing.status !== 'INACTIVE') {
          await sessions.endAllOf(id, 'DISABLED', { db: trx });
        } else if (passwordHash !== undefined && !isSelf) {
          await sessions.endAllOf(id, 'PASSWORD_RESET', { db: trx });
        } else if (passwordHash !== undefined) {
          await sessions.endAllOf(id, 'PASSWORD_CHANGE', { db: trx, except: actor.sessionId });
        }
      }),
    );
  }

  async function removeAccount(actor: Actor, existing: UserViewRow): Promise<{ message: string }> {
    if (actor.userId === existing.id) throw forbidden('You cannot delete your own account');
    if (existing.vehicle_id || (await repository.userHasHistory(db, existing.id))) {
      throw new AppError(
        'HAS_HISTORY',
        `${existing.name} has history (sign-ins, vehicles or requests), so the account cannot be deleted. Disable it instead.`,
      );
    }
    await repository.deleteUser(db, existing.id);
    return { message: `${existing.name} was deleted` };
  }

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
    async list(actor: Actor, filters: ListFilters) {
      const { rows, total } = await repository.listUserViews(db, scopeOf(actor), filters);
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
      await updateAccount(actor, await findView(id, scopeOf(actor)), body, {}, true);
      return toUser(await findView(id, { kind: 'all' }), files);
    },

    async remove(actor: Actor, id: string) {
      const existing = await findView(id, scopeOf(actor));
      assertCanManage(actor, existing.role as Role, 'manage');
      return removeAccount(actor, existing);
    },

    async listDrivers(actor: Actor, filters: ListQuery & { organizationId?: string; status?: string; departmentId?: string; unassigned?: 'true' | 'false' }) {
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
    async createDriver(actor: Actor, body: Omit<CreateBody, 'role'>, extras: AccountExtras) {
      const id = await createAccount(actor, { ...body, role: 'DRIVER' }, extras);
      return toDriver(await findView(id, { kind: 'all' }), files);
    },

    async updateDriver(actor: Actor, id: string, body: Omit<UpdateBody, 'role' | 'organizationId' | 'fuelStationId'>, extras: AccountExtras) {
      await updateAccount(actor, await findDriver(actor, id), body, extras, false);
      return toDriver(await findView(id, { kind: 'all' }), files);
    },

    removeDriver: async (actor: Actor, id: string) => removeAccount(actor, await findDriver(actor, id)),

    /** General tab: the caller's own name, phone, title and avatar. */
    async updateOwnProfile(actor: Actor, body: { name?: string | undefined; phone?: string | null | undefined; title?: string | null | undefined }, image: UploadedFile | undefined) {
      const existing = await findView(actor.userId, { kind: 'all' });
      if (body.phone === null && !existing.email) throw invalidField('phone', 'Keep a phone number or add an email first: one is needed to sign in');
      if (body.phone) await assertContactsFree({ phone: body.phone }, { exceptId: actor.userId });
      await writeOrConflict(() =>
        db.transaction().execute(async (trx) => {
          const imageKey = image
            ? await storeAvatar(trx, actor, image, { organizationId: existing.organization_id, fuelStationId: existing.fuel_station_id })
            : undefined;
          await repository.updateUser(trx, actor.userId, {
            ...(body.name !== undefined ? { name: body.name } : {}),
            ...(body.phone !== undefined ? { phone: body.phone } : {}),
            ...(body.title !== undefined ? { title: body.title } : {}),
            ...(imageKey !== undefined ? { imageKey } : {}),
          });
        }),
      );
      return toUser(await findView(actor.userId, { kind: 'all' }), files);
    },

    /** A new sign-in e-mail for the caller, proven by its current password. */
    async changeOwnEmail(actor: Actor, email: string, currentPassword: string) {
      const row = await repository.findUserById(db, actor.userId);
      if (!row || !(await verifyPassword(row.password_hash, currentPassword))) {
        throw new AppError('VALIDATION_FAILED', 'The current password is not correct', { field: 'currentPassword' });
      }
      await assertContactsFree({ email }, { exceptId: actor.userId });
      await writeOrConflict(() => repository.updateUser(db, actor.userId, { email }));
      return toUser(await findView(actor.userId, { kind: 'all' }), files);
    },

    /** A new password for the caller: every other session ends, the current one stays. */
    async changeOwnPassword(actor: Actor, currentPassword: string, newPassword: string) {
      const row = await repository.findUserById(db, actor.userId);
      if (!row || !(await verifyPassword(row.password_hash, currentPassword))) {
        throw new AppError('VALIDATION_FAILED', 'The current password is not correct', { field: 'currentPassword' });
      }
      if (currentPassword === newPassword) throw invalidField('newPassword', 'Choose a password different from the current one');
      assertPasswordAllowed(newPassword, 'newPassword');
      const passwordHash = await hashPassword(newPassword);
      const ended = await db.transaction().execute(async (trx) => {
        await repository.updateUser(trx, actor.userId, { passwordHash });
        return sessions.endAllOf(actor.userId, 'PASSWORD_CHANGE', { db: trx, except: actor.sessionId });
      });
      return { message: ended > 0 ? `Password changed; ${ended} other session${ended === 1 ? '' : 's'} signed out` : 'Password changed' };
    },

    /** What sign-in needs of an account, found by its normalized e-mail or phone. */
    async findCredentials(username: string): Promise<Credentials | undefined> {
      const row = await repository.findUserByUsername(db, username);
      return row && { id: row.id, passwordHash: row.password_hash, status: row.status, email: row.email, name: row.name };
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
