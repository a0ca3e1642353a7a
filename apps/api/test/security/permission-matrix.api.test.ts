/**
 * The permission matrix, generated from the contract's route table: every route × every caller
 * (anonymous and the six roles) × the caller's own tenant and the other tenant (for routes with a
 * record in the path). Anonymous on a non-public route gets 401, a role without the route's
 * permission 403, another tenant's record 404, and the caller's own record anything but
 * 401/403/404 (bodies are minimal, so a 4xx about the input is fine). Every 2xx JSON reply is
 * scanned for the other tenant's ids and names.
 */
import { allRoutes, hasPermission, type RouteDefinition } from '@fleetfuel/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../harness.js';
import {
  CALLERS,
  OTHER,
  OWN,
  TENANT_NAMES,
  TENANT_USER,
  buildWorld,
  contractRoutes,
  expectOk,
  extraSession,
  orgOf,
  pathParams,
  routeKey,
  stationOf,
  urlOf,
  type Caller,
  type Tenant,
  type World,
} from './fixtures.js';

type Variant = 'own' | 'other';

interface ParamFixture {
  /** `tenant`: the record belongs to a tenant, so "other tenant" applies; `global`: it does not. */
  scope: 'tenant' | 'global';
  /** Which tenant's record ADMIN (who has none) uses as its "own". */
  adminTenant?: Tenant;
  of(w: World, tenant: Tenant, caller: Caller): string;
  /** A throw-away record of the caller's tenant, for cells that delete what they touch. */
  fresh?(w: World, caller: Caller): Promise<string>;
}

const perUser = (pick: (w: World) => Record<string, string>) => (w: World, tenant: Tenant, caller: Caller) => {
  const mine = caller.email && (caller.side === null || OWN[caller.side] === tenant);
  return pick(w)[mine ? (caller.email as string) : TENANT_USER[tenant]] as string;
};

const token = (w: World, caller: Caller) => w.tokens[caller.email as string] as string;
const created = async (res: Promise<LightMyRequestResponse>, what: string, pick: (json: Record<string, unknown>) => unknown) =>
  pick(expectOk(await res, what).json()) as string;
const unique = (w: World) => `${Date.now().toString(36)}${(w.seq += 1)}`;
/** ADMIN names the organization when creating; others get their own. */
const orgField = (w: World, caller: Caller) => (caller.role === 'ADMIN' ? { organizationId: w.tenantId.acme } : {});

const vehicleFixture: ParamFixture = {
  scope: 'tenant',
  of: (w, tenant) => (orgOf(tenant) === 'acme' ? w.vehicle.hilux : w.vehicle.betaTruck),
};
/** A driver of each organization; both have passwords, so resending an invitation answers 409 and sends nothing. */
const driverFixture: ParamFixture = {
  scope: 'tenant',
  of: (w, tenant) => (orgOf(tenant) === 'acme' ? w.user['driver2@acme.test'] : w.user['driver@beta.test']) as string,
};
const fuelFixture: ParamFixture = { scope: 'tenant', of: (w, tenant) => w.fuel[orgOf(tenant)].id };
const maintenanceFixture: ParamFixture = { scope: 'tenant', of: (w, tenant) => w.maintenance[orgOf(tenant)].id };
const ticketFixture: ParamFixture = { scope: 'tenant', of: perUser((w) => w.ticket) };
const stationWallet: ParamFixture = { scope: 'tenant', adminTenant: 'unity', of: (w, tenant) => w.wallet[tenant] };

