import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { DRIVER_SORTS, USER_SORTS } from '@fleetfuel/contract';
import { NO_PASSWORD_YET } from '../../platform/auth/passwords.js';
import type { Database } from '../../platform/db/database.js';
import { listOrder, type SortChoice, type SortExpression } from '../../platform/db/list-order.js';
import type { UsersTable } from '../../platform/db/schema.js';
import { afterCursor, cursorInstant, type NewestFirstCursor } from '../../platform/db/keyset.js';
import { anyOf, containsPattern, pageOffset } from '../../platform/db/search.js';

/** Which accounts a caller may see: everyone, one organization's, or one station's. */
export type UserScope = { kind: 'all' } | { kind: 'organization'; id: string } | { kind: 'station'; id: string };

export interface UserFilters {
  search?: string | undefined;
  role?: string | undefined;
  status?: string | undefined;
  organizationId?: string | undefined;
  fuelStationId?: string | undefined;
  departmentId?: string | undefined;
  /** Only accounts without a vehicle. */
  withoutVehicle?: boolean;
  /** Only accounts created in [from, until). */
  createdWithin?: { from?: Date; until?: Date };
  page: number;
  pageSize: number;
}

/** The columns the users and drivers lists sort by (each list allows its own of them). */
export type UserSort = (typeof USER_SORTS)[number] | (typeof DRIVER_SORTS)[number];

/**
 * The sortable columns over the users table (`u`) alone: a driver's group and client are scalar
 * subqueries, so that the page of ids is still chosen from the users table and the final query
 * (which joins them) orders its rows the same way. Text ignores case; e-mails and phone numbers
 * are stored normalized (lower case, +234…), so they sort as they are.
 */
const USER_SORT_COLUMNS: Record<UserSort, SortExpression> = {
  name: sql`lower(u.name)`,
  email: 'u.email',
  phone: 'u.phone',
  role: 'u.role',
  group: sql`(SELECT lower(sg.name) FROM departments sg WHERE sg.id = u.department_id)`,
  client: sql`(SELECT lower(so.name) FROM organizations so WHERE so.id = u.organization_id)`,
  status: 'u.status',
  createdAt: 'u.created_at',
};

function userViews(db: Database) {
  return db
    .selectFrom('users as u')
    .leftJoin('organizations as o', 'o.id', 'u.organization_id')
    .leftJoin('fuel_stations as f', 'f.id', 'u.fuel_station_id')
    .leftJoin('vehicles as v', 'v.driver_id', 'u.id')
    .leftJoin('departments as g', 'g.id', 'u.department_id')
    .select([
      'u.id',
      'u.name',
      'u.title',
      'u.email',
      'u.phone',
      'u.language',
      'u.role',
      'u.organization_id',
      'u.fuel_station_id',
      'u.image_key',
      'u.status',
      'u.created_at',
      'u.frozen_at',
      'u.frozen_reason',
      'u.erased_at',
      'o.name as organization_name',
      'o.image_key as organization_image_key',
      'f.name as station_name',
      'f.image_key as station_image_key',
      'v.id as vehicle_id',
      'v.plate_number as vehicle_plate_number',
      'v.make as vehicle_make',
      'v.model as vehicle_model',
      'v.type as vehicle_type',
      'v.fuel_type as vehicle_fuel_type',
      'u.department_id',
      'g.name as department_name',
      // Whether the account still waits for its owner to choose a password; the hash itself never leaves.
      sql<boolean>`u.password_hash = ${NO_PASSWORD_YET}`.as('password_pending'),
    ]);
}

export type UserViewRow = NonNullable<Awaited<ReturnType<typeof findUserView>>>;

function inScope(scope: UserScope) {
  return (eb: ExpressionBuilder<{ u: UsersTable }, 'u'>) => {
    if (scope.kind === 'organization') return eb('u.organization_id', '=', scope.id);
    if (scope.kind === 'station') return eb('u.fuel_station_id', '=', scope.id);
    return eb.lit(true);
  };
}

export function findUserView(db: Database, id: string, scope: UserScope = { kind: 'all' }) {
  return userViews(db).where('u.id', '=', id).where(inScope(scope)).executeTakeFirst();
}

