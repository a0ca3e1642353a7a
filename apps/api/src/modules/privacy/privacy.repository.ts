/**
 * SQL of the privacy module: a person's rows across the tables that hold personal data, read
 * newest first through indexes on the person (0054) and cut at a limit, the anonymizing writes of
 * an erasure, and the retention purges, each a bounded batch.
 */
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';

/** The person's row with the names of what it belongs to. */
export function findPerson(db: Database, id: string) {
  return db
    .selectFrom('users as u')
    .leftJoin('organizations as o', 'o.id', 'u.organization_id')
    .leftJoin('fuel_stations as f', 'f.id', 'u.fuel_station_id')
    .leftJoin('departments as g', 'g.id', 'u.department_id')
    .select([
      'u.id',
      'u.name',
      'u.title',
      'u.email',
      'u.phone',
      'u.role',
      'u.status',
      'u.organization_id',
      'u.fuel_station_id',
      'u.image_key',
      'u.frozen_reason',
      'u.created_at',
      'u.erased_at',
      sql<boolean>`u.pump_pin_hash IS NOT NULL`.as('pump_pin_set'),
      sql<boolean>`u.station_pin_hash IS NOT NULL`.as('station_pin_set'),
      'o.name as organization_name',
      'f.name as station_name',
      'g.name as department_name',
    ])
    .where('u.id', '=', id)
    .executeTakeFirst();
}

export type PersonRow = NonNullable<Awaited<ReturnType<typeof findPerson>>>;

