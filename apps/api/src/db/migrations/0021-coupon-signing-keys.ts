/**
 * Ed25519 keys that sign coupons' QR payloads as compact JWS (issue 13), so that a station's device
 * can check a coupon offline against the published JWKS. One key signs at a time; a rotated key
 * stays published until the last coupon it may have signed expires (`verify_until`). The private
 * key is sealed with a key derived from APP_SECRET: a copy of the database alone cannot sign.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE coupon_signing_keys (
    kid text PRIMARY KEY,
    public_jwk jsonb NOT NULL,
    private_key_sealed text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    retired_at timestamptz,
    verify_until timestamptz,
    CHECK ((retired_at IS NULL) = (verify_until IS NULL))
  )`.execute(db);
  // At most one signing key: two instances starting at once cannot both create one.
  await sql`CREATE UNIQUE INDEX coupon_signing_keys_one_active ON coupon_signing_keys ((retired_at IS NULL)) WHERE retired_at IS NULL`.execute(
    db,
  );
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