/** The record behind each path parameter, by route path. A route missing here fails the matrix. */
const PATH_FIXTURES: Record<string, Record<string, ParamFixture>> = {
  '/admin/users/:id': {
    id: {
      scope: 'tenant',
      of: (w, tenant) =>
        ({
          acme: w.user['driver2@acme.test'],
          beta: w.user['driver@beta.test'],
          unity: w.attendant.unity,
          greenline: w.attendant.greenline,
        })[tenant] as string,
      fresh: (w, caller) =>
        created(
          w.t.call('POST', '/api/admin/users', {
            token: token(w, caller),
            body: {
              name: 'Throw Away',
              email: `throwaway.${unique(w)}@security.test`,
              password: 'Throw-Away-2026',
              ...(caller.side === 'station' ? { role: 'ATTENDANT' } : { role: 'DRIVER', ...orgField(w, caller) }),
            },
          }),
          'throw-away user',
          (j) => j.id,
        ),
    },
  },
  '/admin/organizations/:id': {
    id: {
      scope: 'tenant',
      of: (w, tenant) => w.tenantId[orgOf(tenant)],
      fresh: (w, caller) =>
        created(
          w.t.call('POST', '/api/admin/organizations', {
            token: token(w, caller),
            body: { name: `Throw Away Org ${unique(w)}`, type: 'private_organisation' },
          }),
          'throw-away organization',
          (j) => j.id,
        ),
    },
  },
  '/admin/fuel-stations/:id': {
    id: {
      scope: 'tenant',
      adminTenant: 'unity',
      of: (w, tenant) => w.tenantId[stationOf(tenant)],
      fresh: (w, caller) =>
        created(
          w.t.call('POST', '/api/admin/fuel-stations', {
            token: token(w, caller),
            body: { name: `Throw Away Station ${unique(w)}`, availableFuels: ['PETROL'] },
          }),
          'throw-away station',
          (j) => j.id,
        ),
    },
  },
  '/subscriptions/:id': { id: { scope: 'global', of: (w) => w.plan.business } },
  '/vehicles/:id': {
    id: {
      ...vehicleFixture,
      fresh: (w, caller) =>
        created(
          w.t.call('POST', '/api/vehicles', {
            token: token(w, caller),
            body: { make: 'Throw', model: `Away ${unique(w)}`, type: 'GENERATOR', fuelType: 'PETROL', ...orgField(w, caller) },
          }),
          'throw-away vehicle',
          (j) => j.id,
        ),
    },
  },
  // Vehicles without a driver, so that taking "the driver" off never changes the driver's own vehicle.
  '/vehicles/:id/unassign-driver': {
    id: { scope: 'tenant', of: (w, tenant) => (orgOf(tenant) === 'acme' ? w.vehicle.bike : w.vehicle.betaBike) },
  },
  '/drivers/:id': {
    id: {
      ...driverFixture,
      fresh: (w, caller) =>
        created(
          w.t.call('POST', '/api/drivers', {
            token: token(w, caller),
            body: { name: 'Throw Away', email: `driver.${unique(w)}@security.test`, password: 'Throw-Away-2026', ...orgField(w, caller) },
          }),
          'throw-away driver',
          (j) => j.id,
        ),
    },
  },
  '/drivers/:id/pump-pin': { id: driverFixture },
  '/admin/users/:id/station-pin': { id: { scope: 'tenant', adminTenant: 'unity', of: (w, tenant) => w.attendant[stationOf(tenant)] } },
  // Freezing the spare driver and the bikes: what the other cells request fuel for stays unfrozen.
  '/drivers/:id/freeze': { id: driverFixture },
  '/drivers/:id/unfreeze': { id: driverFixture },
  '/vehicles/:id/freeze': { id: { scope: 'tenant', of: (w, tenant) => (orgOf(tenant) === 'acme' ? w.vehicle.bike : w.vehicle.betaBike) } },
  '/vehicles/:id/unfreeze': {
    id: { scope: 'tenant', of: (w, tenant) => (orgOf(tenant) === 'acme' ? w.vehicle.bike : w.vehicle.betaBike) },
  },
  '/flags/:id': { id: { scope: 'tenant', of: (w, tenant) => w.flag[orgOf(tenant)] } },
  '/overrides/:id': { id: { scope: 'tenant', of: (w, tenant) => w.override[orgOf(tenant)] } },
  '/station/overrides/:id': { id: { scope: 'tenant', adminTenant: 'unity', of: (w, tenant) => w.override[orgOf(tenant)] } },
  '/station/overrides/:id/cancel': { id: { scope: 'tenant', adminTenant: 'unity', of: (w, tenant) => w.override[orgOf(tenant)] } },
  '/drivers/:id/invitation': { id: driverFixture },
  '/departments/:id': {
    id: {
      scope: 'tenant',
      of: (w, tenant) => w.department[orgOf(tenant)],
      fresh: (w, caller) =>
        created(
          w.t.call('POST', '/api/departments', {
            token: token(w, caller),
            body: { name: `Throw Away ${unique(w)}`, ...orgField(w, caller) },
          }),
          'throw-away group',
          (j) => j.id,
        ),
    },
  },
  '/departments/:id/unassign-driver': { id: { scope: 'tenant', of: (w, tenant) => w.department[orgOf(tenant)] } },
  '/insurance/vehicle/:id': { id: vehicleFixture },
  '/vehicles/:id/sticker': { id: vehicleFixture },
  '/wallet/transactions/:walletId': { walletId: { scope: 'tenant', of: (w, tenant) => w.wallet[tenant] } },
  '/wallet/:id/update-banking': { id: stationWallet },
  '/wallet/:id/create-transaction': { id: { scope: 'tenant', of: (w, tenant) => w.wallet[tenant] } },
  '/wallet/:id/settle-payment': { id: stationWallet },
  '/payments/sandbox/checkout/:reference': { reference: { scope: 'global', of: (w) => w.paymentReference } },
  '/fuel-reserves/:id': { id: { scope: 'tenant', of: (w, tenant) => w.reserve[orgOf(tenant)] } },
  '/fuel-requests/single/:id': { id: fuelFixture },
  '/fuel-requests/:id/approve': { id: fuelFixture },
  '/fuel-requests/:id/reject': { id: fuelFixture },
  '/fuel-requests/:id/complete': { id: fuelFixture },
  '/fuel-requests/:id/generate-coupon': { id: fuelFixture },
  '/fuel-requests/:id/confirmation-code': { id: fuelFixture },
  '/fuel-requests/:id/evidence': { id: fuelFixture },
  '/maintenance/single/:id': { id: maintenanceFixture },
  '/maintenance/:id/approve': { id: maintenanceFixture },
  '/maintenance/:id/reject': { id: maintenanceFixture },
  '/maintenance/:id/complete': { id: maintenanceFixture },
  '/maintenance/:id/generate-coupon': { id: maintenanceFixture },
  '/account/sessions/:id': {
    id: { scope: 'tenant', of: perUser((w) => w.session), fresh: (w, caller) => extraSession(w.t, caller.email as string) },
  },
  '/support/tickets/:id': { id: ticketFixture },
  '/support/tickets/:id/replies': { id: ticketFixture },
  '/support/tickets/:id/close': { id: ticketFixture },
  '/files/:key': { key: { scope: 'tenant', of: (w, tenant) => w.file[tenant] } },
  '/api-keys/:id': {
    id: {
      scope: 'tenant',
      of: (w, tenant) => w.apiKey[orgOf(tenant)],
      fresh: (w, caller) =>
        created(
          w.t.call('POST', '/api/api-keys', { token: token(w, caller), body: { name: `Throw Away ${unique(w)}`, scope: 'read' } }),
          'throw-away api key',
          (j) => (j.apiKey as { id: string }).id,
        ),
    },
  },
  '/webhooks/:id': {
    id: {
      scope: 'tenant',
      of: (w, tenant) => w.webhook[orgOf(tenant)],
      fresh: (w, caller) =>
        created(
          w.t.call('POST', '/api/webhooks', {
            token: token(w, caller),
            body: { url: `https://hooks.example/throw-away/${unique(w)}`, events: ['wallet.funded'] },
          }),
          'throw-away webhook',
          (j) => (j.webhook as { id: string }).id,
        ),
    },
  },
  '/webhooks/:id/deliveries': { id: { scope: 'tenant', of: (w, tenant) => w.webhook[orgOf(tenant)] } },
  '/fuel-policies/:id': {
    id: {
      scope: 'tenant',
      adminTenant: 'acme',
      of: (w, tenant) => w.policy[orgOf(tenant)],
      // A policy of its own per deleting cell: a litre limit of one of the tenant's vehicles, a new rule or vehicle each time.
      fresh: (w, caller) => {
        const acme = caller.side === null || OWN[caller.side] === 'acme';
        const vehicles = acme ? [w.vehicle.hilux, w.vehicle.bike] : [w.vehicle.betaTruck, w.vehicle.betaBike];
        const rules = ['WEEKLY_LITRES', 'MONTHLY_LITRES', 'MIN_HOURS_BETWEEN_FILLS'] as const;
        const n = (w.seq += 1);
        return created(
          w.t.call('POST', '/api/fuel-policies', {
            token: token(w, caller),
            body: {
              rule: rules[n % 3],
              value: 100 + n,
              enforcement: 'SOFT',
              scope: { type: 'VEHICLE', id: vehicles[Math.floor(n / 3) % 2] },
            },
          }),
          'throw-away fuel policy',
          (j) => (j.policy as { id: string }).id,
        );
      },
    },
  },
  '/admin/messages/:id/resend': { id: { scope: 'global', of: (w) => w.failedMessage } },
  '/station/follow-ups/:id/resolve': {
    id: { scope: 'tenant', adminTenant: 'unity', of: (w, tenant) => w.followUp[stationOf(tenant)] },
  },
  '/drivers/:id/data-export': { id: driverFixture },
  // The disabled driver kept for erasure: a second erasure of it answers 409, which the matrix allows.
  '/drivers/:id/erase': { id: { scope: 'tenant', of: (w, tenant) => w.erasable[orgOf(tenant)] } },
  '/admin/users/:id/data-export': {
    id: {
      scope: 'tenant',
      adminTenant: 'acme',
      of: (w, tenant) => (orgOf(tenant) === 'acme' ? w.user['driver2@acme.test'] : w.user['driver@beta.test']) as string,
    },
  },
  '/admin/users/:id/erase': { id: { scope: 'tenant', of: (w, tenant) => w.erasable[orgOf(tenant)] } },
};

