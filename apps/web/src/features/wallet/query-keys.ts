import { resourceKeys } from '@/lib/query-keys';
import type { TransactionListQuery, WalletOwner } from './api';

/** The cache keys of the wallet screens' queries. */
export const walletKeys = {
  wallets: {
    all: resourceKeys.wallets,
    of: (owner: WalletOwner) => [...resourceKeys.wallets, owner] as const,
  },
  transactions: {
    all: resourceKeys.walletTransactions,
    list: (walletId: string | undefined, query: TransactionListQuery) => [...resourceKeys.walletTransactions, walletId, query] as const,
  },
  banks: resourceKeys.banks,
  bankAccount: (accountNumber: string, bankCode: string) => [...resourceKeys.bankVerification, accountNumber, bankCode] as const,
  /** Money moved: the balance and the transaction list both changed. */
  afterMoneyMoved: [resourceKeys.wallets, resourceKeys.walletTransactions],
};
