import { useEffect, useMemo } from 'react';
import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/lib/toast';
import { dispensedFuelType, type VehicleFuelType } from '@fleetfuel/contract';
import { SelectField, SubmitButton, TextField, TextareaField, type SelectOption } from '@/components/ui/FormFields';
import { statusLabel } from '@/components/ui/StatusBadge';
import { useAuth } from '@/lib/auth';
import { businessDate, formatCurrency, formatVolume } from '@/lib/format';
import { useCreateFuelRequest, useStationOptions, useVehicle, useVehicleOptions } from '../api';
import { showFieldError } from '@/lib/form-errors';
import {
  TANK_LEVEL_OPTIONS,
  emptyFuelRequestForm,
  fuelRequestFormSchema,
  toFuelRequestBody,
  type FuelRequestFormValues,
} from '../fuel-request-form';
import { estimatedCost, priceFor, priceLabel, stationOption, unitOf, vehicleOptionLabel } from '../request-labels';

interface VehicleChoice {
  id: string;
  label: string;
  fuelType: VehicleFuelType;
  tankSize: number | null;
  disabled: boolean;
}

export interface FuelRequestFormProps {
  onDone: () => void;
  /** Shown beside the submit button, e.g. a Cancel that closes the modal. */
  onCancel?: () => void;
}

/**
 * The Generate Coupon form. A fleet manager picks any vehicle of the organization; a driver requests
 * for the vehicle assigned to it, preselected. Stations show their price for the vehicle's fuel.
 */
