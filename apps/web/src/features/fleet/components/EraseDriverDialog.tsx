import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import type { Driver } from '@fleetfuel/contract';
import { errorMessage } from '@/lib/api-client';
import { toastReply } from '@/lib/toast';
import { useEraseDriver } from '../api';

/**
 * Confirms erasing a driver's personal data (NDPA 2023): says what goes and what stays, and shows
 * the server's refusal (an open coupon) in place, so the admin knows what to wait for.
 */
export function EraseDriverDialog({ driver, onClose }: { driver: Driver | null; onClose: () => void }) {
  const erase = useEraseDriver();

  const close = () => {
    erase.reset();
    onClose();
  };

  const confirm = async () => {
    if (!driver) return;
    if (!(await toastReply(erase.mutateAsync(driver.id)))) return;
    close();
  };

  return (
    <Modal opened={driver !== null} onClose={close} title="Erase personal data" centered>
      <Stack gap="sm">
        <Text size="sm">
          Erase the personal data of <strong>{driver?.name}</strong>? This cannot be undone, and the account can never sign in again.
        </Text>
        <Text size="sm" fw={500}>
          Removed
        </Text>
        <List size="sm">
          <List.Item>Name, title, e-mail and phone number</List.Item>
          <List.Item>Password, pump PIN and station PIN</List.Item>
          <List.Item>Photo, sessions and the e-mails and texts sent to them</List.Item>
        </List>
        <Text size="sm" fw={500}>
          Kept
        </Text>
        <List size="sm">
          <List.Item>Fuel and maintenance requests, wallet entries and amounts, under the name “Erased person”</List.Item>
          <List.Item>The audit trail, as it was written</List.Item>
        </List>
        {erase.error && (
          <Alert color="red" title="Not erased">
            {errorMessage(erase.error)}
          </Alert>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={close} disabled={erase.isPending}>
            Cancel
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={erase.isPending}>
            Erase personal data
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
