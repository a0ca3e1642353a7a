import { useMemo } from 'react';
import { Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import type { Department } from '@fleetfuel/contract';
import { SelectField, FormActions, TextField } from '@/components/ui/FormFields';
import { RecordFormModal, type RecordFormProps } from '@/components/ui/RecordFormModal';
import { useAuth } from '@/lib/auth';
import { useCreateDepartment, useUpdateDepartment } from '../api';
import { GROUP_STATUS_OPTIONS, organizationOption } from '../choices';
import {
  departmentFormSchema,
  departmentToForm,
  emptyDepartmentForm,
  toDepartmentCreateBody,
  toDepartmentUpdateBody,
} from '../department-form';
import { showFieldError } from '@/lib/form-errors';
import { useOrganizationChoices } from '@/lib/organization-options';

export interface GroupFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The group being updated; absent when adding one. */
  group?: Department | null;
}

export function GroupFormModal({ opened, onClose, group }: GroupFormModalProps) {
  return (
    <RecordFormModal
      opened={opened}
      onClose={onClose}
      record={group}
      titles={{ create: 'Add Group', edit: 'Update Group' }}
      Form={GroupForm}
      short
    />
  );
}

function GroupForm({ mode, record: group, onDone }: RecordFormProps<Department>) {
  const { user: me } = useAuth();
  const chooseOrganization = mode === 'create' && me?.role === 'ADMIN';
  const createGroup = useCreateDepartment();
  const updateGroup = useUpdateDepartment();
  const organizations = useOrganizationChoices(chooseOrganization);
  const schema = useMemo(() => departmentFormSchema({ mode, chooseOrganization }), [mode, chooseOrganization]);
  const { control, handleSubmit, getValues, setError } = useForm({
    resolver: zodResolver(schema),
    mode: 'all',
    defaultValues: group ? departmentToForm(group) : emptyDepartmentForm(),
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (mode === 'create') {
        const created = await createGroup.mutateAsync(toDepartmentCreateBody(values, chooseOrganization));
        toast.success(`${created.name} Created!`);
      } else if (group) {
        const updated = await updateGroup.mutateAsync({ id: group.id, body: toDepartmentUpdateBody(values) });
        toast.success(`${updated.name} Updated!`);
      }
      onDone();
    } catch (error) {
      showFieldError(error, getValues(), setError);
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={mode === 'create' ? 'Add group' : 'Update group'}>
      <Stack gap="md">
        {chooseOrganization && (
          <SelectField
            control={control}
            name="organizationId"
            label="Client"
            withAsterisk
            options={organizations.data?.data.map(organizationOption) ?? []}
            disabled={organizations.isPending}
          />
        )}
        <TextField control={control} name="name" label="Name" withAsterisk placeholder="e.g. Operations" autoComplete="off" />
        <SelectField control={control} name="status" label="Status" withAsterisk options={GROUP_STATUS_OPTIONS} />
        <TextField
          control={control}
          name="maxDailyConsumption"
          label="Max Daily Consumption (L)"
          description="Litres a day across the group's assets; 0 or empty means no cap"
          inputMode="decimal"
          rightSection="L"
          autoComplete="off"
        />
        <FormActions control={control} onCancel={onDone} submitLabel={mode === 'create' ? 'Add Group' : 'Update Group'} />
      </Stack>
    </form>
  );
}