/**
 * Bodies for the matrix. Routes with a record in the path get a valid body that changes nothing
 * that matters, so that another tenant's record reaches the tenant check (a 400 about the body
 * would hide it); every other route gets `{}`.
 */
const MATRIX_BODIES: Record<string, (w: World) => unknown> = {
  'PATCH /departments/:id/unassign-driver': (w) => ({ driverId: w.user['driver2@acme.test'] }),
  'PUT /insurance/vehicle/:id': () => ({
    insurerName: 'Matrix Assurance',
    insuranceType: 'Comprehensive',
    insuranceNumber: 'POL-MATRIX-1',
    coverageStartDate: '2026-01-01',
    coverageExipiryDate: '2026-12-31',
    amount: 1000,
  }),
  'PATCH /wallet/:id/update-banking': () => ({ accountNumber: '0123456789', bankCode: '058' }),
  'POST /wallet/:id/create-transaction': () => ({ amount: 1, type: 'CREDIT', note: 'matrix' }),
  'POST /payments/sandbox/checkout/:reference': () => ({ outcome: 'failed' }),
  'PATCH /fuel-requests/:id/complete': () => ({ code: 'AAAA-AAAA', dispensedVolume: 1 }),
  'POST /support/tickets/:id/replies': () => ({ message: 'Matrix reply' }),
  'PATCH /station/follow-ups/:id/resolve': () => ({ note: 'Matrix settled' }),
  'PUT /fuel-policies/:id': () => ({ rule: 'MAX_LITRES_PER_FILL', value: 5000, enforcement: 'SOFT', scope: { type: 'ORGANIZATION' } }),
  'PATCH /flags/:id': () => ({ status: 'SUSPECTED', note: 'Matrix review' }),
  'PATCH /overrides/:id': () => ({ decision: 'DECLINE' }),
  'POST /vehicles/:id/freeze': () => ({ reason: 'Matrix freeze' }),
  'POST /drivers/:id/freeze': () => ({ reason: 'Matrix freeze' }),
  // None for POST /station/switch-attendant: a valid body would end the caller's session mid-matrix.
};

