/**
 * The language each person reads FleetFuel in (issue 46): the web app, and the texts, e-mails and
 * coupon PDFs sent to them. Everyone starts in English; the list matches `LANGUAGES` in the contract.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN language text NOT NULL DEFAULT 'en'
    CONSTRAINT users_language_known CHECK (language IN ('en', 'pcm', 'ha', 'yo', 'ig'))`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
