/**
 * Messages in the person's language (issue 46): an outbox row keeps a template key and its
 * parameters, and the sender words it in the recipient's language when it sends it. Rows written
 * before keep their worded body (and are sent as they are), so a row has a body or a template.
 * Organizations may choose ASCII texts: SMS folded to plain GSM-7, half the parts of accented words.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE outgoing_messages
    ADD COLUMN template text,
    ADD COLUMN params jsonb CHECK (params IS NULL OR jsonb_typeof(params) = 'object'),
    ALTER COLUMN body DROP NOT NULL,
    ADD CONSTRAINT outgoing_messages_worded_or_templated CHECK (body IS NOT NULL OR (template IS NOT NULL AND params IS NOT NULL))`.execute(
    db,
  );
  // An e-mail had a subject, a text none (0037); a templated e-mail's subject is worded when it is sent.
  await sql`ALTER TABLE outgoing_messages DROP CONSTRAINT outgoing_messages_check,
    ADD CONSTRAINT outgoing_messages_subject_of_mail CHECK (channel = 'EMAIL' OR subject IS NULL),
    ADD CONSTRAINT outgoing_messages_worded_mail_subject CHECK (channel <> 'EMAIL' OR body IS NULL OR subject IS NOT NULL)`.execute(db);
  await sql`ALTER TABLE organizations ADD COLUMN ascii_texts boolean NOT NULL DEFAULT false`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