/** Public routes that show an anonymous caller nothing of a tenant's record (no signed link). */
const ANONYMOUS_SEES_NOTHING = new Set(['GET /files/:key']);
/** Public routes with a credential of their own: an unsigned provider webhook is refused whoever sends it. */
const OWN_CREDENTIAL: Record<string, 401> = { 'POST /payments/webhook': 401 };
/**
 * Replies that name another *station* by design: the catalogue requesters choose a station from
 * lists every active station (station identity is not tenant data; see also STATION_IMAGE files).
 */
const STATION_CATALOGUE = new Set(['GET /fuel-requests/fuel-stations']);

type Expectation = 401 | 403 | 404 | 'allowed';

interface Cell {
  route: RouteDefinition;
  caller: Caller;
  variant: Variant;
  expected: Expectation;
  /** Runs last: the call ends a session or deletes its record. */
  phase: 0 | 1 | 2;
}

const routes = contractRoutes();
const hasTenantParam = (route: RouteDefinition) => pathParams(route.path).some((p) => PATH_FIXTURES[route.path]?.[p]?.scope === 'tenant');
/** ADMIN has no tenant, so "other tenant" does not apply to it. */
const variantsFor = (route: RouteDefinition, caller: Caller): Variant[] =>
  hasTenantParam(route) && caller.role !== 'ADMIN' ? ['own', 'other'] : ['own'];