export function FuelRequestForm({ onDone, onCancel }: FuelRequestFormProps) {
  const { user } = useAuth();
  const isDriver = user?.role === 'DRIVER';
  const driverVehicle = isDriver ? (user.vehicle ?? null) : null;
  const vehicles = useVehicleOptions(!isDriver);
  const ownVehicle = useVehicle(driverVehicle?.id ?? null);
  const stations = useStationOptions();
  const createRequest = useCreateFuelRequest();
  const today = businessDate();

  const vehicleChoices = useMemo<VehicleChoice[]>(() => {
    if (isDriver) {
      if (!driverVehicle) return [];
      return [
        {
          id: driverVehicle.id,
          label: vehicleOptionLabel(driverVehicle),
          fuelType: driverVehicle.fuelType,
          tankSize: ownVehicle.data?.tankSize ?? null,
          disabled: false,
        },
      ];
    }
    return (vehicles.data?.data ?? []).map((v) => ({
      id: v.id,
      label: v.status === 'ACTIVE' ? vehicleOptionLabel(v) : `${vehicleOptionLabel(v)} (${statusLabel(v.status)})`,
      fuelType: v.fuelType,
      tankSize: v.tankSize,
      // Only an active asset can receive fuel.
      disabled: v.status !== 'ACTIVE',
    }));
  }, [isDriver, driverVehicle, ownVehicle.data, vehicles.data]);

  const { control, handleSubmit, setValue, setError, trigger, getValues, formState } = useForm<FuelRequestFormValues>({
    mode: 'all',
    defaultValues: emptyFuelRequestForm(today, driverVehicle?.id ?? ''),
    resolver: (values, context, options) => {
      const chosen = vehicleChoices.find((v) => v.id === values.vehicleId);
      const schema = fuelRequestFormSchema({
        today,
        tankSize: chosen?.tankSize ?? null,
        unit: chosen ? unitOf(chosen.fuelType) : 'L',
      });
      return zodResolver(schema)(values, context, options);
    },
  });

  const vehicleId = useWatch({ control, name: 'vehicleId' });
  const stationId = useWatch({ control, name: 'stationId' });
  const volumeText = useWatch({ control, name: 'volume' });
  const vehicle = vehicleChoices.find((v) => v.id === vehicleId) ?? null;
  const unit = vehicle ? unitOf(vehicle.fuelType) : 'L';
  const station = stations.data?.stations.find((s) => s.id === stationId) ?? null;
  const price = station && vehicle ? priceFor(station, vehicle.fuelType) : null;
  const volume = Number(volumeText);
  const estimate = price && volumeText.trim() !== '' && Number.isFinite(volume) && volume > 0 ? estimatedCost(volume, price) : null;

  const stationChoices = useMemo<SelectOption[]>(() => {
    const fuelType = vehicleChoices.find((v) => v.id === vehicleId)?.fuelType ?? null;
    return (stations.data?.stations ?? []).map((s) => stationOption(s, fuelType));
  }, [stations.data, vehicleChoices, vehicleId]);

  // A station that does not sell the newly chosen vehicle's fuel is no longer a valid choice.
  useEffect(() => {
    const current = getValues('stationId');
    if (current !== '' && stationChoices.find((s) => s.value === current)?.disabled) {
      setValue('stationId', '', { shouldValidate: true });
    }
  }, [stationChoices, getValues, setValue]);

  // The tank size arrives with the vehicle; the volume is checked again against it.
  useEffect(() => {
    if (getValues('volume') !== '') void trigger('volume');
  }, [vehicle?.tankSize, getValues, trigger]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const reply = await createRequest.mutateAsync(toFuelRequestBody(values));
      toast.success(reply.message);
      onDone();
    } catch (error) {
      showFieldError(error, values, setError);
    }
  });

  if (isDriver && !driverVehicle) {
    return (
      <Alert color="yellow" title="No vehicle assigned">
        No vehicle is assigned to you yet. Ask your organization admin to assign one before requesting fuel.
      </Alert>
    );
  }

  const tankNote =
    vehicle?.tankSize != null ? `Tank size: ${formatVolume(vehicle.tankSize, unit)} (the most you can request)` : `In ${unit}`;
  const fuelNote = vehicle
    ? `Fuel: ${dispensedFuelType(vehicle.fuelType)}${vehicle.fuelType === 'HYBRID' ? ' (a hybrid draws petrol)' : ''}`
    : undefined;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Generate coupon">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <SelectField
            control={control}
            name="vehicleId"
            label="Vehicle"
            withAsterisk
            description={fuelNote}
            options={vehicleChoices.map((v) => ({ value: v.id, label: v.label, disabled: v.disabled }))}
            disabled={!isDriver && vehicles.isPending}
          />
          <SelectField
            control={control}
            name="stationId"
            label="Fuel Station"
            withAsterisk
            description={station?.address ?? (vehicle ? undefined : 'Choose the vehicle first to see prices')}
            options={stationChoices}
            disabled={stations.isPending}
          />
          <TextField
            control={control}
            name="supplyDate"
            type="date"
            label="Supply Date"
            withAsterisk
            min={today}
            description="Today or later"
          />
          <TextField
            control={control}
            name="volume"
            label="Volume"
            withAsterisk
            inputMode="decimal"
            placeholder="0"
            rightSection={
              <Text size="sm" c="dimmed" pr={4}>
                {unit}
              </Text>
            }
            description={tankNote}
          />
          <TextField
            control={control}
            name="currentOdometer"
            label="Current Odometer (km)"
            inputMode="numeric"
            description="Optional; 0 means not given"
          />
          <SelectField control={control} name="currentTankLevel" label="Current Tank Level" options={TANK_LEVEL_OPTIONS} />
        </SimpleGrid>
        <TextareaField control={control} name="note" label="Note" autosize minRows={2} maxRows={5} />
        {price && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {estimate !== null
              ? `Estimated cost: ${formatCurrency(estimate)} at ${priceLabel(price)}. The price is locked when the request is approved.`
              : `Current price: ${priceLabel(price)}. The price is locked when the request is approved.`}
          </Text>
        )}
        <Group justify="flex-end" mt="xs">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={formState.isSubmitting}>
              Cancel
            </Button>
          )}
          <SubmitButton control={control}>Generate Coupon</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
