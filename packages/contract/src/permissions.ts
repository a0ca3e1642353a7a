/**
 * The one permission table. The API guards every route with one of these permissions and the web
 * app builds its side menu from the same table, so the menu can only mirror what the API allows.
 * The API's guard is the authority; record-level (tenant) checks happen in the services on top.
 */
import type { Role } from './enums.js';

const ALL_ROLES: readonly Role[] = ['ADMIN', 'ADMINISTRATOR', 'ASST_ADMINISTRATOR', 'DRIVER', 'ATTENDANT', 'STATION_REP'];
const ORG_ADMINS: readonly Role[] = ['ADMINISTRATOR', 'ASST_ADMINISTRATOR'];
const FLEET_MANAGERS: readonly Role[] = ['ADMIN', ...ORG_ADMINS];

export const PERMISSIONS = {
  /** No session needed. */
  public: null,
  /** Any signed-in user: own session and profile, dashboard, support, settings. */
  signedIn: ALL_ROLES,
  'clients.manage': ['ADMIN'],
  'stations.manage': ['ADMIN'],
  'plans.manage': ['ADMIN'],
  'plans.read': ['ADMIN', ...ORG_ADMINS],
  /** Account management; the service narrows it to the roles each caller may manage. */
  'users.manage': ['ADMIN', 'ADMINISTRATOR', 'STATION_REP'],
  /** The side menu's Wallet entry: the caller's own wallet. */
  'wallet.own': [...ORG_ADMINS, 'STATION_REP'],
  'wallet.read': ['ADMIN', ...ORG_ADMINS, 'STATION_REP'],
  'wallet.fund': ORG_ADMINS,
  'wallet.adjust': ['ADMIN'],
  'wallet.settle': ['ADMIN'],
  'wallet.banking': ['ADMIN', 'STATION_REP'],
  'subscription.renew': ['ADMINISTRATOR'],
  'billing.view': ORG_ADMINS,
  'reserves.read': ['ADMIN', ...ORG_ADMINS],
  'reserves.create': ORG_ADMINS,
  'reserves.approve': ['ADMINISTRATOR'],
  /** Fuel policies (issue 44): the organization admin sets them, its assistant and the platform read them. */
  'policies.read': ['ADMIN', ...ORG_ADMINS],
  'policies.manage': ['ADMINISTRATOR'],
  /** The review queue of anomaly flags: managers read it, the organization admin judges (a driver never sees flags). */
  'flags.read': FLEET_MANAGERS,
  'flags.review': ['ADMINISTRATOR'],
  /** Overrides asked at the pump for SOFT breaches: managers see them, the organization admin decides. */
  'overrides.read': FLEET_MANAGERS,
  'overrides.decide': ['ADMINISTRATOR'],
  /** Freezing a vehicle or a driver: nothing is requested, approved or redeemed for them until unfrozen. */
  'fleet.freeze': ['ADMIN', 'ADMINISTRATOR'],
  /** Fuel Tracking and Maintenance screens. */
  'requests.track': [...FLEET_MANAGERS, 'STATION_REP'],
  'requests.read': ALL_ROLES,
  'requests.create': [...ORG_ADMINS, 'DRIVER'],
  'requests.approve': ['ADMINISTRATOR'],
  'requests.redeem': ['ATTENDANT', 'STATION_REP'],
  /** Refused offline redemptions: the station representative settles them. */
  'redemptions.followUp': ['ADMIN', 'STATION_REP'],
  /** Attendant accountability: a station's own, an organization's fleet's fills, or any for the platform. */
  'redemptions.attendants': ['ADMIN', ...ORG_ADMINS, 'STATION_REP'],
  /** A maintenance job is completed by its station, or by the organization admin when no station is named. */
  'maintenance.complete': ['ADMINISTRATOR', 'ATTENDANT', 'STATION_REP'],
  'coupons.download': ['ADMIN', ...ORG_ADMINS, 'DRIVER'],
  /** A driver's own PIN for confirming redemptions at the pump (issue 13). */
  'pumpPin.own': ['DRIVER'],
  /** A shared station device (issue 42): station staff set their own station PIN and switch the device between them with it. */
  'stationPin.own': ['ATTENDANT', 'STATION_REP'],
  'station.device': ['ATTENDANT', 'STATION_REP'],
  /** Clearing a forgotten station PIN: the station's representative for its attendants, or the platform. */
  'stationPin.clear': ['ADMIN', 'STATION_REP'],
  'prices.manage': ['STATION_REP'],
  'prices.read': ['ADMIN', 'STATION_REP', 'ATTENDANT'],
  /** Assets, drivers, groups, insurance: write and list. */
  'fleet.manage': FLEET_MANAGERS,
  /** Windscreen stickers of the organization's vehicles (issue 42): signed, so only its admins print them. */
  'fleet.stickers': ORG_ADMINS,
  /** Reading one vehicle: a driver reads its own. */
  'fleet.read': [...FLEET_MANAGERS, 'DRIVER'],
  /** The organization's profile and preferences: its members read them (a station has none). */
  'organization.read': [...FLEET_MANAGERS, 'DRIVER'],
  'reports.view': FLEET_MANAGERS,
  'analytics.view': FLEET_MANAGERS,
  /** The audit trail; the service narrows it to the caller's organization or station. */
  'audit.read': ['ADMIN', 'ADMINISTRATOR', 'STATION_REP'],
  /** The header bell; the service narrows the alerts to the caller's organization, vehicle or station. */
  'alerts.read': ALL_ROLES,
  /** Issue 14's organization API keys: made and revoked by the organization's admin only. */
  'apiKeys.manage': ['ADMINISTRATOR'],
  /** Issue 14's webhook endpoints and their deliveries: the organization's admin only. */
  'webhooks.manage': ['ADMINISTRATOR'],
  /** The platform's outbox of e-mails and texts (issue 16): read, and send a failed one again. */
  'messages.manage': ['ADMIN'],
  /** A driver's personal data under the NDPA (issue 45): exported and erased by the organization's admin, or by the platform. */
  'personalData.drivers': ['ADMIN', 'ADMINISTRATOR'],
  /** Any account's personal data: the platform admin's, for requests that are not a driver's. */
  'personalData.accounts': ['ADMIN'],
} as const satisfies Record<string, readonly Role[] | null>;

