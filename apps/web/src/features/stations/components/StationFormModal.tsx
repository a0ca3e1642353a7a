import { useEffect, useMemo } from 'react';
import { SimpleGrid, Stack } from '@mantine/core';
import { Controller, useWatch } from 'react-hook-form';
import { FUEL_UNITS, NIGERIAN_LOCATIONS, SOLD_FUEL_TYPES, TENANT_STATUSES, type FuelStation } from '@fleetfuel/contract';
import { CheckboxGroupField, SelectField, FormActions, TextField } from '@/components/ui/FormFields';
import { RecordFormModal, type RecordFormProps, type RecordModalProps } from '@/components/ui/RecordFormModal';
import { ImageUploadField } from '@/components/ui/ImageUploadField';
import { statusLabel } from '@/components/ui/StatusBadge';
import { useRecordForm } from '@/lib/record-form';
import { useCreateStation, useUpdateStation } from '../api';
import { emptyStationForm, stationFormSchema, stationToForm, toStationFormData } from '../station-form';

const STATUS_OPTIONS = TENANT_STATUSES.map((value) => ({ value, label: statusLabel(value) }));
const FUEL_OPTIONS = SOLD_FUEL_TYPES.map((fuel) => ({ value: fuel, label: `${fuel} (${FUEL_UNITS[fuel]})` }));
const STATE_OPTIONS = NIGERIAN_LOCATIONS.map((value) => ({ value, label: value }));

const TITLES = { create: 'Add Fuel Station', edit: 'Update Fuel Station' };

export function StationFormModal(props: RecordModalProps<FuelStation>) {
  return <RecordFormModal {...props} titles={TITLES} Form={StationForm} />;
}

function StationForm({ mode, record: station, onDone }: RecordFormProps<FuelStation>) {
  const createStation = useCreateStation();
  const updateStation = useUpdateStation();
  const schema = useMemo(() => stationFormSchema(mode), [mode]);
  const { control, trigger, onSubmit } = useRecordForm({
    mode,
    record: station,
    onDone,
    schema,
    toForm: stationToForm,
    empty: emptyStationForm,
    create: async (values) => `${(await createStation.mutateAsync(toStationFormData(values))).name} Fuel Station Created!`,
    update: async (record, values) => {
      const updated = await updateStation.mutateAsync({ id: record.id, body: toStationFormData(values) });
      return `${updated.name} Fuel Station Updated!`;
    },
  });
  const name = useWatch({ control, name: 'name' });
  const [latitude, longitude, opensAt, closesAt] = useWatch({ control, name: ['latitude', 'longitude', 'opensAt', 'closesAt'] });

  useEffect(() => {
    // Each coordinate's rule depends on the other, so a change to either re-checks both.
    void trigger(['latitude', 'longitude']);
  }, [latitude, longitude, trigger]);
  useEffect(() => {
    void trigger(['opensAt', 'closesAt']);
  }, [opensAt, closesAt, trigger]);

  return (
    <form onSubmit={onSubmit} noValidate aria-label={mode === 'create' ? 'Add fuel station' : 'Update fuel station'}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextField control={control} name="name" label="Name" withAsterisk autoComplete="off" />
          <SelectField control={control} name="status" label="Status" withAsterisk options={STATUS_OPTIONS} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextField control={control} name="address" label="Address" autoComplete="off" />
          <SelectField
            control={control}
            name="state"
            label="State"
            description="Where fuel policies that allow only some states look"
            options={STATE_OPTIONS}
          />
        </SimpleGrid>
        <SimpleGrid cols={2} spacing="md">
          <TextField control={control} name="latitude" label="Latitude" placeholder="e.g. 6.6018" inputMode="decimal" autoComplete="off" />
          <TextField
            control={control}
            name="longitude"
            label="Longitude"
            placeholder="e.g. 3.3515"
            inputMode="decimal"
            autoComplete="off"
          />
        </SimpleGrid>
        <SimpleGrid cols={2} spacing="md">
          <TextField
            control={control}
            name="opensAt"
            label="Opens At"
            placeholder="e.g. 06:00"
            description="Lagos time; empty: open 24 hours"
            inputMode="numeric"
            autoComplete="off"
          />
          <TextField
            control={control}
            name="closesAt"
            label="Closes At"
            placeholder="e.g. 22:00"
            description="Before opening: after midnight"
            inputMode="numeric"
            autoComplete="off"
          />
        </SimpleGrid>
        <CheckboxGroupField control={control} name="availableFuels" label="Available Fuels" options={FUEL_OPTIONS} inline />
        <Controller
          control={control}
          name="image"
          render={({ field, fieldState }) => (
            <ImageUploadField
              label="Image"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              currentUrl={station?.imageUrl}
              fallbackName={name}
              error={fieldState.error?.message}
            />
          )}
        />
        <FormActions control={control} onCancel={onDone} submitLabel={mode === 'create' ? 'Add Fuel Station' : 'Save Changes'} />
      </Stack>
    </form>
  );
}
