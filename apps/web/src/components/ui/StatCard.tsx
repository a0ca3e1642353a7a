import type { ReactNode } from 'react';
import { Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { formatStatNumber } from '../../lib/format';

export interface StatCardProps {
  title: string;
  number: number;
  unit?: string;
  note?: string;
  icon?: ReactNode;
}

export function StatCard({ title, number, unit, note, icon }: StatCardProps) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Text size="sm" c="dimmed" fw={500}>
            {title}
          </Text>
          <Text fz={28} fw={700} lh={1.2}>
            {formatStatNumber(number)}
            {unit && (
              <Text span fz="sm" fw={500} c="dimmed" ml={4}>
                {unit}
              </Text>
            )}
          </Text>
          {note && (
            <Text size="xs" c="dimmed">
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
