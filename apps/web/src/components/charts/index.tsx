/**
 * Charts for the chart routes (Dashboard, Analytics). The monthly chart is plain SVG, drawn with
 * the page; the chart library (the category bars of Analytics) is only reached through React.lazy
 * here, so it downloads when such a chart first renders and never with other pages.
 */
import { Suspense, lazy, type ReactNode } from 'react';
import { Box, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { categoryChartHeight } from './chart-format';
import type { CategoryBarChartProps } from './types';

export type { CategoryBarChartProps, CategoryDatum, ChartKind, ChartSeries, MonthlyChartProps, MonthlyDatum } from './types';
export { formatCompact, formatCompactNaira, hasFigures, shortMonthLabel } from './chart-format';
export { MonthlyChart } from './MonthlyChart';

const CategoryBarChartImpl = lazy(() => import('./CategoryBarChart').then((module) => ({ default: module.CategoryBarChart })));

function ChartLoading({ height }: { height: number }) {
  return <Skeleton height={height} radius="sm" aria-label="Loading chart" />;
}

export function CategoryBarChart(props: CategoryBarChartProps) {
  return (
    <Suspense fallback={<ChartLoading height={categoryChartHeight(props.data.length)} />}>
      <CategoryBarChartImpl {...props} />
    </Suspense>
  );
}

export interface ChartCardProps {
  title: string;
  /** A short line under the title (the unit, the period). */
  description?: ReactNode;
  /** Controls beside the title, such as the line/bar toggle. */
  actions?: ReactNode;
  /** True when there is nothing to draw: the card says "No Record". */
  empty: boolean;
  /** How the figures were computed, under the chart. */
  caption?: ReactNode;
  children: ReactNode;
}

/** A titled card around one chart; the chart is a figure named by the title. */
export function ChartCard({ title, description, actions, empty, caption, children }: ChartCardProps) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title} style={{ minWidth: 0 }}>
      <Group justify="space-between" align="flex-start" gap="sm" mb="sm" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={2} fz="md">
            {title}
          </Title>
          {description && (
            <Text size="xs" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
        {actions}
      </Group>
      {empty ? (
        <Text ta="center" c="dimmed" py="xl">
          No Record
        </Text>
      ) : (
        <Box role="figure" aria-label={title} style={{ minWidth: 0 }}>
          {children}
        </Box>
      )}
      {caption && (
        <Text size="xs" c="dimmed" mt="sm">
          {caption}
        </Text>
      )}
    </Paper>
  );
}
