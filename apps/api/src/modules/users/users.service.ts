/**
 * User accounts and who may manage which: the platform admin everyone, an organization admin its
 * organization's assistants and drivers, a station rep its station's attendants. Accounts of another
 * tenant answer "not found". Nobody grants a role above its own; the tenant of a non-admin caller
 * always comes from its session.
 */
import type {
  userRoutes} from '@fleetfuel/contract';
import {
  MANAGEABLE_ROLES,
  ROLE_LABELS,
  isOrganizationRole,
  isStationRole,
  type ListQuery,
  type Role,
  type RouteBody,
  type User
} from '@fleetfuel/contract';
import type { Database } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/db/database.js';
import { AppError, forbidden, invalidField, notFound } from '../../platform/errors.js';
import { assertPasswordAllowed, hashPassword } from '../../platform/auth/passwords.js';
import type { Actor } from '../../platform/http/actor.js';
import type { FilesService } from '../files/index.js';
import type { SessionsService } from '../sessions/index.js';
import * as repository from './users.repository.js';
import type { UserScope, UserViewRow } from './users.repository.js';

type CreateBody = RouteBody<typeof userRoutes.create>;
type UpdateBody = RouteBody<typeof userRoutes.update>;
type ListFilters = ListQuery & { role?: Role; status?: string; organizationId?: string; fuelStationId?: string };

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
    createdAt: row.created_at.toISOString(),
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

