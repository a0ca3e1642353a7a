import { ActionIcon, Anchor, Badge, Box, Group, Indicator, Loader, Popover, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import type { Alert, AlertSeverity, Role } from '@fleetfuel/contract';
import { PrefetchLink } from '@/components/ui/PrefetchLink';
import { formatCalendarDate } from '@/lib/format';
import { alertPath } from '../alert-links';
import { useAlerts } from '../api';

/** Dark enough for white text at badge size (WCAG AA), so the colour never carries the words alone. */
const SEVERITY_COLOURS: Record<AlertSeverity, string> = { critical: '#b3261e', warning: '#8a4b00', info: '#1c5fa8' };
const SEVERITY_LABELS: Record<AlertSeverity, string> = { critical: 'Critical', warning: 'Warning', info: 'Info' };

function AlertItem({ alert, role, onOpen }: { alert: Alert; role: Role; onOpen: () => void }) {
  return (
    <Box component="li" py={8} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
      <Group gap={6} wrap="nowrap" mb={2}>
        <Badge size="xs" radius="sm" color={SEVERITY_COLOURS[alert.severity]} tt="none">
          {SEVERITY_LABELS[alert.severity]}
        </Badge>
        {alert.dueDate && (
          <Text size="xs" c="dimmed">
            {formatCalendarDate(alert.dueDate)}
          </Text>
        )}
      </Group>
      <Anchor component={PrefetchLink} to={alertPath(alert, role)} size="sm" onClick={onOpen}>
        {alert.message}
      </Anchor>
    </Box>
  );
}

/** The header bell: how many alerts the caller has, and the list of them, each linked to its record. */
export function AlertsBell({ role }: { role: Role }) {
  const [opened, setOpened] = useState(false);
  const { data, isPending, isError } = useAlerts();
  const total = data?.total ?? 0;

  return (
    // The count sits outside the popover's target, so that the target's ARIA (expanded, controls) lands on the button.
    <Indicator label={total > 99 ? '99+' : total} size={18} color={SEVERITY_COLOURS.critical} disabled={total === 0} offset={4}>
      <Popover opened={opened} onChange={setOpened} position="bottom-end" width={380} shadow="md" withinPortal trapFocus returnFocus>
        <Popover.Target>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Alerts, ${total}`} onClick={() => setOpened((o) => !o)}>
            <IconBell size={22} stroke={1.7} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p="sm" aria-label="Alerts">
          <Title order={2} fz="md" mb={4}>
            Alerts
          </Title>
          {isPending ? (
            <Loader size="sm" aria-label="Loading alerts" />
          ) : isError ? (
            <Text size="sm" c="red.9">
              The alerts could not be loaded. Try again shortly.
            </Text>
          ) : data.alerts.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nothing needs your attention.
            </Text>
          ) : (
            <Stack gap={4}>
              <ScrollArea.Autosize mah={420} type="auto">
                <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                  {data.alerts.map((alert) => (
                    <AlertItem
                      key={`${alert.kind}:${alert.subject.id}:${alert.message}`}
                      alert={alert}
                      role={role}
                      onOpen={() => setOpened(false)}
                    />
                  ))}
                </Box>
              </ScrollArea.Autosize>
              {data.total > data.alerts.length && (
                <Text size="xs" c="dimmed">
                  Showing the {data.alerts.length} most pressing of {data.total} alerts.
                </Text>
              )}
            </Stack>
          )}
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
