import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCreditCard, IconRefresh } from '@tabler/icons-react';
import { toast } from '@/lib/toast';
import { hasPermission, type Role } from '@fleetfuel/contract';
import { ApiError, errorMessage } from '@/lib/api-client';
import { redirectToCheckout } from '@/lib/checkout';
import { formatCurrency, formatDate, formatNumber } from '@/lib/format';
import { newIdempotencyKey } from '@/lib/idempotency';
import { useCurrentSubscription, usePayRenewalByCard, useRenewSubscription } from '../api';
import { usagePercent, usageText } from '../reserve-form';

function UsageBar({ label, usage }: { label: string; usage: { used: number; limit: number } }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm" c="dimmed">
          {usageText(usage)}
        </Text>
      </Group>
      <Progress
        value={usagePercent(usage)}
        size="md"
        radius="xl"
        color={usagePercent(usage) >= 90 ? 'red' : 'teal'}
        aria-label={`${label} used: ${usageText(usage)}`}
      />
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={500} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {value}
      </Text>
    </Stack>
  );
}

interface RenewDialogProps {
  opened: boolean;
  onClose: () => void;
  planName: string;
  amount: number;
}

/** Renewal from the wallet; when the wallet cannot cover it, the way out is paying by card. */
function RenewDialog({ opened, onClose, planName, amount }: RenewDialogProps) {
  const renew = useRenewSubscription();
  const payByCard = usePayRenewalByCard();
  const [refusal, setRefusal] = useState<{ message: string; insufficient: boolean } | null>(null);
  const [leaving, setLeaving] = useState(false);

  const close = () => {
    setRefusal(null);
    onClose();
  };

  const confirm = async () => {
    setRefusal(null);
    try {
      const reply = await renew.mutateAsync(newIdempotencyKey());
      toast.success(reply.message);
      close();
    } catch (error) {
      setRefusal({
        message: errorMessage(error),
        insufficient: error instanceof ApiError && error.code === 'INSUFFICIENT_FUNDS',
      });
    }
  };

  const pay = async () => {
    const reply = await payByCard.mutateAsync(newIdempotencyKey()).catch(() => null);
    if (!reply) return;
    setLeaving(true);
    redirectToCheckout(reply.checkoutUrl);
  };

  return (
    <Modal opened={opened} onClose={close} title="Renew Subscription" centered>
      <Stack gap="md">
        <Text size="sm">
          Renew the <strong>{planName}</strong> plan for {formatCurrency(amount)}, paid from the wallet.
        </Text>
        {refusal && (
          <Alert
            color={refusal.insufficient ? 'yellow' : 'red'}
            title={refusal.insufficient ? 'Not enough money in the wallet' : 'Renewal refused'}
          >
            {refusal.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={leaving}>
            Cancel
          </Button>
          {refusal?.insufficient ? (
            <Button
              leftSection={<IconCreditCard size={16} aria-hidden />}
              loading={payByCard.isPending || leaving}
              onClick={() => void pay()}
            >
              Pay by card
            </Button>
          ) : (
            <Button leftSection={<IconRefresh size={16} aria-hidden />} loading={renew.isPending} onClick={() => void confirm()}>
              Renew from Wallet
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

/** The organization's plan, its billing dates, its usage against the limits, and renewal. */
export function CurrentPlanCard({ role }: { role: Role }) {
  const current = useCurrentSubscription();
  const [renewing, setRenewing] = useState(false);
  const subscription = current.data?.subscription;
  const canRenewRole = hasPermission(role, 'subscription.renew');

  if (!subscription) {
    return (
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Title order={2} fz="lg">
          Current Plan
        </Title>
        <Text size="sm" c="dimmed" mt="xs">
          {current.isPending ? 'Loading the plan…' : 'The plan could not be loaded.'}
        </Text>
      </Paper>
    );
  }

  const plan = subscription.plan;

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <Group justify="space-between" align="flex-start" gap="sm" mb="md">
        <Stack gap={4}>
          <Title order={2} fz="lg">
            Current Plan
          </Title>
          <Group gap="xs">
            <Text fw={700} fz="xl">
              {plan?.name ?? 'No plan'}
            </Text>
            {subscription.expired && (
              <Badge color="red" variant="light" radius="sm">
                Expired
              </Badge>
            )}
          </Group>
        </Stack>
        {canRenewRole && plan && (
          <Button
            leftSection={<IconRefresh size={16} aria-hidden />}
            disabled={!subscription.canRenew}
            onClick={() => setRenewing(true)}
            title={subscription.canRenew ? undefined : 'Renewal opens once the next billing date has passed'}
          >
            Renew Subscription
          </Button>
        )}
      </Group>
      {plan ? (
        <>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" mb="lg">
            <Figure label="Amount" value={formatCurrency(plan.amount)} />
            <Figure label="Cycle" value={`${formatNumber(plan.circle)} days`} />
            <Figure label="Cycle Started" value={formatDate(subscription.cycleStart) || '—'} />
            <Figure label="Next Billing" value={formatDate(subscription.nextBilling) || '—'} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <UsageBar label="Drivers" usage={subscription.usage.drivers} />
            <UsageBar label="Assets" usage={subscription.usage.assets} />
            <UsageBar label="Fuel requests this cycle" usage={subscription.usage.fuelRequests} />
            <UsageBar label="Maintenance requests this cycle" usage={subscription.usage.maintenanceRequests} />
          </SimpleGrid>
          {canRenewRole && !subscription.canRenew && (
            <Text size="xs" c="dimmed" mt="md">
              Renewal opens once the next billing date has passed.
            </Text>
          )}
          <RenewDialog opened={renewing} onClose={() => setRenewing(false)} planName={plan.name} amount={plan.amount} />
        </>
      ) : (
        <Text size="sm" c="dimmed">
          Your organization has no subscription plan. Contact FleetFuel to choose one.
        </Text>
      )}
    </Paper>
  );
}
