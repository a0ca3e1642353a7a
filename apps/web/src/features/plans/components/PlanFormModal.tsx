import { useMemo } from 'react';
import { Button, Checkbox, Group, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/lib/toast';
import { PLAN_STATUSES, type Plan } from '@fleetfuel/contract';
import { FormModal } from '@/components/ui/FormModal';
import { SelectField, SubmitButton, TextField } from '@/components/ui/FormFields';
import { statusLabel } from '@/components/ui/StatusBadge';
import { useCreatePlan, useUpdatePlan } from '../api';
import { emptyPlanForm, planFormSchema, planToForm, toCreatePlanBody, toUpdatePlanBody, type PlanFormMode } from '../plan-form';

export interface PlanFormModalProps {
  opened: boolean;
  onClose: () => void;
  plan?: Plan | null;
}

const STATUS_OPTIONS = PLAN_STATUSES.map((value) => ({ value, label: statusLabel(value) }));

export function PlanFormModal({ opened, onClose, plan }: PlanFormModalProps) {
  const mode: PlanFormMode = plan ? 'edit' : 'create';
  return (
    <FormModal opened={opened} onClose={onClose} title={mode === 'create' ? 'Add Plan' : 'Edit Plan'}>
      {opened && <PlanForm key={plan?.id ?? 'new'} mode={mode} plan={plan ?? null} onDone={onClose} />}
    </FormModal>
  );
}

interface PlanFormProps {
  mode: PlanFormMode;
  plan: Plan | null;
  onDone: () => void;
}

function PlanForm({ mode, plan, onDone }: PlanFormProps) {
  const createPlan = useCreatePlan();
  const updatePlan = useUpdatePlan();
  const schema = useMemo(() => planFormSchema(mode), [mode]);
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(schema),
    mode: 'all',
    defaultValues: plan ? planToForm(plan) : emptyPlanForm(),
  });

  const onSubmit = handleSubmit(async (values) => {
    const reply =
      mode === 'create'
        ? await createPlan.mutateAsync(toCreatePlanBody(values)).catch(() => null)
        : plan
          ? await updatePlan.mutateAsync({ id: plan.id, body: toUpdatePlanBody(values) }).catch(() => null)
          : null;
    if (!reply) return;
    toast.success(reply.message);
    onDone();
  });

  const limitHint = 'Empty or 0 means unlimited';

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={mode === 'create' ? 'Add plan' : 'Edit plan'}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextField control={control} name="name" label="Name" withAsterisk autoComplete="off" />
          <SelectField control={control} name="status" label="Status" withAsterisk options={STATUS_OPTIONS} />
          <TextField control={control} name="amount" label="Amount (₦)" withAsterisk inputMode="decimal" autoComplete="off" />
          <TextField control={control} name="circle" label="Billing Cycle (days)" withAsterisk inputMode="numeric" autoComplete="off" />
        </SimpleGrid>
        <Text size="sm" fw={500} mb={-8}>
          Limits
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextField control={control} name="driversLimit" label="Drivers" description={limitHint} inputMode="numeric" autoComplete="off" />
          <TextField control={control} name="assetsLimit" label="Assets" description={limitHint} inputMode="numeric" autoComplete="off" />
          <TextField
            control={control}
            name="fuelRequestLimit"
            label="Fuel requests per cycle"
            description={limitHint}
            inputMode="numeric"
            autoComplete="off"
          />
          <TextField
            control={control}
            name="maintenanceRequestLimit"
            label="Maintenance requests per cycle"
            description={limitHint}
            inputMode="numeric"
            autoComplete="off"
          />
        </SimpleGrid>
        <Controller
          control={control}
          name="description"
          render={({ field, fieldState, formState }) => (
            <Textarea
              ref={field.ref}
              label="Description"
              autosize
              minRows={2}
              maxRows={5}
              value={field.value}
              onChange={(event) => field.onChange(event.currentTarget.value)}
              onBlur={field.onBlur}
              error={fieldState.isTouched || formState.isSubmitted ? fieldState.error?.message : undefined}
            />
          )}
        />
        <Controller
          control={control}
          name="isDefault"
          render={({ field }) => (
            <Checkbox
              label="Default plan for new sign-ups"
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              onBlur={field.onBlur}
            />
          )}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <SubmitButton control={control}>{mode === 'create' ? 'Add Plan' : 'Save Changes'}</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
