/**
 * Horizontal bars, one per category (drivers, vehicles): only ever loaded through ./index.tsx.
 * No entry animation, as MonthlyChart: recharts animates by re-rendering every frame.
 */
import { useMemo } from 'react';
import { Paper, Text, useMantineTheme } from '@mantine/core';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis, type TooltipContentProps } from 'recharts';
import { categoryChartHeight } from './chart-format';
import type { CategoryBarChartProps, CategoryDatum } from './types';

const TICK = { fontSize: 12 };
const NAME_WIDTH = 124;
const NAME_MAX_CHARS = 16;

function shortName(name: string): string {
  return name.length > NAME_MAX_CHARS ? `${name.slice(0, NAME_MAX_CHARS - 1)}…` : name;
}

function DatumTooltip({
  datum,
  valueName,
  formatValue,
}: {
  datum: CategoryDatum;
  valueName: string;
  formatValue: (value: number) => string;
}) {
  return (
    <Paper withBorder shadow="sm" p="xs" radius="sm">
      <Text size="sm" fw={600}>
        {datum.name}
      </Text>
      <Text size="sm">
        {valueName}: {formatValue(datum.value)}
      </Text>
      {datum.detail && (
        <Text size="xs" c="dimmed">
          {datum.detail}
        </Text>
      )}
    </Paper>
  );
}

export function CategoryBarChart({ data, valueName, color, formatValue, formatAxis }: CategoryBarChartProps) {
  const theme = useMantineTheme();
  const rows = useMemo(() => data.map((datum) => ({ id: datum.id, name: datum.name, value: datum.value })), [data]);

  const renderTooltip = ({ active, activeIndex }: TooltipContentProps) => {
    const datum = active && activeIndex !== undefined && activeIndex !== null ? data[Number(activeIndex)] : undefined;
    return datum ? <DatumTooltip datum={datum} valueName={valueName} formatValue={formatValue} /> : null;
  };

  return (
    <ResponsiveContainer width="100%" height={categoryChartHeight(data.length)}>
      <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" tickFormatter={formatAxis} tick={TICK} />
        <YAxis type="category" dataKey="name" width={NAME_WIDTH} tickFormatter={shortName} tick={TICK} interval={0} />
        <Tooltip content={renderTooltip} cursor={{ fillOpacity: 0.3 }} />
        <Bar
          dataKey="value"
          name={valueName}
          fill={theme.colors[color]?.[6] ?? theme.colors.teal[6]}
          radius={[0, 4, 4, 0]}
          maxBarSize={28}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
