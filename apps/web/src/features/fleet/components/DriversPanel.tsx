import { useMemo, useState } from 'react';
import { ActionIcon, Anchor, Avatar, Button, Group, Menu, Text } from '@mantine/core';
import { IconDots, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { toast } from 'react-toastify';
import { PAGE_SIZE_DEFAULT, USER_STATUSES, type Driver } from '@fleetfuel/contract';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { DataTable, type DataTableColumn } from '../../../components/ui/DataTable';
import { PageHeader } from '../../../components/ui/PageHeader';
import { PrefetchLink } from '../../../components/ui/PrefetchLink';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { useAuth } from '../../../lib/auth';
import { useDeleteDriver, useDrivers, type DriverListQuery } from '../api';
import { DRIVER_STATUS_OPTIONS } from '../choices';
import { EMPTY_VALUE, assetName } from '../fleet-labels';
import { assetDetailsPath } from './AssetCells';
import { DriverFormModal } from './DriverFormModal';
import { ListFilter, ClientFilter } from '../../../components/ui/ListFilter';
import { useKeepPageInRange, useListPaging } from '../../../lib/list-paging';

/** The driver form; `driver` outlives `opened` so the modal keeps its title while it closes. */
interface Editing {
  opened: boolean;
  driver: Driver | null;
}

function isDriverStatus(value: string): value is Driver['status'] {
  return (USER_STATUSES as readonly string[]).includes(value);
}

const empty = <Text c="dimmed">{EMPTY_VALUE}</Text>;

/** A long address may wrap before its '@' rather than push the other columns out of view. */
function EmailText({ email }: { email: string | null }) {
  if (!email) return empty;
  const at = email.indexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

/** Spec section 2, Drivers (Mainteners): the organization's drivers and care takers. */
export function DriversPanel() {
  const { user: me } = useAuth();
  const isPlatformAdmin = me?.role === 'ADMIN';
  const { page, setPage, search, onSearchChange, resettingPage } = useListPaging();
  const [status, setStatus] = useState('');
  const [organizationId, setOrganizationId] = useState('');
  const [editing, setEditing] = useState<Editing>({ opened: false, driver: null });
  const [deleting, setDeleting] = useState<Driver | null>(null);

  const query = useMemo<DriverListQuery>(
    () => ({
      page,
      pageSize: PAGE_SIZE_DEFAULT,
      ...(search ? { search } : {}),
      ...(isDriverStatus(status) ? { status } : {}),
      ...(isPlatformAdmin && organizationId ? { organizationId } : {}),
    }),
    [page, search, status, organizationId, isPlatformAdmin],
  );
  const drivers = useDrivers(query);
  const deleteDriver = useDeleteDriver();

  const meta = drivers.data?.meta;
  useKeepPageInRange(meta, page, setPage);

  const confirmDelete = async () => {
    if (!deleting) return;
    // A refusal (the driver has history) reaches the user as the server's own message.
    const reply = await deleteDriver.mutateAsync(deleting.id).catch(() => null);
    setDeleting(null);
    if (reply) toast.success(reply.message);
  };

  const columns = useMemo<DataTableColumn<Driver>[]>(() => {
    const list: DataTableColumn<Driver>[] = [
      {
        key: 'name',
        header: 'Name',
        render: (d) => (
          <Group gap="sm" wrap="nowrap">
            <Avatar src={d.imageUrl} name={d.name} color="initials" radius="xl" size={36} alt="" aria-hidden />
            <Text fw={500} size="sm">
              {d.name}
            </Text>
          </Group>
        ),
      },
      { key: 'phone', header: 'Phone', render: (d) => d.phone ?? empty, noWrap: true },
      { key: 'email', header: 'Email', render: (d) => <EmailText email={d.email} /> },
    ];
    if (isPlatformAdmin) list.push({ key: 'client', header: 'Client', render: (d) => d.organization?.name ?? empty });
    list.push(
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
      {
        key: 'actions',
        header: 'Actions',
        noWrap: true,
        render: (d) => (
          <Menu position="bottom-end" withinPortal shadow="md">
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${d.name}`}>
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setEditing({ opened: true, driver: d })}>
                Edit
              </Menu.Item>
              <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setDeleting(d)}>
                Delete
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        ),
      },
    );
    return list;
  }, [isPlatformAdmin]);

  return (
    <>
      <PageHeader
        title="Drivers"
        description="Drivers and care takers who look after your assets"
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ opened: true, driver: null })}>
            Add Driver
          </Button>
        }
      />
      <DataTable
        label="Drivers"
        columns={columns}
        rows={drivers.data?.data}
        rowKey={(d) => d.id}
        meta={meta}
        loading={drivers.isFetching}
        onPageChange={setPage}
        onSearchChange={onSearchChange}
        searchPlaceholder="Search name, email or phone"
        minWidth={isPlatformAdmin ? 1000 : 880}
        toolbar={
          <>
            {isPlatformAdmin && <ClientFilter value={organizationId} onChange={resettingPage(setOrganizationId)} />}
            <ListFilter
              label="Filter by status"
              allLabel="All statuses"
              value={status}
              options={DRIVER_STATUS_OPTIONS}
              onChange={resettingPage(setStatus)}
            />
          </>
        }
      />

      <DriverFormModal
        opened={editing.opened}
        onClose={() => setEditing((current) => ({ ...current, opened: false }))}
        driver={editing.driver}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete driver"
        message={
          <>
            Delete <strong>{deleting?.name}</strong>? This cannot be undone. A driver with history (assignments or requests) cannot be
            deleted: set the account Inactive instead.
          </>
        }
        confirmLabel="Delete"
        danger
        loading={deleteDriver.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
