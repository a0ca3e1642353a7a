import { useCallback, useMemo, useState } from 'react';
import { ActionIcon, Button, Menu } from '@mantine/core';
import { IconDots, IconKey, IconPencil, IconPlus, IconTrash, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { toast, toastReply } from '@/lib/toast';
import {
  MANAGEABLE_ROLES,
  ROLES,
  ROLE_LABELS,
  USER_SORTS,
  hasPermission,
  USER_STATUSES,
  isOrganizationRole,
  isStationRole,
  type Role,
  type User,
} from '@fleetfuel/contract';
import { DataTable, type DataTableColumn } from '@/components/ui/DataTable';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { EmailText, nameColumn } from '@/components/ui/RecordCells';
import { StatusBadge, statusLabel } from '@/components/ui/StatusBadge';
import { formatDate } from '@/lib/format';
import { useAuth } from '@/lib/auth';
import { useDeleteUser, useUpdateUser, useUsers, type UserListQuery } from '../api';
import { asRole } from '../user-form';
import { UserFormModal } from './UserFormModal';
import { ClearStationPinDialog } from './ClearStationPinDialog';
import { ListFilter, StatusListFilter } from '@/components/ui/ListFilter';
import { DateRangeFilter, dateRangeQuery } from '@/components/ui/DateRangeFilter';
import { useKeepPageInRange, pagedRows } from '@/lib/list-paging';
import { useListView } from '@/lib/list-view';

/** The account form; `user` outlives `opened` so the modal keeps its title while it closes. */
interface Editing {
  opened: boolean;
  user: User | null;
}

const STATUS_FILTER = USER_STATUSES.map((value) => ({ value, label: statusLabel(value) }));
const ROLE_FILTER = ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }));

function isUserStatus(value: string): value is User['status'] {
  return (USER_STATUSES as readonly string[]).includes(value);
}

/** The roles a team list can filter by: those of the caller's own kind of tenant. */
function teamRoles(me: Role | undefined): readonly Role[] {
  if (me === undefined) return [];
  if (isOrganizationRole(me)) return ROLES.filter(isOrganizationRole);
  if (isStationRole(me)) return ROLES.filter(isStationRole);
  return ROLES;
}

export interface UsersPanelProps {
  /**
   * `admin`: every account, for the platform admin. `team`: the caller's own organization or
   * station, as the server scopes it, with actions only on the roles the caller manages.
   */
  variant?: 'admin' | 'team';
}

