import { useMemo, useState } from 'react';
import { ActionIcon, Button, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconDots, IconPencil, IconPlus, IconTrash, IconUsers } from '@tabler/icons-react';
import { toast } from 'react-toastify';
import { PAGE_SIZE_DEFAULT, TENANT_STATUSES, type Department } from '@fleetfuel/contract';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { DataTable, type DataTableColumn } from '../../../components/ui/DataTable';
import { PageHeader } from '../../../components/ui/PageHeader';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { useAuth } from '../../../lib/auth';
import { formatNumber } from '../../../lib/format';
import { useDeleteDepartment, useDepartments, type DepartmentListQuery } from '../api';
import { GROUP_STATUS_OPTIONS } from '../choices';
import { dailyCapLabel } from '../fleet-labels';
import { GroupDriversModal } from './GroupDriversModal';
import { GroupFormModal } from './GroupFormModal';
import { ListFilter, ClientFilter } from '../../../components/ui/ListFilter';
import { useKeepPageInRange, useListPaging } from '../../../lib/list-paging';

/** The group form; `group` outlives `opened` so the modal keeps its title while it closes. */
interface Editing {
  opened: boolean;
  group: Department | null;
}

function isGroupStatus(value: string): value is Department['status'] {
  return (TENANT_STATUSES as readonly string[]).includes(value);
}

/** Spec section 2, Groups: the organization's groups (departments) and their daily fuel caps. */
export function GroupsPanel() {
  const { user: me } = useAuth();
  const isPlatformAdmin = me?.role === 'ADMIN';
  const { page, setPage, search, onSearchChange, resettingPage } = useListPaging();
  const [status, setStatus] = useState('');
  const [organizationId, setOrganizationId] = useState('');
  const [editing, setEditing] = useState<Editing>({ opened: false, group: null });
  const [members, setMembers] = useState<Department | null>(null);
  const [deleting, setDeleting] = useState<Department | null>(null);

  const query = useMemo<DepartmentListQuery>(
    () => ({
      page,
      pageSize: PAGE_SIZE_DEFAULT,
      ...(search ? { search } : {}),
      ...(isGroupStatus(status) ? { status } : {}),
      ...(isPlatformAdmin && organizationId ? { organizationId } : {}),
    }),
    [page, search, status, organizationId, isPlatformAdmin],
  );
  const groups = useDepartments(query);
  const deleteGroup = useDeleteDepartment();

  const meta = groups.data?.meta;
  useKeepPageInRange(meta, page, setPage);

  const confirmDelete = async () => {
    if (!deleting) return;
    // A refusal (the group has members or history) reaches the user as the server's own message.
    const reply = await deleteGroup.mutateAsync(deleting.id).catch(() => null);
    setDeleting(null);
    if (reply) toast.success(reply.message);
  };

  const columns = useMemo<DataTableColumn<Department>[]>(() => {
    const list: DataTableColumn<Department>[] = [
      {
        key: 'name',
        header: 'Name',
        render: (g) => (
          <Text fw={500} size="sm">
            {g.name}
          </Text>
        ),
      },
      { key: 'status', header: 'Status', render: (g) => <StatusBadge status={g.status} />, noWrap: true },
      { key: 'cap', header: 'Max Daily Consumption', render: (g) => dailyCapLabel(g.maxDailyConsumption), noWrap: true },
      { key: 'vehicles', header: 'Vehicles', render: (g) => formatNumber(g.vehiclesCount) },
      {
        key: 'drivers',
        header: 'Drivers',
        render: (g) => (
          <UnstyledButton
            onClick={() => setMembers(g)}
            c="teal.7"
            fz="sm"
            fw={500}
            style={{ textDecoration: 'underline', textUnderlineOffset: 3 }}
          >
            {formatNumber(g.driversCount)}
            {/* Named by its own text (the count it shows, then what it does), so no aria-label can disagree with it. */}
            <VisuallyHidden> drivers: show the drivers of {g.name}</VisuallyHidden>
          </UnstyledButton>
        ),
      },
    ];
    if (isPlatformAdmin) list.push({ key: 'client', header: 'Client', render: (g) => g.organization.name });
    list.push({
      key: 'actions',
      header: 'Actions',
      noWrap: true,
      render: (g) => (
        <Menu position="bottom-end" withinPortal shadow="md">
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${g.name}`}>
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconUsers size={16} aria-hidden />} onClick={() => setMembers(g)}>
              Drivers
            </Menu.Item>
            <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setEditing({ opened: true, group: g })}>
              Edit
            </Menu.Item>
            <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setDeleting(g)}>
              Delete
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ),
    });
    return list;
  }, [isPlatformAdmin]);

  return (
    <>
      <PageHeader
        title="Groups"
        description="Groups of assets and drivers, each with its daily fuel cap"
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ opened: true, group: null })}>
            Add Group
          </Button>
        }
      />
      <DataTable
        label="Groups"
        columns={columns}
        rows={groups.data?.data}
        rowKey={(g) => g.id}
        meta={meta}
        loading={groups.isFetching}
        onPageChange={setPage}
        onSearchChange={onSearchChange}
        searchPlaceholder="Search groups"
        minWidth={isPlatformAdmin ? 820 : 700}
        toolbar={
          <>
            {isPlatformAdmin && <ClientFilter value={organizationId} onChange={resettingPage(setOrganizationId)} />}
            <ListFilter
              label="Filter by status"
              allLabel="All statuses"
              value={status}
              options={GROUP_STATUS_OPTIONS}
              onChange={resettingPage(setStatus)}
            />
          </>
        }
      />

      <GroupFormModal
        opened={editing.opened}
        onClose={() => setEditing((current) => ({ ...current, opened: false }))}
        group={editing.group}
      />
      <GroupDriversModal group={members} onClose={() => setMembers(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete group"
        message={
          <>
            Delete <strong>{deleting?.name}</strong>? This cannot be undone. A group with assets, drivers or history cannot be deleted: set
            it Inactive instead.
          </>
        }
        confirmLabel="Delete"
        danger
        loading={deleteGroup.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
