import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { FullPageLoader } from '@/components/ui/FullPageLoader';
import { readToken } from '@/lib/auth/session-storage';
import type { RouteAccess, RouteHandle } from './access';
import { areaModules } from './route-modules';
import { AuthGate } from './shell/AuthGate';
import { NotFound } from './shell/NotFound';
import { RouteError } from './shell/RouteError';

/** A route whose component is the named export of an area module, loaded on first visit. */
function page<K extends string, M extends Record<K, ComponentType>>(load: () => Promise<M>, name: K) {
  return {
    lazy: async () => {
      const module = await load();
      return { Component: module[name] };
    },
  };
}

/**
 * A page of the signed-in app. A route's `lazy` runs whenever its path matches, signed in or not,
 * and a signed-out visit to `/` or `/wallet` shows the sign-in screen in place: without a stored
 * session the router gets a component that downloads the page only when it is rendered (after
 * sign-in), so the sign-in screen does not download the dashboard. With one, the page loads with
 * the navigation as before.
 */
function signedInPage<K extends string, M extends Record<K, ComponentType>>(load: () => Promise<M>, name: K) {
  return {
    lazy: async () => {
      if (readToken() !== null) return { Component: (await load())[name] };
      const Page = lazy<ComponentType>(() => load().then((module) => ({ default: module[name] })));
      return {
        Component: () => (
          <Suspense fallback={<FullPageLoader />}>
            <Page />
          </Suspense>
        ),
      };
    },
  };
}

function guarded(access: RouteAccess): { handle: RouteHandle } {
  return { handle: { access } };
}

/** An area at `path` that answers its own path and every path below it (`/wallet/*`). */
function area<K extends string, M extends Record<K, ComponentType>>(
  path: string,
  access: RouteAccess,
  load: () => Promise<M>,
  name: K,
  children: RouteObject[] = [],
): RouteObject {
  const component = signedInPage(load, name);
  return {
    path,
    ...guarded(access),
    children: [{ index: true, ...component }, ...children, { path: '*', ...component }],
  };
}

const m = areaModules;

/**
 * The signed-in frame (TanStack Query, header, side navigation, their icons and menus) as a
 * component loaded when first rendered: AuthGate renders it only for a signed-in user. As the
 * route's `lazy` it would be fetched on every match, so the sign-in page would download it too.
 */
const SignedInFrame = lazy(() => m.shell().then((module) => ({ default: module.SignedInFrame })));

function LazySignedInFrame() {
  return (
    <Suspense fallback={<FullPageLoader />}>
      <SignedInFrame />
    </Suspense>
  );
}

const signedInRoutes: RouteObject[] = [
  { index: true, ...guarded({ permission: 'signedIn' }), ...signedInPage(m.dashboard, 'DashboardPage') },
  {
    path: 'admin',
    ...guarded({ roles: ['ADMIN'] }),
    ...signedInPage(m.admin, 'AdminPage'),
    children: [
      { index: true, ...signedInPage(m.admin, 'AdminOverview') },
      { path: 'users', ...signedInPage(m.admin, 'AdminUsers') },
      { path: '*', element: <Navigate to="/admin" replace /> },
    ],
  },
  { path: 'account/*', ...guarded({ permission: 'signedIn' }), ...signedInPage(m.account, 'AccountPage') },
  area('stations', { permission: 'requests.redeem' }, m.stations, 'StationDashboardPage'),
  // ADMIN reaches any wallet from a client or station ("Go to Wallet"), though the menu entry is for owners.
  area('wallet', { permission: 'wallet.read' }, m.wallet, 'WalletPage'),
  area('clients', { permission: 'clients.manage' }, m.clients, 'ClientsPage', [
    { path: 'details', ...signedInPage(m.clients, 'ClientDetailsPage') },
  ]),
  area('drivers', { permission: 'fleet.manage' }, m.drivers, 'DriversPage'),
  area('billing', { permission: 'billing.view' }, m.billing, 'BillingPage'),
  area('support', { permission: 'signedIn' }, m.support, 'SupportPage'),
  area('settings', { permission: 'signedIn' }, m.settings, 'SettingsPage'),
  area('assets', { permission: 'fleet.manage' }, m.assets, 'AssetsPage', [
    // A driver reads the vehicle assigned to it.
    { path: 'details', ...guarded({ permission: 'fleet.read' }), ...signedInPage(m.assets, 'AssetDetailsPage') },
  ]),
  area('departments', { permission: 'fleet.manage' }, m.departments, 'DepartmentsPage'),
  area('fuel-stations', { permission: 'stations.manage' }, m.fuelStations, 'FuelStationsPage', [
    { path: 'details', ...signedInPage(m.fuelStations, 'FuelStationDetailsPage') },
  ]),
  area('maintenance', { permission: 'requests.track' }, m.maintenance, 'MaintenancePage'),
  area('report', { permission: 'reports.view' }, m.report, 'ReportsPage'),
  area('analytics', { permission: 'analytics.view' }, m.analytics, 'AnalyticsPage'),
  area('audit-log', { permission: 'audit.read' }, m.auditLog, 'AuditLogPage'),
  area('messages', { permission: 'messages.manage' }, m.messages, 'MessagesPage'),
  area('fuel-policies', { permission: 'policies.read' }, m.fuelPolicies, 'FuelPoliciesPage'),
  area('flags', { permission: 'flags.read' }, m.flags, 'FlagsPage'),
  area('fuel', { permission: 'requests.track' }, m.fuel, 'FuelPage', [
    // Drivers request fuel too, though Fuel Tracking is not in their menu.
    { path: 'generate-coupon', ...guarded({ permission: 'requests.create' }), ...signedInPage(m.fuel, 'GenerateCouponPage') },
  ]),
  { path: 'details', ...guarded({ permission: 'signedIn' }), ...signedInPage(m.details, 'DetailsPage') },
  { path: '*', element: <NotFound /> },
];

const routeTree: RouteObject[] = [
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      { path: 'reset-password', ...page(m.auth, 'ResetPasswordPage') },
      {
        element: <AuthGate />,
        children: [
          { path: 'login', element: <Navigate to="/" replace /> },
          { element: <LazySignedInFrame />, children: signedInRoutes },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routeTree);
}

export type AppRouter = ReturnType<typeof createAppRouter>;

/** Resolves once the router has loaded the lazy routes of the address it started on. */
export function whenRouterReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
