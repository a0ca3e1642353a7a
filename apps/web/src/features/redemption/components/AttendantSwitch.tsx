import { useState } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import { useAuth } from '@/lib/auth';
import { SwitchAttendantModal } from './SwitchAttendantModal';

/**
 * Who holds the station's shared phone, and the way to hand it over: every redemption is recorded
 * under the attendant named here.
 */
export function AttendantSwitch() {
  const { user } = useAuth();
  const [opened, setOpened] = useState(false);
  if (!user) return null;
  return (
    <Paper withBorder radius="md" px="md" py="xs">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <IconUserCircle size={20} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm" truncate>
            Attendant: <strong>{user.name}</strong>
          </Text>
        </Group>
        {/* The name gives way on a narrow phone; the button keeps its word. */}
        <Button
          size="compact-sm"
          variant="light"
          style={{ flexShrink: 0 }}
          onClick={() => setOpened(true)}
          aria-label={`Switch attendant (now ${user.name})`}
        >
          Switch
        </Button>
      </Group>
      <SwitchAttendantModal opened={opened} onClose={() => setOpened(false)} />
    </Paper>
  );
}
