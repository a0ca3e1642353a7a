import { useMemo } from 'react';
import { Alert, Group, Paper, SimpleGrid, Skeleton, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useController, useForm, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/lib/toast';
import { COUPON_VALIDITY_DAYS, type RouteReply, type routes } from '@fleetfuel/contract';
import { FormCard } from '@/components/ui/FormCard';
import { StatusBadge, statusLabel } from '@/components/ui/StatusBadge';
import { SelectField, SubmitButton, TextField, type SelectOption, type TextFieldProps } from '@/components/ui/FormFields';
import { useOrganizationSettings, useStationChoices, useUpdateOrganizationSettings } from '../api';
import { settingsFormSchema, settingsToForm, toSettingsBody, type SettingsFormValues } from '../settings-form';

type OrganizationSettings = RouteReply<typeof routes.organizationSettings.get>['settings'];

export interface OrganizationSettingsPanelProps {
  /** Only the organization admin changes the preferences; the others read them. */
  editable: boolean;
}

/** The organization's profile (read-only) and its preferences for requests and maintenance. */
export function OrganizationSettingsPanel({ editable }: OrganizationSettingsPanelProps) {
  const settings = useOrganizationSettings();
  if (settings.isPending) return <Skeleton height={360} radius="md" />;
  if (!settings.data) {
    return (
      <Alert color="red" title="Settings unavailable">
        The organization settings could not be loaded.
      </Alert>
    );
  }
  const current = settings.data.settings;
  return (
    <Stack gap="lg">
      <OrganizationProfile settings={current} />
      <PreferencesForm key={JSON.stringify(current)} settings={current} editable={editable} />
    </Stack>
  );
}

function OrganizationProfile({ settings }: { settings: OrganizationSettings }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <div>
          <Title order={3} size="h4">
            Organization profile
          </Title>
          <Text size="sm" c="dimmed">
            Changes to these details are made by the FleetFuel team.
          </Text>
        </div>
        <StatusBadge status={settings.status} />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label="Name" value={settings.name} readOnly variant="filled" />
        <TextInput label="Type" value={statusLabel(settings.type)} readOnly variant="filled" />
        <TextInput label="Address" value={settings.address ?? ''} placeholder="Not recorded" readOnly variant="filled" />
        <TextInput label="Domain" value={settings.domain ?? ''} placeholder="Not recorded" readOnly variant="filled" />
      </SimpleGrid>
    </Paper>
  );
}

interface SwitchFieldProps {
  control: Control<SettingsFormValues>;
  name:
    | 'allowExpiredInsurance'
    | 'requireNoteForFlaggedApproval'
    | 'requireDriverConfirmation'
    | 'requireVehicleScan'
    | 'requireOdometerAtPump'
    | 'requireOdometerPhoto'
    | 'asciiTexts';
  label: string;
  description: string;
  disabled: boolean;
}

function SwitchField({ control, name, label, description, disabled }: SwitchFieldProps) {
  // Taken apart: the field's `ref` goes to the switch, and its other members are plain values.
  const {
    field: { ref, name: fieldName, value, onChange, onBlur },
  } = useController({ control, name });
  return (
    <Switch
      ref={ref}
      name={fieldName}
      checked={value}
      onChange={(event) => onChange(event.currentTarget.checked)}
      onBlur={onBlur}
      disabled={disabled}
      size="md"
      label={label}
      description={description}
    />
  );
}

/** A number preference: required for the organization admin, read-only (filled) for the others. */
function NumberSetting({ editable, ...field }: TextFieldProps<SettingsFormValues> & { editable: boolean }) {
  return <TextField {...field} type="number" withAsterisk={editable} readOnly={!editable} variant={editable ? 'default' : 'filled'} />;
}

