import { resourceKeys } from '@/lib/query-keys';

/** The cache keys of the station's redemption screens, and the roots a redemption invalidates. */
export const redemptionKeys = {
  /** Under the fuel requests' root: a redemption completes a request or a job, which refreshes this list too. */
  stationRedemptions: (page: number) => [...resourceKeys.fuelRequests, 'station-redemptions', page] as const,
  stationWallet: [...resourceKeys.wallets, 'station-dashboard'] as const,
  /** A redemption completes a request or a job and pays the station: all of these change. */
  afterRedemption: [resourceKeys.fuelRequests, resourceKeys.maintenance, resourceKeys.wallets, resourceKeys.walletTransactions],
};
