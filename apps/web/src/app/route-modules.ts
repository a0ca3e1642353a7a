/**
 * The lazy code of each area, one chunk per area. The router loads these on navigation; links
 * prefetch them on hover through the same functions, so both share one download. A signed-in page
 * is loaded through the signed-in frame's module (shell/signed-in-pages.ts says why); the frame is
 * on screen before any of them anyway.
 */
import { registerRoutePrefetcher } from '@/lib/route-prefetch';

const shell = () => import('./shell/SignedInFrame');

export const areaModules = {
  /** The signed-in frame: header, side navigation and access check. */
  shell,
  /** The sign-in screen alone: the other signed-out screens (password reset) are in `auth`. */
  signIn: () => import('./pages/sign-in'),
  auth: () => import('./pages/auth'),
  dashboard: () => shell().then((frame) => frame.signedInPages.dashboard()),
  admin: () => shell().then((frame) => frame.signedInPages.admin()),
  account: () => shell().then((frame) => frame.signedInPages.account()),
  stations: () => shell().then((frame) => frame.signedInPages.stations()),
  wallet: () => shell().then((frame) => frame.signedInPages.wallet()),
  clients: () => shell().then((frame) => frame.signedInPages.clients()),
  drivers: () => shell().then((frame) => frame.signedInPages.drivers()),
  billing: () => shell().then((frame) => frame.signedInPages.billing()),
  support: () => shell().then((frame) => frame.signedInPages.support()),
  settings: () => shell().then((frame) => frame.signedInPages.settings()),
  assets: () => shell().then((frame) => frame.signedInPages.assets()),
  departments: () => shell().then((frame) => frame.signedInPages.departments()),
  fuelStations: () => shell().then((frame) => frame.signedInPages.fuelStations()),
  maintenance: () => shell().then((frame) => frame.signedInPages.maintenance()),
  report: () => shell().then((frame) => frame.signedInPages.report()),
  analytics: () => shell().then((frame) => frame.signedInPages.analytics()),
  fuel: () => shell().then((frame) => frame.signedInPages.fuel()),
  details: () => shell().then((frame) => frame.signedInPages.details()),
  auditLog: () => shell().then((frame) => frame.signedInPages.auditLog()),
  messages: () => shell().then((frame) => frame.signedInPages.messages()),
  fuelPolicies: () => shell().then((frame) => frame.signedInPages.fuelPolicies()),
  flags: () => shell().then((frame) => frame.signedInPages.flags()),
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
  'fuel-policies': 'fuelPolicies',
  flags: 'flags',
};

function prefetchArea(path: string): void {
  const segment = path.split(/[?#]/)[0]?.split('/').filter(Boolean)[0] ?? '';
  const area = AREA_BY_SEGMENT[segment];
  // A failed prefetch is retried by the navigation itself, which reports its own error.
  if (area) areaModules[area]().catch(() => undefined);
}

registerRoutePrefetcher(prefetchArea);
