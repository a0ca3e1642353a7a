import { useMemo, useState } from 'react';
import { Avatar, Button, Group, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconSettings } from '@tabler/icons-react';
import { ORGANIZATION_TYPE_LABELS, PAGE_SIZE_DEFAULT, TENANT_STATUSES, type Organization, type TenantStatus } from '@fleetfuel/contract';
import { DataTable, type DataTableColumn } from '../../../components/ui/DataTable';
import { RowAction } from '../../../components/ui/RowAction';
import { StatusBadge, statusLabel } from '../../../components/ui/StatusBadge';
import { formatDate, formatNumber } from '../../../lib/format';
import { useOrganizations, type OrganizationListQuery } from '../api';
import { ClientFormModal } from './ClientFormModal';
import { ClientStats } from './ClientStats';
import { ListFilter } from '../../../components/ui/ListFilter';
import { useListPaging } from '../../../lib/list-paging';

/** The form modal; `client` outlives `opened` so the title stays while the modal closes. */
interface Editing {
  opened: boolean;
  client: Organization | null;
}

const STATUS_FILTER = TENANT_STATUSES.map((value) => ({ value, label: statusLabel(value) }));

function isTenantStatus(value: string): value is TenantStatus {
  return (TENANT_STATUSES as readonly string[]).includes(value);
}

export function clientDetailsPath(id: string): string {
  return `/clients/details?id=${encodeURIComponent(id)}`;
}

/** The Clients page: figures, the searchable client table, and the Add/Update Client modal. */
export function ClientsPanel() {
  const { page, setPage, search, onSearchChange, resettingPage } = useListPaging();
  const [status, setStatus] = useState('');
  const [editing, setEditing] = useState<Editing>({ opened: false, client: null });

  const query = useMemo<OrganizationListQuery>(
    () => ({
      page,
      pageSize: PAGE_SIZE_DEFAULT,
      ...(search ? { search } : {}),
      ...(isTenantStatus(status) ? { status } : {}),
    }),
    [page, search, status],
  );
  const clients = useOrganizations(query);

  const columns = useMemo<DataTableColumn<Organization>[]>(
    () => [
      {
        key: 'name',
        header: 'Name',
        render: (c) => (
          <Group gap="sm" wrap="nowrap">
            <Avatar src={c.imageUrl} name={c.name} alt="" size={32} radius="sm" color="teal" />
            <Text fw={500} size="sm">
              {c.name}
            </Text>
          </Group>
        ),
      },
      { key: 'type', header: 'Type', render: (c) => ORGANIZATION_TYPE_LABELS[c.type] },
      { key: 'plan', header: 'Plan', render: (c) => c.subscription?.name ?? 'None' },
      { key: 'status', header: 'Status', render: (c) => <StatusBadge status={c.status} />, noWrap: true },
      { key: 'drivers', header: 'Drivers', render: (c) => formatNumber(c.driversCount) },
      { key: 'nextBilling', header: 'Next Billing', render: (c) => formatDate(c.nextBilling) || '—', noWrap: true },
      { key: 'createdAt', header: 'Date Joined', render: (c) => formatDate(c.createdAt), noWrap: true },
      {
        key: 'actions',
        header: 'Actions',
        noWrap: true,
        render: (c) => (
          <Group gap={6} wrap="nowrap">
            <RowAction
              label={`Edit ${c.name}`}
              tooltip="Edit"
              icon={<IconPencil size={16} aria-hidden />}
              onClick={() => setEditing({ opened: true, client: c })}
            />
            <RowAction
              label={`Manage ${c.name}`}
              tooltip="Manage"
              icon={<IconSettings size={16} aria-hidden />}
              to={clientDetailsPath(c.id)}
            />
          </Group>
        ),
      },
    ],
    [],
  );

  return (
    <>
      <ClientStats />
      <DataTable
        label="Clients"
        columns={columns}
        rows={clients.data?.data}
        rowKey={(c) => c.id}
        meta={clients.data?.meta}
        loading={clients.isFetching}
        onPageChange={setPage}
        onSearchChange={onSearchChange}
        searchPlaceholder="Search clients"
        minWidth={900}
        toolbar={
          <>
            <ListFilter
              label="Filter by status"
              allLabel="All statuses"
              value={status}
              options={STATUS_FILTER}
              onChange={resettingPage(setStatus)}
            />
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ opened: true, client: null })}>
              Add Client
            </Button>
          </>
        }
      />
      <ClientFormModal
        opened={editing.opened}
        onClose={() => setEditing((current) => ({ ...current, opened: false }))}
        client={editing.client}
      />
    </>
  );
}
