import { useMemo, useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toastReply } from '@/lib/toast';
import type { MaintenanceRequest } from '@fleetfuel/contract';
import { SubmitButton, TextField } from '@/components/ui/FormFields';
import { formatCurrency } from '@/lib/format';
import { newIdempotencyKey } from '@/lib/idempotency';
import { useCompleteMaintenance } from '../api';
import { completionFormSchema, finalCostOf } from '../maintenance-form';
import { vehicleName } from '../request-labels';

export interface CompleteMaintenanceModalProps {
  request: MaintenanceRequest | null;
  opened: boolean;
  onClose: () => void;
}

/** Mark Completed: the organization admin closes an approved job no station services. */
export function CompleteMaintenanceModal({ request, opened, onClose }: CompleteMaintenanceModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Mark Completed" centered>
      {opened && request && <CompleteForm key={request.id} request={request} onDone={onClose} />}
    </Modal>
  );
}

function CompleteForm({ request, onDone }: { request: MaintenanceRequest; onDone: () => void }) {
  const complete = useCompleteMaintenance();
  // One key per opening: a double click or a retry completes the job once.
  const [key] = useState(newIdempotencyKey);
  const schema = useMemo(() => completionFormSchema(request.cost), [request.cost]);
  const { control, handleSubmit, formState } = useForm({
    mode: 'all',
    resolver: zodResolver(schema),
    defaultValues: { finalCost: '' },
  });

  const onSubmit = handleSubmit(async ({ finalCost }) => {
    if (!(await toastReply(complete.mutateAsync({ id: request.id, finalCost: finalCostOf(finalCost), key })))) return;
    onDone();
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Mark completed">
      <Stack gap="md">
        <Text size="sm">
          {request.description} — <strong>{vehicleName(request.vehicle)}</strong>. Approved cost {formatCurrency(request.cost)}. The vehicle
          returns to active.
        </Text>
        <TextField
          control={control}
          name="finalCost"
          label="Final Cost (₦)"
          inputMode="decimal"
          placeholder={String(request.cost)}
          description={`Optional; at most ${formatCurrency(request.cost)}. Leave empty to keep the approved cost.`}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={formState.isSubmitting}>
            Cancel
          </Button>
          <SubmitButton control={control}>Mark Completed</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
