import { describe, expect, it } from 'vitest';
import {
  formatCurrency,
  formatDate,
  formatDateTime,
  formatNumber,
  formatStatNumber,
  readableDates,
  requestVolumeText,
  segmentLabel,
} from './format';

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

  it('writes every date as "23 Nov 2026" in Lagos time, with a 24-hour time where one is shown', () => {
    // 23:30 UTC is already the next day in Lagos.
    expect(formatDate('2026-11-23T23:30:00Z')).toBe('24 Nov 2026');
    expect(formatDateTime('2026-09-05T13:05:00Z')).toBe('5 Sep 2026, 14:05');
    // A bare calendar day is written as is, whatever the zone.
    expect(formatDate('2026-11-23')).toBe('23 Nov 2026');
  });

  it('rewrites the calendar days inside a server sentence', () => {
    expect(readableDates('Insurance expires on 2026-12-01')).toBe('Insurance expires on 1 Dec 2026');
    expect(readableDates('at 2026-11-23T10:00:00Z')).toBe('at 2026-11-23T10:00:00Z');
  });
});

describe('requestVolumeText', () => {
  it('shows what was dispensed once a request is redeemed, and the requested volume before', () => {
    expect(requestVolumeText({ volume: 23.5, dispensedVolume: null, unit: 'L' })).toEqual({ main: '23.5 L', detail: null });
    expect(requestVolumeText({ volume: 23.5, dispensedVolume: 20, unit: 'L' })).toEqual({ main: '20 L', detail: 'dispensed of 23.5 L' });
    expect(requestVolumeText({ volume: 40, dispensedVolume: 40, unit: 'kg' })).toEqual({ main: '40 kg', detail: 'dispensed' });
  });
});
