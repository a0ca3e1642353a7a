import { useState } from 'react';
import { Anchor, Avatar, Badge, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconEraser, IconKey, IconPencil, IconSend, IconSnowflake, IconSnowflakeOff, IconTrash } from '@tabler/icons-react';
import { notifyDownloaded, toastReply } from '@/lib/toast';
import { saveJson } from '@/lib/download';
import { DRIVER_SORTS, USER_STATUSES, hasPermission, routes, type Driver } from '@fleetfuel/contract';
import { CrudListPage } from '@/components/ui/CrudListPage';
import { PrefetchLink } from '@/components/ui/PrefetchLink';
import { EmailText } from '@/components/ui/RecordCells';
import { RowMenu } from '@/components/ui/RowMenu';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { useAuth } from '@/lib/auth';
import { useDeleteDriver, useDriverDataExport, useDrivers, useResendInvitation } from '../api';
import { DRIVER_STATUS_OPTIONS } from '../choices';
import { EMPTY_VALUE, assetName } from '../fleet-labels';
import { assetDetailsPath } from './AssetCells';
import { DriverFormModal } from './DriverFormModal';
import { EraseDriverDialog } from './EraseDriverDialog';
import { FreezeDialogs, FrozenBadge, type FreezeTarget } from './FreezeDialogs';
import { ImportButton } from './ImportDialog';
import { ResetPumpPinDialog } from './ResetPumpPinDialog';

function isDriverStatus(value: string): value is Driver['status'] {
  return (USER_STATUSES as readonly string[]).includes(value);
}

const empty = <Text c="dimmed">{EMPTY_VALUE}</Text>;

