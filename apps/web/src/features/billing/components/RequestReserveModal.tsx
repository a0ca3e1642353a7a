import { Button, Group, Modal, Stack } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toastReply } from '@/lib/toast';
import { FUEL_UNITS, SOLD_FUEL_TYPES, type SoldFuelType } from '@fleetfuel/contract';
import { SelectField, SubmitButton, TextField } from '@/components/ui/FormFields';
import { useCreateReserve } from '../api';
import { reserveFormSchema, toReserveBody, type ReserveFormValues } from '../reserve-form';

function isSoldFuelType(value: string): value is SoldFuelType {
  return (SOLD_FUEL_TYPES as readonly string[]).includes(value);
}

const FUEL_OPTIONS = SOLD_FUEL_TYPES.map((value) => ({ value, label: `${value} (${FUEL_UNITS[value]})` }));

export function RequestReserveModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Request Reserve" centered>
      {opened && <RequestReserveForm onDone={onClose} />}
    </Modal>
  );
}

function RequestReserveForm({ onDone }: { onDone: () => void }) {
  const createReserve = useCreateReserve();
  const { control, handleSubmit } = useForm<ReserveFormValues>({
    resolver: zodResolver(reserveFormSchema),
    mode: 'all',
    defaultValues: { fuelType: '', amount: '' },
  });
  const fuelType = useWatch({ control, name: 'fuelType' });
  const unit = isSoldFuelType(fuelType) ? FUEL_UNITS[fuelType] : null;

  const onSubmit = handleSubmit(async (values) => {
    if (!(await toastReply(createReserve.mutateAsync(toReserveBody(values))))) return;
    onDone();
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Request reserve">
      <Stack gap="md">
        <SelectField control={control} name="fuelType" label="Fuel Type" withAsterisk options={FUEL_OPTIONS} />
        <TextField
          control={control}
          name="amount"
          label={unit ? `Amount (${unit})` : 'Amount'}
          withAsterisk
          inputMode="decimal"
          autoComplete="off"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <SubmitButton control={control}>Request Reserve</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
