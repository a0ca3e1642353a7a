import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconWallet } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatCurrency } from '@/lib/format';
import { useStationWallet } from '../api';

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={0} role="group" aria-label={label}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={{ base: 20, sm: 24 }} fw={700} lh={1.3}>
        {formatCurrency(value)}
      </Text>
    </Stack>
  );
}

/** The station's wallet at a glance, for its representative, with the way to the Wallet page. */
export function StationWalletCard() {
  const wallet = useStationWallet(true);
  const data = wallet.data?.wallet;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="station-wallet-title">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg" id="station-wallet-title">
            Station Wallet
          </Title>
          <IconWallet size={22} aria-hidden color="var(--mantine-color-teal-6)" />
        </Group>
        {data ? (
          <Group gap="xl" wrap="wrap">
            <Figure label="Station balance" value={data.balance} />
            <Figure label="Available for payout" value={data.available} />
          </Group>
        ) : (
          wallet.isPending && <Loader size="sm" aria-label="Loading the wallet" />
        )}
        <Text size="sm" c="dimmed">
          Redeemed coupons are paid into this wallet.
        </Text>
        <Group>
          <Button component={Link} to="/wallet" variant="light" leftSection={<IconWallet size={16} aria-hidden />}>
            Go to Wallet
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
