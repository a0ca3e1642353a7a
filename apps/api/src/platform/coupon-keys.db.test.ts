/**
 * The coupon signing keys as several instances see them over one database: one signing key however
 * many instances start at once, rotated keys published until their coupons expire, and private
 * keys that only the right APP_SECRET unseals.
 */
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-world.js';
import { createCouponKeyRing } from './coupon-keys.js';

let now = new Date('2026-11-23T10:00:00Z');
const secret = 'a-secret-of-at-least-thirty-two-chars!';
const ring = (appSecret = secret) => createCouponKeyRing({ db: world.t.db, appSecret, now: () => now });

const world = useTestApp({
  setUp: async ({ t }) => {
    await t.db.deleteFrom('coupon_signing_keys').execute();
  },
});

describe('coupon signing keys', () => {
  it('five instances starting at once agree on one signing key', async () => {
    // From no key at all, as a new platform starts, whatever keys the other tests made.
    await world.t.db.deleteFrom('coupon_signing_keys').execute();
    const kids = await Promise.all(
      Array.from({ length: 5 }, () =>
        ring()
          .signingKey()
          .then((k) => k.kid),
      ),
    );
    expect(new Set(kids).size).toBe(1);
    const rows = await world.t.db.selectFrom('coupon_signing_keys').select(['kid', 'retired_at', 'private_key_sealed']).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.retired_at).toBeNull();
    // Sealed: the stored text is not a PEM or DER key.
    expect(rows[0]?.private_key_sealed).not.toMatch(/PRIVATE KEY/);
    expect((await ring().jwks()).keys.map((k) => k.kid)).toEqual(kids.slice(0, 1));
  });

  it('a rotated key stays published until its coupons expire, then disappears', async () => {
    // One key to start from, not those another test left published.
    await world.t.db.deleteFrom('coupon_signing_keys').execute();
    const keys = ring();
    const old = (await keys.signingKey()).kid;
    const fresh = await keys.rotate(new Date(now.getTime() + 3_600_000));
    expect((await keys.signingKey()).kid).toBe(fresh);
    expect((await keys.jwks()).keys.map((k) => k.kid).sort()).toEqual([old, fresh].sort());
    expect(await keys.publicKey(old)).not.toBeNull();
    now = new Date(now.getTime() + 2 * 3_600_000);
    expect(await keys.publicKey(old)).toBeNull();
    expect((await keys.jwks()).keys.map((k) => k.kid)).toEqual([fresh]);
    expect(await ring().publicKey(old)).toBeNull();
  });

  it('an instance whose APP_SECRET cannot unseal the signing key makes a new one and keeps the old one published', async () => {
    const before = (await ring().signingKey()).kid;
    const other = ring('another-secret-of-at-least-thirty-two!');
    const replaced = (await other.signingKey()).kid;
    expect(replaced).not.toBe(before);
    expect((await other.jwks()).keys.map((k) => k.kid)).toEqual(expect.arrayContaining([before, replaced]));
    expect(await other.publicKey(before)).not.toBeNull();
  });

  it('an unknown key id is looked up in the database, not trusted', async () => {
    expect(await ring().publicKey('no-such-key')).toBeNull();
  });
});
