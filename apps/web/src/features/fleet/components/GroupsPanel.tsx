import { useState } from 'react';
import { UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash, IconUsers } from '@tabler/icons-react';
import { DEPARTMENT_SORTS, TENANT_STATUSES, routes, type Department } from '@fleetfuel/contract';
import { CrudListPage } from '@/components/ui/CrudListPage';
import { RowMenu } from '@/components/ui/RowMenu';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { useAuth } from '@/lib/auth';
import { formatNumber } from '@/lib/format';
import { useDeleteDepartment, useDepartments } from '../api';
import { GROUP_STATUS_OPTIONS } from '../choices';
import { dailyCapLabel } from '../fleet-labels';
import { GroupDriversModal } from './GroupDriversModal';
import { GroupFormModal } from './GroupFormModal';
import { nameColumn } from '@/components/ui/RecordCells';

function isGroupStatus(value: string): value is Department['status'] {
  return (TENANT_STATUSES as readonly string[]).includes(value);
}

/** Spec section 2, Groups: the organization's groups (departments) and their daily fuel caps. */
export function GroupsPanel() {
  const { user: me } = useAuth();
  const isPlatformAdmin = me?.role === 'ADMIN';
  const [members, setMembers] = useState<Department | null>(null);
  const deleteGroup = useDeleteDepartment();

  return (
    <CrudListPage
      label="Groups"
      header={{ title: 'Groups', description: 'Groups of assets and drivers, each with its daily fuel cap' }}
      addLabel="Add Group"
      searchPlaceholder="Search groups"
      minWidth={isPlatformAdmin ? 820 : 700}
      clientFilter={isPlatformAdmin}
      filters={[{ name: 'status', label: 'Filter by status', allLabel: 'All statuses', options: GROUP_STATUS_OPTIONS }]}
      sortable={DEPARTMENT_SORTS}
      toQuery={(base, { status }) => ({ ...base, ...(isGroupStatus(status) ? { status } : {}) })}
      useList={useDepartments}
      exportRoute={routes.exports.groups}
      columns={() => [
        nameColumn(),
        { key: 'status', header: 'Status', render: (g) => <StatusBadge status={g.status} />, noWrap: true },
        {
          key: 'cap',
          sortKey: 'maxDailyConsumption',
          header: 'Max Daily Consumption',
          render: (g) => dailyCapLabel(g.maxDailyConsumption),
          noWrap: true,
        },
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
        ...(isPlatformAdmin ? [{ key: 'client', header: 'Client', render: (g: Department) => g.organization.name }] : []),
      ]}
      rowActions={(g, { edit, remove }) => (
        <RowMenu
          label={`Actions for ${g.name}`}
          items={[
            { label: 'Drivers', icon: <IconUsers size={16} aria-hidden />, onClick: () => setMembers(g) },
            { label: 'Edit', icon: <IconPencil size={16} aria-hidden />, onClick: edit },
            { label: 'Delete', icon: <IconTrash size={16} aria-hidden />, onClick: remove, color: 'red' },
          ]}
        />
      )}
      renderForm={(form) => <GroupFormModal {...form} />}
      remove={{
        mutation: deleteGroup,
        title: 'Delete group',
        message: (g) => (
          <>
            Delete <strong>{g.name}</strong>? This cannot be undone. A group with assets, drivers or history cannot be deleted: set it
            Inactive instead.
          </>
        ),
      }}
    >
      <GroupDriversModal group={members} onClose={() => setMembers(null)} />
    </CrudListPage>
  );
}
