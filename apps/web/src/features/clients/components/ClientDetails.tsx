import { useState } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { ORGANIZATION_TYPE_LABELS, ROLE_LABELS, type User } from '@fleetfuel/contract';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { DataTable, type DataTableColumn } from '@/components/ui/DataTable';
import { RecordDetails, RecordSummaryCard } from '@/components/ui/RecordDetails';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { formatDate, formatNumber } from '@/lib/format';
import { useDeleteOrganization, useOrganization, useOrganizationUsers } from '../api';
import { ClientFormModal } from './ClientFormModal';
import { pagedRows } from '@/lib/list-paging';
import { nameColumn } from '@/components/ui/RecordCells';

function clientWalletPath(id: string): string {
  return `/wallet?organizationId=${encodeURIComponent(id)}`;
}

const USER_COLUMNS: DataTableColumn<User>[] = [
  nameColumn(),
  { key: 'email', header: 'Email', render: (u) => u.email ?? '' },
  { key: 'phone', header: 'Phone', render: (u) => u.phone ?? '', noWrap: true },
  { key: 'role', header: 'Role', render: (u) => ROLE_LABELS[u.role] },
  { key: 'status', header: 'Status', render: (u) => <StatusBadge status={u.status} />, noWrap: true },
];

/** One client: its details, logo, plan and billing, its accounts, and the way to its wallet. */
export function ClientDetails({ id }: { id: string | null }) {
  const navigate = useNavigate();
  const client = useOrganization(id);
  const [usersPage, setUsersPage] = useState(1);
  const users = useOrganizationUsers(id, usersPage);
  const deleteClient = useDeleteOrganization();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const confirmDelete = async (clientId: string) => {
    const reply = await deleteClient.mutateAsync(clientId).catch(() => null);
    setDeleting(false);
    if (!reply) return;
    toast.success(reply.message);
    void navigate('/clients');
  };

  return (
    <RecordDetails
      id={id}
      record={client}
      noun="client"
      chooseHint="Open a client from the Clients table with its Manage action."
      back={{ to: '/clients', label: 'All clients' }}
    >
      {(c, backLink) => (
        <Stack gap="lg">
          {backLink}
          <RecordSummaryCard
            name={c.name}
            imageUrl={c.imageUrl}
            imageAlt={`${c.name} logo`}
            status={c.status}
            subtitle={
              <Text size="sm" c="dimmed">
                {ORGANIZATION_TYPE_LABELS[c.type]}
              </Text>
            }
            walletTo={clientWalletPath(c.id)}
            onEdit={() => setEditing(true)}
            onDelete={() => setDeleting(true)}
            details={[
              { label: 'Address', value: c.address ?? '—' },
              { label: 'Domain', value: c.domain ?? '—' },
              { label: 'Plan', value: c.subscription?.name ?? 'None' },
              { label: 'Next Billing', value: formatDate(c.nextBilling) || '—' },
              { label: 'Drivers', value: formatNumber(c.driversCount) },
              { label: 'Vehicles', value: formatNumber(c.vehiclesCount) },
              { label: 'Date Joined', value: formatDate(c.createdAt) },
            ]}
          />

          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
            <Title order={3} fz="lg" mb="md">
              Users
            </Title>
            <DataTable
              label={`Users of ${c.name}`}
              columns={USER_COLUMNS}
              {...pagedRows(users, (reply) => reply.users)}
              onPageChange={setUsersPage}
              minWidth={720}
            />
          </Paper>

          <ClientFormModal opened={editing} onClose={() => setEditing(false)} record={c} />
          <ConfirmDialog
            opened={deleting}
            title="Delete client"
            message={
              <>
                Delete <strong>{c.name}</strong>? This cannot be undone. A client with history (accounts, assets or requests) cannot be
                deleted: suspend it instead.
              </>
            }
            confirmLabel="Delete"
            danger
            loading={deleteClient.isPending}
            onConfirm={() => void confirmDelete(c.id)}
            onCancel={() => setDeleting(false)}
          />
        </Stack>
      )}
    </RecordDetails>
  );
}
