/**
 * Horizontal bars, one per category (a driver, a vehicle), drawn as plain SVG like MonthlyChart:
 * Analytics' last two charts were the only use of a chart library that cost an 88 kB download of
 * its own (issue 16). The first category is the top bar.
 *
 * The values can be read without a pointer: the chart takes the focus and the arrow keys move its
 * tooltip from bar to bar; a screen reader gets the same figures as a table.
 */
import { useState, type PointerEvent } from 'react';
import { Text, useMantineTheme } from '@mantine/core';
import { ChartTooltip, FiguresTable, FocusOutline, PointerArea, useChartCursor } from './chart-interaction';
import { categoryChartHeight } from './chart-format';
import { valueAxis } from './chart-scale';
import type { CategoryBarChartProps } from './types';
import { useElementWidth } from './use-element-width';

/** The names' column: 124 px, or 40% of a phone's narrow chart (at least 80 px). */
const NAME_WIDTH = { max: 124, min: 80, share: 0.4 };
/** Average width of a 12 px name's character, for shortening names to their column. */
const NAME_CHAR_WIDTH = 7;
const MARGIN = { top: 4, right: 16, bottom: 26 };
const MAX_BAR_THICKNESS = 28;
const TICK_FONT_SIZE = 12;
/** Room an axis label needs ("308.1K" at 12 px), so that labels never touch. */
const TICK_LABEL_WIDTH = 56;

function shortName(name: string, maxChars: number): string {
  return name.length > maxChars ? `${name.slice(0, maxChars - 1)}…` : name;
}

/** A bar from `x0` to `x1` (x1 > x0) with its right end rounded (radius `r`), as a path. */
function barPath(x0: number, x1: number, y: number, thickness: number, r: number): string {
  const length = x1 - x0;
  if (length <= 0) return '';
  const radius = Math.min(r, thickness / 2, length);
  return `M${x0},${y}H${x1 - radius}Q${x1},${y} ${x1},${y + radius}V${y + thickness - radius}Q${x1},${y + thickness} ${x1 - radius},${y + thickness}H${x0}Z`;
}

export function CategoryBarChart({ data, valueName, color, formatValue, formatAxis }: CategoryBarChartProps) {
  const theme = useMantineTheme();
  const height = categoryChartHeight(data.length);
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const width = useElementWidth(box);
  const { active, setActive, keyboardFocus, svgProps } = useChartCursor(data.length, {
    label: `${valueName}, a bar each; the arrow keys read each bar`,
    previous: 'ArrowUp',
    next: 'ArrowDown',
    startAt: 'first',
  });
  const [tooltipBox, setTooltipBox] = useState<HTMLDivElement | null>(null);
  const tooltipWidth = useElementWidth(tooltipBox);
  const fill = theme.colors[color]?.[6] ?? theme.colors.teal[6];

  const nameWidth = Math.round(Math.min(NAME_WIDTH.max, Math.max(NAME_WIDTH.min, width * NAME_WIDTH.share)));
  const nameChars = Math.floor((nameWidth - 8) / NAME_CHAR_WIDTH);
  const plotLeft = nameWidth;
  const plotWidth = Math.max(0, width - plotLeft - MARGIN.right);
  const plotHeight = Math.max(0, height - MARGIN.top - MARGIN.bottom);
  const band = data.length > 0 ? plotHeight / data.length : 0;
  const thickness = Math.min(band * 0.7, MAX_BAR_THICKNESS);
  // As many ticks as fit a phone's narrow plot without their labels touching.
  const axis = valueAxis(
    data.map((datum) => datum.value),
    Math.max(2, Math.min(5, Math.floor(plotWidth / TICK_LABEL_WIDTH) + 1)),
  );
  const x = (value: number) => plotLeft + ((value - axis.min) / (axis.max - axis.min)) * plotWidth;
  const bandCentre = (index: number) => MARGIN.top + index * band + band / 2;
  const activeDatum = active === null ? undefined : data[active];

  const barAt = (event: PointerEvent<SVGRectElement>) => {
    const top = event.currentTarget.getBoundingClientRect().top;
    return Math.min(data.length - 1, Math.max(0, Math.floor((event.clientY - top) / Math.max(band, 1))));
  };

  return (
    <div>
      <div ref={setBox} style={{ position: 'relative', height }}>
        {width > 0 && (
          <svg width={width} height={height} {...svgProps}>
            {keyboardFocus && <FocusOutline width={width} height={height} />}
            {axis.ticks.map((tick) => (
              <g key={tick}>
                <line
                  x1={x(tick)}
                  x2={x(tick)}
                  y1={MARGIN.top}
                  y2={MARGIN.top + plotHeight}
                  stroke={theme.colors.gray[3]}
                  strokeDasharray={tick === 0 ? undefined : '3 3'}
                />
                <text
                  x={x(tick)}
                  y={MARGIN.top + plotHeight + 18}
                  textAnchor={tick === axis.max ? 'end' : 'middle'}
                  fontSize={TICK_FONT_SIZE}
                  fill={theme.colors.gray[7]}
                >
                  {formatAxis(tick)}
                </text>
              </g>
            ))}
            {activeDatum && (
              <rect
                x={plotLeft}
                y={MARGIN.top + (active ?? 0) * band}
                width={plotWidth}
                height={band}
                fill={theme.colors.gray[2]}
                opacity={0.6}
              />
            )}
            {data.map((datum, index) => (
              <text
                key={datum.id}
                x={plotLeft - 8}
                y={bandCentre(index)}
                dy="0.32em"
                textAnchor="end"
                fontSize={TICK_FONT_SIZE}
                fill={theme.colors.gray[7]}
              >
                {shortName(datum.name, nameChars)}
              </text>
            ))}
            <g fill={fill}>
              {data.map((datum, index) => {
                const top = bandCentre(index) - thickness / 2;
                const zero = x(0);
                const end = x(datum.value);
                // A negative value hangs left of zero, square.
                const d = datum.value >= 0 ? barPath(zero, end, top, thickness, 4) : `M${end},${top}H${zero}v${thickness}H${end}Z`;
                return <path key={datum.id} data-chart-mark="bar" d={d} />;
              })}
            </g>
            <PointerArea x={plotLeft} y={MARGIN.top} width={plotWidth} height={plotHeight} markAt={barAt} onMark={setActive} />
          </svg>
        )}
        {activeDatum && active !== null && (
          <ChartTooltip
            boxRef={setTooltipBox}
            placement={{
              // Beside the bar, not over it: below a bar in the upper half, above one in the lower.
              ...(bandCentre(active) < MARGIN.top + plotHeight / 2
                ? { top: bandCentre(active) + thickness / 2 + 6 }
                : { bottom: height - (bandCentre(active) - thickness / 2) + 6 }),
              left: Math.max(0, Math.min(plotLeft, width - tooltipWidth)),
            }}
          >
            <Text size="sm" fw={600}>
              {activeDatum.name}
            </Text>
            <Text size="sm">
              {valueName}: {formatValue(activeDatum.value)}
            </Text>
            {activeDatum.detail && (
              <Text size="xs" c="dimmed">
                {activeDatum.detail}
              </Text>
            )}
          </ChartTooltip>
        )}
      </div>
      <FiguresTable
        columns={['Name', valueName]}
        rows={data.map((datum) => ({ key: datum.id, heading: datum.name, cells: [formatValue(datum.value)] }))}
      />
    </div>
  );
}
