import type { Alert, Role } from '@fleetfuel/contract';

/**
 * Where an alert's record opens. The platform admin reaches an organization's billing and wallet
 * from the client's pages; an organization's own people have the Billing and Wallet pages.
 */
export function alertPath(alert: Pick<Alert, 'kind' | 'subject'>, role: Role): string {
  const id = encodeURIComponent(alert.subject.id);
  switch (alert.subject.type) {
    case 'VEHICLE':
      return `/assets/details?id=${id}`;
    case 'FUEL_REQUEST':
      return `/details?type=fuel-request&id=${id}`;
    case 'REDEMPTION_FOLLOW_UP':
      // The station's desk, where its representative settles the follow-ups.
      return '/dashboard#redemption-follow-ups';
    case 'POLICY_OVERRIDE':
      // "Overrides waiting" on the Flags page, where the admin approves or declines it in one tap.
      return '/flags#overrides-waiting-title';
    case 'ORGANIZATION':
      if (alert.kind === 'LOW_WALLET_BALANCE') return role === 'ADMIN' ? `/wallet?organizationId=${id}` : '/wallet';
      return role === 'ADMIN' ? `/clients/details?id=${id}` : '/billing';
  }
}
