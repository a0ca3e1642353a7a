import { useMemo } from 'react';
import { SimpleGrid, Stack } from '@mantine/core';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { ORGANIZATION_TYPES, ORGANIZATION_TYPE_LABELS, TENANT_STATUSES, type Organization } from '@fleetfuel/contract';
import { SelectField, FormActions, TextField } from '@/components/ui/FormFields';
import { RecordFormModal, type RecordFormProps } from '@/components/ui/RecordFormModal';
import { ImageUploadField } from '@/components/ui/ImageUploadField';
import { statusLabel } from '@/components/ui/StatusBadge';
import { useCreateOrganization, usePlanOptions, useUpdateOrganization } from '../api';
import { clientFormSchema, clientToForm, emptyClientForm, planOptions, toClientFormData } from '../client-form';

export interface ClientFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The client being edited; absent when registering one. */
  client?: Organization | null;
}

const TYPE_OPTIONS = ORGANIZATION_TYPES.map((value) => ({ value, label: ORGANIZATION_TYPE_LABELS[value] }));
const STATUS_OPTIONS = TENANT_STATUSES.map((value) => ({ value, label: statusLabel(value) }));

export function ClientFormModal({ opened, onClose, client }: ClientFormModalProps) {
  return (
    <RecordFormModal
      opened={opened}
      onClose={onClose}
      record={client}
      titles={{ create: 'Add Client', edit: 'Update Client' }}
      Form={ClientForm}
    />
  );
}

function ClientForm({ mode, record: client, onDone }: RecordFormProps<Organization>) {
  const createClient = useCreateOrganization();
  const updateClient = useUpdateOrganization();
  const plans = usePlanOptions(true);
  const schema = useMemo(() => clientFormSchema(mode), [mode]);
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(schema),
    mode: 'all',
    defaultValues: client ? clientToForm(client) : emptyClientForm(),
  });
  const name = useWatch({ control, name: 'name' });
  const subscriptionId = useWatch({ control, name: 'subscriptionId' });
  const options = useMemo(
    () => planOptions(plans.data?.subscriptions ?? [], client?.subscriptionId ?? ''),
    [plans.data, client?.subscriptionId],
  );

  const onSubmit = handleSubmit(async (values) => {
    const body = toClientFormData(values);
    if (mode === 'create') {
      const created = await createClient.mutateAsync(body).catch(() => null);
      if (!created) return;
      toast.success(`${created.name} Registered!`);
    } else if (client) {
      const updated = await updateClient.mutateAsync({ id: client.id, body }).catch(() => null);
      if (!updated) return;
      toast.success(`${updated.name} Updated!`);
    }
    onDone();
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={mode === 'create' ? 'Add client' : 'Update client'}>
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
