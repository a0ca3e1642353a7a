import { describe, expect, it } from 'vitest';
import { businessDate, formatCalendarDate, formatDateTime, formatTime, formatVolume } from './format';

describe('business dates and volumes', () => {
  it('reads "today" in Nigeria, an hour ahead of UTC', () => {
    expect(businessDate(new Date('2026-11-21T22:30:00Z'))).toBe('2026-11-21');
    expect(businessDate(new Date('2026-11-21T23:30:00Z'))).toBe('2026-11-22');
  });

  it('shows a calendar date as written, without a time-zone shift', () => {
    expect(formatCalendarDate('2026-11-21')).toMatch(/21 Nov 2026/);
    expect(formatCalendarDate('')).toBe('');
    expect(formatCalendarDate(null)).toBe('');
  });

  it('shows timestamps in Nigerian time', () => {
    expect(formatDateTime('2026-11-21T22:59:59Z')).toMatch(/21 Nov 2026/);
    expect(formatDateTime('2026-11-21T22:59:59Z')).toMatch(/23:59/);
    expect(formatTime('2026-11-21T08:05:00Z')).toMatch(/9:05/);
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDateTime(null)).toBe('');
  });

  it('writes volumes with separators, at most two decimals, and the unit', () => {
    expect(formatVolume(1933.5, 'L')).toBe('1,933.5 L');
    expect(formatVolume(12.345, 'kWh')).toBe('12.35 kWh');
    expect(formatVolume(0, 'kg')).toBe('0 kg');
  });
});
