/** The mark of an account without a password: nothing matches it, after as long as a wrong password takes. */
import { describe, expect, it } from 'vitest';
import { hashPassword, NO_PASSWORD_YET, verifyPassword } from './passwords.js';

/**
 * The quickest of three runs of `check`, and whether any matched. The quickest, because a busy
 * machine only ever makes a run slower: one slow run of the wrong password (a test run beside
 * others) made the comparison below fail once.
 */
async function timed(check: () => Promise<boolean>): Promise<{ matched: boolean; ms: number }> {
  let matched = false;
  let ms = Infinity;
  for (let run = 0; run < 3; run += 1) {
    const start = performance.now();
    matched = (await check()) || matched;
    ms = Math.min(ms, performance.now() - start);
  }
  return { matched, ms };
}

describe('an account without a password yet', () => {
  it('matches no password, not even its own mark', async () => {
    for (const password of [NO_PASSWORD_YET, '', 'Strong-Pass-2026', 'decoy-password-for-timing-only']) {
      expect(await verifyPassword(NO_PASSWORD_YET, password), password).toBe(false);
    }
  });

  it('takes as long to refuse as a wrong password does', async () => {
    const realHash = await hashPassword('Strong-Pass-2026');
    await verifyPassword(NO_PASSWORD_YET, 'warm-up');
    const wrong = await timed(() => verifyPassword(realHash, 'Wrong-Pass-2026'));
    const invited = await timed(() => verifyPassword(NO_PASSWORD_YET, 'Wrong-Pass-2026'));
    expect(wrong.matched || invited.matched).toBe(false);
    // An argon2 verification takes tens of milliseconds; refusing the mark unparsed would take microseconds.
    expect(invited.ms).toBeGreaterThan(wrong.ms / 3);
  });
});
