import { describe, expect, it } from 'vitest';
import { idempotencyHeaders, newIdempotencyKey } from './idempotency';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newIdempotencyKey', () => {
  it('uses randomUUID where the browser offers it', () => {
    expect(newIdempotencyKey({ randomUUID: () => 'from-crypto', getRandomValues: (a) => a })).toBe('from-crypto');
  });

  it('builds a version-4 UUID from random bytes outside secure contexts', () => {
    const key = newIdempotencyKey({ getRandomValues: (array) => crypto.getRandomValues(array) });
    expect(key).toMatch(UUID_V4);
  });

  it('gives a different key each time', () => {
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });

  it('puts the key in the header the API reads', () => {
    expect(idempotencyHeaders('k')).toEqual({ 'Idempotency-Key': 'k' });
  });
});
