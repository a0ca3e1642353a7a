import type { ReactNode } from 'react';
import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Wallet } from '@fleetfuel/contract';
import { formatCurrency } from '@/lib/format';

function Figure({ label, value, note }: { label: string; value: number; note: string }) {
  return (
    <Stack gap={2} role="group" aria-label={label}>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={{ base: 20, sm: 24 }} fw={700} lh={1.25}>
        {formatCurrency(value)}
      </Text>
      <Text size="xs" c="dimmed">
        {note}
      </Text>
    </Stack>
  );
}

/** The balance card: what the wallet holds, what is held for approved requests, and what is available. */
export function WalletBalanceCard({ wallet, actions }: { wallet: Wallet; actions?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <Group justify="space-between" align="flex-start" gap="md" mb="lg">
        <Stack gap={2}>
          <Text size="xs" c="dimmed" fw={500} tt="uppercase">
            {wallet.owner.kind === 'ORGANIZATION' ? 'Organization wallet' : 'Fuel station wallet'}
          </Text>
          <Group gap="xs">
            <Text fw={600}>{wallet.owner.name}</Text>
            <Badge variant="light" color="gray" radius="sm">
              {wallet.currency}
            </Badge>
          </Group>
        </Stack>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="lg">
        <Figure label="Balance" value={wallet.balance} note="All money in the wallet" />
        <Figure label="Available" value={wallet.available} note="What can be spent or paid out" />
        <Figure label="Held" value={wallet.held} note="Reserved for approved requests" />
      </SimpleGrid>
    </Paper>
  );
}
