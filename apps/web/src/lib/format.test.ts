import { describe, expect, it } from 'vitest';
import { formatCurrency, formatDate, formatNumber, formatStatNumber, segmentLabel } from './format';

describe('format', () => {
  it('groups thousands', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
  });

  it('rounds stat figures to two places', () => {
    expect(formatStatNumber(1234.5678)).toBe('1,234.57');
    expect(formatStatNumber(12)).toBe('12');
  });

  it('formats naira, and falls back to a plain number for an unknown currency', () => {
    expect(formatCurrency(1500.5)).toMatch(/^(₦|NGN\s?)1,500\.50$/);
    expect(formatCurrency(1500, 'not-a-code')).toBe('1,500');
  });

  it('formats dates and tolerates missing or broken ones', () => {
    expect(formatDate('2026-11-21T09:00:00Z')).toMatch(/21 Nov 2026/);
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('turns path segments into breadcrumb labels', () => {
    expect(segmentLabel('fuel-stations')).toBe('Fuel Stations');
    expect(segmentLabel('generate-coupon')).toBe('Generate Coupon');
    expect(segmentLabel('admin')).toBe('Admin');
  });
});
