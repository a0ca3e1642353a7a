import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Avatar, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPencil, IconTrash, IconWallet } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { ORGANIZATION_TYPE_LABELS, ROLE_LABELS, type User } from '@fleetfuel/contract';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { DataTable, type DataTableColumn } from '../../../components/ui/DataTable';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { formatDate, formatNumber } from '../../../lib/format';
import { useDeleteOrganization, useOrganization, useOrganizationUsers } from '../api';
import { ClientFormModal } from './ClientFormModal';

export function clientWalletPath(id: string): string {
  return `/wallet?organizationId=${encodeURIComponent(id)}`;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={500} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

const USER_COLUMNS: DataTableColumn<User>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (u) => (
      <Text fw={500} size="sm">
        {u.name}
      </Text>
    ),
  },
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

  const backLink = useMemo(
    () => (
      <Button
        component={Link}
        to="/clients"
        variant="subtle"
        leftSection={<IconArrowLeft size={16} aria-hidden />}
        px={0}
        style={{ alignSelf: 'flex-start' }}
      >
        All clients
      </Button>
    ),
    [],
  );

  if (id === null) {
    return (
      <Stack align="flex-start">
        <Alert color="yellow" title="No client chosen">
          Open a client from the Clients table with its Manage action.
        </Alert>
        {backLink}
      </Stack>
    );
  }
  if (client.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading client" />
      </Center>
    );
  }
  if (!client.data) {
    return (
      <Stack align="flex-start">
        <Alert color="red" title="Client not found">
          This client does not exist or could not be loaded.
        </Alert>
        {backLink}
      </Stack>
    );
  }

  const c = client.data;

  const confirmDelete = async () => {
    const reply = await deleteClient.mutateAsync(c.id).catch(() => null);
    setDeleting(false);
    if (!reply) return;
    toast.success(reply.message);
    void navigate('/clients');
  };

  return (
    <Stack gap="lg">
      {backLink}
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Group justify="space-between" align="flex-start" gap="md">
          <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
            <Avatar src={c.imageUrl} name={c.name} alt={`${c.name} logo`} size={64} radius="md" color="teal" />
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Title order={2} fz={{ base: 20, sm: 24 }}>
                {c.name}
              </Title>
              <Group gap="xs">
                <StatusBadge status={c.status} />
                <Text size="sm" c="dimmed">
                  {ORGANIZATION_TYPE_LABELS[c.type]}
                </Text>
              </Group>
            </Stack>
          </Group>
          <Group gap="sm">
            <Button component={Link} to={clientWalletPath(c.id)} leftSection={<IconWallet size={16} aria-hidden />}>
              Go to Wallet
            </Button>
            <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setEditing(true)}>
              Edit
            </Button>
            <Button variant="light" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setDeleting(true)}>
              Delete
            </Button>
          </Group>
        </Group>

        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg" mt="xl">
          <Detail label="Address">{c.address ?? '—'}</Detail>
          <Detail label="Domain">{c.domain ?? '—'}</Detail>
          <Detail label="Plan">{c.subscription?.name ?? 'None'}</Detail>
          <Detail label="Next Billing">{formatDate(c.nextBilling) || '—'}</Detail>
          <Detail label="Drivers">{formatNumber(c.driversCount)}</Detail>
          <Detail label="Vehicles">{formatNumber(c.vehiclesCount)}</Detail>
          <Detail label="Date Joined">{formatDate(c.createdAt)}</Detail>
        </SimpleGrid>
      </Paper>

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Title order={3} fz="lg" mb="md">
          Users
        </Title>
        <DataTable
          label={`Users of ${c.name}`}
          columns={USER_COLUMNS}
          rows={users.data?.users}
          rowKey={(u) => u.id}
          meta={users.data?.meta}
          loading={users.isFetching}
          onPageChange={setUsersPage}
          minWidth={720}
        />
      </Paper>

      <ClientFormModal opened={editing} onClose={() => setEditing(false)} client={c} />
      <ConfirmDialog
        opened={deleting}
        title="Delete client"
        message={
          <>
            Delete <strong>{c.name}</strong>? This cannot be undone. A client with history (accounts, assets or requests) cannot be deleted:
            suspend it instead.
          </>
        }
        confirmLabel="Delete"
        danger
        loading={deleteClient.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(false)}
      />
    </Stack>
  );
}
