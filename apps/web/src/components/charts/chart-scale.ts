/**
 * The arithmetic of the monthly chart, apart from its drawing: a value axis of round steps and
 * which month labels fit under a band of a given width. Pure, so that tests read it directly.
 */

/** A round step near `rough`: 1, 2, 2.5 or 5 times a power of ten. */
function roundStep(rough: number): number {
  const power = 10 ** Math.floor(Math.log10(rough));
  const fraction = rough / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

export interface ValueAxis {
  /** The axis' lowest value (0 unless a value is negative). */
  min: number;
  /** The axis' highest value: the highest tick, at or above every value. */
  max: number;
  /** The ticks from min to max, evenly spaced by a round step. */
  ticks: number[];
}

/**
 * An axis from 0 (or below, for a negative value) to a round value at or above the highest, with
 * about `count` ticks. A series of zeros gets an axis of 0 to 1, and whole numbers only when every
 * value is whole (no "0.5 L" tick under counts of litres that never have one).
 */
export function valueAxis(values: readonly number[], count = 5): ValueAxis {
  const finite = values.filter(Number.isFinite);
  const low = Math.min(0, ...finite);
  const high = Math.max(0, ...finite);
  const span = high - low || 1;
  let step = roundStep(span / Math.max(1, count - 1));
  if (finite.every(Number.isInteger)) step = Math.max(1, Math.ceil(step));
  const min = Math.floor(low / step) * step;
  const max = Math.max(min + step, Math.ceil(high / step) * step);
  const ticks: number[] = [];
  // Counted in steps, not added up, so that 0.1 + 0.2 never makes a tick of 0.30000000000000004.
  for (let i = 0; min + i * step <= max + step / 1e9; i += 1) ticks.push(Number((min + i * step).toPrecision(12)));
  return { min, max, ticks };
}

/**
 * Which of `count` bands of `bandWidth` pixels get their label, when a label needs `labelWidth`:
 * every `step`-th from the first, and the last always (the latest month is the one people look
 * for), dropping the label before it when the two would touch.
 */
export function labelledBands(count: number, bandWidth: number, labelWidth: number): number[] {
  if (count <= 0) return [];
  const step = Math.max(1, Math.ceil(labelWidth / Math.max(bandWidth, 1)));
  const shown: number[] = [];
  for (let i = 0; i < count; i += step) shown.push(i);
  const last = count - 1;
  if (shown[shown.length - 1] !== last) {
    if (shown.length > 1 && last - (shown[shown.length - 1] as number) < step) shown.pop();
    shown.push(last);
  }
  return shown;
}

/**
 * Where the tooltip's left edge goes: beside the month (`x`), on whichever side has the room for
 * its `tooltipWidth`, and never past the chart's edges (a phone's chart is narrower than two
 * tooltips).
 */
export function tooltipLeft(x: number, tooltipWidth: number, chartWidth: number): number {
  const gap = 12;
  const onTheRight = x + gap;
  const onTheLeft = x - gap - tooltipWidth;
  const fitsRight = onTheRight + tooltipWidth <= chartWidth;
  // Fitting neither side, it goes toward the wider one and is pushed back within the chart.
  const left = fitsRight || (onTheLeft < 0 && x <= chartWidth / 2) ? onTheRight : onTheLeft;
  return Math.max(0, Math.min(left, chartWidth - tooltipWidth));
}
