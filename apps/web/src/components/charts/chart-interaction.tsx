/**
 * What both charts do alike to be read without a pointer or without sight: the chart takes the
 * focus and keys move a cursor over its marks (months, bars), the pointer does the same, a tooltip
 * shows the mark under the cursor, and a visually hidden table carries every figure.
 */
import { useState, type CSSProperties, type FocusEvent, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { Paper, VisuallyHidden, useMantineTheme } from '@mantine/core';

/**
 * The mark under the chart's cursor (null: none) and the props that make the chart's SVG a
 * focusable image whose keys move it: `previous`/`next` one mark, Home and End to the ends. The
 * focus starts the cursor at `startAt` (the latest month, the top bar).
 */
export function useChartCursor(count: number, options: { label: string; previous: string; next: string; startAt: 'first' | 'last' }) {
  const [active, setActive] = useState<number | null>(null);
  // The outline the chart draws when a keyboard brought the focus (a click shows the tooltip alone).
  const [keyboardFocus, setKeyboardFocus] = useState(false);
  const last = count - 1;
  const svgProps = {
    tabIndex: 0,
    role: 'img',
    'aria-label': options.label,
    style: { display: 'block', outline: 'none' } satisfies CSSProperties,
    onKeyDown(event: KeyboardEvent<SVGSVGElement>) {
      const moves: Record<string, number> = {
        [options.previous]: Math.max(0, (active ?? (options.startAt === 'last' ? last : 1)) - 1),
        [options.next]: Math.min(last, (active ?? -1) + 1),
        Home: 0,
        End: last,
      };
      const next = moves[event.key];
      if (next === undefined) return;
      event.preventDefault();
      setActive(next);
    },
    onFocus(event: FocusEvent<SVGSVGElement>) {
      setKeyboardFocus(event.currentTarget.matches(':focus-visible'));
      setActive((current) => current ?? (options.startAt === 'last' ? last : 0));
    },
    onBlur() {
      setKeyboardFocus(false);
      setActive(null);
    },
  };
  return { active, setActive, keyboardFocus, svgProps };
}

/** The outline of a chart that a keyboard focused. */
export function FocusOutline({ width, height }: { width: number; height: number }) {
  const theme = useMantineTheme();
  return (
    <rect
      x={1}
      y={1}
      width={width - 2}
      height={height - 2}
      rx={6}
      fill="none"
      stroke={theme.colors[theme.primaryColor]?.[6]}
      strokeWidth={2}
    />
  );
}

/**
 * The transparent plot area that follows the pointer: `markAt` tells which mark an event is over.
 * A mouse leaving clears the cursor; on a touch screen a finger lifted also "leaves", and the
 * tapped mark stays shown until the focus moves elsewhere (the chart took it with the tap).
 */
export function PointerArea({
  x,
  y,
  width,
  height,
  markAt,
  onMark,
}: {
  x: number;
  y: number;
  width: number;
  height: number;
  markAt: (event: PointerEvent<SVGRectElement>) => number;
  onMark: (mark: number | null) => void;
}) {
  const point = (event: PointerEvent<SVGRectElement>) => onMark(markAt(event));
  return (
    <rect
      x={x}
      y={y}
      width={width}
      height={height}
      fill="transparent"
      onPointerMove={point}
      onPointerDown={point}
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse') onMark(null);
      }}
    />
  );
}

/** The tooltip box, placed by the chart (`placement`: top or bottom, and left), over nothing it needs. */
export function ChartTooltip({
  placement,
  boxRef,
  children,
}: {
  placement: CSSProperties;
  boxRef: (element: HTMLDivElement | null) => void;
  children: ReactNode;
}) {
  return (
    <Paper
      withBorder
      shadow="sm"
      p="xs"
      radius="sm"
      ref={boxRef}
      data-chart-tooltip=""
      style={{ position: 'absolute', ...placement, pointerEvents: 'none', whiteSpace: 'nowrap' }}
    >
      {children}
    </Paper>
  );
}

/** The chart's figures as a table that only screen readers read: a row per mark. */
export function FiguresTable({
  columns,
  rows,
}: {
  /** The row heading's column first. */
  columns: readonly string[];
  rows: readonly { key: string; heading: string; cells: readonly string[] }[];
}) {
  return (
    <VisuallyHidden>
      <table>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.heading}</th>
              {row.cells.map((cell, index) => (
                <td key={columns[index + 1] ?? index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}