/** Spec section 2, Drivers (Mainteners): the organization's drivers and care takers. */
export function DriversPanel() {
  const { user: me } = useAuth();
  const isPlatformAdmin = me?.role === 'ADMIN';
  const deleteDriver = useDeleteDriver();
  const [resettingPin, setResettingPin] = useState<Driver | null>(null);
  const resendInvitation = useResendInvitation();
  const canFreeze = hasPermission(me?.role, 'fleet.freeze');
  const [freezing, setFreezing] = useState<FreezeTarget | null>(null);
  const canHandlePersonalData = hasPermission(me?.role, 'personalData.drivers');
  const dataExport = useDriverDataExport();
  const [erasing, setErasing] = useState<Driver | null>(null);

  /** A driver's request for access (NDPA 2023): the admin saves the driver's data to hand over. */
  const exportData = async (driver: Driver) => {
    // A refusal reaches the user as the query client's error toast.
    const data = await dataExport.mutateAsync(driver.id).catch(() => null);
    if (!data) return;
    const filename = `fleetfuel-personal-data-${driver.id}.json`;
    saveJson(data, filename);
    notifyDownloaded(filename);
  };

  /** A lost or expired invitation: the driver gets a new link, and the toast says where it went. */
  const resend = async (driver: Driver) => {
    // A refusal reaches the user as the query client's error toast.
    await toastReply(resendInvitation.mutateAsync(driver.id));
  };

  return (
    <>
      <CrudListPage
        label="Drivers"
        header={{ title: 'Drivers', description: 'Drivers and care takers who look after your assets' }}
        addLabel="Add Driver"
        searchPlaceholder="Search name, email or phone"
        above={<ImportButton kind="drivers" />}
        minWidth={isPlatformAdmin ? 1000 : 880}
        clientFilter={isPlatformAdmin}
        filters={[{ name: 'status', label: 'Filter by status', allLabel: 'All statuses', options: DRIVER_STATUS_OPTIONS }]}
        sortable={DRIVER_SORTS}
        toQuery={(base, { status }) => ({ ...base, ...(isDriverStatus(status) ? { status } : {}) })}
        useList={useDrivers}
        exportRoute={routes.exports.drivers}
        columns={() => [
          {
            key: 'name',
            header: 'Name',
            // Frozen says so in the first column, which stays in view (and heads the card on a phone).
            render: (d) => (
              <Stack gap={6} align="flex-start" maw={280}>
                <Group gap="sm" wrap="nowrap">
                  <Avatar src={d.imageUrl} name={d.name} color="initials" radius="xl" size={36} alt="" aria-hidden />
                  <Text fw={500} size="sm">
                    {d.name}
                  </Text>
                  {d.passwordPending && (
                    <Badge
                      size="xs"
                      variant="outline"
                      radius="sm"
                      title="Invited: has not chosen a password yet"
                      styles={{ label: { overflow: 'visible' } }}
                    >
                      Invited
                    </Badge>
                  )}
                </Group>
                <FrozenBadge frozen={d.frozen} />
              </Stack>
            ),
          },
          { key: 'phone', header: 'Phone', render: (d) => d.phone ?? empty, noWrap: true },
          { key: 'email', header: 'Email', render: (d) => <EmailText email={d.email} empty={empty} /> },
          ...(isPlatformAdmin ? [{ key: 'client', header: 'Client', render: (d: Driver) => d.organization?.name ?? empty }] : []),
          {
            key: 'vehicle',
            header: 'Vehicle',
            noWrap: true,
            render: (d) =>
              d.vehicle ? (
                <Anchor component={PrefetchLink} to={assetDetailsPath(d.vehicle.id)} size="sm">
                  {assetName(d.vehicle)}
                </Anchor>
              ) : (
                empty
              ),
          },
          { key: 'group', header: 'Group', render: (d) => d.department?.name ?? empty },
          { key: 'status', header: 'Status', render: (d) => <StatusBadge status={d.status} />, noWrap: true },
        ]}
        rowActions={(d, { edit, remove }) => (
          <RowMenu
            label={`Actions for ${d.name}`}
            items={[
              { label: 'Edit', icon: <IconPencil size={16} aria-hidden />, onClick: edit },
              ...(d.passwordPending
                ? [{ label: 'Resend invitation', icon: <IconSend size={16} aria-hidden />, onClick: () => void resend(d) }]
                : []),
              { label: 'Reset pump PIN', icon: <IconKey size={16} aria-hidden />, onClick: () => setResettingPin(d) },
              ...(canFreeze
                ? [
                    {
                      label: d.frozen ? 'Unfreeze' : 'Freeze',
                      icon: d.frozen ? <IconSnowflakeOff size={16} aria-hidden /> : <IconSnowflake size={16} aria-hidden />,
                      onClick: () => setFreezing({ kind: 'driver', action: d.frozen ? 'unfreeze' : 'freeze', id: d.id, name: d.name }),
                    },
                  ]
                : []),
              ...(canHandlePersonalData
                ? [
                    {
                      label: 'Export personal data',
                      icon: <IconDownload size={16} aria-hidden />,
                      onClick: () => void exportData(d),
                    },
                    {
                      label: 'Erase personal data',
                      icon: <IconEraser size={16} aria-hidden />,
                      onClick: () => setErasing(d),
                      color: 'red',
                    },
                  ]
                : []),
              { label: 'Delete', icon: <IconTrash size={16} aria-hidden />, onClick: remove, color: 'red' },
            ]}
          />
        )}
        renderForm={(form) => <DriverFormModal {...form} />}
        remove={{
          mutation: deleteDriver,
          title: 'Delete driver',
          message: (d) => (
            <>
              Delete <strong>{d.name}</strong>? This cannot be undone. A driver with history (assignments or requests) cannot be deleted:
              set the account Inactive instead.
            </>
          ),
        }}
      />
      <ResetPumpPinDialog driver={resettingPin} onClose={() => setResettingPin(null)} />
      <FreezeDialogs target={freezing} onClose={() => setFreezing(null)} />
      <EraseDriverDialog driver={erasing} onClose={() => setErasing(null)} />
    </>
  );
}
