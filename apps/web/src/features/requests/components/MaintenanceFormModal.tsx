import { useMemo } from 'react';
import { Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/lib/toast';
import { SelectField, SubmitButton, TextField, TextareaField, type SelectOption } from '@/components/ui/FormFields';
import { statusLabel } from '@/components/ui/StatusBadge';
import { businessDate } from '@/lib/format';
import { useCreateMaintenance, useStationOptions, useVehicleOptions } from '../api';
import { showFieldError } from '@/lib/form-errors';
import { TANK_LEVEL_OPTIONS } from '../fuel-request-form';
import { emptyMaintenanceForm, maintenanceFormSchema, toMaintenanceBody, type MaintenanceFormValues } from '../maintenance-form';
import { vehicleOptionLabel } from '../request-labels';

export interface MaintenanceFormModalProps {
  opened: boolean;
  onClose: () => void;
}

export function MaintenanceFormModal({ opened, onClose }: MaintenanceFormModalProps) {
  const phone = useMediaQuery('(max-width: 575px)') ?? false;
  return (
    <Modal opened={opened} onClose={onClose} title="Schedule Maintenance" size="lg" centered fullScreen={phone}>
      {opened && <MaintenanceForm onDone={onClose} />}
    </Modal>
  );
}

/** Schedule Maintenance: the job, its date and estimated cost, and optionally the station that services it. */
function MaintenanceForm({ onDone }: { onDone: () => void }) {
  const today = businessDate();
  const vehicles = useVehicleOptions(true);
  const stations = useStationOptions();
  const create = useCreateMaintenance();
  const schema = useMemo(() => maintenanceFormSchema(today), [today]);
  const { control, handleSubmit, setError, formState } = useForm<MaintenanceFormValues>({
    mode: 'all',
    resolver: zodResolver(schema),
    defaultValues: emptyMaintenanceForm(today),
  });

  const vehicleOptions = useMemo<SelectOption[]>(
    () =>
      (vehicles.data?.data ?? []).map((v) => ({
        value: v.id,
        label: v.status === 'ACTIVE' ? vehicleOptionLabel(v) : `${vehicleOptionLabel(v)} (${statusLabel(v.status)})`,
        // An inactive asset takes no maintenance until it is active again.
        disabled: v.status === 'INACTIVE',
      })),
    [vehicles.data],
  );
  const stationOptions = useMemo<SelectOption[]>(
    () => (stations.data?.stations ?? []).map((s) => ({ value: s.id, label: s.name })),
    [stations.data],
  );

  const onSubmit = handleSubmit(async (values) => {
    try {
      const reply = await create.mutateAsync(toMaintenanceBody(values));
      toast.success(reply.message);
      onDone();
    } catch (error) {
      showFieldError(error, values, setError);
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Schedule maintenance">
      <Stack gap="md">
        <SelectField
          control={control}
          name="vehicleId"
          label="Vehicle"
          withAsterisk
          options={vehicleOptions}
          disabled={vehicles.isPending}
        />
        <TextareaField control={control} name="description" label="Description" withAsterisk autosize minRows={2} maxRows={5} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextField control={control} name="date" type="date" label="Date" withAsterisk min={today} />
          <TextField control={control} name="cost" label="Estimated Cost (₦)" withAsterisk inputMode="decimal" placeholder="0.00" />
          <SelectField
            control={control}
            name="stationId"
            label="Service Station (optional)"
            options={stationOptions}
            disabled={stations.isPending}
          />
          <TextField control={control} name="currentOdometerReading" label="Current Odometer (km)" inputMode="numeric" />
          <SelectField control={control} name="currentTankLevel" label="Current Tank Level" options={TANK_LEVEL_OPTIONS} />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          A job at a station is paid from the wallet when the station completes it; without a station, the organization admin marks it
          completed. An odometer of 0 means no reading.
        </Text>
        <TextareaField control={control} name="note" label="Note" autosize minRows={2} maxRows={4} />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onDone} disabled={formState.isSubmitting}>
            Cancel
          </Button>
          <SubmitButton control={control}>Schedule Maintenance</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
