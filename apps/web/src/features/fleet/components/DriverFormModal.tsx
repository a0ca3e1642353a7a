import { useMemo, useState } from 'react';
import { SimpleGrid, Stack } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import type { Driver } from '@fleetfuel/contract';
import { AccountPasswordField, SelectField, FormActions, TextField } from '@/components/ui/FormFields';
import { RecordFormModal, type RecordFormProps, type RecordModalProps } from '@/components/ui/RecordFormModal';
import { ImageUploadField } from '@/components/ui/ImageUploadField';
import { imageFileError } from '@/lib/image-file';
import { useCreateDriver, useDepartmentOptions, useUpdateDriver } from '../api';
import { DRIVER_STATUS_OPTIONS, groupOption } from '../choices';
import { driverFormSchema, driverToForm, emptyDriverForm, toDriverFormData } from '../driver-form';
import { useRecordForm } from '@/lib/record-form';
import { useOrganizationChoice, useRecordOwner } from '../use-record-owner';
import { OrganizationField } from './OrganizationField';

const TITLES = { create: 'Add Driver', edit: 'Edit Driver' };

export function DriverFormModal(props: RecordModalProps<Driver>) {
  return <RecordFormModal {...props} titles={TITLES} Form={DriverForm} />;
}

/** A driver's group is one of its client's. */
const DEPENDENTS = ['departmentId'] as const;

function DriverForm({ mode, record: driver, onDone }: RecordFormProps<Driver>) {
  const { chooseOrganization, organizations } = useOrganizationChoice(mode);
  const createDriver = useCreateDriver();
  const updateDriver = useUpdateDriver();
  const [avatar, setAvatar] = useState<File | null>(null);
  const avatarError = imageFileError(avatar);
  const schema = useMemo(() => driverFormSchema({ mode, chooseOrganization }), [mode, chooseOrganization]);
  const { control, setValue, onSubmit } = useRecordForm({
    mode,
    record: driver,
    onDone,
    schema,
    toForm: driverToForm,
    empty: emptyDriverForm,
    create: async (values) => {
      const created = await createDriver.mutateAsync(toDriverFormData(values, { mode, chooseOrganization }, avatar));
      return `${created.name} Registered!`;
    },
    update: async (record, values) => {
      const body = toDriverFormData(values, { mode, chooseOrganization }, avatar);
      const updated = await updateDriver.mutateAsync({ id: record.id, body });
      return `${updated.name} Updated!`;
    },
  });
  const driverName = useWatch({ control, name: 'name' });
  const { ownerId, ownerKnown } = useRecordOwner({ record: driver, chooseOrganization, control, setValue, dependents: DEPENDENTS });
  const groups = useDepartmentOptions(ownerId, ownerKnown);

  return (
    <form onSubmit={onSubmit} noValidate aria-label={mode === 'create' ? 'Add driver' : 'Edit driver'}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          {chooseOrganization && <OrganizationField control={control} organizations={organizations} />}
          <TextField control={control} name="name" label="Name" withAsterisk autoComplete="off" />
          <TextField control={control} name="email" type="email" label="Email" autoComplete="off" />
          <TextField control={control} name="phone" type="tel" label="Phone" placeholder="0803 123 4567" autoComplete="off" />
          <AccountPasswordField
            control={control}
            name="password"
            mode={mode}
            // Below the input, so that the input lines up with its neighbour in the grid.
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          <SelectField
            control={control}
            name="departmentId"
            label="Group"
            options={groups.data?.data.map(groupOption) ?? []}
            disabled={!ownerKnown || groups.isPending}
          />
          <SelectField control={control} name="status" label="Status" withAsterisk options={DRIVER_STATUS_OPTIONS} />
        </SimpleGrid>
        <ImageUploadField
          label="Avatar"
          value={avatar}
          onChange={setAvatar}
          currentUrl={driver?.imageUrl}
          fallbackName={driverName || undefined}
          error={avatarError ?? undefined}
        />
        <FormActions
          control={control}
          onCancel={onDone}
          submitLabel={mode === 'create' ? 'Add Driver' : 'Save Changes'}
          submitDisabled={avatarError !== null}
        />
      </Stack>
    </form>
  );
}
