import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCloudOff, IconCloudUpload } from '@tabler/icons-react';
import { formatDateTime, formatVolume } from '@/lib/format';
import { useOfflineCouponRefresh, useOnline, useQueueSender, useRedemptionQueue } from './use-offline';
import type { QueuedRedemption } from './redemption-queue';

const REFUSED_FOLLOW_UP =
  'The station was not paid for this fuel. Your station representative has it to follow up, and the organization was alerted.';

const what = (redemption: QueuedRedemption) =>
  `${redemption.code} · ${formatVolume(redemption.body.dispensedVolume, redemption.unit)} of ${redemption.fuelType}${redemption.plate ? ` · ${redemption.plate}` : ''}`;

/**
 * The station device's offline readiness and its queue: how fresh its copy of the open coupons is,
 * how many redemptions recorded offline wait to be sent, and what the server answered to those sent.
 */
export function OfflineStatus({ stationId }: { stationId: string }) {
  const online = useOnline();
  const copy = useOfflineCouponRefresh(stationId);
  const { queue, waiting } = useRedemptionQueue();
  const { results, dismiss } = useQueueSender(queue, waiting.length > 0);

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="offline-redemptions-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            {online ? <IconCloudUpload size={20} aria-hidden /> : <IconCloudOff size={20} aria-hidden />}
            <Title order={2} fz="md" id="offline-redemptions-title">
              {online ? 'Online' : 'Offline'}
            </Title>
            {waiting.length > 0 && (
              <Badge color="orange" aria-label={`${waiting.length} waiting to be sent`}>
                {waiting.length} waiting
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {copy
              ? `${copy.coupons.length} open ${copy.coupons.length === 1 ? 'coupon' : 'coupons'} kept for offline checks, updated ${formatDateTime(copy.generatedAt)}`
              : 'No offline copy of the open coupons yet'}
          </Text>
        </Group>
        {!online && (
          <Text size="sm">Coupons are checked on this device; redemptions are saved here and sent when the network returns.</Text>
        )}
        {waiting.length > 0 && (
          <Stack gap={4} aria-label="Waiting to be sent">
            {waiting.map((redemption) => (
              <Text key={redemption.idempotencyKey} size="sm">
                {what(redemption)}: saved on this device {formatDateTime(redemption.queuedAt)}
              </Text>
            ))}
          </Stack>
        )}
        {results.length > 0 && (
          <Stack gap="xs" aria-label="Sent from this device">
            {results.map((result) => (
              <Alert
                key={result.redemption.idempotencyKey}
                color={result.redeemed ? 'green' : 'red'}
                variant="light"
                title={result.redeemed ? `Sent: ${result.redemption.code}` : `Not redeemed: ${result.redemption.code}`}
              >
                {result.message}
                {!result.redeemed && (
                  <Text size="sm" mt={4}>
                    {REFUSED_FOLLOW_UP}
                  </Text>
                )}
              </Alert>
            ))}
            <Group justify="flex-end">
              <Button variant="subtle" size="xs" onClick={dismiss}>
                Dismiss
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
