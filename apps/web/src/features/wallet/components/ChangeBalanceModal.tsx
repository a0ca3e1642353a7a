import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/lib/toast';
import type { Wallet } from '@fleetfuel/contract';
import { SelectField, SubmitButton, TextField } from '@/components/ui/FormFields';
import { formatCurrency } from '@/lib/format';
import { newIdempotencyKey } from '@/lib/idempotency';
import { useCreateTransaction } from '../api';
import { changeBalanceFormSchema, toChangeBalanceBody, type ChangeBalanceFormValues } from '../wallet-forms';

const TYPE_OPTIONS = [
  { value: 'CREDIT', label: 'Credit (add money)' },
  { value: 'DEBIT', label: 'Debit (take money)' },
];

export function ChangeBalanceModal({ wallet, opened, onClose }: { wallet: Wallet; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Change Balance" centered>
      {opened && <ChangeBalanceForm wallet={wallet} onDone={onClose} />}
    </Modal>
  );
}

/** The platform admin's correction of a wallet, recorded with a note. */
function ChangeBalanceForm({ wallet, onDone }: { wallet: Wallet; onDone: () => void }) {
  const createTransaction = useCreateTransaction();
  const { control, handleSubmit } = useForm<ChangeBalanceFormValues>({
    resolver: zodResolver(changeBalanceFormSchema),
    mode: 'all',
    defaultValues: { type: '', amount: '', note: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    const reply = await createTransaction
      .mutateAsync({ walletId: wallet.id, body: toChangeBalanceBody(values), idempotencyKey: newIdempotencyKey() })
      .catch(() => null);
    if (!reply) return;
    toast.success(reply.message);
    onDone();
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Change balance">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {wallet.owner.name}: {formatCurrency(wallet.balance)} balance, {formatCurrency(wallet.available)} available.
        </Text>
        <SelectField control={control} name="type" label="Type" withAsterisk options={TYPE_OPTIONS} />
        <TextField control={control} name="amount" label="Amount (₦)" withAsterisk inputMode="decimal" autoComplete="off" />
        <TextField control={control} name="note" label="Note" withAsterisk placeholder="Why the balance changes" autoComplete="off" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <SubmitButton control={control} loading={createTransaction.isPending}>
            Change Balance
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
