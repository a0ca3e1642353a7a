import { keepPreviousData, useMutation, useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import { routes, type RouteReply } from '@fleetfuel/contract';
import { callApi } from '@/lib/api-client';
import { idempotencyHeaders } from '@/lib/idempotency';
import { invalidateKeys } from '@/lib/query-keys';
import { canVerifyAccount } from './banking';
import { walletKeys, type TransactionListQuery, type WalletOwner } from './query-keys';
import { useRefreshingMutation } from '@/lib/query-hooks';

type TransactionListReply = RouteReply<typeof routes.wallet.transactions>;

export function useWallet(owner: WalletOwner, enabled = true) {
  return useQuery({
    queryKey: walletKeys.wallets.of(owner),
    queryFn: () => callApi(routes.wallet.get, { query: owner }),
    enabled,
  });
}

export function useTransactions(
  walletId: string | undefined,
  query: TransactionListQuery,
  options: { refetchInterval?: (query: Query<TransactionListReply, Error>) => number | false } = {},
) {
  return useQuery({
    queryKey: walletKeys.transactions.list(walletId, query),
    queryFn: () => callApi(routes.wallet.transactions, { params: { walletId: walletId ?? '' }, query }),
    enabled: walletId !== undefined,
    placeholderData: keepPreviousData,
    ...(options.refetchInterval ? { refetchInterval: options.refetchInterval } : {}),
  });
}

export function useRefreshWallet() {
  const queryClient = useQueryClient();
  return () => invalidateKeys(queryClient, walletKeys.afterMoneyMoved);
}

/** Each submission carries its own idempotency key, so a repeated request has one effect. */
export interface Keyed<T> {
  body: T;
  idempotencyKey: string;
}

export function useFundWallet() {
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: Keyed<{ amount: number }>) =>
      callApi(routes.wallet.fund, { body, headers: idempotencyHeaders(idempotencyKey) }),
  });
}

export function useCreateTransaction() {
  const refresh = useRefreshWallet();
  return useMutation({
    mutationFn: ({
      walletId,
      body,
      idempotencyKey,
    }: Keyed<{ amount: number; type: 'CREDIT' | 'DEBIT'; note: string }> & { walletId: string }) =>
      callApi(routes.wallet.createTransaction, { params: { id: walletId }, body, headers: idempotencyHeaders(idempotencyKey) }),
    onSuccess: refresh,
  });
}

export function useSettlePayout() {
  const refresh = useRefreshWallet();
  return useMutation({
    mutationFn: ({ walletId, body, idempotencyKey }: Keyed<{ amount?: number }> & { walletId: string }) =>
      callApi(routes.wallet.settlePayment, { params: { id: walletId }, body, headers: idempotencyHeaders(idempotencyKey) }),
    onSuccess: refresh,
  });
}

export function useBanks() {
  return useQuery({
    queryKey: walletKeys.banks,
    queryFn: () => callApi(routes.wallet.banks),
    staleTime: 60 * 60_000,
  });
}

/**
 * Resolves an account number at a bank to its account name. It runs only for a complete number
 * and a chosen bank (spec section 5); its failure is shown beside the field rather than as a toast.
 */
export function useVerifyAccount(accountNumber: string, bankCode: string, enabled: boolean) {
  return useQuery({
    queryKey: walletKeys.bankAccount(accountNumber, bankCode),
    queryFn: () => callApi(routes.wallet.verifyBank, { query: { accountNumber, bankCode } }),
    enabled: enabled && canVerifyAccount(accountNumber, bankCode),
    staleTime: 10 * 60_000,
    retry: false,
    meta: { silentError: true },
  });
}

export function useUpdateBanking() {
  return useRefreshingMutation(
    ({ walletId, body }: { walletId: string; body: { accountNumber: string; bankCode: string; accountName?: string } }) =>
      callApi(routes.wallet.updateBanking, { params: { id: walletId }, body }),
    [walletKeys.wallets.all],
  );
}
