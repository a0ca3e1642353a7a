import { useState } from 'react';
import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { IconAdjustmentsDollar, IconBuildingBank, IconCreditCard } from '@tabler/icons-react';
import { hasPermission, type Role, type Wallet } from '@fleetfuel/contract';
import { useWallet } from '../api';
import type { WalletOwner } from '../query-keys';
import { BankingForm } from './BankingForm';
import { ChangeBalanceModal } from './ChangeBalanceModal';
import { PaymentReturnNotice } from './PaymentReturnNotice';
import { SettlePayoutModal } from './SettlePayoutModal';
import { TopUpModal } from './TopUpModal';
import { StatementControl } from '@/components/statement/StatementControl';
import { TransactionsTable } from './TransactionsTable';
import { WalletBalanceCard } from './WalletBalanceCard';

type Dialog = 'top-up' | 'change-balance' | 'settle' | null;

export interface WalletViewProps {
  role: Role;
  /** Whose wallet: the platform admin names it; everyone else reads their own (an empty owner). */
  owner: WalletOwner;
  /** The card payment the browser just came back from, if any. */
  reference?: string | null;
  onDismissReference?: () => void;
}

function WalletActions({ role, wallet, open }: { role: Role; wallet: Wallet; open: (dialog: Dialog) => void }) {
  const isOrganization = wallet.owner.kind === 'ORGANIZATION';
  return (
    <>
      {isOrganization && hasPermission(role, 'wallet.fund') && (
        <Button leftSection={<IconCreditCard size={16} aria-hidden />} onClick={() => open('top-up')}>
          Top Up
        </Button>
      )}
      {hasPermission(role, 'wallet.adjust') && (
        <Button variant="light" leftSection={<IconAdjustmentsDollar size={16} aria-hidden />} onClick={() => open('change-balance')}>
          Change Balance
        </Button>
      )}
      {!isOrganization && hasPermission(role, 'wallet.settle') && (
        <Button variant="light" leftSection={<IconBuildingBank size={16} aria-hidden />} onClick={() => open('settle')}>
          Settle Payout
        </Button>
      )}
    </>
  );
}

/** A wallet: balance, actions of the viewer's role, bank details of a station, and transactions. */
export function WalletView({ role, owner, reference, onDismissReference }: WalletViewProps) {
  const wallet = useWallet(owner);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  if (wallet.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading wallet" />
      </Center>
    );
  }
  if (!wallet.data) {
    return (
      <Alert color="red" title="Wallet not available">
        This wallet does not exist or could not be loaded.
      </Alert>
    );
  }

  const w = wallet.data.wallet;
  const showBanking = w.owner.kind === 'STATION' && hasPermission(role, 'wallet.banking');

  return (
    <Stack gap="lg">
      {reference && <PaymentReturnNotice wallet={w} reference={reference} onDismiss={() => onDismissReference?.()} />}
      <WalletBalanceCard wallet={w} actions={<WalletActions role={role} wallet={w} open={setDialog} />} />
      {showBanking && <BankingForm key={`${w.id}:${w.accountNumber ?? ''}:${w.bankCode ?? ''}`} wallet={w} />}
      <StatementControl owner={w.owner} />
      <TransactionsTable wallet={w} />
      <TopUpModal opened={dialog === 'top-up'} onClose={close} />
      <ChangeBalanceModal wallet={w} opened={dialog === 'change-balance'} onClose={close} />
      <SettlePayoutModal wallet={w} opened={dialog === 'settle'} onClose={close} />
    </Stack>
  );
}