/** The accounts in scope that pass a list's filters, on the users table alone: the list and its export share it. */
function filteredUsers(db: Database, scope: UserScope, filters: Omit<UserFilters, 'page' | 'pageSize'>) {
  let users = db.selectFrom('users as u').where(inScope(scope));
  if (filters.search) {
    // The very expression of the users_search_trgm index (migration 0001), so that the index applies.
    users = users.where(
      sql<string>`u.name || ' ' || coalesce(u.email, '') || ' ' || coalesce(u.phone, '')`,
      'ilike',
      containsPattern(filters.search),
    );
  }
  if (filters.role) users = users.where('u.role', '=', filters.role);
  if (filters.status) users = users.where('u.status', '=', filters.status);
  if (filters.organizationId) users = users.where('u.organization_id', '=', filters.organizationId);
  if (filters.fuelStationId) users = users.where('u.fuel_station_id', '=', filters.fuelStationId);
  if (filters.departmentId) users = users.where('u.department_id', '=', filters.departmentId);
  if (filters.withoutVehicle) {
    users = users.where((eb) => eb.not(eb.exists(eb.selectFrom('vehicles as dv').select('dv.id').whereRef('dv.driver_id', '=', 'u.id'))));
  }
  if (filters.createdWithin?.from) users = users.where('u.created_at', '>=', filters.createdWithin.from);
  if (filters.createdWithin?.until) users = users.where('u.created_at', '<', filters.createdWithin.until);
  return users;
}

/**
 * A page of accounts: the page's ids come from the users table alone, by default in the order of
 * the index of its scope (`(organization_id, role, created_at DESC, id)` and the like), and only
 * those rows are joined; both queries order by the same expression.
 */
export async function listUserViews(db: Database, scope: UserScope, filters: UserFilters & SortChoice<UserSort>) {
  const users = filteredUsers(db, scope, filters);
  const order = listOrder(USER_SORT_COLUMNS, filters, sql`u.created_at DESC, u.id`, 'u.id');
  const pageIds = users.select('u.id').orderBy(order).limit(filters.pageSize).offset(pageOffset(filters.page, filters.pageSize));
  const [rows, count] = await Promise.all([
    userViews(db).where('u.id', '=', anyOf(pageIds)).orderBy(order).execute(),
    users.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** The next `size` accounts of the list after `after`, in the list's order, for an export. */
export function userViewBatch(
  db: Database,
  scope: UserScope,
  filters: Omit<UserFilters, 'page' | 'pageSize'>,
  after: NewestFirstCursor | null,
  size: number,
) {
  const batchIds = filteredUsers(db, scope, filters)
    .select('u.id')
    .$if(after !== null, (q) => q.where(afterCursor('u.created_at', 'u.id', after as NewestFirstCursor)))
    .orderBy('u.created_at', 'desc')
    .orderBy('u.id')
    .limit(size);
  return userViews(db)
    .select(cursorInstant('u.created_at').as('cursor_at'))
    .where('u.id', '=', anyOf(batchIds))
    .orderBy('u.created_at', 'desc')
    .orderBy('u.id')
    .execute();
}

export function findUserById(db: Database, id: string): Promise<Selectable<UsersTable> | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByUsername(db: Database, username: string): Promise<Selectable<UsersTable> | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('email', '=', username), eb('phone', '=', username)]))
    .executeTakeFirst();
}

/** Another account already holding this e-mail or phone, if any. */
export function findContactOwner(db: Database, contact: { email?: string | null; phone?: string | null }, exceptId?: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'phone'])
    .where((eb) => {
      const clauses = [];
      if (contact.email) clauses.push(eb('email', '=', contact.email));
      if (contact.phone) clauses.push(eb('phone', '=', contact.phone));
      return clauses.length ? eb.or(clauses) : eb.val(false);
    })
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId as string))
    .executeTakeFirst();
}

export interface UserInsert {
  name: string;
  title: string | null;
  email: string | null;
  phone: string | null;
  role: string;
  organizationId: string | null;
  fuelStationId: string | null;
  passwordHash: string;
  status: string;
  departmentId?: string | null;
  imageKey?: string | null;
  language?: string;
}

const userColumns = (values: UserInsert) => ({
  name: values.name,
  title: values.title,
  email: values.email,
  phone: values.phone,
  role: values.role,
  organization_id: values.organizationId,
  fuel_station_id: values.fuelStationId,
  password_hash: values.passwordHash,
  status: values.status,
  department_id: values.departmentId ?? null,
});

