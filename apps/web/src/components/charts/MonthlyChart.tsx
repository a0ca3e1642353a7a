/**
 * A monthly series as a line or bar chart, drawn as plain SVG. It is the Dashboard's one chart,
 * on the first screen of every fleet manager: drawn by a chart library it cost a phone an 88 kB
 * download and ~165 ms of the first load's main thread (its store, selectors and label measuring;
 * issue 16), for a few bars or one line over at most 24 months.
 *
 * The values can be read without a pointer: the chart takes the focus, and the arrow keys move its
 * tooltip from month to month; a screen reader gets the same figures as a table.
 */
import { useState, type PointerEvent } from 'react';
import { Group, Text, useMantineTheme } from '@mantine/core';
import { ChartTooltip, FiguresTable, FocusOutline, PointerArea, useChartCursor } from './chart-interaction';
import { shortMonthLabel } from './chart-format';
import { labelledBands, tooltipLeft, valueAxis } from './chart-scale';
import type { MonthlyChartProps } from './types';
import { useElementWidth } from './use-element-width';

const MARGIN = { top: 12, right: 12, bottom: 26, left: 60 };
/** Room a tick's month label needs ("Sept ’26" at 12 px), so that labels never touch. */
const LABEL_WIDTH = 52;
const MAX_BAR_WIDTH = 40;
const TICK_FONT_SIZE = 12;

/** A bar with rounded top corners (radius `r`), as a path: SVG's rect rounds all four. */
function barPath(x: number, y: number, width: number, height: number, r: number): string {
  if (height <= 0) return '';
  const radius = Math.min(r, width / 2, height);
  return `M${x},${y + height}V${y + radius}Q${x},${y} ${x + radius},${y}H${x + width - radius}Q${x + width},${y} ${x + width},${y + radius}V${y + height}Z`;
}

