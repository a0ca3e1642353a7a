/**
 * The Ed25519 keys that sign coupons (migration 0021). One key signs at a time; every instance
 * reads the keys from the database, so a key created or rotated by one instance is used by all
 * within a minute, and a payload signed by a key this instance has not seen yet makes it look
 * again (at most once every few seconds, so made-up key ids cannot flood the database).
 *
 * Private keys are sealed (`platform/sealing.ts`) under a key derived from APP_SECRET. A key that no
 * longer unseals (APP_SECRET changed) still verifies what it signed, but a new signing key is made.
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from './db/database.js';
import type { Ed25519PublicJwk } from './db/schema.js';
import { seal, sealingKey, unseal } from './sealing.js';

/** How long an instance trusts its copy of the keys before reading them again. */
const RELOAD_AFTER_MS = 60_000;
/** The least time between two reloads caused by an unknown key id. */
const UNKNOWN_KID_RELOAD_MS = 5_000;

interface SigningKey {
  kid: string;
  privateKey: KeyObject;
}

export interface CouponKeyRing {
  /** The key that signs now; created on first use when there is none. */
  signingKey(): Promise<SigningKey>;
  /** The public key of a published key id, or null when it is unknown or no longer published. */
  publicKey(kid: string): Promise<KeyObject | null>;
  /** The published keys: the signing key and retired keys whose coupons may still be open. */
  jwks(): Promise<{ keys: Ed25519PublicJwk[] }>;
  /**
   * Retires the signing key, keeping it published until `verifyUntil` (the latest expiry of the
   * coupons it may have signed), and makes a new one. Returns the new key's id.
   */
  rotate(verifyUntil: Date): Promise<string>;
}

interface KeyRow {
  kid: string;
  public_jwk: Ed25519PublicJwk;
  private_key_sealed: string;
  retired_at: Date | null;
  verify_until: Date | null;
}

interface Loaded {
  at: number;
  signing: SigningKey | null;
  published: Map<string, { jwk: Ed25519PublicJwk; key: KeyObject; verifyUntil: Date | null }>;
}

function sealPrivateKey(key: Buffer, privateKey: KeyObject): string {
  return seal(key, privateKey.export({ format: 'der', type: 'pkcs8' }));
}

function unsealPrivateKey(key: Buffer, text: string): KeyObject | null {
  const der = unseal(key, text);
  if (!der) return null;
  try {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  } catch {
    return null;
  }
}

/** A new key pair, named by its public key's thumbprint. */
function newKey(sealWith: Buffer): { row: Omit<KeyRow, 'retired_at' | 'verify_until'>; signing: SigningKey } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const { x } = publicKey.export({ format: 'jwk' }) as { x: string };
  // The RFC 7638 thumbprint, cut to 16 characters (96 bits): unique among a handful of keys, and
  // short, because the key id travels in every QR code.
  const kid = createHash('sha256')
    .update(JSON.stringify({ crv: 'Ed25519', kty: 'OKP', x }))
    .digest('base64url')
    .slice(0, 16);
  return {
    row: {
      kid,
      public_jwk: { kty: 'OKP', crv: 'Ed25519', x, kid, alg: 'EdDSA', use: 'sig' },
      private_key_sealed: sealPrivateKey(sealWith, privateKey),
    },
    signing: { kid, privateKey },
  };
}

