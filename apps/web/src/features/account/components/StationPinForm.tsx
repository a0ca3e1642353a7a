import { stationPinBodySchema } from '@fleetfuel/contract';
import { FormCard } from '@/components/ui/FormCard';
import { PasswordField, SubmitButton } from '@/components/ui/FormFields';
import { useResettingForm } from '@/lib/resetting-form';
import { useSetStationPin } from '../api';

/**
 * Station staff's own station PIN (issue 42): typed on the station's shared phone to take it over
 * from another attendant. The current password proves it is the account's owner; a forgotten PIN is
 * cleared by the station representative.
 */
export function StationPinForm() {
  const setPin = useSetStationPin();
  const { control, onSubmit } = useResettingForm({
    schema: stationPinBodySchema,
    empty: { pin: '', currentPassword: '' },
    save: async (values) => (await setPin.mutateAsync(values)).message,
  });

  return (
    <FormCard
      title="Station PIN"
      formLabel="Station PIN"
      description="4 to 6 digits you type on the station’s shared phone to take it over: what you redeem then is recorded under your name. Saving a new PIN replaces the old one."
      onSubmit={onSubmit}
      submit={<SubmitButton control={control}>Save station PIN</SubmitButton>}
    >
      <PasswordField control={control} name="pin" label="New PIN" withAsterisk inputMode="numeric" autoComplete="off" maxLength={6} />
      <PasswordField control={control} name="currentPassword" label="Current password" withAsterisk autoComplete="current-password" />
    </FormCard>
  );
}
