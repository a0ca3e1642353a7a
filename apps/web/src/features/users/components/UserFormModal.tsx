import { useMemo } from 'react';
import { Button, Group, Modal, SimpleGrid, Stack } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/lib/toast';
import { MANAGEABLE_ROLES, ROLE_LABELS, USER_STATUSES, type Role, type User } from '@fleetfuel/contract';
import { AccountPasswordField, SelectField, SubmitButton, TextField, type SelectOption } from '@/components/ui/FormFields';
import { statusLabel } from '@/components/ui/StatusBadge';
import { useAuth } from '@/lib/auth';
import { useCreateUser, useFuelStationOptions, useUpdateUser } from '../api';
import {
  emptyUserForm,
  needsFuelStation,
  ownTenant,
  needsOrganization,
  toCreateBody,
  toUpdateBody,
  userFormSchema,
  userToForm,
  type UserFormMode,
} from '../user-form';
import { useOrganizationChoices } from '@/lib/organization-options';

export interface UserFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The account being edited; absent when creating one. */
  user?: User | null;
  /** A role chosen by the caller: the role field then shows it and cannot be changed. */
  presetRole?: Role;
}

export function UserFormModal({ opened, onClose, user, presetRole }: UserFormModalProps) {
  const mode: UserFormMode = user ? 'edit' : 'create';
  return (
    <Modal opened={opened} onClose={onClose} title={mode === 'create' ? 'Add User' : 'Edit User'} size="lg" centered>
      {/* Keyed so that each opening starts from the account it is about. */}
      {opened && <UserForm key={user?.id ?? 'new'} mode={mode} user={user ?? null} presetRole={presetRole} onDone={onClose} />}
    </Modal>
  );
}

interface UserFormProps {
  mode: UserFormMode;
  user: User | null;
  presetRole: Role | undefined;
  onDone: () => void;
}

function tenantOption(tenant: { id: string; name: string; status: string }, currentId: string): SelectOption {
  const active = tenant.status === 'ACTIVE';
  return {
    value: tenant.id,
    label: active ? tenant.name : `${tenant.name} (${statusLabel(tenant.status)})`,
    // Inactive tenants take no new accounts, but an account already there keeps its choice.
    disabled: !active && tenant.id !== currentId,
  };
}

function UserForm({ mode, user, presetRole, onDone }: UserFormProps) {
  const { user: me } = useAuth();
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const schema = useMemo(() => userFormSchema(mode), [mode]);
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(schema),
    mode: 'all',
    defaultValues: user ? userToForm(user) : ownTenant(emptyUserForm(presetRole), me?.role === 'ADMIN' ? null : me),
  });
  // Only the platform admin places an account; everyone else adds people to its own organization or station.
  const choosesTenant = me?.role === 'ADMIN';
  const role = useWatch({ control, name: 'role' });
  const organizationId = useWatch({ control, name: 'organizationId' });
  const fuelStationId = useWatch({ control, name: 'fuelStationId' });
  const showOrganization = choosesTenant && needsOrganization(role);
  const showFuelStation = choosesTenant && needsFuelStation(role);
  const organizations = useOrganizationChoices(showOrganization);
  const fuelStations = useFuelStationOptions(showFuelStation);

  const roleOptions = useMemo<SelectOption[]>(() => {
    const allowed = me ? MANAGEABLE_ROLES[me.role] : [];
    const choices = new Set<Role>(allowed);
    if (user) choices.add(user.role);
    if (presetRole) choices.add(presetRole);
    return [...choices].map((value) => ({ value, label: ROLE_LABELS[value] }));
  }, [me, user, presetRole]);

  const organizationOptions = useMemo(
    () => organizations.data?.data.map((o) => tenantOption(o, organizationId)) ?? [],
    [organizations.data, organizationId],
  );
  const fuelStationOptions = useMemo(
    () => fuelStations.data?.data.map((s) => tenantOption(s, fuelStationId)) ?? [],
    [fuelStations.data, fuelStationId],
  );

  const onSubmit = handleSubmit(async (values) => {
    if (mode === 'create') {
      const created = await createUser.mutateAsync(toCreateBody(values)).catch(() => null);
      if (!created) return;
      toast.success(`${created.name} Registered!`);
    } else if (user) {
      const updated = await updateUser.mutateAsync({ id: user.id, body: toUpdateBody(values) }).catch(() => null);
      if (!updated) return;
      toast.success('Account Updated!');
    }
    onDone();
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={mode === 'create' ? 'Add user' : 'Edit user'}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextField control={control} name="name" label="Name" withAsterisk autoComplete="off" />
          <TextField control={control} name="title" label="Title" placeholder="e.g. Fleet Manager" autoComplete="off" />
          <TextField control={control} name="email" type="email" label="Email" autoComplete="off" />
          <TextField control={control} name="phone" type="tel" label="Phone" placeholder="0803 123 4567" autoComplete="off" />
          <SelectField control={control} name="role" label="Role" withAsterisk options={roleOptions} disabled={presetRole !== undefined} />
          {mode === 'edit' && (
            <SelectField
              control={control}
              name="status"
              label="Status"
              withAsterisk
              options={USER_STATUSES.map((value) => ({ value, label: statusLabel(value) }))}
            />
          )}
          {showOrganization && (
            <SelectField
              control={control}
              name="organizationId"
              label="Organization"
              withAsterisk
              options={organizationOptions}
              disabled={organizations.isPending}
            />
          )}
          {showFuelStation && (
            <SelectField
              control={control}
              name="fuelStationId"
              label="Fuel Station"
              withAsterisk
              options={fuelStationOptions}
              disabled={fuelStations.isPending}
            />
          )}
          <AccountPasswordField control={control} name="password" mode={mode} />
        </SimpleGrid>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <SubmitButton control={control}>{mode === 'create' ? 'Create Account' : 'Save Changes'}</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