/** The Users tab of the admin page: every account, searchable, with create, edit, disable and delete. */
export function UsersPanel({ variant = 'admin' }: UsersPanelProps) {
  const { user: me } = useAuth();
  const team = variant === 'team';
  const roleFilter = useMemo(
    () => (team ? teamRoles(me?.role).map((value) => ({ value, label: ROLE_LABELS[value] })) : ROLE_FILTER),
    [team, me?.role],
  );
  const view = useListView({ filters: ['role', 'status', 'from', 'to'], sortable: USER_SORTS });
  const { role, status, from, to } = view.filters;
  const [editing, setEditing] = useState<Editing>({ opened: false, user: null });
  const [deleting, setDeleting] = useState<User | null>(null);
  const [clearingPin, setClearingPin] = useState<User | null>(null);

  const query = useMemo<UserListQuery>(() => {
    const knownRole = asRole(role);
    return {
      ...view.query,
      ...(knownRole ? { role: knownRole } : {}),
      ...(isUserStatus(status) ? { status } : {}),
      ...dateRangeQuery({ from, to }),
    };
  }, [view.query, role, status, from, to]);
  const users = useUsers(query);
  const updateUser = useUpdateUser();
  const deleteUser = useDeleteUser();

  const meta = users.data?.meta;
  useKeepPageInRange(meta, view.page, view.setPage);

  const toggleStatus = useCallback(
    async (user: User) => {
      const next = user.status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE';
      const updated = await updateUser.mutateAsync({ id: user.id, body: { status: next } }).catch(() => null);
      if (updated) toast.success(`${updated.name} ${next === 'ACTIVE' ? 'Enabled' : 'Disabled'}!`);
    },
    [updateUser],
  );

  const confirmDelete = async () => {
    if (!deleting) return;
    await toastReply(deleteUser.mutateAsync(deleting.id));
    setDeleting(null);
  };

  const columns = useMemo<DataTableColumn<User>[]>(
    () => [
      nameColumn(),
      {
        key: 'email',
        header: 'Email',
        render: (u) => <EmailText email={u.email} />,
      },
      { key: 'phone', header: 'Phone', render: (u) => u.phone ?? '', noWrap: true },
      { key: 'role', header: 'Role', render: (u) => ROLE_LABELS[u.role] },
      {
        key: 'tenant',
        header: 'Organization / Station',
        render: (u) => u.organization?.name ?? u.fuelStation?.name ?? '',
      },
      { key: 'status', header: 'Status', render: (u) => <StatusBadge status={u.status} />, noWrap: true },
      { key: 'createdAt', header: 'Date Created', render: (u) => formatDate(u.createdAt), noWrap: true },
      {
        key: 'actions',
        header: 'Actions',
        noWrap: true,
        render: (u) => {
          const self = u.id === me?.id;
          const manages = me !== null && (me.role === 'ADMIN' || MANAGEABLE_ROLES[me.role].includes(u.role));
          if (!manages) return null;
          const disabling = u.status === 'ACTIVE';
          return (
            <Menu position="bottom-end" withinPortal shadow="md">
              <Menu.Target>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Actions for ${u.name}`}
                  loading={updateUser.isPending && updateUser.variables?.id === u.id}
                >
                  <IconDots size={18} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setEditing({ opened: true, user: u })}>
                  Edit
                </Menu.Item>
                {!self && (
                  <Menu.Item
                    leftSection={disabling ? <IconUserOff size={16} aria-hidden /> : <IconUserCheck size={16} aria-hidden />}
                    onClick={() => void toggleStatus(u)}
                  >
                    {disabling ? 'Disable' : 'Enable'}
                  </Menu.Item>
                )}
                {!self && isStationRole(u.role) && hasPermission(me?.role, 'stationPin.clear') && (
                  <Menu.Item leftSection={<IconKey size={16} aria-hidden />} onClick={() => setClearingPin(u)}>
                    Clear PIN
                  </Menu.Item>
                )}
                {!self && (
                  <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setDeleting(u)}>
                    Delete
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          );
        },
      },
    ],
    [me, toggleStatus, updateUser.isPending, updateUser.variables],
  );
  const shownColumns = useMemo(() => (team ? columns.filter((c) => c.key !== 'tenant') : columns), [team, columns]);

  return (
    <>
      <DataTable
        label={team ? 'Team members' : 'User accounts'}
        columns={shownColumns}
        {...pagedRows(users, (reply) => reply.users)}
        {...view.table}
        searchPlaceholder="Search name, email or phone"
        minWidth={team ? 820 : 960}
        toolbar={
          <>
            <ListFilter label="Filter by role" allLabel="All roles" options={roleFilter} {...view.filterControl('role')} />
            <StatusListFilter options={STATUS_FILTER} {...view.filterControl('status')} />
            <DateRangeFilter from={from} to={to} set={view.setFilter} />
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ opened: true, user: null })}>
              {team ? 'Add Member' : 'Add User'}
            </Button>
          </>
        }
      />

      <UserFormModal opened={editing.opened} onClose={() => setEditing((current) => ({ ...current, opened: false }))} user={editing.user} />

      <ConfirmDialog
        opened={deleting !== null}
        title="Delete account"
        message={
          <>
            Delete the account of <strong>{deleting?.name}</strong>? This cannot be undone. An account with history cannot be deleted:
            disable it instead.
          </>
        }
        confirmLabel="Delete"
        danger
        loading={deleteUser.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
      <ClearStationPinDialog user={clearingPin} onClose={() => setClearingPin(null)} />
    </>
  );
}