export type Permission = keyof typeof PERMISSIONS;

export function hasPermission(role: Role | null | undefined, permission: Permission): boolean {
  const roles = PERMISSIONS[permission];
  if (roles === null) return true;
  return role != null && (roles as readonly Role[]).includes(role);
}

/** What an organization API key may do: `read`, or `request` (read and raise requests). */
export const API_KEY_SCOPE_NAMES = ['read', 'request'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPE_NAMES)[number];

/** The organization's records an API key may read (GET routes of these permissions only), and public GETs. */
const API_KEY_READS = [
  'public',
  'fleet.manage',
  'fleet.read',
  'requests.read',
  'organization.read',
  'analytics.view',
  'reports.view',
  'alerts.read',
] as const satisfies readonly Permission[];

/**
 * Each scope's allow-list: `reads` are permissions whose GET routes a key may call, `writes` those
 * whose other routes it may call. A key acts for its organization without a person behind each call,
 * so approvals, money, accounts, settings, API keys and everything personal (`signedIn`) stay out.
 */
export const API_KEY_SCOPES = {
  read: { reads: API_KEY_READS, writes: [] },
  request: { reads: API_KEY_READS, writes: ['requests.create'] },
} as const satisfies Record<ApiKeyScope, { reads: readonly Permission[]; writes: readonly Permission[] }>;

/** Whether a key of `scope` may call the route (the route's permission must also be an ADMINISTRATOR's). */
export function apiKeyMayCall(scope: ApiKeyScope, route: { method: string; permission: Permission }): boolean {
  const allowed: readonly Permission[] = route.method === 'GET' ? API_KEY_SCOPES[scope].reads : API_KEY_SCOPES[scope].writes;
  return allowed.includes(route.permission) && hasPermission('ADMINISTRATOR', route.permission);
}

export interface MenuEntry {
  label: string;
  path: string;
  permission: Permission;
  section: 'main' | 'lower';
}

/** Spec section 2's side navigation with section 6's visibility. */
export const MENU: readonly MenuEntry[] = [
  { label: 'Dashboard', path: '/', permission: 'signedIn', section: 'main' },
  { label: 'Clients', path: '/clients', permission: 'clients.manage', section: 'main' },
  { label: 'Fuel Stations', path: '/fuel-stations', permission: 'stations.manage', section: 'main' },
  { label: 'Wallet', path: '/wallet', permission: 'wallet.own', section: 'main' },
  { label: 'Fuel Tracking', path: '/fuel', permission: 'requests.track', section: 'main' },
  { label: 'Maintenance', path: '/maintenance', permission: 'requests.track', section: 'main' },
  { label: 'Assets', path: '/assets', permission: 'fleet.manage', section: 'main' },
  { label: 'Drivers', path: '/drivers', permission: 'fleet.manage', section: 'main' },
  { label: 'Groups', path: '/departments', permission: 'fleet.manage', section: 'main' },
  /** Issue 44's fuel controls, beyond the spec's menu: the rules checked at each step, and the flags waiting for a review. */
  { label: 'Fuel Policies', path: '/fuel-policies', permission: 'policies.read', section: 'main' },
  { label: 'Flags', path: '/flags', permission: 'flags.read', section: 'main' },
  { label: 'Reports', path: '/report', permission: 'reports.view', section: 'main' },
  { label: 'Analytics', path: '/analytics', permission: 'analytics.view', section: 'main' },
  { label: 'Billing', path: '/billing', permission: 'billing.view', section: 'lower' },
  /** Issue 12's audit trail, beyond the spec's menu: the roles that approve, move money or set prices. */
  { label: 'Audit Log', path: '/audit-log', permission: 'audit.read', section: 'lower' },
  /** The outbox of e-mails and texts (issue 16), beyond the spec's menu: the platform admin's. */
  { label: 'Messages', path: '/messages', permission: 'messages.manage', section: 'lower' },
  { label: 'Support', path: '/support', permission: 'signedIn', section: 'lower' },
  { label: 'Settings', path: '/settings', permission: 'signedIn', section: 'lower' },
];

export function menuFor(role: Role): MenuEntry[] {
  return MENU.filter((entry) => hasPermission(role, entry.permission));
}

/** Where the root page sends each role (spec section 2). */
export function landingPath(role: Role): string {
  if (role === 'ADMIN') return '/admin';
  if (role === 'STATION_REP') return '/stations';
  return '/';
}