export async function insertUser(db: Database, values: UserInsert): Promise<string> {
  const row = await db.insertInto('users').values(userColumns(values)).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Inserts accounts under ids the caller chose, one statement for all `rows`: the driver import
 * writes the tokens of the drivers it invites in the same transaction, so it needs their ids
 * without reading the accounts back.
 */
export async function insertUsersWithIds(db: Database, rows: readonly (UserInsert & { id: string })[]): Promise<void> {
  await db
    .insertInto('users')
    .values(rows.map((row) => ({ id: row.id, ...userColumns(row) })))
    .execute();
}

/** Which of these e-mails and phone numbers an account already holds (both are unique platform-wide). */
export async function takenContacts(
  db: Database,
  emails: readonly string[],
  phones: readonly string[],
): Promise<{ emails: Set<string>; phones: Set<string> }> {
  if (emails.length === 0 && phones.length === 0) return { emails: new Set(), phones: new Set() };
  const rows = await db
    .selectFrom('users')
    .select(['email', 'phone'])
    .where((eb) =>
      eb.or([...(emails.length ? [eb('email', 'in', [...emails])] : []), ...(phones.length ? [eb('phone', 'in', [...phones])] : [])]),
    )
    .execute();
  const asked = { emails: new Set(emails), phones: new Set(phones) };
  return {
    emails: new Set(rows.flatMap((row) => (row.email && asked.emails.has(row.email) ? [row.email] : []))),
    phones: new Set(rows.flatMap((row) => (row.phone && asked.phones.has(row.phone) ? [row.phone] : []))),
  };
}

export type UserPatch = Partial<Omit<UserInsert, 'passwordHash'>> & { passwordHash?: string };

export async function updateUser(db: Database, id: string, patch: UserPatch): Promise<void> {
  await db
    .updateTable('users')
    .set({
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.title !== undefined ? { title: patch.title } : {}),
      ...(patch.email !== undefined ? { email: patch.email } : {}),
      ...(patch.phone !== undefined ? { phone: patch.phone } : {}),
      ...(patch.role !== undefined ? { role: patch.role } : {}),
      ...(patch.organizationId !== undefined ? { organization_id: patch.organizationId } : {}),
      ...(patch.fuelStationId !== undefined ? { fuel_station_id: patch.fuelStationId } : {}),
      ...(patch.status !== undefined ? { status: patch.status } : {}),
      ...(patch.passwordHash !== undefined ? { password_hash: patch.passwordHash } : {}),
      ...(patch.departmentId !== undefined ? { department_id: patch.departmentId } : {}),
      ...(patch.imageKey !== undefined ? { image_key: patch.imageKey } : {}),
      ...(patch.language !== undefined ? { language: patch.language } : {}),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Whether the account still has no password, read under a row lock so that a password chosen
 * meanwhile (through an earlier link) waits for the caller's transaction or is seen by it.
 */
export async function lockPasswordPending(db: Database, id: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', id).forUpdate().executeTakeFirst();
  return row?.password_hash === NO_PASSWORD_YET;
}

/** A driver's pump PIN (0023): a new hash, or null when the organization admin resets it. */
export async function setPumpPinHash(db: Database, id: string, pinHash: string | null): Promise<void> {
  await db
    .updateTable('users')
    .set({ pump_pin_hash: pinHash, pump_pin_set_at: pinHash === null ? null : sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export async function deleteUser(db: Database, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

export function findStation(db: Database, stationId: string) {
  return db.selectFrom('fuel_stations').select(['id', 'name', 'status']).where('id', '=', stationId).executeTakeFirst();
}

/** Sign-ins, vehicle assignments and requests are history: an account that has any is never deleted. */
export async function userHasHistory(db: Database, id: string): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.exists(eb.selectFrom('sessions').select('id').where('user_id', '=', id)).as('signed_in'),
      eb.exists(eb.selectFrom('vehicle_assignments').select('id').where('driver_id', '=', id)).as('assigned'),
      eb.exists(eb.selectFrom('fuel_requests').select('id').where('requested_by', '=', id)).as('requested_fuel'),
      eb.exists(eb.selectFrom('maintenance_requests').select('id').where('requested_by', '=', id)).as('requested_maintenance'),
    ])
    .executeTakeFirstOrThrow();
  return Object.values(row).some(Boolean);
}
