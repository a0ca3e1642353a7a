/**
 * Charts for the chart routes (Dashboard, Analytics), drawn as plain SVG with the page: a monthly
 * series (line or bars) and horizontal bars per category. No chart library (issue 16).
 */
import type { ReactNode } from 'react';
import { Box, Group, Paper, Stack, Text, Title } from '@mantine/core';

export type { CategoryDatum, ChartKind, ChartSeries } from './types';
export { formatCompact, formatCompactNaira, hasFigures } from './chart-format';
export { CategoryBarChart } from './CategoryBarChart';
export { MonthlyChart } from './MonthlyChart';

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
