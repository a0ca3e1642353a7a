import type { ReactNode } from 'react';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { EMPTY_VALUE } from '../fleet-labels';

export interface DetailItem {
  label: string;
  value: ReactNode;
}

/** Label-over-value pairs; an empty value reads "—" rather than leaving a hole. */
export function DetailGrid({ items }: { items: readonly DetailItem[] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" verticalSpacing="md" component="dl" m={0}>
      {items.map((item) => (
        <Stack key={item.label} gap={2}>
          <Text component="dt" size="xs" c="dimmed" fw={500} tt="uppercase" style={{ letterSpacing: 0.3 }}>
            {item.label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
            {item.value === null || item.value === undefined || item.value === '' ? EMPTY_VALUE : item.value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
