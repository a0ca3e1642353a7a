/**
 * Analytics' horizontal bars, drawn as SVG (issue 16): a bar per category, longer for a larger
 * figure, the first at the top, the figures in a table for screen readers, and a tooltip that the
 * arrow keys and the pointer move from bar to bar.
 */
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cssVariablesResolver, theme } from '@/lib/theme';
import { categoryChartHeight } from './chart-format';
import { CategoryBarChart } from './CategoryBarChart';
import type { CategoryDatum } from './types';
import { layOutElementsAt } from '@/test/laid-out-width';

const data: CategoryDatum[] = [
  { id: 'd1', name: 'Adaeze Okonkwo-Bello', value: 420, detail: '12 fills' },
  { id: 'd2', name: 'Musa Ibrahim', value: 180 },
  { id: 'd3', name: 'Tunde Bakare', value: 0 },
  { id: 'd4', name: 'Ngozi Eze', value: 60 },
];
const litres = (value: number) => `${value} L`;

function draw(rows = data) {
  return render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <CategoryBarChart data={rows} valueName="Fuel dispensed" color="teal" formatValue={litres} formatAxis={String} />
    </MantineProvider>,
  );
}

const tooltip = () => document.querySelector('[data-chart-tooltip]');
/** A horizontal bar's length and its top, from its path's coordinates. */
function measure(bar: Element) {
  const numbers = (bar.getAttribute('d') ?? '').match(/-?\d+(\.\d+)?/g)?.map(Number) ?? [];
  const xs = numbers.filter((_, i) => i % 2 === 0);
  return { length: Math.max(...xs) - Math.min(...xs), top: numbers[1] ?? 0 };
}

beforeEach(() => {
  // The chart's box is given a phone's width.
  layOutElementsAt(360, 400);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('CategoryBarChart', () => {
  it('draws a bar per category, the first at the top, longer for a larger figure', () => {
    const { container } = draw();
    const bars = [...container.querySelectorAll('[data-chart-mark="bar"]')];
    expect(bars).toHaveLength(data.length);
    const [first, second, , fourth] = bars.map(measure);
    expect(first?.length).toBeGreaterThan(second?.length ?? Infinity);
    expect(second?.length).toBeGreaterThan(fourth?.length ?? Infinity);
    // A zero has its mark but nothing to draw.
    expect(bars[2]?.getAttribute('d')).toBe('');
    expect(first?.top).toBeLessThan(second?.top ?? -Infinity);
    // The longest name is shortened beside its bar; the tooltip and the table carry it whole.
    expect(screen.getByText('Adaeze Okonkwo-…')).toBeTruthy();
    expect(container.querySelector('svg')?.getAttribute('height')).toBe(String(categoryChartHeight(data.length)));
  });

  it('gives screen readers every category’s figure as a table', () => {
    draw();
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(data.length + 1);
    expect(within(rows[1] as HTMLElement).getByRole('rowheader').textContent).toBe('Adaeze Okonkwo-Bello');
    expect(within(rows[1] as HTMLElement).getByRole('cell').textContent).toBe('420 L');
  });

  it('moves its tooltip bar by bar with the arrow keys, from the top', async () => {
    const user = userEvent.setup();
    draw();
    expect(tooltip()).toBeNull();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('img', { name: /Fuel dispensed, a bar each/ }));
    expect(tooltip()?.textContent).toBe('Adaeze Okonkwo-BelloFuel dispensed: 420 L12 fills');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(tooltip()?.textContent).toBe('Tunde BakareFuel dispensed: 0 L');
    await user.keyboard('{End}{ArrowDown}');
    expect(tooltip()?.textContent).toBe('Ngozi EzeFuel dispensed: 60 L');
    await user.keyboard('{Home}{ArrowUp}');
    expect(tooltip()?.textContent).toBe('Adaeze Okonkwo-BelloFuel dispensed: 420 L12 fills');
    await user.tab();
    expect(tooltip()).toBeNull();
  });

  it('shows the category under the pointer', () => {
    const { container } = draw();
    const plot = container.querySelector('svg > rect[fill="transparent"]') as Element;
    // The chart is 4 × 40 + 48 = 208 px tall; less the margins (4 + 26), 178 px over 4 bars: 44.5 px a bar.
    fireEvent.pointerMove(plot, { clientY: 44.5 + 10 });
    expect(tooltip()?.textContent).toBe('Musa IbrahimFuel dispensed: 180 L');
    fireEvent.pointerLeave(plot, { pointerType: 'mouse' });
    expect(tooltip()).toBeNull();
  });
});
