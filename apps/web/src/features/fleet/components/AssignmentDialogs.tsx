import { useMemo, useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/lib/toast';
import { z } from 'zod';
import { MESSAGES, type Vehicle } from '@fleetfuel/contract';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { SelectField, SubmitButton } from '@/components/ui/FormFields';
import { useAssignDriver, useDriverOptions, useUnassignDriver } from '../api';
import { driverOption } from '../choices';
import { assetName, keeperLabel } from '../fleet-labels';

/** Which assignment dialog is open, and for which asset. */
export interface AssignmentTarget {
  action: 'assign' | 'unassign';
  vehicle: Vehicle;
}

export interface AssignmentDialogsProps {
  target: AssignmentTarget | null;
  onClose: () => void;
}

/** Spec section 4: assign and unassign toggle; a generator's driver is its Care Taker. */
export function AssignmentDialogs({ target, onClose }: AssignmentDialogsProps) {
  const unassign = useUnassignDriver();
  // The dialogs keep their asset while they animate closed.
  const [shown, setShown] = useState(target);
  if (target !== null && target !== shown) setShown(target);
  const vehicle = shown?.vehicle;
  const keeper = keeperLabel(vehicle?.type);

  const confirmUnassign = async () => {
    if (!vehicle) return;
    const updated = await unassign.mutateAsync(vehicle.id).catch(() => null);
    if (!updated) return;
    toast.success(`${vehicle.driver?.name ?? keeper} unassigned from ${assetName(updated)}`);
    onClose();
  };

  return (
    <>
      <Modal opened={target?.action === 'assign'} onClose={onClose} title={`Assign ${keeper}`} centered>
        {target?.action === 'assign' && <AssignForm key={target.vehicle.id} vehicle={target.vehicle} onDone={onClose} />}
      </Modal>
      <ConfirmDialog
        opened={target?.action === 'unassign'}
        title={`Unassign ${keeper}`}
        message={
          vehicle ? (
            <>
              Remove <strong>{vehicle.driver?.name}</strong> as the {keeper.toLowerCase()} of <strong>{assetName(vehicle)}</strong>? They
              can then be assigned to another asset.
            </>
          ) : null
        }
        confirmLabel={`Unassign ${keeper}`}
        danger
        loading={unassign.isPending}
        onConfirm={() => void confirmUnassign()}
        onCancel={onClose}
      />
    </>
  );
}

const assignSchema = z.object({ driverId: z.string().min(1, MESSAGES.required) });

function AssignForm({ vehicle, onDone }: { vehicle: Vehicle; onDone: () => void }) {
  const keeper = keeperLabel(vehicle.type);
  const assign = useAssignDriver();
  const drivers = useDriverOptions(vehicle.organizationId, true);
  const options = useMemo(() => drivers.data?.data.map((driver) => driverOption(driver, vehicle.id)) ?? [], [drivers.data, vehicle.id]);
  const free = options.filter((option) => !option.disabled).length;
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(assignSchema),
    mode: 'all',
    defaultValues: { driverId: '' },
  });

  const onSubmit = handleSubmit(async ({ driverId }) => {
    const updated = await assign.mutateAsync({ driverId, vehicleId: vehicle.id }).catch(() => null);
    if (!updated) return;
    toast.success(`${updated.driver?.name ?? keeper} assigned to ${assetName(updated)}`);
    onDone();
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={`Assign ${keeper.toLowerCase()}`}>
      <Stack gap="md">
        <Text size="sm">
          Choose the {keeper.toLowerCase()} of <strong>{assetName(vehicle)}</strong> ({vehicle.make} {vehicle.model}).
        </Text>
        <SelectField
          control={control}
          name="driverId"
          label={keeper}
          withAsterisk
          options={options}
          disabled={drivers.isPending}
          description={
            drivers.isSuccess && free === 0
              ? 'Every driver already holds an asset: unassign one first, or add a driver.'
              : 'Those who already hold an asset cannot be chosen'
          }
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <SubmitButton control={control}>{`Assign ${keeper}`}</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