function expectation(route: RouteDefinition, caller: Caller, variant: Variant): Expectation {
  const ownCredential = OWN_CREDENTIAL[routeKey(route)];
  if (ownCredential) return ownCredential;
  if (route.permission !== 'public') {
    if (!caller.role) return 401;
    if (!hasPermission(caller.role, route.permission)) return 403;
  }
  if (variant === 'other') return 404;
  if (!caller.role && ANONYMOUS_SEES_NOTHING.has(routeKey(route))) return 404;
  return 'allowed';
}

const cells: Cell[] = routes.flatMap((route) =>
  CALLERS.flatMap((caller) =>
    variantsFor(route, caller).map((variant) => ({
      route,
      caller,
      variant,
      expected: expectation(route, caller, variant),
      phase: route.path === '/auth/logout' ? 2 : route.method === 'DELETE' ? 1 : 0,
    })),
  ),
);

/** Identifiers a caller must never see: the other tenant's (and, for a station, the organization it never served). */
function forbiddenIdentifiers(w: World, caller: Caller, route: RouteDefinition): string[] {
  const otherStation: Tenant[] = STATION_CATALOGUE.has(routeKey(route)) ? [] : ['greenline'];
  const tenants: Tenant[] =
    caller.side === 'org'
      ? ['beta']
      : caller.side === 'station'
        ? [...otherStation, 'beta']
        : caller.role
          ? []
          : ['acme', 'beta', 'unity', 'greenline'];
  return tenants.flatMap((tenant) => [w.tenantId[tenant], TENANT_NAMES[tenant]]);
}

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
}, 120_000);
afterAll(async () => t?.close());

function tenantFor(fixture: ParamFixture, caller: Caller, variant: Variant): Tenant {
  if (caller.side) return variant === 'own' ? OWN[caller.side] : OTHER[caller.side];
  if (caller.role === 'ADMIN') return fixture.adminTenant ?? 'acme';
  return variant === 'own' ? (fixture.adminTenant ?? 'acme') : OTHER[fixture.adminTenant === 'unity' ? 'station' : 'org'];
}