/** Locks the person's row for an erasure; what the erasure needs of it. */
export function lockPerson(db: Database, id: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'phone', 'image_key', 'role', 'organization_id', 'fuel_station_id', 'erased_at'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function sessionsOf(db: Database, userId: string, limit: number) {
  return db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_used_at', 'expires_at', 'ended_at', 'end_reason', 'user_agent', 'ip_address'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Fuel requests the person asked for or drove the vehicle of. */
export function fuelRequestsOf(db: Database, userId: string, limit: number) {
  return db
    .selectFrom('fuel_requests as r')
    .innerJoin('fuel_stations as f', 'f.id', 'r.station_id')
    .leftJoin('vehicles as v', 'v.id', 'r.vehicle_id')
    .select([
      'r.id',
      sql<boolean>`r.requested_by = ${userId}`.as('as_requester'),
      sql<boolean>`coalesce(r.driver_id = ${userId}, false)`.as('as_driver'),
      'r.status',
      'v.plate_number',
      'f.name as station_name',
      'r.fuel_type',
      'r.volume',
      'r.supply_date',
      'r.odometer',
      'r.note',
      'r.amount_kobo',
      'r.dispensed_volume',
      'r.created_at',
      'r.approved_at',
      'r.redeemed_at',
    ])
    .where((eb) => eb.or([eb('r.requested_by', '=', userId), eb('r.driver_id', '=', userId)]))
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}

export function maintenanceRequestsOf(db: Database, userId: string, limit: number) {
  return db
    .selectFrom('maintenance_requests as m')
    .leftJoin('fuel_stations as f', 'f.id', 'm.station_id')
    .leftJoin('vehicles as v', 'v.id', 'm.vehicle_id')
    .select([
      'm.id',
      'm.status',
      'v.plate_number',
      'f.name as station_name',
      'm.description',
      'm.service_date',
      'm.cost_kobo',
      'm.final_cost_kobo',
      'm.note',
      'm.created_at',
      'm.approved_at',
      'm.completed_at',
    ])
    .where('m.requested_by', '=', userId)
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(limit)
    .execute();
}

/** The person's contacts as the outbox addressed them. */
const addressedTo = (userId: string, addresses: readonly string[]) =>
  sql<boolean>`(user_id = ${userId}${addresses.length > 0 ? sql` OR recipient IN (${sql.join(addresses)})` : sql``})`;

/** E-mails and texts of the outbox written to the person, by account or by address. */
export function messagesTo(db: Database, userId: string, addresses: readonly string[], limit: number) {
  return db
    .selectFrom('outgoing_messages')
    .select([
      sql<string>`id::text`.as('id'),
      'channel',
      'recipient',
      'subject',
      'body',
      'template',
      'params',
      // As the person reads them: in their language, folded if their organization folds texts.
      sql<string | null>`(SELECT u.language FROM users u WHERE u.id = outgoing_messages.user_id)`.as('language'),
      sql<boolean | null>`(SELECT o.ascii_texts FROM organizations o WHERE o.id = outgoing_messages.organization_id)`.as('ascii_texts'),
      'status',
      'created_at',
      'sent_at',
    ])
    .where(addressedTo(userId, addresses))
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Audit entries of what the person did, and of what was done to their account. */
export function auditEntriesOf(db: Database, userId: string, limit: number) {
  return db
    .selectFrom('audit_log')
    .select([
      sql<string>`id::text`.as('id'),
      'occurred_at',
      sql<boolean>`actor_user_id IS NOT DISTINCT FROM ${userId}::uuid`.as('as_actor'),
      'action',
      'entity_type',
      'entity_id',
      'changes',
      'ip_address',
      'note',
    ])
    .where((eb) =>
      eb.or([eb('actor_user_id', '=', userId), eb.and([eb('entity_type', 'in', ['user', 'driver']), eb('entity_id', '=', userId)])]),
    )
    .orderBy('occurred_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Whether the person holds an approved fuel or maintenance coupon that is not redeemed, rejected or expired yet. */
export async function holdsOpenCoupon(db: Database, userId: string): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .exists(
          eb
            .selectFrom('fuel_requests')
            .select('id')
            .where('status', '=', 'APPROVED')
            .where((w) => w.or([w('requested_by', '=', userId), w('driver_id', '=', userId)])),
        )
        .as('fuel'),
      eb
        .exists(eb.selectFrom('maintenance_requests').select('id').where('status', '=', 'APPROVED').where('requested_by', '=', userId))
        .as('maintenance'),
    ])
    .executeTakeFirstOrThrow();
  return Boolean(row.fuel) || Boolean(row.maintenance);
}

/** Overwrites everything on the person's row that names or reaches them. */
export async function anonymizeUser(db: Database, id: string, values: { email: string; passwordHash: string; name: string; at: Date }) {
  await db
    .updateTable('users')
    .set({
      name: values.name,
      title: null,
      email: values.email,
      phone: null,
      password_hash: values.passwordHash,
      image_key: null,
      status: 'INACTIVE',
      pump_pin_hash: null,
      pump_pin_set_at: null,
      station_pin_hash: null,
      station_pin_set_at: null,
      station_pin_failures: 0,
      station_pin_locked_until: null,
      frozen_reason: sql<string | null>`CASE WHEN frozen_at IS NULL THEN NULL ELSE ${'Erased'} END`,
      erased_at: values.at,
      updated_at: values.at,
    })
    .where('id', '=', id)
    .execute();
}

/** Forgets which devices and addresses the person's sessions came from (the sessions themselves are ended by their module). */
export async function forgetSessionClients(db: Database, userId: string): Promise<void> {
  await db.updateTable('sessions').set({ user_agent: null, ip_address: null }).where('user_id', '=', userId).execute();
}

export async function deleteResetTokens(db: Database, userId: string): Promise<void> {
  await db.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute();
}

/** Deletes the outbox's messages to the person: their bodies name them and carry their codes. */
export async function deleteMessagesTo(db: Database, userId: string, addresses: readonly string[]): Promise<number> {
  const result = await db.deleteFrom('outgoing_messages').where(addressedTo(userId, addresses)).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteSignInAttemptsOf(db: Database, usernames: readonly string[]): Promise<void> {
  if (usernames.length === 0) return;
  await db.deleteFrom('sign_in_attempts').where('username', 'in', usernames).execute();
}

/** Deletes up to `limit` sessions that ended or expired before `before`; returns how many. */
export async function purgeFinishedSessions(db: Database, before: Date, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where(
      'id',
      'in',
      db
        .selectFrom('sessions')
        .select('id')
        .where(sql<Date>`least(ended_at, expires_at)`, '<', before)
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes up to `limit` sign-in attempts made before `before`; returns how many. */
export async function purgeSignInAttempts(db: Database, before: Date, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('sign_in_attempts')
    .where('id', 'in', db.selectFrom('sign_in_attempts').select('id').where('attempted_at', '<', before).limit(limit))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
