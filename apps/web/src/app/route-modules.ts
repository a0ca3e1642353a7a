/**
 * The lazy code of each area, one chunk per area. The router loads these on navigation; links
 * prefetch them on hover through the same functions, so both share one download.
 */
import { registerRoutePrefetcher } from '@/lib/route-prefetch';

export const areaModules = {
  /** The signed-in frame: header, side navigation and access check. */
  shell: () => import('./shell/SignedInFrame'),
  /** The sign-in screen alone: the other signed-out screens (password reset) are in `auth`. */
  signIn: () => import('./pages/sign-in'),
  auth: () => import('./pages/auth'),
  dashboard: () => import('./pages/dashboard'),
  admin: () => import('./pages/admin'),
  account: () => import('./pages/account'),
  stations: () => import('./pages/stations'),
  wallet: () => import('./pages/wallet'),
  clients: () => import('./pages/clients'),
  drivers: () => import('./pages/drivers'),
  billing: () => import('./pages/billing'),
  support: () => import('./pages/support'),
  settings: () => import('./pages/settings'),
  assets: () => import('./pages/assets'),
  departments: () => import('./pages/departments'),
  fuelStations: () => import('./pages/fuel-stations'),
  maintenance: () => import('./pages/maintenance'),
  report: () => import('./pages/report'),
  analytics: () => import('./pages/analytics'),
  fuel: () => import('./pages/fuel'),
  details: () => import('./pages/details'),
  auditLog: () => import('./pages/audit-log'),
  messages: () => import('./pages/messages'),
} as const;

type Area = keyof typeof areaModules;

/** The area of a path, by its first segment. */
const AREA_BY_SEGMENT: Record<string, Area> = {
  '': 'dashboard',
  login: 'signIn',
  'reset-password': 'auth',
  admin: 'admin',
  account: 'account',
  stations: 'stations',
  wallet: 'wallet',
  clients: 'clients',
  drivers: 'drivers',
  billing: 'billing',
  support: 'support',
  settings: 'settings',
  assets: 'assets',
  departments: 'departments',
  'fuel-stations': 'fuelStations',
  maintenance: 'maintenance',
  report: 'report',
  analytics: 'analytics',
  fuel: 'fuel',
  details: 'details',
  'audit-log': 'auditLog',
  messages: 'messages',
};

export function prefetchArea(path: string): void {
  const segment = path.split(/[?#]/)[0]?.split('/').filter(Boolean)[0] ?? '';
  const area = AREA_BY_SEGMENT[segment];
  // A failed prefetch is retried by the navigation itself, which reports its own error.
  if (area) areaModules[area]().catch(() => undefined);
}

registerRoutePrefetcher(prefetchArea);
