import { describe, expect, it } from 'vitest';
import { categoryChartHeight, formatCompact, formatCompactNaira, hasFigures, shortMonthLabel } from './chart-format';

describe('chart texts', () => {
  it('shortens the server month labels for ticks', () => {
    expect(shortMonthLabel('Jun 2026')).toBe('Jun ’26');
    expect(shortMonthLabel('Sept 2026')).toBe('Sept ’26');
    expect(shortMonthLabel('Q3')).toBe('Q3');
  });

  it('writes axis numbers compactly', () => {
    expect(formatCompact(950)).toBe('950');
    expect(formatCompact(1250)).toBe('1.3K');
    expect(formatCompactNaira(308_100)).toBe('₦308.1K');
    expect(formatCompactNaira(2_500_000)).toBe('₦2.5M');
    expect(formatCompactNaira(-1500)).toBe('-₦1.5K');
  });

  it('tells an all-zero series from one with figures', () => {
    expect(hasFigures([])).toBe(false);
    expect(hasFigures([0, 0, 0])).toBe(false);
    expect(hasFigures([0, 0.5])).toBe(true);
  });

  it('sizes a horizontal bar chart by its categories', () => {
    expect(categoryChartHeight(0)).toBe(160);
    expect(categoryChartHeight(3)).toBe(168);
    expect(categoryChartHeight(50)).toBe(560);
  });
});
