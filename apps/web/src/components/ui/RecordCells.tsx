/** The cells and the status filter the registry lists share (clients, fuel stations; the e-mail of drivers and users). */
import type { ReactNode } from 'react';
import { Avatar, Group, Text } from '@mantine/core';
import { IconPencil, IconSettings } from '@tabler/icons-react';
import { TENANT_STATUSES, type TenantStatus } from '@fleetfuel/contract';
import type { CrudListFilter } from './CrudListPage';
import type { DataTableColumn } from './DataTable';
import { RowAction } from './RowAction';
import { statusLabel } from './StatusBadge';

export const TENANT_STATUS_FILTER: CrudListFilter<'status'> = {
  name: 'status',
  label: 'Filter by status',
  allLabel: 'All statuses',
  options: TENANT_STATUSES.map((value) => ({ value, label: statusLabel(value) })),
};

export function isTenantStatus(value: string): value is TenantStatus {
  return (TENANT_STATUSES as readonly string[]).includes(value);
}

/** A record's picture (or initials) beside its name. */
export function AvatarName({ name, imageUrl }: { name: string; imageUrl: string | null }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={imageUrl} name={name} alt="" size={32} radius="sm" color="teal" />
      <Text fw={500} size="sm">
        {name}
      </Text>
    </Group>
  );
}

/** The Name column of a list of named records (users, groups), in the medium weight that marks a row's title. */
export function nameColumn<Row extends { name: string }>(): DataTableColumn<Row> {
  return {
    key: 'name',
    header: 'Name',
    render: (row) => (
      <Text fw={500} size="sm">
        {row.name}
      </Text>
    ),
  };
}

/** Edit opens the form in place; Manage opens the record's details page. */
export function EditManageActions({ name, onEdit, manageTo }: { name: string; onEdit: () => void; manageTo: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <RowAction label={`Edit ${name}`} tooltip="Edit" icon={<IconPencil size={16} aria-hidden />} onClick={onEdit} />
      <RowAction label={`Manage ${name}`} tooltip="Manage" icon={<IconSettings size={16} aria-hidden />} to={manageTo} />
    </Group>
  );
}

/** A long address may wrap before its '@' rather than push the other columns out of view; `empty` stands for none. */
export function EmailText({ email, empty = null }: { email: string | null; empty?: ReactNode }) {
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
