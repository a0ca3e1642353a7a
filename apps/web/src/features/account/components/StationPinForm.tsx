import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { stationPinBodySchema } from '@fleetfuel/contract';
import { PasswordField, SubmitButton } from '@/components/ui/FormFields';
import { showFieldError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useSetStationPin } from '../api';

const EMPTY = { pin: '', currentPassword: '' };

/**
 * Station staff's own station PIN (issue 42): typed on the station's shared phone to take it over
 * from another attendant. The current password proves it is the account's owner; a forgotten PIN is
 * cleared by the station representative.
 */
export function StationPinForm() {
  const setPin = useSetStationPin();
  const { control, handleSubmit, reset, setError, getValues } = useForm({
    resolver: zodResolver(stationPinBodySchema),
    mode: 'all',
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const reply = await setPin.mutateAsync(values);
      reset(EMPTY);
      toast.success(reply.message);
    } catch (error) {
      showFieldError(error, getValues(), setError);
    }
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Station PIN">
        <Stack gap="md">
          <div>
            <Title order={3} size="h4">
              Station PIN
            </Title>
            <Text size="sm" c="dimmed">
              4 to 6 digits you type on the station’s shared phone to take it over: what you redeem then is recorded under your name. Saving
              a new PIN replaces the old one.
            </Text>
          </div>
          <PasswordField control={control} name="pin" label="New PIN" withAsterisk inputMode="numeric" autoComplete="off" maxLength={6} />
          <PasswordField control={control} name="currentPassword" label="Current password" withAsterisk autoComplete="current-password" />
          <Group justify="flex-end">
            <SubmitButton control={control}>Save station PIN</SubmitButton>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
