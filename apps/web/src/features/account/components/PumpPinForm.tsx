import { pumpPinBodySchema } from '@fleetfuel/contract';
import { FormCard } from '@/components/ui/FormCard';
import { PasswordField, SubmitButton } from '@/components/ui/FormFields';
import { useResettingForm } from '@/lib/resetting-form';
import { useSetPumpPin } from '../api';

/**
 * A driver's pump PIN (issue 13): given at the station when the organization requires the driver to
 * confirm a redemption. Saving again changes it; a forgotten PIN is reset by the organization admin.
 */
export function PumpPinForm() {
  const setPin = useSetPumpPin();
  const { control, onSubmit } = useResettingForm({
    schema: pumpPinBodySchema,
    empty: { pin: '' },
    save: async ({ pin }) => (await setPin.mutateAsync(pin)).message,
  });

  return (
    <FormCard
      title="Pump PIN"
      formLabel="Pump PIN"
      description="4 to 6 digits you give the attendant to confirm fuel for your vehicle. Saving a new PIN replaces the old one."
      onSubmit={onSubmit}
      submit={<SubmitButton control={control}>Save PIN</SubmitButton>}
    >
      <PasswordField control={control} name="pin" label="New PIN" withAsterisk inputMode="numeric" autoComplete="off" maxLength={6} />
    </FormCard>
  );
}
