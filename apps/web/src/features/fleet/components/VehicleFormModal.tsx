import { useMemo, useState } from 'react';
import { Divider, SimpleGrid, Stack } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import type { Vehicle } from '@fleetfuel/contract';
import { SelectField, FormActions, TextField } from '@/components/ui/FormFields';
import { RecordFormModal, type RecordFormProps, type RecordModalProps } from '@/components/ui/RecordFormModal';
import { ImageUploadField } from '@/components/ui/ImageUploadField';
import { imageFileError } from '@/lib/image-file';
import { businessDate } from '@/lib/format';
import { useCreateVehicle, useDepartmentOptions, useDriverOptions, useUpdateVehicle } from '../api';
import {
  ASSET_STATUS_OPTIONS,
  ASSET_TYPE_OPTIONS,
  FUEL_TYPE_OPTIONS,
  LOCATION_OPTIONS,
  TRANSMISSION_OPTIONS,
  driverOption,
  groupOption,
} from '../choices';
import { assetName, keeperLabel, tankUnit } from '../fleet-labels';
import { useRecordForm } from '@/lib/record-form';
import { emptyVehicleForm, hasRegistration, needsPlateNumber, toVehicleFormData, vehicleFormSchema, vehicleToForm } from '../vehicle-form';
import { useOrganizationChoice, useRecordOwner } from '../use-record-owner';
import { OrganizationField } from './OrganizationField';

const TITLES = { create: 'Add Asset', edit: 'Edit Asset' };

export function VehicleFormModal(props: RecordModalProps<Vehicle>) {
  return <RecordFormModal {...props} titles={TITLES} Form={VehicleForm} size="xl" />;
}

/** An asset's group and keeper are its client's. */
const DEPENDENTS = ['departmentId', 'driverId'] as const;

function VehicleForm({ mode, record: vehicle, onDone }: RecordFormProps<Vehicle>) {
  const { chooseOrganization, organizations } = useOrganizationChoice(mode);
  const createVehicle = useCreateVehicle();
  const updateVehicle = useUpdateVehicle();
  const [image, setImage] = useState<File | null>(null);
  const imageError = imageFileError(image);
  const schema = useMemo(() => vehicleFormSchema({ mode, chooseOrganization, today: businessDate() }), [mode, chooseOrganization]);
  const { control, setValue, onSubmit } = useRecordForm({
    mode,
    record: vehicle,
    onDone,
    schema,
    toForm: vehicleToForm,
    empty: emptyVehicleForm,
    create: async (values) => {
      const created = await createVehicle.mutateAsync(toVehicleFormData(values, { mode, chooseOrganization }, image));
      return `${assetName(created)} Registered!`;
    },
    update: async (record, values) => {
      const body = toVehicleFormData(values, { mode, chooseOrganization }, image);
      const updated = await updateVehicle.mutateAsync({ id: record.id, body });
      return `${assetName(updated)} Updated!`;
    },
  });
  const type = useWatch({ control, name: 'type' });
  const fuelType = useWatch({ control, name: 'fuelType' });
  // The groups and drivers to choose from are those of the asset's organization.
  const { ownerId, ownerKnown } = useRecordOwner({ record: vehicle, chooseOrganization, control, setValue, dependents: DEPENDENTS });
  const groups = useDepartmentOptions(ownerId, ownerKnown);
  const drivers = useDriverOptions(ownerId, mode === 'create' && ownerKnown);

  const keeper = keeperLabel(type);
  const unit = tankUnit(fuelType);

  return (
    <form onSubmit={onSubmit} noValidate aria-label={mode === 'create' ? 'Add asset' : 'Edit asset'}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          {chooseOrganization && <OrganizationField control={control} organizations={organizations} />}
          <SelectField control={control} name="type" label="Asset Type" withAsterisk options={ASSET_TYPE_OPTIONS} />
          <SelectField control={control} name="status" label="Status" withAsterisk options={ASSET_STATUS_OPTIONS} />
          <TextField control={control} name="make" label="Make" withAsterisk placeholder="e.g. Toyota" autoComplete="off" />
          <TextField control={control} name="model" label="Model" withAsterisk placeholder="e.g. Hilux" autoComplete="off" />
          <TextField
            control={control}
            name="plateNumber"
            label="Plate Number"
            withAsterisk={needsPlateNumber(type)}
            placeholder="e.g. LND-451-KJ"
            autoComplete="off"
          />
          <SelectField control={control} name="fuelType" label="Fuel Type" withAsterisk options={FUEL_TYPE_OPTIONS} />
          <SelectField
            control={control}
            name="departmentId"
            label="Group"
            options={groups.data?.data.map(groupOption) ?? []}
            disabled={!ownerKnown || groups.isPending}
          />
          {mode === 'create' && (
            <SelectField
              control={control}
              name="driverId"
              label={keeper}
              options={drivers.data?.data.map((driver) => driverOption(driver)) ?? []}
              disabled={!ownerKnown || drivers.isPending}
            />
          )}
          <TextField control={control} name="color" label="Color" autoComplete="off" />
          <TextField control={control} name="year" label="Year" inputMode="numeric" placeholder="e.g. 2021" autoComplete="off" />
          <SelectField control={control} name="state" label="State" options={LOCATION_OPTIONS} />
          <TextField control={control} name="datePurchase" label="Date of Purchase" type="date" max={businessDate()} />
          <TextField
            control={control}
            name="purchasePrice"
            label="Purchase Price (₦)"
            inputMode="decimal"
            leftSection="₦"
            autoComplete="off"
          />
          <TextField
            control={control}
            name="tankSize"
            label={`Tank Size (${unit})`}
            inputMode="decimal"
            rightSection={unit}
            autoComplete="off"
          />
          <TextField control={control} name="securityNumber" label="Security Number" autoComplete="off" />
          <TextField control={control} name="registrationNumber" label="Registration Number" autoComplete="off" />
        </SimpleGrid>

        {hasRegistration(type) && (
          <>
            <Divider label="Vehicle registration" labelPosition="left" />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
              <SelectField control={control} name="registrationState" label="Registration State" options={LOCATION_OPTIONS} />
              <TextField control={control} name="registrationExpiry" label="Registration Expiry" type="date" />
              <TextField control={control} name="chasisNumber" label="Chassis Number" autoComplete="off" />
              <SelectField control={control} name="transmissionType" label="Transmission" options={TRANSMISSION_OPTIONS} />
            </SimpleGrid>
          </>
        )}

        <ImageUploadField label="Image" value={image} onChange={setImage} currentUrl={vehicle?.imageUrl} error={imageError ?? undefined} />

        <FormActions
          control={control}
          onCancel={onDone}
          submitLabel={mode === 'create' ? 'Add Asset' : 'Save Changes'}
          submitDisabled={imageError !== null}
        />
      </Stack>
    </form>
  );
}
