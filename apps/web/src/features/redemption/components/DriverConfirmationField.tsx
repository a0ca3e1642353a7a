import { useState } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconMessage } from '@tabler/icons-react';
import { errorMessage } from '@/lib/api-client';
import { useSendConfirmationCode } from '../api';

export interface DriverConfirmationFieldProps {
  requestId: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the box: a problem with what was typed. */
  error: string | null;
  /** Called once a code was texted, so that the redemption sends the value as that code. */
  onCodeSent: () => void;
}

/**
 * The driver's PIN or the one-time code, when the coupon's organization requires the driver to
 * confirm at the pump; "Send code to driver" texts a fresh code to the driver's phone.
 */
export function DriverConfirmationField({ requestId, value, onChange, error, onCodeSent }: DriverConfirmationFieldProps) {
  const send = useSendConfirmationCode();
  const [sendReply, setSendReply] = useState<{ ok: boolean; text: string } | null>(null);

  const sendCode = async () => {
    try {
      const reply = await send.mutateAsync(requestId);
      setSendReply({ ok: true, text: reply.message });
      onCodeSent();
    } catch (sendError) {
      setSendReply({ ok: false, text: errorMessage(sendError) });
    }
  };

  return (
    <Stack gap={4}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Driver PIN or one-time code"
          description="The organization requires the driver to confirm this redemption"
          withAsterisk
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          error={error}
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          style={{ flex: '1 1 220px' }}
        />
        <Button
          variant="light"
          leftSection={<IconMessage size={16} aria-hidden />}
          loading={send.isPending}
          onClick={() => void sendCode()}
        >
          Send code to driver
        </Button>
      </Group>
      {sendReply && (
        <Text size="sm" c={sendReply.ok ? 'dimmed' : 'red'} role={sendReply.ok ? 'status' : 'alert'}>
          {sendReply.text}
        </Text>
      )}
    </Stack>
  );
}
