/**
 * The account rules shared by every way of managing accounts (account managers' /admin/users,
 * fleet managers' /drivers, the caller's own profile): where an account belongs, who may manage
 * which role, unique contacts, plan limits, avatars, and ending sessions when access changes.
 */
import {
  MANAGEABLE_ROLES,
  ROLE_LABELS,
  isOrganizationRole,
  isStationRole,
  type AssetType,
  type Driver,
  type Language,
  type Role,
  type RouteBody,
  type User,
  type VehicleFuelType,
  type userRoutes,
} from '@fleetfuel/contract';
import type { Database } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/db/database.js';
import { AppError, forbidden, invalidField, notFound } from '../../platform/errors.js';
import { assertPasswordAllowed, hashPassword } from '../../platform/auth/passwords.js';
import type { Actor } from '../../platform/http/actor.js';
import type { UploadedFile } from '../../platform/http/uploads.js';
import type { DepartmentsService } from '../departments/index.js';
import type { FilesService } from '../files/index.js';
import type { SessionsService } from '../sessions/index.js';
import type { UsageService } from '../subscriptions/index.js';
import { auditTrail } from '../audit/index.js';
import type { PasswordInvitations } from './password-invitations.js';
import { frozenOf } from '../freezes/index.js';
import * as repository from './users.repository.js';
import type { UserScope, UserViewRow } from './users.repository.js';

export type CreateBody = RouteBody<typeof userRoutes.create>;
export type UpdateBody = RouteBody<typeof userRoutes.update>;

/** What an account form may carry beyond the account's own fields. */
export interface AccountExtras {
  departmentId?: string | null | undefined;
  image?: UploadedFile | undefined;
}

export function toUser(row: UserViewRow, files: Pick<FilesService, 'url'>): User {
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
    language: row.language as Language,
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

export function toDriver(row: UserViewRow, files: Pick<FilesService, 'url'>): Driver {
  return {
    ...toUser(row, files),
    departmentId: row.department_id,
    department: row.department_id && row.department_name ? { id: row.department_id, name: row.department_name } : null,
    passwordPending: row.password_pending,
    frozen: frozenOf(row),
  };
}

/** The accounts an actor may see. */
export function scopeOf(actor: Actor): UserScope {
  if (actor.role === 'ADMIN') return { kind: 'all' };
  if (actor.organizationId) return { kind: 'organization', id: actor.organizationId };
  if (actor.fuelStationId) return { kind: 'station', id: actor.fuelStationId };
  throw forbidden();
}

export function assertCanManage(actor: Actor, role: Role, verb: 'create' | 'manage'): void {
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
  /** The auth module's invitations to choose a password, for drivers imported without one. */
  invitations: PasswordInvitations;
}

/** The shared account operations the users, drivers and profile services are built on. */
export function createAccounts(deps: UsersDeps) {
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
      {
        purpose: 'USER_AVATAR',
        organizationId: placement.organizationId,
        fuelStationId: placement.fuelStationId,
        uploadedBy: actor.userId,
      },
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

  /**
   * What follows an update inside its transaction: the audit trail of a change of role or status,
   * and the end of the account's sessions when it is disabled or its password changed (a user who
   * changed their own keeps the session that did it).
   */
  async function afterAccessChange(
    trx: Database,
    actor: Actor,
    existing: UserViewRow,
    change: { role: Role; status: string; tenant: { organizationId: string | null; stationId: string | null }; passwordChanged: boolean },
  ) {
    const id = existing.id;
    const currentRole = existing.role as Role;
    const { role, status, tenant } = change;
    if (role !== currentRole)
      await auditTrail.record(trx, {
        actor,
        action: 'user.role_changed',
        entityId: id,
        ...tenant,
        before: { role: currentRole },
        after: { role },
      });
    if (status !== existing.status)
      await auditTrail.record(trx, {
        actor,
        action: 'user.status_changed',
        entityId: id,
        ...tenant,
        before: { status: existing.status },
        after: { status },
      });
    if (status === 'INACTIVE' && existing.status !== 'INACTIVE') {
      await sessions.endAllOf(id, 'DISABLED', { db: trx });
    } else if (change.passwordChanged && actor.userId !== id) {
      await sessions.endAllOf(id, 'PASSWORD_RESET', { db: trx });
    } else if (change.passwordChanged) {
      await sessions.endAllOf(id, 'PASSWORD_CHANGE', { db: trx, except: actor.sessionId });
    }
  }

  /** Updates an account the actor may see; `manageCheck` false when the route's permission already decided. */
  async function updateAccount(
    actor: Actor,
    existing: UserViewRow,
    body: UpdateBody,
    extras: AccountExtras,
    options: { manageCheck: boolean },
  ) {
    const id = existing.id;
    const currentRole = existing.role as Role;
    const isSelf = actor.userId === id;
    if (!isSelf && options.manageCheck) assertCanManage(actor, currentRole, 'manage');
    // An erased person's account only holds ids for the records that point at it (issue 45): it never comes back.
    if (existing.erased_at) throw new AppError('CONFLICT', "This person's personal data was erased; the account cannot be changed");
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
        await afterAccessChange(trx, actor, existing, {
          role,
          status,
          tenant: { organizationId, stationId: fuelStationId },
          passwordChanged: passwordHash !== undefined,
        });
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

  return { findView, assertContactsFree, writeOrConflict, storeAvatar, createAccount, updateAccount, removeAccount };
}

export type Accounts = ReturnType<typeof createAccounts>;
