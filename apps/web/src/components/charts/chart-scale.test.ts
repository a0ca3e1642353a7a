import { describe, expect, it } from 'vitest';
import { labelledBands, tooltipLeft, valueAxis } from './chart-scale';

describe('the value axis', () => {
  it('runs from zero to a round value at or above the highest, in round steps', () => {
    expect(valueAxis([120, 480, 310])).toEqual({ min: 0, max: 600, ticks: [0, 200, 400, 600] });
    expect(valueAxis([9_850])).toEqual({ min: 0, max: 10_000, ticks: [0, 2_500, 5_000, 7_500, 10_000] });
    expect(valueAxis([3])).toEqual({ min: 0, max: 3, ticks: [0, 1, 2, 3] });
  });

  it('keeps whole numbers whole, and decimals exact', () => {
    expect(valueAxis([2]).ticks.every(Number.isInteger)).toBe(true);
    expect(valueAxis([0.3, 0.1]).ticks).toEqual([0, 0.1, 0.2, 0.3]);
  });

  it('draws zeros on an axis of 0 to 1, and reaches below zero for a negative value', () => {
    expect(valueAxis([0, 0])).toEqual({ min: 0, max: 1, ticks: [0, 1] });
    expect(valueAxis([])).toEqual({ min: 0, max: 1, ticks: [0, 1] });
    const axis = valueAxis([-40, 100]);
    expect(axis.min).toBeLessThanOrEqual(-40);
    expect(axis.max).toBeGreaterThanOrEqual(100);
    expect(axis.ticks).toContain(0);
  });

  it('puts every value within the axis', () => {
    for (const values of [[1], [7, 13], [99.5], [1_234_567], [0.004, 0.002], [5, 5, 5]]) {
      const axis = valueAxis(values);
      for (const value of values) {
        expect(value).toBeGreaterThanOrEqual(axis.min);
        expect(value).toBeLessThanOrEqual(axis.max);
      }
      expect(axis.ticks[0]).toBe(axis.min);
      expect(axis.ticks[axis.ticks.length - 1]).toBe(axis.max);
    }
  });
});

describe('the month labels', () => {
  it('labels every band when each is wide enough', () => {
    expect(labelledBands(6, 60, 44)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('labels every few bands when they are narrow, the last month always, without crowding it', () => {
    expect(labelledBands(24, 12, 44)).toEqual([0, 4, 8, 12, 16, 23]);
    expect(labelledBands(13, 20, 44)).toEqual([0, 3, 6, 9, 12]);
    expect(labelledBands(12, 20, 44)).toEqual([0, 3, 6, 11]);
  });

  it('has nothing to label without bands', () => {
    expect(labelledBands(0, 50, 44)).toEqual([]);
    expect(labelledBands(1, 5, 44)).toEqual([0]);
  });
});

describe('the tooltip', () => {
  it('sits right of the month when it fits there, else left of it', () => {
    expect(tooltipLeft(100, 150, 600)).toBe(112);
    expect(tooltipLeft(500, 150, 600)).toBe(338);
  });

  it('stays within a chart too narrow for it on either side, overlapping the month', () => {
    // A phone: 300 px, a 160 px tooltip for the second month (x = 124) fits neither side.
    expect(tooltipLeft(124, 160, 300)).toBe(136);
    expect(tooltipLeft(150, 160, 300)).toBe(140);
    expect(tooltipLeft(280, 160, 300)).toBe(108);
    expect(tooltipLeft(10, 400, 300)).toBe(0);
  });
});
