import { useMemo, useState } from 'react';
import { Alert, Button, Group, Modal, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/lib/toast';
import type { Payout, Wallet } from '@fleetfuel/contract';
import { SubmitButton, TextField } from '@/components/ui/FormFields';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { formatCurrency } from '@/lib/format';
import { newIdempotencyKey } from '@/lib/idempotency';
import { useSettlePayout } from '../api';
import { settleFormSchema, toSettleBody, type SettleFormValues } from '../wallet-forms';

export function SettlePayoutModal({ wallet, opened, onClose }: { wallet: Wallet; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Settle Payout" centered>
      {opened && <SettlePayout wallet={wallet} onDone={onClose} />}
    </Modal>
  );
}

function PayoutResult({ message, payout, onDone }: { message: string; payout: Payout; onDone: () => void }) {
  const failed = payout.status === 'FAILED' || payout.status === 'REVERSED';
  return (
    <Stack gap="md">
      <Alert color={failed ? 'red' : payout.status === 'SUCCESS' ? 'teal' : 'yellow'} title="Payout status">
        {message}
      </Alert>
      <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
        <Text size="sm" c="dimmed">
          Status
        </Text>
        <div>
          <StatusBadge status={payout.status} />
        </div>
        <Text size="sm" c="dimmed">
          Amount
        </Text>
        <Text size="sm">{formatCurrency(payout.amount)}</Text>
        <Text size="sm" c="dimmed">
          To
        </Text>
        <Text size="sm">
          {payout.accountName}, {payout.bankName ?? 'bank'} {payout.accountNumber}
        </Text>
        <Text size="sm" c="dimmed">
          Reference
        </Text>
        <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {payout.reference}
        </Text>
        {payout.failureReason && (
          <>
            <Text size="sm" c="dimmed">
              Reason
            </Text>
            <Text size="sm">{payout.failureReason}</Text>
          </>
        )}
      </SimpleGrid>
      <Group justify="flex-end">
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}

/** Pays the station's available balance, or part of it, to its verified bank account. */
function SettlePayout({ wallet, onDone }: { wallet: Wallet; onDone: () => void }) {
  const settle = useSettlePayout();
  const [result, setResult] = useState<{ message: string; payout: Payout } | null>(null);
  const schema = useMemo(() => settleFormSchema(wallet.available), [wallet.available]);
  const { control, handleSubmit } = useForm<SettleFormValues>({
    resolver: zodResolver(schema),
    mode: 'all',
    defaultValues: { amount: '' },
  });

  if (result) return <PayoutResult message={result.message} payout={result.payout} onDone={onDone} />;

  const onSubmit = handleSubmit(async (values) => {
    const reply = await settle
      .mutateAsync({ walletId: wallet.id, body: toSettleBody(values), idempotencyKey: newIdempotencyKey() })
      .catch(() => null);
    if (!reply) return;
    const failed = reply.payout.status === 'FAILED' || reply.payout.status === 'REVERSED';
    if (failed) toast.error(reply.message);
    else toast.success(reply.message);
    setResult({ message: reply.message, payout: reply.payout });
  });

  const nothingToPay = wallet.available <= 0;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Settle payout">
      <Stack gap="md">
        <Paper withBorder radius="md" p="sm" bg="gray.0">
          <Text size="sm" c="dimmed">
            Pays to
          </Text>
          {wallet.bankingVerified ? (
            <Text size="sm" fw={500}>
              {wallet.accountName}, {wallet.bankName ?? wallet.bankCode} {wallet.accountNumber}
            </Text>
          ) : (
            <Text size="sm" c="red">
              No verified bank account yet: the station must save its bank details first.
            </Text>
          )}
        </Paper>
        <TextField
          control={control}
          name="amount"
          label="Amount (₦)"
          placeholder={formatCurrency(wallet.available)}
          description={`Leave empty to pay out the whole available balance (${formatCurrency(wallet.available)})`}
          inputMode="decimal"
          autoComplete="off"
        />
        {nothingToPay && (
          <Text size="sm" c="dimmed">
            There is nothing available to pay out.
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <SubmitButton control={control} disabled={!wallet.bankingVerified || nothingToPay} loading={settle.isPending}>
            Settle Payout
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
