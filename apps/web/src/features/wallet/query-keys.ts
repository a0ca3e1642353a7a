import type { RouteInput, routes } from '@fleetfuel/contract';
import { resourceKeys } from '@/lib/query-keys';

/** Whose wallet a query reads (the query of `GET /wallet`): part of its key. */
export type WalletOwner = NonNullable<RouteInput<typeof routes.wallet.get>['query']>;
/** A page of a wallet's transactions (the query of `GET /wallet/transactions`): part of its key. */
export type TransactionListQuery = NonNullable<RouteInput<typeof routes.wallet.transactions>['query']>;

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
