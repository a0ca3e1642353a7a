/** APP_SECRET_PREVIOUS: the coupon keys' and webhook endpoints' secrets follow a rotation of APP_SECRET. */
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-world.js';
import { seal, sealingKey, unseal } from './sealing.js';
import { resealUnderNewSecret } from './secret-rotation.js';

const world = useTestApp({ signIn: ['orgadmin@acme.test'] });
const NEW_SECRET = 'a-new-app-secret-of-at-least-thirty-two-characters';

describe('resealing under a new APP_SECRET', () => {
  it('seals every coupon key and webhook secret again, once, and leaves what neither secret opens', async () => {
    const { t } = world;
    const old = t.config.appSecret;
    const saved = await t.call('POST', '/api/webhooks', {
      token: world.token('orgadmin@acme.test'),
      body: { url: 'http://127.0.0.1:9/hook', events: ['fuel_request.created'] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const webhookId = saved.json<{ webhook: { id: string } }>().webhook.id;
    // One endpoint sealed under a third secret (a mistake, or a copy of another install): left alone.
    const foreign = seal(sealingKey('some-other-install-secret-of-32-chars!', 'webhook-secret'), Buffer.from('whsec_foreign'));
    const other = await t.db
      .insertInto('webhook_endpoints')
      .values({
        organization_id: (
          await t.db.selectFrom('organizations').select('id').where('name', '=', 'Acme Logistics').executeTakeFirstOrThrow()
        ).id,
        url: 'http://127.0.0.1:9/other',
        events: ['fuel_request.created'],
        secret_sealed: foreign,
        created_by: (await t.db.selectFrom('users').select('id').where('email', '=', 'orgadmin@acme.test').executeTakeFirstOrThrow()).id,
        created_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const keysBefore = await t.db.selectFrom('coupon_signing_keys').select(['kid', 'private_key_sealed']).execute();
    expect(keysBefore.length).toBeGreaterThan(0);
    const secretBefore = await t.db
      .selectFrom('webhook_endpoints')
      .select('secret_sealed')
      .where('id', '=', webhookId)
      .executeTakeFirstOrThrow();
    const plainSecret = unseal(sealingKey(old, 'webhook-secret'), secretBefore.secret_sealed);
    expect(plainSecret).not.toBeNull();

    const first = await resealUnderNewSecret(t.db, { previous: old, current: NEW_SECRET });
    expect(first.couponKeys).toBe(keysBefore.length);
    expect(first.webhookSecrets).toBeGreaterThanOrEqual(1);

    const secretAfter = await t.db
      .selectFrom('webhook_endpoints')
      .select('secret_sealed')
      .where('id', '=', webhookId)
      .executeTakeFirstOrThrow();
    expect(unseal(sealingKey(NEW_SECRET, 'webhook-secret'), secretAfter.secret_sealed)).toEqual(plainSecret);
    expect(unseal(sealingKey(old, 'webhook-secret'), secretAfter.secret_sealed)).toBeNull();
    for (const key of await t.db.selectFrom('coupon_signing_keys').select(['kid', 'private_key_sealed']).execute()) {
      const before = keysBefore.find((k) => k.kid === key.kid)?.private_key_sealed as string;
      expect(unseal(sealingKey(NEW_SECRET, 'coupon-signing-key'), key.private_key_sealed)).toEqual(
        unseal(sealingKey(old, 'coupon-signing-key'), before),
      );
    }
    const untouched = await t.db
      .selectFrom('webhook_endpoints')
      .select('secret_sealed')
      .where('id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(untouched.secret_sealed).toBe(foreign);

    expect(await resealUnderNewSecret(t.db, { previous: old, current: NEW_SECRET })).toEqual({ couponKeys: 0, webhookSecrets: 0 });
  });
});
