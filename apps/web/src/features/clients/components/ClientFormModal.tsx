import { useMemo } from 'react';
import { SimpleGrid, Stack } from '@mantine/core';
import { Controller, useWatch } from 'react-hook-form';
import { ORGANIZATION_TYPES, ORGANIZATION_TYPE_LABELS, TENANT_STATUSES, type Organization } from '@fleetfuel/contract';
import { SelectField, FormActions, TextField } from '@/components/ui/FormFields';
import { RecordFormModal, type RecordFormProps, type RecordModalProps } from '@/components/ui/RecordFormModal';
import { ImageUploadField } from '@/components/ui/ImageUploadField';
import { statusLabel } from '@/components/ui/StatusBadge';
import { useRecordForm } from '@/lib/record-form';
import { useCreateOrganization, usePlanOptions, useUpdateOrganization } from '../api';
import { clientFormSchema, clientToForm, emptyClientForm, planOptions, toClientFormData } from '../client-form';

const TYPE_OPTIONS = ORGANIZATION_TYPES.map((value) => ({ value, label: ORGANIZATION_TYPE_LABELS[value] }));
const STATUS_OPTIONS = TENANT_STATUSES.map((value) => ({ value, label: statusLabel(value) }));

const TITLES = { create: 'Add Client', edit: 'Update Client' };

export function ClientFormModal(props: RecordModalProps<Organization>) {
  return <RecordFormModal {...props} titles={TITLES} Form={ClientForm} />;
}

function ClientForm({ mode, record: client, onDone }: RecordFormProps<Organization>) {
  const createClient = useCreateOrganization();
  const updateClient = useUpdateOrganization();
  const plans = usePlanOptions(true);
  const schema = useMemo(() => clientFormSchema(mode), [mode]);
  const { control, onSubmit } = useRecordForm({
    mode,
    record: client,
    onDone,
    schema,
    toForm: clientToForm,
    empty: emptyClientForm,
    create: async (values) => `${(await createClient.mutateAsync(toClientFormData(values))).name} Registered!`,
    update: async (record, values) => {
      const updated = await updateClient.mutateAsync({ id: record.id, body: toClientFormData(values) });
      return `${updated.name} Updated!`;
    },
  });
  const name = useWatch({ control, name: 'name' });
  const subscriptionId = useWatch({ control, name: 'subscriptionId' });
  const options = useMemo(
    () => planOptions(plans.data?.subscriptions ?? [], client?.subscriptionId ?? ''),
    [plans.data, client?.subscriptionId],
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={mode === 'create' ? 'Add client' : 'Update client'}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextField control={control} name="name" label="Name" withAsterisk autoComplete="off" />
          <SelectField control={control} name="type" label="Type" withAsterisk options={TYPE_OPTIONS} />
          <TextField control={control} name="address" label="Address" autoComplete="off" />
          <SelectField control={control} name="status" label="Status" withAsterisk options={STATUS_OPTIONS} />
          <TextField control={control} name="domain" label="Domain" placeholder="e.g. acme.com.ng" autoComplete="off" />
          <SelectField
            control={control}
            name="subscriptionId"
            label="Subscription Plan"
            options={options}
            disabled={plans.isPending}
            description={subscriptionId === '' ? 'No plan: the client has no billing cycle' : undefined}
          />
        </SimpleGrid>
        <Controller
          control={control}
          name="image"
          render={({ field, fieldState }) => (
            <ImageUploadField
              label="Logo"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              currentUrl={client?.imageUrl}
              fallbackName={name}
              error={fieldState.error?.message}
            />
          )}
        />
        <FormActions control={control} onCancel={onDone} submitLabel={mode === 'create' ? 'Add Client' : 'Save Changes'} />
      </Stack>
    </form>
  );
}
