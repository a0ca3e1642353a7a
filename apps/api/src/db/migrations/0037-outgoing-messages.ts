/**
 * The outbox of e-mails and texts (issue 16; architecture.md "one queue for all background work").
 * A message row is written in the transaction of the change it tells about, so a rolled-back
 * change mails nothing and a committed one is sent even when the process stops right after the
 * commit; any instance claims due rows (`FOR UPDATE SKIP LOCKED`), sends them, and a failed send is
 * tried again with backoff. Until now these were sent from memory after the reply: a crash lost
 * them and a refused SMTP send was only logged.
 *
 * The recipient's address and name are read when the row is written (who wants the kind of e-mail
 * is decided then, like before). No foreign keys: a user may be deleted while a message to them
 * waits, and the hot write path should not lock the user's row for each message.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE outgoing_messages (
    id bigserial PRIMARY KEY,
    organization_id uuid,
    channel text NOT NULL CHECK (channel IN ('EMAIL', 'SMS')),
    user_id uuid,
    recipient text NOT NULL CHECK (length(recipient) BETWEEN 1 AND 320),
    recipient_name text,
    subject text,
    body text NOT NULL,
    status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SENT', 'FAILED')),
    attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    next_attempt_at timestamptz NOT NULL,
    last_error text CHECK (length(last_error) <= 500),
    created_at timestamptz NOT NULL DEFAULT now(),
    sent_at timestamptz,
    CHECK ((channel = 'EMAIL') = (subject IS NOT NULL))
  )`.execute(db);
  // The dispatcher's claim: due PENDING messages, oldest first.
  await sql`CREATE INDEX outgoing_messages_due ON outgoing_messages (next_attempt_at, id) WHERE status = 'PENDING'`.execute(db);
  // Sent messages are kept a while for the operator, then purged oldest first.
  await sql`CREATE INDEX outgoing_messages_sent ON outgoing_messages (sent_at) WHERE status = 'SENT'`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
