/**
 * The Dashboard's monthly chart, drawn as SVG (issue 16): a mark per month and series, the
 * figures in a table for screen readers, and a tooltip that the arrow keys move month by month.
 */
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cssVariablesResolver, theme } from '@/lib/theme';
import { MonthlyChart } from './MonthlyChart';
import type { ChartKind, MonthlyDatum } from './types';
import { layOutElementsAt } from '@/test/laid-out-width';

const MONTHS = ['Jan 2026', 'Feb 2026', 'Mar 2026', 'Apr 2026', 'May 2026', 'Jun 2026'];
const data: MonthlyDatum[] = MONTHS.map((label, i) => ({ label, values: { volume: (i + 1) * 100, spent: i * 50 } }));
const litres = (value: number) => `${value} L`;

function draw(kind: ChartKind, series = [{ key: 'volume', name: 'Fuel dispensed', color: 'teal' }], rows = data) {
  return render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <MonthlyChart kind={kind} data={rows} series={series} formatValue={litres} formatAxis={String} />
    </MantineProvider>,
  );
}

const tooltip = () => document.querySelector('[data-chart-tooltip]');

beforeEach(() => {
  // The chart's box is given a phone's width.
  layOutElementsAt(360, 280);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('MonthlyChart', () => {
  it('draws a bar per month and series, taller for a larger figure', () => {
    const { container } = draw('bar', [
      { key: 'volume', name: 'Fuel dispensed', color: 'teal' },
      { key: 'spent', name: 'Spent', color: 'orange' },
    ]);
    const bars = [...container.querySelectorAll('[data-chart-mark="bar"]')];
    // January's "spent" is 0: no bar to draw, but its mark is there.
    expect(bars).toHaveLength(MONTHS.length * 2);
    const heightOf = (bar: Element) => {
      const numbers = (bar.getAttribute('d') ?? '').match(/-?\d+(\.\d+)?/g)?.map(Number) ?? [];
      return Math.max(...numbers.filter((_, i) => i % 2 === 1)) - Math.min(...numbers.filter((_, i) => i % 2 === 1));
    };
    expect(heightOf(bars[5] as Element)).toBeGreaterThan(heightOf(bars[0] as Element));
    expect(bars[6]?.getAttribute('d')).toBe('');
    // Two series: a legend names them.
    expect(screen.getAllByText('Spent').length).toBeGreaterThan(0);
  });

  it('draws a line per series with a point per month, and no bars', () => {
    const { container } = draw('line');
    expect(container.querySelectorAll('[data-chart-mark="line"]')).toHaveLength(1);
    expect(container.querySelectorAll('[data-chart-mark="line"] circle')).toHaveLength(MONTHS.length);
    expect(container.querySelectorAll('[data-chart-mark="bar"]')).toHaveLength(0);
  });

  it('gives screen readers every month’s figures as a table', () => {
    draw('line');
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(MONTHS.length + 1);
    expect(within(rows[6] as HTMLElement).getByRole('rowheader').textContent).toBe('Jun 2026');
    expect(within(rows[6] as HTMLElement).getByRole('cell').textContent).toBe('600 L');
  });

  it('moves its tooltip month by month with the arrow keys, from the latest month', async () => {
    const user = userEvent.setup();
    draw('bar');
    expect(tooltip()).toBeNull();
    await user.tab();
    const chart = screen.getByRole('img', { name: /Fuel dispensed by month/ });
    expect(document.activeElement).toBe(chart);
    expect(tooltip()?.textContent).toBe('Jun 2026Fuel dispensed: 600 L');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(tooltip()?.textContent).toBe('Apr 2026Fuel dispensed: 400 L');
    await user.keyboard('{Home}');
    expect(tooltip()?.textContent).toBe('Jan 2026Fuel dispensed: 100 L');
    await user.keyboard('{ArrowLeft}');
    expect(tooltip()?.textContent).toBe('Jan 2026Fuel dispensed: 100 L');
    await user.keyboard('{End}{ArrowRight}');
    expect(tooltip()?.textContent).toBe('Jun 2026Fuel dispensed: 600 L');
    await user.tab();
    expect(tooltip()).toBeNull();
  });

  it('shows the month under the pointer', () => {
    const { container } = draw('line');
    const plot = container.querySelector('svg > rect[fill="transparent"]') as Element;
    // 360 px less the margins (60 + 12) over 6 months: 48 px a month from x = 0 of the plot.
    fireEvent.pointerMove(plot, { clientX: 48 * 2 + 10 });
    expect(tooltip()?.textContent).toBe('Mar 2026Fuel dispensed: 300 L');
    fireEvent.pointerLeave(plot, { pointerType: 'mouse' });
    expect(tooltip()).toBeNull();
  });

  it('keeps a tapped month shown after the finger lifts, until the focus moves on', async () => {
    const user = userEvent.setup();
    const { container } = draw('bar');
    const plot = container.querySelector('svg > rect[fill="transparent"]') as Element;
    fireEvent.pointerDown(plot, { clientX: 48 + 10, pointerType: 'touch' });
    fireEvent.pointerUp(plot, { pointerType: 'touch' });
    fireEvent.pointerLeave(plot, { pointerType: 'touch' });
    expect(tooltip()?.textContent).toBe('Feb 2026Fuel dispensed: 200 L');
    screen.getByRole('img').focus();
    await user.tab();
    expect(tooltip()).toBeNull();
  });

  it('labels as many months as fit, always the latest', () => {
    const names = ['Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec', 'Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun'];
    // July 2024 to June 2026.
    const months = Array.from({ length: 24 }, (_, i) => ({
      label: `${names[i % 12] ?? ''} ${2024 + Math.floor((i + 6) / 12)}`,
      values: { volume: i },
    }));
    const { container } = draw('bar', undefined, months);
    const labels = [...container.querySelectorAll('svg text[text-anchor="middle"]')].map((text) => text.textContent);
    expect(labels.length).toBeLessThan(24);
    expect(labels.length).toBeGreaterThan(2);
    expect(labels[labels.length - 1]).toBe('Jun ’26');
  });
});
