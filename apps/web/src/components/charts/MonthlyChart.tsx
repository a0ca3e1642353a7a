/**
 * A monthly series as a line or bar chart (recharts): only ever loaded through ./index.tsx.
 * Drawn without recharts' entry animation: it re-renders the chart on every frame for a second and
 * a half, which on a phone was the busiest stretch of the Dashboard's first load (issue 16).
 */
import { useMemo } from 'react';
import { useMantineTheme } from '@mantine/core';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { shortMonthLabel } from './chart-format';
import type { MonthlyChartProps } from './types';

const TICK = { fontSize: 12 };

export function MonthlyChart({ data, series, kind, formatValue, formatAxis, height = 280 }: MonthlyChartProps) {
  const theme = useMantineTheme();
  const rows = useMemo(() => data.map((datum) => ({ label: datum.label, ...datum.values })), [data]);
  const colorOf = (name: string) => theme.colors[name]?.[6] ?? theme.colors.teal[6];

  const axes = (
    <>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="label" tickFormatter={shortMonthLabel} tick={TICK} interval="preserveStartEnd" minTickGap={8} tickMargin={6} />
      {/* Headroom above the highest month keeps a flat series off the chart's top edge. */}
      <YAxis tickFormatter={formatAxis} tick={TICK} width={60} allowDecimals={false} padding={{ top: 16 }} />
      <Tooltip formatter={(value) => (typeof value === 'number' ? formatValue(value) : String(value))} />
      {series.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} />}
    </>
  );

  return (
    <ResponsiveContainer width="100%" height={height}>
      {kind === 'line' ? (
        <LineChart data={rows} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
          {axes}
          {series.map((s) => (
            <Line
              key={s.key}
              type="monotone"
              dataKey={s.key}
              name={s.name}
              stroke={colorOf(s.color)}
              strokeWidth={2}
              dot={{ r: 3 }}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      ) : (
        <BarChart data={rows} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
          {axes}
          {series.map((s) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.name}
              fill={colorOf(s.color)}
              radius={[4, 4, 0, 0]}
              maxBarSize={40}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      )}
    </ResponsiveContainer>
  );
}
