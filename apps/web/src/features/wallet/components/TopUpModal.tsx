import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { SubmitButton, TextField } from '@/components/ui/FormFields';
import { redirectToCheckout } from '@/lib/checkout';
import { newIdempotencyKey } from '@/lib/idempotency';
import { useFundWallet } from '../api';
import { toTopUpBody, topUpFormSchema, type TopUpFormValues } from '../wallet-forms';

export function TopUpModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Top Up Wallet" centered>
      {opened && <TopUpForm onCancel={onClose} />}
    </Modal>
  );
}

/** Starts a card payment; the browser then leaves for the provider's page, which brings it back. */
function TopUpForm({ onCancel }: { onCancel: () => void }) {
  const fund = useFundWallet();
  const [leaving, setLeaving] = useState(false);
  const { control, handleSubmit } = useForm<TopUpFormValues>({
    resolver: zodResolver(topUpFormSchema),
    mode: 'all',
    defaultValues: { amount: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    const reply = await fund.mutateAsync({ body: toTopUpBody(values), idempotencyKey: newIdempotencyKey() }).catch(() => null);
    if (!reply) return;
    setLeaving(true);
    redirectToCheckout(reply.checkoutUrl);
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Top up wallet">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Pay by card. The money reaches the wallet once the payment provider confirms it.
        </Text>
        <TextField
          control={control}
          name="amount"
          label="Amount (₦)"
          withAsterisk
          placeholder="e.g. 50000"
          inputMode="decimal"
          autoComplete="off"
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={leaving}>
            Cancel
          </Button>
          <SubmitButton control={control} loading={leaving} disabled={leaving}>
            Pay by Card
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
