import { useMemo } from 'react';
import { Stack } from '@mantine/core';
import type { Department } from '@fleetfuel/contract';
import { SelectField, FormActions, TextField } from '@/components/ui/FormFields';
import { RecordFormModal, type RecordFormProps, type RecordModalProps } from '@/components/ui/RecordFormModal';
import { useCreateDepartment, useUpdateDepartment } from '../api';
import { GROUP_STATUS_OPTIONS } from '../choices';
import {
  departmentFormSchema,
  departmentToForm,
  emptyDepartmentForm,
  toDepartmentCreateBody,
  toDepartmentUpdateBody,
} from '../department-form';
import { useRecordForm } from '@/lib/record-form';
import { useOrganizationChoice } from '../use-record-owner';
import { OrganizationField } from './OrganizationField';

const TITLES = { create: 'Add Group', edit: 'Update Group' };

export function GroupFormModal(props: RecordModalProps<Department>) {
  return <RecordFormModal {...props} titles={TITLES} Form={GroupForm} short />;
}

function GroupForm({ mode, record: group, onDone }: RecordFormProps<Department>) {
  const { chooseOrganization, organizations } = useOrganizationChoice(mode);
  const createGroup = useCreateDepartment();
  const updateGroup = useUpdateDepartment();
  const schema = useMemo(() => departmentFormSchema({ mode, chooseOrganization }), [mode, chooseOrganization]);
  const { control, onSubmit } = useRecordForm({
    mode,
    record: group,
    onDone,
    schema,
    toForm: departmentToForm,
    empty: emptyDepartmentForm,
    create: async (values) => {
      const created = await createGroup.mutateAsync(toDepartmentCreateBody(values, chooseOrganization));
      return `${created.name} Created!`;
    },
    update: async (record, values) => {
      const updated = await updateGroup.mutateAsync({ id: record.id, body: toDepartmentUpdateBody(values) });
      return `${updated.name} Updated!`;
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={mode === 'create' ? 'Add group' : 'Update group'}>
      <Stack gap="md">
        {chooseOrganization && <OrganizationField control={control} organizations={organizations} />}
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
