import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/lib/toast';
import { pumpPinBodySchema } from '@fleetfuel/contract';
import { PasswordField, SubmitButton } from '@/components/ui/FormFields';
import { showFieldError } from '@/lib/form-errors';
import { useSetPumpPin } from '../api';

/**
 * A driver's pump PIN (issue 13): given at the station when the organization requires the driver to
 * confirm a redemption. Saving again changes it; a forgotten PIN is reset by the organization admin.
 */
export function PumpPinForm() {
  const setPin = useSetPumpPin();
  const { control, handleSubmit, reset, setError, getValues } = useForm({
    resolver: zodResolver(pumpPinBodySchema),
    mode: 'all',
    defaultValues: { pin: '' },
  });

  const onSubmit = handleSubmit(async ({ pin }) => {
    try {
      const reply = await setPin.mutateAsync(pin);
      reset({ pin: '' });
      toast.success(reply.message);
    } catch (error) {
      showFieldError(error, getValues(), setError);
    }
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Pump PIN">
        <Stack gap="md">
          <div>
            <Title order={3} size="h4">
              Pump PIN
            </Title>
            <Text size="sm" c="dimmed">
              4 to 6 digits you give the attendant to confirm fuel for your vehicle. Saving a new PIN replaces the old one.
            </Text>
          </div>
          <PasswordField control={control} name="pin" label="New PIN" withAsterisk inputMode="numeric" autoComplete="off" maxLength={6} />
          <Group justify="flex-end">
            <SubmitButton control={control}>Save PIN</SubmitButton>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