function PreferencesForm({ settings, editable }: { settings: OrganizationSettings; editable: boolean }) {
  const update = useUpdateOrganizationSettings();
  const stations = useStationChoices(true);
  const { control, handleSubmit, reset, formState } = useForm({
    resolver: zodResolver(settingsFormSchema),
    mode: 'all',
    defaultValues: settingsToForm(settings),
  });

  const stationOptions = useMemo<SelectOption[]>(() => {
    const options: SelectOption[] = stations.data?.stations.map((s) => ({ value: s.id, label: s.name })) ?? [];
    // A default station that is no longer active still shows what it is.
    if (settings.defaultStationId && !options.some((o) => o.value === settings.defaultStationId)) {
      options.push({ value: settings.defaultStationId, label: 'A station that is no longer active', disabled: true });
    }
    return options;
  }, [stations.data, settings.defaultStationId]);

  const onSubmit = handleSubmit(async (values) => {
    const reply = await update.mutateAsync(toSettingsBody(values)).catch(() => null);
    if (!reply) return;
    reset(settingsToForm(reply.settings));
    toast.success('Settings Updated!');
  });

  const readOnly = !editable;
  return (
    <FormCard
      title="Preferences"
      formLabel="Organization preferences"
      description="How fuel requests, coupons and maintenance reminders work for your organization."
      onSubmit={onSubmit}
      submit={
        editable && (
          <SubmitButton control={control} disabled={!formState.isDirty}>
            Save Settings
          </SubmitButton>
        )
      }
    >
      {readOnly && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
          Only your organization admin can change these preferences.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <SelectField
          control={control}
          name="defaultStationId"
          label="Default station"
          description="Chosen first on new fuel requests"
          options={stationOptions}
          disabled={readOnly || stations.isPending}
          variant={readOnly ? 'filled' : 'default'}
        />
        <NumberSetting
          control={control}
          name="couponValidityDays"
          label="Coupon validity (days)"
          description={`Days after the supply date a coupon can be redeemed (${COUPON_VALIDITY_DAYS.min}–${COUPON_VALIDITY_DAYS.max})`}
          inputMode="numeric"
          min={COUPON_VALIDITY_DAYS.min}
          max={COUPON_VALIDITY_DAYS.max}
          editable={editable}
        />
        <NumberSetting
          control={control}
          name="serviceIntervalDays"
          label="Service interval (days)"
          description="A vehicle is due for service this long after its last one (7–730)"
          inputMode="numeric"
          min={7}
          max={730}
          editable={editable}
        />
        <NumberSetting
          control={control}
          name="serviceIntervalKm"
          label="Service interval (km)"
          description="…or after this distance since its last service (500–100,000)"
          inputMode="numeric"
          min={500}
          max={100000}
          editable={editable}
        />
        <NumberSetting
          control={control}
          name="lowBalanceThreshold"
          label="Low balance alert threshold (₦)"
          description="The alerts warn you when the wallet balance falls below this amount"
          inputMode="decimal"
          min={0}
          step="0.01"
          editable={editable}
        />
      </SimpleGrid>
      <SwitchField
        control={control}
        name="allowExpiredInsurance"
        label="Approve fuel for vehicles whose insurance has expired"
        description="When off, a fuel request for a vehicle with expired insurance cannot be approved."
        disabled={readOnly}
      />
      <SwitchField
        control={control}
        name="requireNoteForFlaggedApproval"
        label="Require a note to approve a flagged request"
        description="When on, a fuel request with anomaly flags is approved only with a note saying why."
        disabled={readOnly}
      />
      <SwitchField
        control={control}
        name="requireDriverConfirmation"
        label="Require driver confirmation at the pump"
        description="When on, a station redeems a fuel coupon only with the driver's pump PIN or a one-time code texted to the driver."
        disabled={readOnly}
      />
      <SwitchField
        control={control}
        name="requireVehicleScan"
        label="Require the vehicle's sticker at the pump"
        description="When on, the attendant scans the vehicle's windscreen sticker, and a fuel coupon redeems only for the vehicle it was approved for. Print the stickers from Assets."
        disabled={readOnly}
      />
      <SwitchField
        control={control}
        name="requireOdometerAtPump"
        label="Require the odometer reading at the pump"
        description="When on, the attendant types the vehicle's odometer reading before dispensing. A reading below the last one is refused; a jump no drive explains is flagged and left out of efficiency."
        disabled={readOnly}
      />
      <SwitchField
        control={control}
        name="requireOdometerPhoto"
        label="Require a photo of the odometer"
        description="When on, the attendant photographs the odometer before dispensing. The photo is kept with the request."
        disabled={readOnly}
      />
      <SwitchField
        control={control}
        name="asciiTexts"
        label="Send texts without accents"
        description="When on, SMS to drivers and managers drop accents (ẹ→e, ɓ→b, ₦→N): half the cost, and easier on old phones."
        disabled={readOnly}
      />
    </FormCard>
  );
}