export function createCouponKeyRing(deps: { db: Database; appSecret: string; now: () => Date }): CouponKeyRing {
  const { db } = deps;
  const sealWith = sealingKey(deps.appSecret, 'coupon-signing-key');
  let loaded: Promise<Loaded> | null = null;
  let lastUnknownReload = 0;

  async function read(): Promise<Loaded> {
    const rows = (await db
      .selectFrom('coupon_signing_keys')
      .select(['kid', 'public_jwk', 'private_key_sealed', 'retired_at', 'verify_until'])
      .where((eb) => eb.or([eb('retired_at', 'is', null), eb('verify_until', '>', deps.now())]))
      .orderBy('created_at')
      .execute()) as KeyRow[];
    const published: Loaded['published'] = new Map();
    let signing: SigningKey | null = null;
    for (const row of rows) {
      published.set(row.kid, {
        jwk: row.public_jwk,
        key: createPublicKey({ key: { ...row.public_jwk }, format: 'jwk' }),
        verifyUntil: row.verify_until,
      });
      if (row.retired_at === null) {
        const privateKey = unsealPrivateKey(sealWith, row.private_key_sealed);
        if (privateKey) signing = { kid: row.kid, privateKey };
      }
    }
    return { at: Date.now(), signing, published };
  }

  function current(force = false): Promise<Loaded> {
    if (force || !loaded) {
      const next = read();
      loaded = next;
      // A failed read is not kept: the next call tries again.
      next.catch(() => {
        if (loaded === next) loaded = null;
      });
      return next;
    }
    return loaded.then((state) => (Date.now() - state.at > RELOAD_AFTER_MS ? current(true) : state));
  }

  /** Retires the signing key (if any) and stores a new one, in one transaction. */
  async function replaceSigningKey(verifyUntil: Date): Promise<string> {
    const fresh = newKey(sealWith);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('coupon_signing_keys')
        .set({ retired_at: deps.now(), verify_until: verifyUntil })
        .where('retired_at', 'is', null)
        .execute();
      await trx
        .insertInto('coupon_signing_keys')
        .values({ ...fresh.row, public_jwk: JSON.stringify(fresh.row.public_jwk) })
        .execute();
    });
    await current(true);
    return fresh.row.kid;
  }

  async function signingKey(): Promise<SigningKey> {
    const cached = await current();
    if (cached.signing) return cached.signing;
    // Another instance may have made the key since this one last read: read again before making one.
    let state = await current(true);
    if (state.signing) return state.signing;
    const active = await db
      .selectFrom('coupon_signing_keys')
      .select(['kid', 'private_key_sealed'])
      .where('retired_at', 'is', null)
      .executeTakeFirst();
    // The key found may be one another instance committed after the read above: it opens, and is read below.
    if (active && !unsealPrivateKey(sealWith, active.private_key_sealed)) {
      // A signing key exists that this APP_SECRET cannot unseal: replace it, keeping it published
      // as long as any coupon lives (the longest a coupon can be valid is not known here). Another
      // instance may replace it at the same moment; its key then serves this one too.
      await replaceSigningKey(new Date(deps.now().getTime() + 366 * 86_400_000)).catch(() => undefined);
    } else if (!active) {
      const fresh = newKey(sealWith);
      // Two instances may get here at once: the unique index keeps one key, both then read it.
      await sql`INSERT INTO coupon_signing_keys (kid, public_jwk, private_key_sealed)
        VALUES (${fresh.row.kid}, ${JSON.stringify(fresh.row.public_jwk)}, ${fresh.row.private_key_sealed})
        ON CONFLICT DO NOTHING`.execute(db);
    }
    state = await current(true);
    if (!state.signing) throw new Error('No coupon signing key could be created or unsealed');
    return state.signing;
  }

  return {
    signingKey,

    async publicKey(kid) {
      let state = await current();
      if (!state.published.has(kid) && Date.now() - lastUnknownReload > UNKNOWN_KID_RELOAD_MS) {
        lastUnknownReload = Date.now();
        state = await current(true);
      }
      const entry = state.published.get(kid);
      if (!entry) return null;
      return entry.verifyUntil && entry.verifyUntil <= deps.now() ? null : entry.key;
    },

    async jwks() {
      await signingKey();
      const state = await current();
      return { keys: [...state.published.values()].filter((e) => !e.verifyUntil || e.verifyUntil > deps.now()).map((e) => e.jwk) };
    },

    rotate: replaceSigningKey,
  };
}

/** How long a retired key keeps vouching for the windscreen stickers it signed, unless told otherwise. */
export const STICKER_GRACE_DAYS = 90;

/**
 * Until when a retired signing key stays published: past the last coupon it may have signed and, for
 * the windscreen stickers it signed (which have no expiry), a grace period to print them again with
 * the new key. A key retired because it leaked is retired with `stickerGraceDays: 0`: its stickers
 * stop verifying at once, and only its live coupons keep it.
 */
export function retiredKeyVerifyUntil(now: Date, latestCouponExpiry: Date | null, stickerGraceDays = STICKER_GRACE_DAYS): Date {
  const DAY_MS = 86_400_000;
  return new Date(Math.max(now.getTime() + Math.max(1, stickerGraceDays) * DAY_MS, latestCouponExpiry ? latestCouponExpiry.getTime() : 0));
}
