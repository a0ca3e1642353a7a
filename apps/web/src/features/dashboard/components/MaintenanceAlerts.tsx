import { Anchor, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { AnalyticsOverview } from '@fleetfuel/contract';
import { PrefetchLink } from '@/components/ui/PrefetchLink';
import { readableDates } from '@/lib/format';
import { assetDetailsPath } from '../dashboard-stats';

export interface MaintenanceAlertsProps {
  alerts: AnalyticsOverview['maintenanceAlerts'];
  /** Whether the signed-in user may open this asset's details. */
  canOpenAsset: (vehicleId: string) => boolean;
}

/** Spec section 2: the vehicles due for maintenance (domain rule "Due and alerts"), each with its reasons. */
export function MaintenanceAlerts({ alerts, canOpenAsset }: MaintenanceAlertsProps) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Maintenance Alerts" style={{ minWidth: 0 }}>
      <Title order={2} fz="md" mb="sm">
        Maintenance Alerts
      </Title>
      {alerts.length === 0 ? (
        <Text ta="center" c="dimmed" py="xl">
          No Record
        </Text>
      ) : (
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {alerts.map((alert) => {
            const name = alert.plateNumber ?? alert.name;
            return (
              <Group key={alert.vehicleId} component="li" gap="sm" align="flex-start" wrap="nowrap">
                <ThemeIcon variant="light" color="orange" size={32} radius="md" aria-hidden>
                  <IconAlertTriangle size={18} />
                </ThemeIcon>
                <Stack gap={2} style={{ minWidth: 0 }}>
                  {canOpenAsset(alert.vehicleId) ? (
                    <Anchor component={PrefetchLink} to={assetDetailsPath(alert.vehicleId)} fw={600} size="sm">
                      {name}
                    </Anchor>
                  ) : (
                    <Text fw={600} size="sm">
                      {name}
                    </Text>
                  )}
                  {alert.plateNumber !== null && (
                    <Text size="xs" c="dimmed">
                      {alert.name}
                    </Text>
                  )}
                  <List size="sm" spacing={2} aria-label={`Why ${name} is due`}>
                    {alert.reasons.map((reason) => (
                      <List.Item key={reason}>{readableDates(reason)}</List.Item>
                    ))}
                  </List>
                </Stack>
              </Group>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}
