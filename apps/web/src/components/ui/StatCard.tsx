import type { ReactNode } from 'react';
import { Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { formatCurrency, formatStatNumber } from '@/lib/format';

export interface StatCardProps {
  title: string;
  number: number;
  unit?: string;
  note?: string;
  icon?: ReactNode;
  /** Money reads as naira with its kobo (₦389,782.50), not as a bare figure. */
  currency?: boolean;
}

export function StatCard({ title, number, unit, note, icon, currency = false }: StatCardProps) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Text size="sm" c="dimmed" fw={500}>
            {title}
          </Text>
          {/* Naira with kobo runs long: a size smaller keeps it clear of the icon on a narrow card. */}
          {/* The data- attributes are where the prerendered Dashboard writes its figures (src/prerender). */}
          <Text fz={currency ? 24 : 28} fw={700} lh={1.2} data-stat-number>
            {currency ? formatCurrency(number) : formatStatNumber(number)}
            {unit && (
              <Text span fz="sm" fw={500} c="dimmed" ml={4} data-stat-unit>
                {unit}
              </Text>
            )}
          </Text>
          {note && (
            <Text size="xs" c="dimmed" data-stat-note>
              {note}
            </Text>
          )}
        </Stack>
        {icon && (
          <ThemeIcon variant="light" size={40} radius="md" aria-hidden>
            {icon}
          </ThemeIcon>
        )}
      </Group>
    </Paper>
  );
}

/** Stand-ins with a stat card's height while its figures load. */
export function StatCardPlaceholders({ count, height = 88 }: { count: number; height?: number }) {
  return Array.from({ length: count }, (_, index) => <Skeleton key={index} height={height} radius="md" />);
}
