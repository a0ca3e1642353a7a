/**
 * The signed-in pages, each a chunk of its own, imported from here: the signed-in frame's module
 * graph (SignedInFrame.tsx re-exports this; route-modules.ts loads a page through the frame).
 *
 * Why here and not beside the router: a bundler splits a module used by several lazily loaded
 * chunks into a file for each combination of chunks that use it. Imported from the router, every
 * page and the frame were independent of each other, so a Mantine component shared by the frame
 * and three pages was one more file; the signed-in Dashboard needed 58 scripts (issue 16).
 * Imported from the frame, the bundler knows the frame is already loaded whenever a page is, so
 * what a page shares with the frame stays in the frame's files.
 */
export const signedInPages = {
  dashboard: () => import('../pages/dashboard'),
  admin: () => import('../pages/admin'),
  account: () => import('../pages/account'),
  stations: () => import('../pages/stations'),
  wallet: () => import('../pages/wallet'),
  clients: () => import('../pages/clients'),
  drivers: () => import('../pages/drivers'),
  billing: () => import('../pages/billing'),
  support: () => import('../pages/support'),
  settings: () => import('../pages/settings'),
  assets: () => import('../pages/assets'),
  departments: () => import('../pages/departments'),
  fuelStations: () => import('../pages/fuel-stations'),
  maintenance: () => import('../pages/maintenance'),
  report: () => import('../pages/report'),
  analytics: () => import('../pages/analytics'),
  fuel: () => import('../pages/fuel'),
  details: () => import('../pages/details'),
  auditLog: () => import('../pages/audit-log'),
  messages: () => import('../pages/messages'),
  fuelPolicies: () => import('../pages/fuel-policies'),
  flags: () => import('../pages/flags'),
} as const;
