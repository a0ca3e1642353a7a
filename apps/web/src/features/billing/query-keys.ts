import { resourceKeys } from '@/lib/query-keys';

/** The cache keys of the Billing screens' queries, and the roots a renewal invalidates. */
export const billingKeys = {
  reserves: {
    all: resourceKeys.reserves,
    list: <Query>(query: Query) => [...resourceKeys.reserves, query] as const,
  },
  subscription: [...resourceKeys.subscription, 'current'] as const,
  /** A renewal paid from the wallet changes the plan's dates and the wallet's balance and history. */
  afterRenewal: [resourceKeys.subscription, resourceKeys.wallets, resourceKeys.walletTransactions],
};
