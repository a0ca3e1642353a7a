import { describe, expect, it } from 'vitest';
import { auditValue, changedFields } from './changed-fields.js';

describe('changedFields', () => {
  it('keeps only the fields named in `after` whose value differs, with their value before', () => {
    expect(
      changedFields({ status: 'PENDING', note: 'same', untouched: 'x' }, { status: 'APPROVED', note: 'same', pricePerUnit: 950 }),
    ).toEqual({ status: { before: 'PENDING', after: 'APPROVED' }, pricePerUnit: { before: null, after: 950 } });
  });

  it('skips fields an update leaves undefined but records a field cleared to null', () => {
    expect(changedFields({ name: 'Gold', description: 'Fleet' }, { name: undefined, description: null })).toEqual({
      description: { before: 'Fleet', after: null },
    });
  });

  it('compares dates and bigints by value, and stores them as JSON scalars', () => {
    const at = '2026-01-31T22:59:59.000Z';
    expect(changedFields({ expiresAt: new Date(at), kobo: 5n }, { expiresAt: new Date(at), kobo: 5n })).toEqual({});
    expect(changedFields({ kobo: 5n }, { kobo: 7n, expiresAt: new Date(at) })).toEqual({
      kobo: { before: 5, after: 7 },
      expiresAt: { before: null, after: at },
    });
  });

  it('keeps bigints beyond the safe integers exact, as text', () => {
    expect(auditValue(2n ** 60n)).toBe('1152921504606846976');
    expect(auditValue(-(2n ** 60n))).toBe('-1152921504606846976');
    expect(auditValue(2n ** 53n - 1n)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('returns nothing when nothing changed', () => {
    expect(changedFields({}, {})).toEqual({});
    expect(changedFields({ status: 'ACTIVE' }, { status: 'ACTIVE' })).toEqual({});
  });
});
