import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { PAGE_SIZE_DEFAULT, type Wallet } from '@fleetfuel/contract';
import { formatCurrency } from '@/lib/format';
import { useRefreshWallet, useTransactions } from '../api';
import { nextPaymentPoll, paymentOutcome } from '../payment-return';

export interface PaymentReturnNoticeProps {
  wallet: Wallet;
  reference: string;
  onDismiss: () => void;
  /** Called once the payment shows as successful, for pages with more to refresh than the wallet. */
  onSuccess?: () => void;
}

/** The outcome of the card payment the browser just came back from. */
export function PaymentReturnNotice({ wallet, reference, onDismiss, onSuccess }: PaymentReturnNoticeProps) {
  const refresh = useRefreshWallet();
  // The first page of the transaction list, shared with the table below: the payment is among the newest.
  const transactions = useTransactions(
    wallet.id,
    { page: 1, pageSize: PAGE_SIZE_DEFAULT },
    {
      refetchInterval: (query) => nextPaymentPoll(paymentOutcome(query.state.data?.transactions, reference), query.state.dataUpdateCount),
    },
  );
  const outcome = paymentOutcome(transactions.data?.transactions, reference);
  // How many answers this notice has seen, to know when the polling above has given up: counted
  // while rendering, as each answer's time comes in.
  const [seen, setSeen] = useState({ answers: 0, lastAt: 0 });
  if (transactions.dataUpdatedAt !== seen.lastAt) {
    setSeen({ answers: seen.answers + (transactions.dataUpdatedAt > 0 ? 1 : 0), lastAt: transactions.dataUpdatedAt });
  }
  const { answers } = seen;
  const polling = transactions.isFetching || nextPaymentPoll(outcome, answers) !== false;

  const refreshed = useRef(false);
  useEffect(() => {
    // The balance was read before the money landed: read it again once, when the payment shows as done.
    if (outcome.kind === 'success' && !refreshed.current) {
      refreshed.current = true;
      void refresh();
      onSuccess?.();
    }
  }, [outcome.kind, refresh, onSuccess]);

  const dismiss = (
    <Button variant="subtle" size="compact-sm" onClick={onDismiss}>
      Dismiss
    </Button>
  );

  if (outcome.kind === 'success') {
    return (
      <Alert color="teal" title="Payment successful" role="status">
        <Group justify="space-between" gap="sm">
          <Text size="sm">
            {formatCurrency(Math.abs(outcome.transaction.amount))} was paid by card (reference {reference}).
          </Text>
          {dismiss}
        </Group>
      </Alert>
    );
  }
  if (outcome.kind === 'failed') {
    return (
      <Alert color="red" title="Payment failed" role="status">
        <Group justify="space-between" gap="sm">
          <Text size="sm">
            {outcome.transaction.note ?? 'The card payment was not completed'} (reference {reference}). Nothing was charged to the wallet.
          </Text>
          {dismiss}
        </Group>
      </Alert>
    );
  }
  return (
    <Alert color="yellow" title={polling ? 'Confirming your payment' : 'Payment not confirmed yet'} role="status">
      <Group justify="space-between" gap="sm">
        <Group gap="xs" wrap="nowrap">
          {polling && <Loader size="xs" aria-hidden />}
          <Text size="sm">
            {polling
              ? `Waiting for the payment provider to confirm reference ${reference}…`
              : `The provider has not confirmed reference ${reference} yet. It will show in the transactions once it does.`}
          </Text>
        </Group>
        <Group gap="xs">
          {!polling && (
            <Button variant="light" size="compact-sm" onClick={() => void refresh()}>
              Check again
            </Button>
          )}
          {dismiss}
        </Group>
      </Group>
    </Alert>
  );
}
