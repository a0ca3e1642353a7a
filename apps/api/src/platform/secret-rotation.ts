/**
 * Rotating APP_SECRET (docs/operations.md, "Rotating secrets"): with APP_SECRET_PREVIOUS set to the
 * old value, what the database keeps sealed under it (the coupon signing keys' private keys, the
 * webhook endpoints' signing secrets) is sealed again under the new one at start, so the rotation
 * loses neither. Each row changes only if it still holds what was read, so instances starting
 * together do the work once; a row that neither secret opens is left as it is.
 */
import type { Database } from './db/database.js';
import { seal, sealingKey, unseal } from './sealing.js';

export interface Resealed {
  couponKeys: number;
  webhookSecrets: number;
}

/** A value sealed under `from` and not under `to`, sealed under `to`; null when there is nothing to do. */
function resealed(sealed: string, from: Buffer, to: Buffer): string | null {
  if (unseal(to, sealed) !== null) return null;
  const plain = unseal(from, sealed);
  return plain === null ? null : seal(to, plain);
}

export async function resealUnderNewSecret(db: Database, secrets: { previous: string; current: string }): Promise<Resealed> {
  const keysFor = (purpose: string) => ({ from: sealingKey(secrets.previous, purpose), to: sealingKey(secrets.current, purpose) });
  const result: Resealed = { couponKeys: 0, webhookSecrets: 0 };

  const coupon = keysFor('coupon-signing-key');
  for (const row of await db.selectFrom('coupon_signing_keys').select(['kid', 'private_key_sealed']).execute()) {
    const next = resealed(row.private_key_sealed, coupon.from, coupon.to);
    if (next === null) continue;
    const changed = await db
      .updateTable('coupon_signing_keys')
      .set({ private_key_sealed: next })
      .where('kid', '=', row.kid)
      .where('private_key_sealed', '=', row.private_key_sealed)
      .executeTakeFirst();
    result.couponKeys += Number(changed.numUpdatedRows);
  }

  // Deleted endpoints too: their deliveries' history names them, and they cost nothing to keep readable.
  const webhook = keysFor('webhook-secret');
  for (const row of await db.selectFrom('webhook_endpoints').select(['id', 'secret_sealed']).execute()) {
    const next = resealed(row.secret_sealed, webhook.from, webhook.to);
    if (next === null) continue;
    const changed = await db
      .updateTable('webhook_endpoints')
      .set({ secret_sealed: next })
      .where('id', '=', row.id)
      .where('secret_sealed', '=', row.secret_sealed)
      .executeTakeFirst();
    result.webhookSecrets += Number(changed.numUpdatedRows);
  }
  return result;
}
