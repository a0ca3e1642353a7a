import { CLIENT_SORTS, ORGANIZATION_TYPE_LABELS } from '@fleetfuel/contract';
import { CrudListPage } from '@/components/ui/CrudListPage';
import { AvatarName, EditManageActions, TENANT_STATUS_FILTER, isTenantStatus } from '@/components/ui/RecordCells';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { formatDate, formatNumber } from '@/lib/format';
import { useOrganizations } from '../api';
import { ClientFormModal } from './ClientFormModal';
import { ClientStats } from './ClientStats';

function clientDetailsPath(id: string): string {
  return `/clients/details?id=${encodeURIComponent(id)}`;
}

/** The Clients page: figures, the searchable client table, and the Add/Update Client modal. */
export function ClientsPanel() {
  return (
    <CrudListPage
      label="Clients"
      above={<ClientStats />}
      addLabel="Add Client"
      searchPlaceholder="Search clients"
      minWidth={900}
      filters={[TENANT_STATUS_FILTER]}
      sortable={CLIENT_SORTS}
      dateRange
      toQuery={(base, { status }) => ({ ...base, ...(isTenantStatus(status) ? { status } : {}) })}
      useList={useOrganizations}
      columns={() => [
        { key: 'name', header: 'Name', render: (c) => <AvatarName name={c.name} imageUrl={c.imageUrl} /> },
        { key: 'type', header: 'Type', render: (c) => ORGANIZATION_TYPE_LABELS[c.type] },
        { key: 'plan', header: 'Plan', render: (c) => c.subscription?.name ?? 'None' },
        { key: 'status', header: 'Status', render: (c) => <StatusBadge status={c.status} />, noWrap: true },
        { key: 'drivers', header: 'Drivers', render: (c) => formatNumber(c.driversCount) },
        { key: 'nextBilling', header: 'Next Billing', render: (c) => formatDate(c.nextBilling) || '—', noWrap: true },
        { key: 'createdAt', header: 'Date Joined', render: (c) => formatDate(c.createdAt), noWrap: true },
      ]}
      rowActions={(c, { edit }) => <EditManageActions name={c.name} onEdit={edit} manageTo={clientDetailsPath(c.id)} />}
      renderForm={(form) => <ClientFormModal {...form} />}
    />
  );
}
