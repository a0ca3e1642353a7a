import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';

export async function insertApiKey(
  trx: Database,
  values: { organizationId: string; name: string; scope: string; prefix: string; secretHash: string; createdBy: string },
): Promise<string> {
  const row = await trx
    .insertInto('api_keys')
    .values({
      organization_id: values.organizationId,
      name: values.name,
      scope: values.scope,
      prefix: values.prefix,
      secret_hash: values.secretHash,
      created_by: values.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function keysWithCreator(db: Database) {
  return db
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.created_by')
    .select([
      'k.id',
      'k.organization_id',
      'k.name',
      'k.scope',
      'k.prefix',
      'k.created_at',
      'k.last_used_at',
      'k.revoked_at',
      'u.id as creator_id',
      'u.name as creator_name',
    ]);
}

export type ApiKeyRow = NonNullable<Awaited<ReturnType<typeof findKeyOf>>>;

export function keysOf(db: Database, organizationId: string) {
  return keysWithCreator(db).where('k.organization_id', '=', organizationId).orderBy('k.created_at', 'desc').orderBy('k.id').execute();
}

/** One key of the organization; another organization's key is not found. */
export function findKeyOf(db: Database, organizationId: string, id: string, options: { lock?: boolean } = {}) {
  const query = keysWithCreator(db).where('k.id', '=', id).where('k.organization_id', '=', organizationId);
  return (options.lock ? query.forUpdate('k') : query).executeTakeFirst();
}

export async function revokeKey(trx: Database, id: string): Promise<void> {
  await trx
    .updateTable('api_keys')
    .set({ revoked_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** A key that is not revoked, of an ACTIVE organization, made by a user whose account is still ACTIVE. */
export function findLiveKeyByHash(db: Database, secretHash: string) {
  return db
    .selectFrom('api_keys as k')
    .innerJoin('organizations as o', 'o.id', 'k.organization_id')
    .innerJoin('users as u', 'u.id', 'k.created_by')
    .select(['k.id', 'k.name', 'k.scope', 'k.organization_id', 'k.created_by', 'k.last_used_at'])
    .where('k.secret_hash', '=', secretHash)
    .where('k.revoked_at', 'is', null)
    .where('o.status', '=', 'ACTIVE')
    .where('u.status', '=', 'ACTIVE')
    .executeTakeFirst();
}

export async function touchKey(db: Database, id: string): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}
