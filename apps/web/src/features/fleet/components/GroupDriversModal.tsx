import { useState } from 'react';
import { Avatar, Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconUserMinus } from '@tabler/icons-react';
import { toast } from '@/lib/toast';
import type { Department, Driver } from '@fleetfuel/contract';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { formatNumber } from '@/lib/format';
import { OPTIONS_PAGE_SIZE, useDrivers, useRemoveGroupDriver } from '../api';
import { assetName } from '../fleet-labels';

export interface GroupDriversModalProps {
  group: Department | null;
  onClose: () => void;
}

/** A group's drivers, each of whom can be taken out of the group (a driver belongs to at most one). */
export function GroupDriversModal({ group, onClose }: GroupDriversModalProps) {
  // The modal keeps its group while it animates closed.
  const [shown, setShown] = useState(group);
  if (group !== null && group !== shown) setShown(group);

  return (
    <Modal opened={group !== null} onClose={onClose} title={shown ? `Drivers of ${shown.name}` : 'Drivers'} size="lg" centered>
      {group && <GroupDrivers group={group} />}
    </Modal>
  );
}

function GroupDrivers({ group }: { group: Department }) {
  const drivers = useDrivers({ page: 1, pageSize: OPTIONS_PAGE_SIZE, departmentId: group.id });
  const remove = useRemoveGroupDriver();

  const removeDriver = async (driver: Driver) => {
    const reply = await remove.mutateAsync({ departmentId: group.id, driverId: driver.id }).catch(() => null);
    if (reply) toast.success(`${driver.name} removed from ${group.name}`);
  };

  if (drivers.isPending) {
    return (
      <Center py="lg">
        <Loader size="sm" aria-label="Loading drivers" />
      </Center>
    );
  }
  const list = drivers.data?.data ?? [];
  if (list.length === 0) {
    return (
      <Text ta="center" c="dimmed" py="lg">
        No Record
      </Text>
    );
  }
  const total = drivers.data?.meta.total ?? list.length;

  return (
    <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={`Drivers of ${group.name}`}>
      {list.map((driver) => (
        <Group
          key={driver.id}
          component="li"
          justify="space-between"
          gap="sm"
          py="sm"
          wrap="nowrap"
          style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
        >
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Avatar src={driver.imageUrl} name={driver.name} color="initials" radius="xl" size={36} alt="" aria-hidden />
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text size="sm" fw={500} truncate>
                {driver.name}
              </Text>
              <Group gap={6}>
                <Text size="xs" c="dimmed">
                  {driver.vehicle ? assetName(driver.vehicle) : 'No asset'}
                </Text>
                {driver.status !== 'ACTIVE' && <StatusBadge status={driver.status} />}
              </Group>
            </Stack>
          </Group>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconUserMinus size={14} aria-hidden />}
            loading={remove.isPending && remove.variables?.driverId === driver.id}
            onClick={() => void removeDriver(driver)}
            aria-label={`Remove ${driver.name} from ${group.name}`}
          >
            Remove
          </Button>
        </Group>
      ))}
      {total > list.length && (
        <Text size="xs" c="dimmed" pt="sm" component="li">
          Showing {formatNumber(list.length)} of {formatNumber(total)} drivers; search the Drivers page for the others.
        </Text>
      )}
    </Stack>
  );
}
