/**
 * The audit trail (issue 12): one row per approval, rejection, redemption, money movement, price,
 * plan, role or status change and privileged sign-in, written by the audit module in the same
 * transaction as the change. Who acted is kept as a snapshot (name and role at the time), so the
 * entry still reads right after the user is renamed or changes role. Rows are append-only: like
 * the journal, triggers refuse UPDATE, DELETE and TRUNCATE. The ids carry no foreign keys: an entry
 * outlives its record (a deleted organization's history stays readable), and a key's ON DELETE
 * action would have to update or delete entries, which the triggers refuse.
 *
 * `organization_id` and `station_id` scope the entry (an organization admin sees its organization's,
 * a station rep its station's); a redemption carries both. The list is read newest first per scope
 * and a record's history by (entity_type, entity_id), hence the indexes.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE audit_log (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      occurred_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      actor_user_id uuid,
      actor_name text,
      actor_role text,
      organization_id uuid,
      station_id uuid,
      action text NOT NULL CHECK (action ~ '^[a-z_]+\\.[a-z_]+$'),
      entity_type text NOT NULL CHECK (entity_type ~ '^[a-z_]+$'),
      entity_id text NOT NULL CHECK (length(entity_id) BETWEEN 1 AND 100),
      changes jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(changes) = 'object'),
      ip_address text CHECK (length(ip_address) <= 100),
      note text CHECK (length(note) <= 1000),
      CHECK ((actor_user_id IS NULL) = (actor_name IS NULL) AND (actor_user_id IS NULL) = (actor_role IS NULL))
    )`.execute(db);
  await sql`CREATE INDEX audit_log_recent ON audit_log (occurred_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX audit_log_organization_recent ON audit_log (organization_id, occurred_at DESC, id DESC)
    WHERE organization_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX audit_log_station_recent ON audit_log (station_id, occurred_at DESC, id DESC)
    WHERE station_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX audit_log_entity_history ON audit_log (entity_type, entity_id, occurred_at DESC, id DESC)`.execute(db);

  await sql`
    CREATE FUNCTION audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit_log is append-only: entries are never changed or removed' USING ERRCODE = 'P0001';
    END $$`.execute(db);
  await sql`CREATE TRIGGER audit_log_no_update_or_delete BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_is_append_only()`.execute(db);
  await sql`CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
    FOR EACH STATEMENT EXECUTE FUNCTION audit_log_is_append_only()`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
