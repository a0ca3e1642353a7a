/**
 * Organization API keys (issue 14): a named secret with a scope that acts as its organization on
 * the API. Only the SHA-256 of the secret is stored (the secret is 256 random bits, so a plain hash
 * is enough, as for session tokens) and looked up by equality; `prefix` keeps the first characters
 * so that the list can tell keys apart. A revoked key keeps its row, for the list and the audit trail.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE api_keys (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    organization_id uuid NOT NULL REFERENCES organizations (id),
    name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
    scope text NOT NULL CHECK (scope IN ('read', 'request')),
    prefix text NOT NULL CHECK (length(prefix) BETWEEN 1 AND 20),
    secret_hash text NOT NULL UNIQUE,
    created_by uuid NOT NULL REFERENCES users (id),
    created_at timestamptz NOT NULL DEFAULT now(),
    last_used_at timestamptz,
    revoked_at timestamptz
  )`.execute(db);
  await sql`CREATE INDEX api_keys_organization ON api_keys (organization_id, created_at DESC)`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
