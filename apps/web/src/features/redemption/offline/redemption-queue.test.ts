import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@fleetfuel/contract';
import { ApiError } from '@/lib/api-client';
import type { KeyValueStorage } from './offline-cache';
import { createRedemptionQueue, type QueuedDraft, type QueuedRedemption } from './redemption-queue';

const ENTRY = 'fleetfuel.offline.redemptions.user-1';

function memoryStorage(): KeyValueStorage & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

const draft = (code: string, requestId: string): QueuedDraft => ({
  requestId,
  body: { code, dispensedVolume: 20 },
  code,
  plate: 'APP-220-XA',
  fuelType: 'DIESEL',
  unit: 'L',
});

describe('the offline redemption queue', () => {
  it('keeps each redemption with its own idempotency key across reloads', () => {
    const storage = memoryStorage();
    const queue = createRedemptionQueue(storage, ENTRY);
    const first = queue.add(draft('ABCD-2345', 'r1'));
    const second = queue.add(draft('EFGH-2345', 'r2'));
    expect(first.idempotencyKey).not.toBe(second.idempotencyKey);

    const reloaded = createRedemptionQueue(storage, ENTRY);
    expect(reloaded.items()).toEqual([first, second]);
  });

  it('keeps a redemption whose sending failed without an answer, and sends it again with the same key', async () => {
    const storage = memoryStorage();
    const queue = createRedemptionQueue(storage, ENTRY);
    const queued = queue.add(draft('ABCD-2345', 'r1'));
    const later = queue.add(draft('EFGH-2345', 'r2'));
    const sentKeys: string[] = [];

    for (const failure of [
      new ApiError(MESSAGES.apiFailed, 0, 'NETWORK'),
      new ApiError('Server error', 503),
      new ApiError('Invalid token', 401),
    ]) {
      const results = await queue.flush((redemption) => {
        sentKeys.push(redemption.idempotencyKey);
        return Promise.reject(failure);
      });
      expect(results).toEqual([]);
      // In order: the next one was not tried past the one that failed.
      expect(queue.items()).toEqual([queued, later]);
    }
    expect(sentKeys).toEqual([queued.idempotencyKey, queued.idempotencyKey, queued.idempotencyKey]);

    const results = await queue.flush((redemption) => Promise.resolve(`Coupon redeemed: ${redemption.code}`));
    expect(results.map((r) => [r.redemption.idempotencyKey, r.redeemed, r.message])).toEqual([
      [queued.idempotencyKey, true, 'Coupon redeemed: ABCD-2345'],
      [later.idempotencyKey, true, 'Coupon redeemed: EFGH-2345'],
    ]);
    expect(queue.items()).toEqual([]);
    expect(storage.values.has(ENTRY)).toBe(false);
  });

  it("removes a redemption the server refused for good, with the server's message, and goes on with the next", async () => {
    const queue = createRedemptionQueue(memoryStorage(), ENTRY);
    queue.add(draft('ABCD-2345', 'r1'));
    queue.add(draft('EFGH-2345', 'r2'));
    const results = await queue.flush((redemption: QueuedRedemption) =>
      redemption.requestId === 'r1'
        ? Promise.reject(new ApiError('This coupon was already redeemed on 9 Mar 2026, 14:05', 422, 'RULE_VIOLATION'))
        : Promise.resolve('Coupon redeemed'),
    );
    expect(results.map((r) => [r.redemption.code, r.redeemed, r.message])).toEqual([
      ['ABCD-2345', false, 'This coupon was already redeemed on 9 Mar 2026, 14:05'],
      ['EFGH-2345', true, 'Coupon redeemed'],
    ]);
    expect(queue.items()).toEqual([]);
  });

  it('sends once when asked twice at the same time (the online event and the page load)', async () => {
    const queue = createRedemptionQueue(memoryStorage(), ENTRY);
    queue.add(draft('ABCD-2345', 'r1'));
    let sends = 0;
    const send = () => {
      sends += 1;
      return Promise.resolve('Coupon redeemed');
    };
    const [a, b] = await Promise.all([queue.flush(send), queue.flush(send)]);
    expect(sends).toBe(1);
    expect(a).toBe(b);
  });

  it('tells its listeners when what waits changes', () => {
    const queue = createRedemptionQueue(memoryStorage(), ENTRY);
    let told = 0;
    const stop = queue.subscribe(() => (told += 1));
    queue.add(draft('ABCD-2345', 'r1'));
    stop();
    queue.add(draft('EFGH-2345', 'r2'));
    expect(told).toBe(1);
  });
});
