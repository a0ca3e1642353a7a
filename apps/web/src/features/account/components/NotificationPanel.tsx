import { Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { toast } from '@/lib/toast';
import { NOTIFICATION_KINDS, type NotificationPreferences, type Role } from '@fleetfuel/contract';
import { useNotificationPreferences, useUpdateNotificationPreferences } from '../api';

type Kind = (typeof NOTIFICATION_KINDS)[number];

const KINDS: Record<Kind, { label: string; description: string }> = {
  requestDecisions: {
    label: 'Request decisions',
    description: 'When a fuel or maintenance request is approved or rejected.',
  },
  couponRedeemed: {
    label: 'Coupon redeemed',
    description: 'When a station dispenses fuel against a coupon.',
  },
  walletFunded: {
    label: 'Wallet funded',
    description: 'When money reaches the wallet.',
  },
  expiryWarnings: {
    label: 'Expiry warnings',
    description: 'When insurance or registration of a vehicle expires within 30 days, or a coupon is about to expire.',
  },
  subscriptionDue: {
    label: 'Subscription due',
    description: 'When the subscription plan is due for renewal.',
  },
  supportReplies: {
    label: 'Support replies',
    description: 'When the FleetFuel team answers one of your support tickets.',
  },
  dailyDigest: {
    label: 'Daily digest of alerts',
    description: 'Once a day, a summary of what needs attention in your organization, when anything does.',
  },
  budgetAlerts: {
    label: 'Fuel budget alerts',
    description: 'When an approval brings a fuel budget of your organization to 80% or 100% of its limit.',
  },
};

/** Kinds only some roles ever receive: the digest goes to an organization's administrators alone. */
const ONLY_FOR: Partial<Record<Kind, readonly Role[]>> = {
  dailyDigest: ['ADMINISTRATOR', 'ASST_ADMINISTRATOR'],
  budgetAlerts: ['ADMINISTRATOR', 'ASST_ADMINISTRATOR'],
};

/** Notification tab: one switch per kind of e-mail, saved as soon as it changes. */
export function NotificationPanel({ role }: { role: Role }) {
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();

  const change = async (kind: Kind, value: boolean) => {
    const body: Partial<NotificationPreferences> = { [kind]: value };
    const reply = await update.mutateAsync(body).catch(() => null);
    if (reply) toast.success(`${KINDS[kind].label} e-mails ${value ? 'on' : 'off'}`);
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <div>
          <Title order={3} size="h4">
            E-mail notifications
          </Title>
          <Text size="sm" c="dimmed">
            Choose which e-mails you receive{role === 'ADMIN' ? '' : ' about your work on FleetFuel'}. Changes save at once.
          </Text>
        </div>
        {preferences.isPending && <Skeleton height={200} radius="md" />}
        {preferences.data && (
          <Stack gap="lg">
            {NOTIFICATION_KINDS.filter((kind) => ONLY_FOR[kind]?.includes(role) ?? true).map((kind) => {
              const pending = update.isPending && update.variables[kind] !== undefined;
              return (
                <Switch
                  key={kind}
                  size="md"
                  checked={pending ? (update.variables[kind] ?? false) : preferences.data[kind]}
                  onChange={(event) => void change(kind, event.currentTarget.checked)}
                  disabled={update.isPending}
                  label={
                    <Text fw={500} size="sm">
                      {KINDS[kind].label}
                    </Text>
                  }
                  description={KINDS[kind].description}
                />
              );
            })}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
