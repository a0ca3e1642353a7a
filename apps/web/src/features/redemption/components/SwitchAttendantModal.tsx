import { useState } from 'react';
import { Alert, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { PasswordField, SubmitButton } from '@/components/ui/FormFields';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { showFieldError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useDeviceAttendants, useSwitchAttendant } from '../api';
import { sendRedemption, useRedemptionQueue } from '../offline/use-offline';
import { switchAttendantFormSchema, type SwitchAttendantFormValues } from '../switch-attendant-form';

export interface SwitchAttendantModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * Hands the station's shared phone to another attendant with their station PIN: the device's
 * session becomes theirs, so what is redeemed next is recorded under them.
 */
export function SwitchAttendantModal({ opened, onClose }: SwitchAttendantModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Switch attendant" centered>
      {opened && <SwitchAttendantForm onClose={onClose} />}
    </Modal>
  );
}

function SwitchAttendantForm({ onClose }: { onClose: () => void }) {
  const { user, adoptSession } = useAuth();
  const queryClient = useQueryClient();
  const attendants = useDeviceAttendants(true);
  const switchAttendant = useSwitchAttendant();
  const [refusal, setRefusal] = useState<string | null>(null);
  // The redemptions this attendant recorded offline: sent under their session before the device changes hands.
  const { queue } = useRedemptionQueue();
  const { control, handleSubmit, setError, getValues, resetField } = useForm<SwitchAttendantFormValues>({
    resolver: zodResolver(switchAttendantFormSchema),
    mode: 'all',
    defaultValues: { attendantId: '', pin: '' },
  });
  const others = (attendants.data?.attendants ?? []).filter((a) => a.id !== user?.id);

  const onSubmit = handleSubmit(async (values) => {
    setRefusal(null);
    // Switching needs the network, so it is the moment to send them: after it they would wait for this
    // attendant's next sign-in on this phone, and the station would wait for its money.
    if (queue && queue.items().length > 0) {
      await queue.flush(sendRedemption);
      const left = queue.items().length;
      if (left > 0) {
        setRefusal(
          `${left} ${left === 1 ? 'redemption' : 'redemptions'} recorded offline by ${user?.name ?? 'this attendant'} could not be sent yet. Switch once the network sends them, so they are recorded under the attendant who gave the fuel.`,
        );
        return;
      }
    }
    try {
      const session = await switchAttendant.mutateAsync(values);
      adoptSession(session);
      // The cache was read with the previous attendant's session: everything on screen is read again as the new one.
      await queryClient.resetQueries();
      toast.success(`${session.user.name} now has this device`);
      onClose();
    } catch (error) {
      resetField('pin');
      showFieldError(error, getValues(), setError);
      if (!(error instanceof ApiError && error.field === 'pin')) setRefusal(errorMessage(error));
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Switch attendant">
      <Stack gap="md">
        {refusal && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
        <Controller
          control={control}
          name="attendantId"
          render={({ field, fieldState }) => (
            <Radio.Group
              label="Who takes the device?"
              withAsterisk
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
            >
              <Stack gap="xs" mt="xs">
                {attendants.isPending && <Text size="sm">Loading the station’s attendants…</Text>}
                {attendants.isSuccess && others.length === 0 && <Text size="sm">No one else works at this station yet.</Text>}
                {others.map((attendant) => (
                  <Radio
                    key={attendant.id}
                    // The first one that can be chosen takes the focus when a submit finds none chosen.
                    ref={attendant.id === others.find((other) => other.hasPin)?.id ? field.ref : undefined}
                    value={attendant.id}
                    disabled={!attendant.hasPin}
                    label={attendant.name}
                    description={attendant.hasPin ? undefined : 'No PIN set'}
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
        />
        <PasswordField
          control={control}
          name="pin"
          label="Their station PIN"
          withAsterisk
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <SubmitButton control={control} loading={switchAttendant.isPending}>
            Switch
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
