import { useEffect, useMemo, useRef, useState } from 'react';
import { SimpleGrid, Stack } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import type { Driver } from '@fleetfuel/contract';
import { PasswordField, SelectField, FormActions, TextField } from '@/components/ui/FormFields';
import { RecordFormModal, type RecordFormProps } from '@/components/ui/RecordFormModal';
import { ImageUploadField } from '@/components/ui/ImageUploadField';
import { imageFileError } from '@/lib/image-file';
import { useAuth } from '@/lib/auth';
import { useCreateDriver, useDepartmentOptions, useUpdateDriver } from '../api';
import { DRIVER_STATUS_OPTIONS, groupOption, organizationOption } from '../choices';
import { driverFormSchema, driverToForm, emptyDriverForm, toDriverFormData } from '../driver-form';
import { showFieldError } from '@/lib/form-errors';
import { useOrganizationChoices } from '@/lib/organization-options';

export interface DriverFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The driver being edited; absent when adding one. */
  driver?: Driver | null;
}

export function DriverFormModal({ opened, onClose, driver }: DriverFormModalProps) {
  return (
    <RecordFormModal
      opened={opened}
      onClose={onClose}
      record={driver}
      titles={{ create: 'Add Driver', edit: 'Edit Driver' }}
      Form={DriverForm}
    />
  );
}

function DriverForm({ mode, record: driver, onDone }: RecordFormProps<Driver>) {
  const { user: me } = useAuth();
  const chooseOrganization = mode === 'create' && me?.role === 'ADMIN';
  const createDriver = useCreateDriver();
  const updateDriver = useUpdateDriver();
  const [avatar, setAvatar] = useState<File | null>(null);
  const avatarError = imageFileError(avatar);
  const schema = useMemo(() => driverFormSchema({ mode, chooseOrganization }), [mode, chooseOrganization]);
  const { control, handleSubmit, setValue, getValues, setError } = useForm({
    resolver: zodResolver(schema),
    mode: 'all',
    defaultValues: driver ? driverToForm(driver) : emptyDriverForm(),
  });
  const organizationId = useWatch({ control, name: 'organizationId' });
  const driverName = useWatch({ control, name: 'name' });

  const ownerId = driver?.organizationId ?? (chooseOrganization ? organizationId : undefined);
  const ownerKnown = !chooseOrganization || organizationId !== '';
  const organizations = useOrganizationChoices(chooseOrganization);
  const groups = useDepartmentOptions(ownerId || undefined, ownerKnown);

  // Another client's groups are not this one's: a change of client clears the group.
  const previousOrganization = useRef(organizationId);
  useEffect(() => {
    if (previousOrganization.current === organizationId) return;
    previousOrganization.current = organizationId;
    setValue('departmentId', '', { shouldValidate: true });
  }, [organizationId, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    const body = toDriverFormData(values, { mode, chooseOrganization }, avatar);
    try {
      if (mode === 'create') {
        const created = await createDriver.mutateAsync(body);
        toast.success(`${created.name} Registered!`);
      } else if (driver) {
        const updated = await updateDriver.mutateAsync({ id: driver.id, body });
        toast.success(`${updated.name} Updated!`);
      }
      onDone();
    } catch (error) {
      showFieldError(error, getValues(), setError);
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={mode === 'create' ? 'Add driver' : 'Edit driver'}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
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
          <TextField control={control} name="name" label="Name" withAsterisk autoComplete="off" />
          <TextField control={control} name="email" type="email" label="Email" autoComplete="off" />
          <TextField control={control} name="phone" type="tel" label="Phone" placeholder="0803 123 4567" autoComplete="off" />
          <PasswordField
            control={control}
            name="password"
            label="Password"
            withAsterisk={mode === 'create'}
            description={mode === 'edit' ? 'Leave empty to keep the current password' : undefined}
            // Below the input, so that the input lines up with its neighbour in the grid.
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            autoComplete="new-password"
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