export interface UsersService {
  list(actor: Actor, filters: ListFilters): Promise<{ users: User[]; total: number }>;
  get(actor: Actor, id: string): Promise<User>;
  /** A user by id, unscoped: for the caller's own profile. */
  getSelf(userId: string): Promise<User>;
  create(actor: Actor, body: CreateBody): Promise<User>;
  update(actor: Actor, id: string, body: UpdateBody): Promise<User>;
  remove(actor: Actor, id: string): Promise<{ message: string }>;
  /** What sign-in needs of an account, found by its normalized e-mail or phone. */
  findCredentials(username: string): Promise<Credentials | undefined>;
  setPasswordHash(trx: Database, userId: string, passwordHash: string): Promise<void>;
  /** The first ADMINISTRATOR of an organization created by self-service sign-up, in its transaction. */
  createOwner(trx: Database, organizationId: string, fields: OwnerFields): Promise<string>;
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

export function createUsersService(deps: { db: Database; sessions: SessionsService; files: FilesService }): UsersService {
  const { db, sessions, files } = deps;

  async function view(id: string, scope: UserScope = { kind: 'all' }): Promise<User> {
    const row = await repository.findUserView(db, id, scope);
    if (!row) throw notFound('User');
    return toUser(row, files);
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
   * Checks, inside the transaction that writes the account, that its organization accepts new
   * accounts and that an active driver fits the plan. The organization row stays locked until the
   * transaction ends, so concurrent creations are counted one after the other.
   */
  async function assertTenantAccepts(trx: Database, placement: Placement, becomesActiveDriver: boolean) {
    if (placement.fuelStationId) {
      if (!(await repository.findStation(trx, placement.fuelStationId))) throw notFound('Fuel station');
      return;
    }
    if (!placement.organizationId) return;
    const organization = await repository.lockOrganizationWithPlan(trx, placement.organizationId);
    if (!organization) throw notFound('Organization');
    if (organization.status !== 'ACTIVE') {
      throw new AppError(
        'TENANT_READ_ONLY',
        `${organization.name} is ${organization.status.toLowerCase()} and read-only: no new accounts can be added`,
      );
    }
    const limit = organization.drivers_limit ?? 0;
    if (becomesActiveDriver && limit > 0) {
      const active = await repository.countActiveDrivers(trx, organization.id);
      if (active >= limit) {
        throw new AppError(
          'LIMIT_REACHED',
          `Your plan (${organization.plan_name ?? 'current plan'}) allows ${limit} drivers and ${active} are active. ` +
            'Upgrade the plan or disable a driver first.',
        );
      }
    }
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

  return {
    async list(actor, filters) {
      const { rows, total } = await repository.listUserViews(db, scopeOf(actor), filters);
      return { users: rows.map((row) => toUser(row, files)), total };
    },

    get: (actor, id) => view(id, scopeOf(actor)),

    getSelf: (userId) => view(userId),

    async create(actor, body) {
      assertCanManage(actor, body.role, 'create');
      const placement = placeAccount(actor, body.role, body);
      assertPasswordAllowed(body.password);
      await assertContactsFree(body);
      const passwordHash = await hashPassword(body.password);
      const status = body.status ?? 'ACTIVE';
      const id = await writeOrConflict(() =>
        db.transaction().execute(async (trx) => {
          await assertTenantAccepts(trx, placement, placement.role === 'DRIVER' && status === 'ACTIVE');
          return repository.insertUser(trx, {
            name: body.name,
            title: body.title ?? null,
            email: body.email ?? null,
            phone: body.phone ?? null,
            ...placement,
            passwordHash,
            status,
          });
        }),
      );
      return view(id);
    },

    async update(actor, id, body) {
      const existing = await repository.findUserView(db, id, scopeOf(actor));
      if (!existing) throw notFound('User');
      const currentRole = existing.role as Role;
      const isSelf = actor.userId === id;
      if (!isSelf) assertCanManage(actor, currentRole, 'manage');
      if (isSelf && body.role !== undefined && body.role !== currentRole) {
        throw forbidden('You cannot change your own role');
      }
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
      const wasActiveDriver = currentRole === 'DRIVER' && existing.status === 'ACTIVE';
      const organizationId = placement ? placement.organizationId : existing.organization_id;
      const movesTenant = placement !== null && organizationId !== existing.organization_id;
      const becomesActiveDriver = role === 'DRIVER' && status === 'ACTIVE' && (!wasActiveDriver || movesTenant);

      await writeOrConflict(() =>
        db.transaction().execute(async (trx) => {
          if (placement && (movesTenant || becomesActiveDriver || placement.fuelStationId !== existing.fuel_station_id)) {
            await assertTenantAccepts(trx, placement, becomesActiveDriver);
          } else if (becomesActiveDriver && organizationId) {
            await assertTenantAccepts(trx, { role, organizationId, fuelStationId: null }, true);
          }
          await repository.updateUser(trx, id, {
            ...(body.name !== undefined ? { name: body.name } : {}),
            ...(body.title !== undefined ? { title: body.title } : {}),
            ...(body.email !== undefined ? { email: body.email } : {}),
            ...(body.phone !== undefined ? { phone: body.phone } : {}),
            ...(placement ?? {}),
            ...(body.status !== undefined ? { status: body.status } : {}),
            ...(passwordHash !== undefined ? { passwordHash } : {}),
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
      return view(id);
    },

    async remove(actor, id) {
      const existing = await repository.findUserView(db, id, scopeOf(actor));
      if (!existing) throw notFound('User');
      if (actor.userId === id) throw forbidden('You cannot delete your own account');
      assertCanManage(actor, existing.role as Role, 'manage');
      if (await sessions.hasHistory(id)) {
        throw new AppError(
          'HAS_HISTORY',
          `${existing.name} has signed in before, so the account has history and cannot be deleted. Disable it instead.`,
        );
      }
      await repository.deleteUser(db, id);
      return { message: `${existing.name} was deleted` };
    },

    async findCredentials(username) {
      const row = await repository.findUserByUsername(db, username);
      return row && { id: row.id, passwordHash: row.password_hash, status: row.status, email: row.email, name: row.name };
    },

    setPasswordHash: (trx, userId, passwordHash) => repository.updateUser(trx, userId, { passwordHash }),

    async createOwner(trx, organizationId, fields) {
      await assertContactsFree(fields, { executor: trx });
      return writeOrConflict(() =>
        repository.insertUser(trx, {
          ...fields,
          role: 'ADMINISTRATOR',
          organizationId,
          fuelStationId: null,
          status: 'ACTIVE',
        }),
      );
    },
  };
}