export function MonthlyChart({ data, series, kind, formatValue, formatAxis, height = 280 }: MonthlyChartProps) {
  const theme = useMantineTheme();
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const width = useElementWidth(box);
  const { active, setActive, keyboardFocus, svgProps } = useChartCursor(data.length, {
    label: `${series.map((s) => s.name).join(', ')} by month; the arrow keys read each month`,
    previous: 'ArrowLeft',
    next: 'ArrowRight',
    startAt: 'last',
  });
  const [tooltipBox, setTooltipBox] = useState<HTMLDivElement | null>(null);
  const tooltipWidth = useElementWidth(tooltipBox);
  const colorOf = (name: string) => theme.colors[name]?.[6] ?? theme.colors.teal[6];

  const plotWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const plotHeight = Math.max(0, height - MARGIN.top - MARGIN.bottom);
  const band = data.length > 0 ? plotWidth / data.length : 0;
  const axis = valueAxis(data.flatMap((datum) => series.map((s) => datum.values[s.key] ?? 0)));
  const y = (value: number) => MARGIN.top + plotHeight - ((value - axis.min) / (axis.max - axis.min)) * plotHeight;
  const bandStart = (index: number) => MARGIN.left + index * band;
  const bandCentre = (index: number) => bandStart(index) + band / 2;
  const groupWidth = Math.min(band * 0.8, MAX_BAR_WIDTH * series.length);
  const barWidth = series.length > 0 ? groupWidth / series.length : 0;
  const activeDatum = active === null ? undefined : data[active];

  const monthAt = (event: PointerEvent<SVGRectElement>) => {
    const left = event.currentTarget.getBoundingClientRect().left;
    return Math.min(data.length - 1, Math.max(0, Math.floor((event.clientX - left) / Math.max(band, 1))));
  };

  return (
    <div>
      <div ref={setBox} style={{ position: 'relative', height }}>
        {width > 0 && (
          <svg width={width} height={height} data-chart-kind={kind} {...svgProps}>
            {keyboardFocus && <FocusOutline width={width} height={height} />}
            {axis.ticks.map((tick) => (
              <g key={tick}>
                <line
                  x1={MARGIN.left}
                  x2={MARGIN.left + plotWidth}
                  y1={y(tick)}
                  y2={y(tick)}
                  stroke={theme.colors.gray[3]}
                  strokeDasharray={tick === axis.min ? undefined : '3 3'}
                />
                <text x={MARGIN.left - 8} y={y(tick)} dy="0.32em" textAnchor="end" fontSize={TICK_FONT_SIZE} fill={theme.colors.gray[7]}>
                  {formatAxis(tick)}
                </text>
              </g>
            ))}
            {labelledBands(data.length, band, LABEL_WIDTH).map((index) => (
              <text
                key={index}
                // Under its month, but never past the chart's right edge (the latest month's label).
                x={Math.min(bandCentre(index), width - LABEL_WIDTH / 2)}
                y={MARGIN.top + plotHeight + 18}
                textAnchor="middle"
                fontSize={TICK_FONT_SIZE}
                fill={theme.colors.gray[7]}
              >
                {shortMonthLabel(data[index]?.label ?? '')}
              </text>
            ))}
            {activeDatum && kind === 'bar' && (
              <rect x={bandStart(active ?? 0)} y={MARGIN.top} width={band} height={plotHeight} fill={theme.colors.gray[2]} opacity={0.6} />
            )}
            {activeDatum && kind === 'line' && (
              <line
                x1={bandCentre(active ?? 0)}
                x2={bandCentre(active ?? 0)}
                y1={MARGIN.top}
                y2={MARGIN.top + plotHeight}
                stroke={theme.colors.gray[5]}
              />
            )}
            {kind === 'bar'
              ? series.map((s, seriesIndex) => (
                  <g key={s.key} fill={colorOf(s.color)}>
                    {data.map((datum, index) => {
                      const value = datum.values[s.key] ?? 0;
                      const top = y(Math.max(value, 0));
                      const bottom = y(Math.min(value, 0));
                      const x = bandCentre(index) - groupWidth / 2 + seriesIndex * barWidth;
                      // A negative value (a month of refunds) hangs below zero, square.
                      const d =
                        value >= 0 ? barPath(x, top, barWidth, bottom - top, 4) : `M${x},${top}h${barWidth}V${bottom}h${-barWidth}Z`;
                      return <path key={datum.label} data-chart-mark="bar" d={d} />;
                    })}
                  </g>
                ))
              : series.map((s) => (
                  <g key={s.key} data-chart-mark="line">
                    <path
                      d={data
                        .map((datum, index) => `${index === 0 ? 'M' : 'L'}${bandCentre(index)},${y(datum.values[s.key] ?? 0)}`)
                        .join('')}
                      fill="none"
                      stroke={colorOf(s.color)}
                      strokeWidth={2}
                      strokeLinejoin="round"
                    />
                    {data.map((datum, index) => (
                      <circle
                        key={datum.label}
                        cx={bandCentre(index)}
                        cy={y(datum.values[s.key] ?? 0)}
                        r={index === active ? 5 : 3}
                        fill={index === active ? colorOf(s.color) : theme.white}
                        stroke={colorOf(s.color)}
                        strokeWidth={2}
                      />
                    ))}
                  </g>
                ))}
            <PointerArea x={MARGIN.left} y={MARGIN.top} width={plotWidth} height={plotHeight} markAt={monthAt} onMark={setActive} />
          </svg>
        )}
        {activeDatum && active !== null && (
          <ChartTooltip
            boxRef={setTooltipBox}
            placement={{
              // Away from the month's figures: below them when they stand in the chart's upper half.
              ...(y(Math.max(...series.map((s) => activeDatum.values[s.key] ?? 0))) < MARGIN.top + plotHeight / 2
                ? { bottom: MARGIN.bottom + 8 }
                : { top: MARGIN.top }),
              left: tooltipLeft(bandCentre(active), tooltipWidth, width),
            }}
          >
            <Text size="sm" fw={600}>
              {activeDatum.label}
            </Text>
            {series.map((s) => (
              <Text key={s.key} size="sm" c={colorOf(s.color)}>
                {s.name}: {formatValue(activeDatum.values[s.key] ?? 0)}
              </Text>
            ))}
          </ChartTooltip>
        )}
      </div>
      {series.length > 1 && (
        // Hidden from screen readers, which read the series' names in the table below.
        <Group justify="center" gap="md" mt={4} aria-hidden="true" data-chart-legend="">
          {series.map((s) => (
            <Group key={s.key} gap={6}>
              <span style={{ width: 10, height: 10, borderRadius: 2, background: colorOf(s.color), display: 'inline-block' }} />
              <Text size="xs">{s.name}</Text>
            </Group>
          ))}
        </Group>
      )}
      <FiguresTable
        columns={['Month', ...series.map((s) => s.name)]}
        rows={data.map((datum) => ({
          key: datum.label,
          heading: datum.label,
          cells: series.map((s) => formatValue(datum.values[s.key] ?? 0)),
        }))}
      />
    </div>
  );
}
