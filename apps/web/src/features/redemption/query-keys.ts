import { resourceKeys } from '@/lib/query-keys';

/** The cache keys of the station's redemption screens, and the roots a redemption invalidates. */
export const redemptionKeys = {
  /** Under the fuel requests' root: a redemption completes a request or a job, which refreshes this list too. */
  stationRedemptions: (page: number) => [...resourceKeys.fuelRequests, 'station-redemptions', page] as const,
  stationWallet: [...resourceKeys.wallets, 'station-dashboard'] as const,
  /** The device's offline copy of the open coupons: under the fuel requests' root, so approvals and redemptions refresh it. */
  openCoupons: [...resourceKeys.fuelRequests, 'open-coupons'] as const,
  /** The keys that verify coupons' QR payloads, read afresh with the open coupons: a new coupon may bear a new key. */
  couponKeys: [...resourceKeys.fuelRequests, 'coupon-keys'] as const,
  /** Refused offline redemptions: a redemption sent from the device's queue may add one. */
  followUps: (filter: { page: number; status: string; search: string }) =>
    [...resourceKeys.fuelRequests, 'redemption-follow-ups', filter] as const,
  followUpsRoot: [...resourceKeys.fuelRequests, 'redemption-follow-ups'] as const,
  /** An override the attendant waits on (a fill that breaks a SOFT fuel policy), read until a manager decides. */
  stationOverride: (id: string) => [...resourceKeys.overrides, 'station', id] as const,
  /** Who may take over the station's shared device: under the users' root, so clearing a PIN refreshes it. */
  deviceAttendants: [...resourceKeys.users, 'device-attendants'] as const,
  /** A redemption completes a request or a job and pays the station: all of these change. */
  afterRedemption: [resourceKeys.fuelRequests, resourceKeys.maintenance, resourceKeys.wallets, resourceKeys.walletTransactions],
};