/** ADMIN names the tenant where a route's query lets it (its lists and views are otherwise platform-wide or ask for one). */
function adminQuery(route: RouteDefinition, caller: Caller): Record<string, string> | undefined {
  if (caller.role !== 'ADMIN' || !route.query) return undefined;
  const shape = (route.query as unknown as { shape?: Record<string, unknown> }).shape ?? {};
  if ('organizationId' in shape) return { organizationId: w.tenantId.acme };
  if ('stationId' in shape) return { stationId: w.tenantId.unity };
  return undefined;
}

async function run(cell: Cell): Promise<string | null> {
  const { route, caller, variant, expected } = cell;
  const params: Record<string, string> = {};
  for (const name of pathParams(route.path)) {
    const fixture = PATH_FIXTURES[route.path]?.[name] as ParamFixture;
    const reachesRecord = expected === 'allowed' && variant === 'own';
    params[name] =
      reachesRecord && route.method === 'DELETE' && fixture.fresh
        ? await fixture.fresh(w, caller)
        : fixture.of(w, tenantFor(fixture, caller, variant), caller);
  }
  const bodyOf = MATRIX_BODIES[routeKey(route)];
  const body = route.body || route.rawBody ? (bodyOf ? bodyOf(w) : {}) : undefined;
  const res = await t.call(route.method, urlOf(route, params), {
    token: caller.email ? w.tokens[caller.email] : null,
    body,
    query: adminQuery(route, caller),
  });
  const status = res.statusCode;
  const where = `${routeKey(route)} as ${caller.label} (${variant} tenant): expected ${expected}, got ${status} ${res.body.slice(0, 200)}`;
  if (status >= 500) return where;
  if (expected === 'allowed') {
    if (status === 401 || status === 403 || status === 404) return where;
  } else if (status !== expected) {
    return where;
  }
  if (status < 300 && (res.headers['content-type'] ?? '').toString().includes('json')) {
    const leaked = forbiddenIdentifiers(w, caller, route).filter((id) => res.body.includes(id));
    if (leaked.length) return `${routeKey(route)} as ${caller.label}: the reply names another tenant (${leaked.join(', ')})`;
  }
  return null;
}

describe('permission matrix', () => {
  it('covers every route of the contract, each with a fixture for its path parameters', () => {
    expect(new Set(routes.map(routeKey))).toEqual(new Set(allRoutes.map(routeKey)));
    const missing = routes.flatMap((route) =>
      pathParams(route.path)
        .filter((p) => !PATH_FIXTURES[route.path]?.[p])
        .map((p) => `${routeKey(route)} :${p}`),
    );
    expect(missing, 'routes without a fixture for a path parameter').toEqual([]);
    const unused = Object.keys(PATH_FIXTURES).filter((path) => !routes.some((r) => r.path === path));
    expect(unused, 'fixtures for paths the contract no longer has').toEqual([]);
  });

  it('answers every cell as the permission table and the tenant rules say', async () => {
    // Every route once per caller, plus the other tenant for each caller but ADMIN where a tenant's record is in the path.
    const tenantRoutes = routes.filter(hasTenantParam).length;
    const computed = routes.length * CALLERS.length + tenantRoutes * (CALLERS.length - 1);
    const failures: string[] = [];
    let ran = 0;
    for (const phase of [0, 1, 2] as const) {
      for (const cell of cells.filter((c) => c.phase === phase)) {
        const failure = await run(cell);
        ran += 1;
        if (failure) failures.push(failure);
      }
    }
    console.log(
      `permission matrix: ${ran} cells (${routes.length} routes × ${CALLERS.length} callers + ${tenantRoutes} routes with a tenant's record × ${CALLERS.length - 1} callers for the other tenant)`,
    );
    expect(ran).toBe(computed);
    expect(cells.length).toBe(computed);
    expect(failures).toEqual([]);
  }, 240_000);
});
