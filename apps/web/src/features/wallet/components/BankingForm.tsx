import { useId, useRef, useState } from 'react';
import { Badge, Button, Group, Loader, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { toast } from '@/lib/toast';
import { BANK_ACCOUNT_NUMBER_LENGTH, MESSAGES, type Wallet } from '@fleetfuel/contract';
import { SELECT_PLACEHOLDER } from '@/components/ui/FormFields';
import { errorMessage } from '@/lib/api-client';
import { useBanks, useUpdateBanking, useVerifyAccount } from '../api';
import { bankingState, canSaveBanking, cleanAccountNumber, type SavedBanking } from '../banking';

function savedBankingOf(wallet: Wallet): SavedBanking | null {
  if (!wallet.accountNumber || !wallet.bankCode) return null;
  return {
    accountNumber: wallet.accountNumber,
    bankCode: wallet.bankCode,
    accountName: wallet.accountName,
    verified: wallet.bankingVerified,
  };
}

/**
 * A station wallet's payout account. The bank is asked for the account name as soon as the number
 * has 10 digits and a bank is chosen; only a pair the bank confirmed can be saved.
 */
export function BankingForm({ wallet }: { wallet: Wallet }) {
  const saved = savedBankingOf(wallet);
  const [accountNumber, setAccountNumber] = useState(saved?.accountNumber ?? '');
  const [bankCode, setBankCode] = useState(saved?.bankCode ?? '');
  const [touched, setTouched] = useState({ accountNumber: false, bankCode: false });
  const titleId = useId();
  const banks = useBanks();
  const updateBanking = useUpdateBanking();

  const isSavedPair = saved?.verified === true && saved.accountNumber === accountNumber && saved.bankCode === bankCode;
  const verification = useVerifyAccount(accountNumber, bankCode, !isSavedPair);
  const state = bankingState({ accountNumber, bankCode }, saved, {
    accountName: verification.data?.accountName ?? null,
    error: verification.error ? errorMessage(verification.error) : null,
    pending: verification.isFetching,
  });

  const numberError =
    touched.accountNumber && accountNumber === ''
      ? MESSAGES.required
      : touched.accountNumber && accountNumber.length !== BANK_ACCOUNT_NUMBER_LENGTH
        ? `Must be exactly ${BANK_ACCOUNT_NUMBER_LENGTH} digits`
        : state.kind === 'failed'
          ? state.message
          : undefined;
  const bankError = touched.bankCode && bankCode === '' ? MESSAGES.required : undefined;
  const accountName = state.kind === 'saved' || state.kind === 'verified' ? state.accountName : '';

  const accountNumberRef = useRef<HTMLInputElement>(null);
  const bankRef = useRef<HTMLSelectElement>(null);
  const save = async () => {
    if (!canSaveBanking(state)) {
      // Pressed before the bank confirmed a pair: each field says what it lacks, the first at fault takes the focus.
      setTouched({ accountNumber: true, bankCode: true });
      const numberAtFault = accountNumber.length !== BANK_ACCOUNT_NUMBER_LENGTH || state.kind === 'failed';
      (numberAtFault ? accountNumberRef : bankRef).current?.focus();
      return;
    }
    const reply = await updateBanking
      .mutateAsync({ walletId: wallet.id, body: { accountNumber, bankCode, accountName: state.accountName } })
      .catch(() => null);
    if (reply) toast.success(reply.message);
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby={titleId}>
      <Group justify="space-between" mb="xs" gap="sm">
        <Title order={2} fz="lg" id={titleId}>
          Banking Information
        </Title>
        {wallet.bankingVerified && (
          <Badge color="teal" variant="light" radius="sm" leftSection={<IconCircleCheck size={12} aria-hidden />}>
            Verified
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        Payouts go to this account. The bank confirms the account name before it can be saved.
      </Text>
      <form
        noValidate
        aria-label="Banking information"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <TextInput
              ref={accountNumberRef}
              label="Account Number"
              withAsterisk
              value={accountNumber}
              inputMode="numeric"
              autoComplete="off"
              maxLength={BANK_ACCOUNT_NUMBER_LENGTH}
              onChange={(event) => setAccountNumber(cleanAccountNumber(event.currentTarget.value))}
              onBlur={() => setTouched((current) => ({ ...current, accountNumber: true }))}
              error={numberError}
            />
            <NativeSelect
              ref={bankRef}
              label="Bank"
              withAsterisk
              value={bankCode}
              disabled={banks.isPending}
              onChange={(event) => {
                setBankCode(event.currentTarget.value);
                setTouched((current) => ({ ...current, bankCode: true }));
              }}
              onBlur={() => setTouched((current) => ({ ...current, bankCode: true }))}
              error={bankError}
              data={[
                { value: '', label: SELECT_PLACEHOLDER },
                ...(banks.data?.banks ?? []).map((bank) => ({ value: bank.code, label: bank.name })),
              ]}
            />
            <TextInput
              label="Account Name"
              value={accountName}
              readOnly
              placeholder={state.kind === 'verifying' ? 'Verifying with the bank…' : 'Filled in by the bank'}
              rightSection={state.kind === 'verifying' ? <Loader size="xs" aria-label="Verifying account" /> : null}
              description={
                state.kind === 'verified'
                  ? 'Verified by the bank: save to use it for payouts'
                  : state.kind === 'saved'
                    ? 'Saved and verified'
                    : undefined
              }
            />
          </SimpleGrid>
          <Group justify="flex-end">
            {/* Enabled unless there is nothing to save (the saved pair) or the bank is still asked (issue 46). */}
            <Button type="submit" disabled={state.kind === 'saved' || state.kind === 'verifying'} loading={updateBanking.isPending}>
              Save Bank Details
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
