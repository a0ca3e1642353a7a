/**
 * The route table: every call of the API with its method, path (relative to the API base `/api`),
 * inputs, reply and permission. The API registers its handlers from this table and the web client
 * calls through it, so a path or a payload key cannot differ between the two. Each area's routes
 * live in `routes/<area>.routes.ts`; this file assembles them and holds what every route shares.
 */
import type { z } from 'zod';
import type { RouteDefinition } from './routes/route.js';
import { authRoutes } from './routes/auth.routes.js';
import { userRoutes } from './routes/users.routes.js';
import { organizationRoutes, organizationSettingsRoutes } from './routes/organizations.routes.js';
import { fuelStationRoutes } from './routes/fuel-stations.routes.js';
import { planRoutes } from './routes/plans.routes.js';
import { priceRoutes } from './routes/prices.routes.js';
import { vehicleRoutes, insuranceRoutes } from './routes/vehicles.routes.js';
import { driverRoutes } from './routes/drivers.routes.js';
import { departmentRoutes } from './routes/departments.routes.js';
import { walletRoutes, paymentRoutes } from './routes/wallet.routes.js';
import { statementRoutes } from './routes/statements.routes.js';
import { reserveRoutes } from './routes/reserves.routes.js';
import { fuelPolicyRoutes } from './routes/policies.routes.js';
import { flagRoutes } from './routes/flags.routes.js';
import { overrideRoutes } from './routes/overrides.routes.js';
import { billingRoutes } from './routes/billing.routes.js';
import { fuelRequestRoutes, maintenanceRoutes } from './routes/requests.routes.js';
import { analyticsRoutes } from './routes/analytics.routes.js';
import { reportRoutes } from './routes/reports.routes.js';
import { accountRoutes } from './routes/account.routes.js';
import { supportRoutes } from './routes/support.routes.js';
import { fileRoutes } from './routes/files.routes.js';
import { systemRoutes } from './routes/system.routes.js';
import { auditRoutes } from './routes/audit.routes.js';
import { alertRoutes } from './routes/alerts.routes.js';
import { couponRoutes } from './routes/coupons.routes.js';
import { redemptionRoutes } from './routes/redemptions.routes.js';
import { exportRoutes } from './routes/exports.routes.js';
import { apiKeyRoutes } from './routes/api-keys.routes.js';
import { webhookRoutes } from './routes/webhooks.routes.js';
import { outboxRoutes } from './routes/outbox.routes.js';
import { stationDeviceRoutes } from './routes/station-device.routes.js';
import { privacyRoutes } from './routes/privacy.routes.js';
import { ussdRoutes } from './routes/ussd.routes.js';

export type { HttpMethod, RouteDefinition } from './routes/route.js';
export {
  authRoutes,
  userRoutes,
  organizationRoutes,
  organizationSettingsRoutes,
  fuelStationRoutes,
  planRoutes,
  priceRoutes,
  vehicleRoutes,
  insuranceRoutes,
  driverRoutes,
  departmentRoutes,
  walletRoutes,
  statementRoutes,
  paymentRoutes,
  reserveRoutes,
  fuelPolicyRoutes,
  flagRoutes,
  overrideRoutes,
  billingRoutes,
  fuelRequestRoutes,
  maintenanceRoutes,
  analyticsRoutes,
  reportRoutes,
  accountRoutes,
  supportRoutes,
  fileRoutes,
  systemRoutes,
  auditRoutes,
  alertRoutes,
  couponRoutes,
  redemptionRoutes,
  exportRoutes,
  apiKeyRoutes,
  webhookRoutes,
  outboxRoutes,
  stationDeviceRoutes,
  privacyRoutes,
  ussdRoutes,
};

export const routes = {
  system: systemRoutes,
  auth: authRoutes,
  users: userRoutes,
  organizations: organizationRoutes,
  fuelStations: fuelStationRoutes,
  plans: planRoutes,
  prices: priceRoutes,
  vehicles: vehicleRoutes,
  drivers: driverRoutes,
  departments: departmentRoutes,
  insurance: insuranceRoutes,
  wallet: walletRoutes,
  statements: statementRoutes,
  payments: paymentRoutes,
  reserves: reserveRoutes,
  fuelPolicies: fuelPolicyRoutes,
  flags: flagRoutes,
  overrides: overrideRoutes,
  billing: billingRoutes,
  fuelRequests: fuelRequestRoutes,
  maintenance: maintenanceRoutes,
  analytics: analyticsRoutes,
  reports: reportRoutes,
  account: accountRoutes,
  support: supportRoutes,
  organizationSettings: organizationSettingsRoutes,
  files: fileRoutes,
  audit: auditRoutes,
  alerts: alertRoutes,
  coupons: couponRoutes,
  redemptions: redemptionRoutes,
  exports: exportRoutes,
  apiKeys: apiKeyRoutes,
  webhooks: webhookRoutes,
  outbox: outboxRoutes,
  stationDevice: stationDeviceRoutes,
  privacy: privacyRoutes,
  ussd: ussdRoutes,
};

/**
 * Every route of the table, for registration and for the test that nothing is left unbound. Marked
 * pure so that a bundle that never reads it (the web app's sign-in page) drops it and the table.
 */
export const allRoutes: RouteDefinition[] = /* @__PURE__ */ Object.values(routes).flatMap((group) =>
  Object.values(group as Record<string, RouteDefinition>),
);

type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a caller passes for a route: only the parts the route declares. */
export type RouteInput<R extends RouteDefinition> = (R['params'] extends z.ZodType
  ? { params: InputOf<R['params']> }
  : { params?: undefined }) &
  (R['query'] extends z.ZodType ? { query?: InputOf<R['query']> } : { query?: undefined }) &
  (R['body'] extends z.ZodType ? { body: InputOf<R['body']> } : { body?: undefined });

export type RouteReply<R extends RouteDefinition> = z.output<R['reply']>;
export type RouteBody<R extends RouteDefinition> = OutputOf<R['body']>;
export type RouteQuery<R extends RouteDefinition> = OutputOf<R['query']>;
export type RouteParams<R extends RouteDefinition> = OutputOf<R['params']>;

// Beside `route()` so that a caller of one route need not load the whole table (the web app's sign-in page).
export { API_BASE, buildPath, replyDocumentationOf } from './routes/route.js';
