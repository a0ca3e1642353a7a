/**
 * Shared ground for the security suite: the contract's routes collected generically, the callers
 * of the permission matrix, a "world" of records of each kind in both organizations and both
 * stations (built through the API from the seeded demo data), and a fingerprint of the database
 * that shows whether a request changed anything.
 */
import * as contract from '@fleetfuel/contract';
import type { Role, RouteDefinition } from '@fleetfuel/contract';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { lagosDate } from '../../src/platform/clock.js';
import type { TestApp } from '../harness.js';
import { multipart, png } from '../multipart.js';

export const routeKey = (route: Pick<RouteDefinition, 'method' | 'path'>) => `${route.method} ${route.path}`;

function isRoute(value: unknown): value is RouteDefinition {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as RouteDefinition).method === 'string' &&
    typeof (value as RouteDefinition).path === 'string'
  );
}

/**
 * Every route of every `*Routes` group the contract exports, found by name, so that a route added
 * to any group (or a new group) is covered without touching the tests.
 */
export function contractRoutes(): RouteDefinition[] {
  const found = new Map<string, RouteDefinition>();
  for (const [name, value] of Object.entries(contract)) {
    if (!name.endsWith('Routes') || typeof value !== 'object' || value === null || Array.isArray(value)) continue;
    for (const candidate of Object.values(value as Record<string, unknown>)) {
      if (isRoute(candidate)) found.set(routeKey(candidate), candidate);
    }
  }
  return [...found.values()];
}

/** `/api` + the path with its `:params` filled. */
export const urlOf = (route: RouteDefinition, params: Record<string, string> = {}) =>
  `${contract.API_BASE}${contract.buildPath(route.path, params)}`;

/** The names of a route's path parameters, in order. */
export const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] as string);

export type Side = 'org' | 'station';
export type Tenant = 'acme' | 'beta' | 'unity' | 'greenline';

export interface Caller {
  label: string;
  role: Role | null;
  email: string | null;
  side: Side | null;
}

export const CALLERS: readonly Caller[] = [
  { label: 'anonymous', role: null, email: null, side: null },
  { label: 'ADMIN', role: 'ADMIN', email: 'admin@fleetfuel.test', side: null },
  { label: 'ADMINISTRATOR', role: 'ADMINISTRATOR', email: 'orgadmin@acme.test', side: 'org' },
  { label: 'ASST_ADMINISTRATOR', role: 'ASST_ADMINISTRATOR', email: 'asst@acme.test', side: 'org' },
  { label: 'DRIVER', role: 'DRIVER', email: 'driver@acme.test', side: 'org' },
  { label: 'STATION_REP', role: 'STATION_REP', email: 'rep@unityfuels.test', side: 'station' },
  { label: 'ATTENDANT', role: 'ATTENDANT', email: 'attendant@unityfuels.test', side: 'station' },
];

/** The caller's tenant and "the other tenant" of the same kind. */
export const OWN: Record<Side, Tenant> = { org: 'acme', station: 'unity' };
export const OTHER: Record<Side, Tenant> = { org: 'beta', station: 'greenline' };
/** Acme's requests go to Unity, Beta's to Greenline: a station's "own" request is its organization's. */
export const orgOf = (tenant: Tenant): 'acme' | 'beta' => (tenant === 'acme' || tenant === 'unity' ? 'acme' : 'beta');
export const stationOf = (tenant: Tenant): 'unity' | 'greenline' => (tenant === 'acme' || tenant === 'unity' ? 'unity' : 'greenline');

/** The user whose records stand for "the other tenant" in per-user kinds (tickets, sessions). */
export const TENANT_USER: Record<Tenant, string> = {
  acme: 'orgadmin@acme.test',
  beta: 'orgadmin@beta.test',
  unity: 'rep@unityfuels.test',
  greenline: 'rep@greenline.test',
};

export const TENANT_NAMES: Record<Tenant, string> = {
  acme: 'Acme Logistics',
  beta: 'Beta Haulage',
  unity: 'Unity Fuels Ikeja',
  greenline: 'Greenline Energy Lekki',
};

interface RequestReply {
  request: { id: string; couponCode: string | null };
}

export interface World {
  t: TestApp;
  today: string;
  /** Bearer tokens by e-mail. */
  tokens: Record<string, string>;
  tenantId: Record<Tenant, string>;
  user: Record<string, string>;
  vehicle: { hilux: string; bike: string; betaTruck: string; betaBike: string };
  department: Record<'acme' | 'beta', string>;
  wallet: Record<Tenant, string>;
  plan: { starter: string; business: string };
  fuel: Record<'acme' | 'beta', { id: string; couponCode: string }>;
  maintenance: Record<'acme' | 'beta', { id: string; couponCode: string }>;
  reserve: Record<'acme' | 'beta', string>;
  /** An organization-wide fuel policy per organization. */
  policy: Record<'acme' | 'beta', string>;
  /** An OPEN anomaly flag of the review queue per organization, on its approved fuel request. */
  flag: Record<'acme' | 'beta', string>;
  /** A PENDING override asked at the pump per organization, on its approved request at its station. */
  override: Record<'acme' | 'beta', string>;
  /** A webhook endpoint per organization. */
  webhook: Record<'acme' | 'beta', string>;
  /** A second attendant of each station (a record a representative manages). */
  attendant: Record<'unity' | 'greenline', string>;
  /** One ticket per user (by e-mail). */
  ticket: Record<string, string>;
  /** A second session per user (by e-mail), not the one whose token the tests use. */
  session: Record<string, string>;
  /** A stored file (an avatar) of each tenant. */
  file: Record<Tenant, string>;
  /** An API key of each organization, made by its admin. */
  apiKey: Record<'acme' | 'beta', string>;
  paymentReference: string;
  /** An e-mail of the outbox that failed for good (the platform admin may send it again). */
  failedMessage: string;
  /** An open follow-up of a refused offline redemption per station (its representative resolves it). */
  followUp: Record<'unity' | 'greenline', string>;
  /** A disabled driver per organization with no other use, whom the erasure routes may erase (issue 45). */
  erasable: Record<'acme' | 'beta', string>;
  /** Counter for unique names of throw-away records. */
  seq: number;
}

export function expectOk(res: LightMyRequestResponse, what: string): LightMyRequestResponse {
  if (res.statusCode >= 300) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res;
}

/** Logs in once more and returns the id of that new session. */
export async function extraSession(t: TestApp, email: string): Promise<string> {
  const token = await t.login(email);
  const res = expectOk(await t.call('GET', '/api/account/sessions', { token }), `sessions of ${email}`);
  const current = res.json<{ sessions: Array<{ id: string; current: boolean }> }>().sessions.find((s) => s.current);
  if (!current) throw new Error(`no current session for ${email}`);
  return current.id;
}

const PEOPLE = [
  'admin@fleetfuel.test',
  'orgadmin@acme.test',
  'asst@acme.test',
  'driver@acme.test',
  'orgadmin@beta.test',
  'rep@unityfuels.test',
  'attendant@unityfuels.test',
  'rep@greenline.test',
];

/** Builds records of every kind for both organizations and both stations. */
export async function buildWorld(t: TestApp): Promise<World> {
  const tokens: Record<string, string> = {};
  for (const email of PEOPLE) tokens[email] = await t.login(email);
  const admin = tokens['admin@fleetfuel.test'] as string;
  const db = t.db;

  const org = async (name: string) =>
    (await db.selectFrom('organizations').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const station = async (name: string) =>
    (await db.selectFrom('fuel_stations').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const tenantId: Record<Tenant, string> = {
    acme: await org(TENANT_NAMES.acme),
    beta: await org(TENANT_NAMES.beta),
    unity: await station(TENANT_NAMES.unity),
    greenline: await station(TENANT_NAMES.greenline),
  };
  const user = Object.fromEntries((await db.selectFrom('users').select(['id', 'email']).execute()).map((u) => [u.email as string, u.id]));
  const vehicles = await db.selectFrom('vehicles').select(['id', 'plate_number']).execute();
  const plate = (p: string) => vehicles.find((v) => v.plate_number === p)?.id as string;
  const department = async (name: string) =>
    (await db.selectFrom('departments').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const walletOf = async (column: 'organization_id' | 'fuel_station_id', id: string) =>
    (await db.selectFrom('ledger_accounts').select('id').where(column, '=', id).executeTakeFirstOrThrow()).id;
  const plan = async (name: string) =>
    (await db.selectFrom('subscription_plans').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

  const world: World = {
    t,
    today: lagosDate(new Date()),
    tokens,
    tenantId,
    user,
    vehicle: { hilux: plate('LND-451-KJ'), bike: plate('KJA-118-QB'), betaTruck: plate('KAN-903-BT'), betaBike: plate('KAN-412-MC') },
    department: { acme: await department('Operations'), beta: await department('Haulage') },
    wallet: {
      acme: await walletOf('organization_id', tenantId.acme),
      beta: await walletOf('organization_id', tenantId.beta),
      unity: await walletOf('fuel_station_id', tenantId.unity),
      greenline: await walletOf('fuel_station_id', tenantId.greenline),
    },
    plan: { starter: await plan('Starter'), business: await plan('Business') },
    fuel: { acme: { id: '', couponCode: '' }, beta: { id: '', couponCode: '' } },
    maintenance: { acme: { id: '', couponCode: '' }, beta: { id: '', couponCode: '' } },
    reserve: { acme: '', beta: '' },
    policy: { acme: '', beta: '' },
    flag: { acme: '', beta: '' },
    override: { acme: '', beta: '' },
    webhook: { acme: '', beta: '' },
    attendant: { unity: '', greenline: '' },
    ticket: {},
    session: {},
    file: { acme: '', beta: '', unity: '', greenline: '' },
    apiKey: { acme: '', beta: '' },
    paymentReference: '',
    failedMessage: '',
    followUp: { unity: '', greenline: '' },
    erasable: { acme: '', beta: '' },
    seq: 0,
  };

  // Money, so that requests can be approved.
  for (const tenant of ['acme', 'beta'] as const) {
    expectOk(
      await t.call('POST', `/api/wallet/${world.wallet[tenant]}/create-transaction`, {
        token: admin,
        body: { amount: 1_000_000, type: 'CREDIT', note: 'security suite funds' },
      }),
      `fund ${tenant}`,
    );
  }
  // One APPROVED fuel request and one APPROVED maintenance job per organization, at "its" station.
  const approvedFuel = async (token: string, vehicleId: string, stationId: string) => {
    const created = expectOk(
      await t.call('POST', '/api/fuel-requests', { token, body: { vehicleId, stationId, supplyDate: world.today, volume: 10 } }),
      'fuel request',
    ).json<RequestReply>().request;
    const approved = expectOk(
      await t.call('PATCH', `/api/fuel-requests/${created.id}/approve`, { token }),
      'approve fuel',
    ).json<RequestReply>().request;
    return { id: approved.id, couponCode: approved.couponCode ?? '' };
  };
  world.fuel.acme = await approvedFuel(tokens['orgadmin@acme.test'] as string, world.vehicle.hilux, tenantId.unity);
  world.fuel.beta = await approvedFuel(tokens['orgadmin@beta.test'] as string, world.vehicle.betaTruck, tenantId.greenline);
  const approvedJob = async (token: string, vehicleId: string, stationId: string) => {
    const created = expectOk(
      await t.call('POST', '/api/maintenance', {
        token,
        body: { vehicleId, stationId, description: 'Brake pads', date: world.today, cost: 20_000 },
      }),
      'maintenance',
    ).json<RequestReply>().request;
    const approved = expectOk(
      await t.call('PATCH', `/api/maintenance/${created.id}/approve`, { token }),
      'approve maintenance',
    ).json<RequestReply>().request;
    return { id: approved.id, couponCode: approved.couponCode ?? '' };
  };
  world.maintenance.acme = await approvedJob(tokens['orgadmin@acme.test'] as string, world.vehicle.hilux, tenantId.unity);
  world.maintenance.beta = await approvedJob(tokens['orgadmin@beta.test'] as string, world.vehicle.betaTruck, tenantId.greenline);
  // A PENDING reserve per organization.
  for (const tenant of ['acme', 'beta'] as const) {
    const res = expectOk(
      await t.call('POST', '/api/fuel-reserves', { token: tokens[TENANT_USER[tenant]], body: { fuelType: 'CNG', amount: 100 } }),
      'reserve',
    );
    world.reserve[tenant] = res.json<{ reserve: { id: string } }>().reserve.id;
  }
  // An organization-wide fuel policy per organization, loose enough to refuse nothing the suite does.
  for (const tenant of ['acme', 'beta'] as const) {
    const res = expectOk(
      await t.call('POST', '/api/fuel-policies', {
        token: tokens[TENANT_USER[tenant]],
        body: { rule: 'MAX_LITRES_PER_FILL', value: 5000, enforcement: 'SOFT', scope: { type: 'ORGANIZATION' } },
      }),
      'fuel policy',
    );
    world.policy[tenant] = res.json<{ policy: { id: string } }>().policy.id;
  }
  // An OPEN flag per organization on its approved request, as the request would have raised it.
  for (const tenant of ['acme', 'beta'] as const) {
    const flag = await db
      .insertInto('request_flags')
      .values({
        organization_id: tenantId[tenant],
        fuel_request_id: world.fuel[tenant].id,
        code: 'TANK_OVERFILL',
        severity: 'warning',
        message: '10 L requested with the tank at 70%; more than the tank',
        step: 'REQUEST',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    world.flag[tenant] = flag.id;
  }
  // A PENDING override per organization, asked by its station's representative for its approved request.
  for (const tenant of ['acme', 'beta'] as const) {
    const station = tenant === 'acme' ? 'unity' : 'greenline';
    const override = await db
      .insertInto('policy_overrides')
      .values({
        organization_id: tenantId[tenant],
        fuel_request_id: world.fuel[tenant].id,
        station_id: tenantId[station],
        requested_by: user[TENANT_USER[station]] as string,
        dispensed_volume: 10,
        breaches: JSON.stringify(['10 L dispensed; the limit is 5 L per fill (organization policy)']),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    world.override[tenant] = override.id;
  }
  // A webhook endpoint per organization.
  for (const tenant of ['acme', 'beta'] as const) {
    const res = expectOk(
      await t.call('POST', '/api/webhooks', {
        token: tokens[TENANT_USER[tenant]],
        body: { url: `https://hooks.${tenant}.example/fleetfuel`, events: ['fuel_request.approved'] },
      }),
      'webhook',
    );
    world.webhook[tenant] = res.json<{ webhook: { id: string } }>().webhook.id;
  }
  // A second attendant per station, made by its representative.
  for (const tenant of ['unity', 'greenline'] as const) {
    const res = expectOk(
      await t.call('POST', '/api/admin/users', {
        token: tokens[TENANT_USER[tenant]],
        body: { name: `Spare Attendant ${tenant}`, email: `spare.${tenant}@security.test`, role: 'ATTENDANT', password: 'Spare-Pass-2026' },
      }),
      'attendant',
    );
    world.attendant[tenant] = res.json<{ id: string }>().id;
  }
  // A ticket and a second session per person.
  for (const email of PEOPLE) {
    const res = expectOk(
      await t.call('POST', '/api/support/tickets', {
        token: tokens[email],
        body: { subject: `Help for ${email}`, message: 'Something is off' },
      }),
      'ticket',
    );
    world.ticket[email] = res.json<{ ticket: { id: string } }>().ticket.id;
    world.session[email] = await extraSession(t, email);
  }
  // An avatar (a stored file) per tenant.
  for (const tenant of ['acme', 'beta', 'unity', 'greenline'] as const) {
    const email = TENANT_USER[tenant];
    const form = multipart({ image: png() });
    expectOk(await t.call('PUT', '/api/account/profile', { token: tokens[email], body: form.body, headers: form.headers }), 'avatar');
    const file = await db
      .selectFrom('files')
      .select('storage_key')
      .where('uploaded_by', '=', user[email] as string)
      .executeTakeFirstOrThrow();
    world.file[tenant] = file.storage_key;
  }
  // An API key per organization.
  for (const tenant of ['acme', 'beta'] as const) {
    const res = expectOk(
      await t.call('POST', '/api/api-keys', { token: tokens[TENANT_USER[tenant]], body: { name: `Security ${tenant}`, scope: 'read' } }),
      'api key',
    );
    world.apiKey[tenant] = res.json<{ apiKey: { id: string } }>().apiKey.id;
  }
  // A card payment in progress (the sandbox checkout page's reference).
  world.paymentReference = expectOk(
    await t.call('POST', '/api/wallet/fund', { token: tokens['orgadmin@acme.test'], body: { amount: 5000 } }),
    'fund',
  ).json<{ reference: string }>().reference;
  world.failedMessage = (
    await t.db
      .insertInto('outgoing_messages')
      .values({
        organization_id: world.tenantId.acme,
        channel: 'EMAIL',
        recipient: 'orgadmin@acme.test',
        recipient_name: 'Security',
        subject: 'Refused for good',
        body: 'A message the mail server refused eight times.',
        status: 'FAILED',
        attempts: 8,
        last_error: '550 5.1.1 Mailbox unavailable',
        next_attempt_at: new Date(),
      })
      .returning(sql<string>`id::text`.as('id'))
      .executeTakeFirstOrThrow()
  ).id;
  for (const station of ['unity', 'greenline'] as const) world.followUp[station] = await openFollowUp(world, station);
  // Disabled, so that they count against no plan's driver limit.
  for (const tenant of ['acme', 'beta'] as const) {
    const res = expectOk(
      await t.call('POST', '/api/drivers', {
        token: tokens[TENANT_USER[tenant]],
        body: { name: `Erasable ${tenant}`, email: `erasable.${tenant}@security.test`, password: 'Erasable-2026', status: 'INACTIVE' },
      }),
      'erasable driver',
    );
    world.erasable[tenant] = res.json<{ id: string }>().id;
  }
  return world;
}

/**
 * An open follow-up of a refused offline redemption at a station, on its organization's approved
 * coupon, as the redemption route writes one (written directly: the refusal itself is not under test).
 */
async function openFollowUp(w: World, station: 'unity' | 'greenline'): Promise<string> {
  const organization = orgOf(station);
  const row = await w.t.db
    .insertInto('redemption_follow_ups')
    .values({
      station_id: w.tenantId[station],
      organization_id: w.tenantId[organization],
      fuel_request_id: w.fuel[organization].id,
      idempotency_key: `security-${station}-${(w.seq += 1)}`,
      coupon_code: w.fuel[organization].couponCode,
      dispensed_volume: 5,
      amount_kobo: 500_000,
      recorded_by: null,
      recorded_offline_at: new Date(),
      reason: 'The driver must confirm this redemption',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Tables whose content a refused request must leave exactly as it was. */
const GUARDED_TABLES = [
  'users',
  'organizations',
  'fuel_stations',
  'subscription_plans',
  'departments',
  'vehicles',
  'vehicle_assignments',
  'insurance_policies',
  'files',
  'fuel_prices',
  'fuel_requests',
  'maintenance_requests',
  'fuel_reserves',
  'reserve_draws',
  'ledger_accounts',
  'journal_entries',
  'postings',
  'holds',
  'card_payments',
  'payouts',
  'support_tickets',
  'support_replies',
  'notification_preferences',
  'password_reset_tokens',
  'webhook_endpoints',
  'fuel_policies',
  'request_flags',
  'policy_overrides',
  'fuel_request_evidence',
] as const;

/** Row count and a content hash of every guarded table: any insert, update or delete changes it. */
export async function fingerprint(t: TestApp): Promise<Record<string, string>> {
  const parts = GUARDED_TABLES.map(
    (table) =>
      sql`SELECT ${table}::text AS name, count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' ORDER BY x::text)), '') AS value FROM ${sql.table(table)} x`,
  );
  const rows = await sql<{ name: string; value: string }>`${sql.join(parts, sql` UNION ALL `)}`.execute(t.db);
  return Object.fromEntries(rows.rows.map((r) => [r.name, r.value]));
}

/** Row counts of the guarded tables (cheaper than `fingerprint`, for many requests). */
export async function rowCounts(t: TestApp): Promise<Record<string, number>> {
  const parts = GUARDED_TABLES.map((table) => sql`SELECT ${table}::text AS name, count(*)::int AS value FROM ${sql.table(table)}`);
  const rows = await sql<{ name: string; value: number }>`${sql.join(parts, sql` UNION ALL `)}`.execute(t.db);
  return Object.fromEntries(rows.rows.map((r) => [r.name, Number(r.value)]));
}

/** The error body every failed call returns. */
export function isErrorBody(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  return typeof body.error === 'string' && typeof body.message === 'string' && typeof body.code === 'string';
}

/**
 * A valid call of every route: who may make it and with what. The mass-assignment and bad-input
 * suites start from these; a route without an entry fails them, so a new route needs one.
 */
export interface ValidCall {
  /** E-mail of the caller (one whose role has the route's permission); null: no token. */
  caller: string | null;
  params?: (w: World) => Record<string, string>;
  query?: (w: World) => Record<string, string>;
  body?: (w: World) => Record<string, unknown>;
}

const ADMIN = 'admin@fleetfuel.test';
const ORG_ADMIN = 'orgadmin@acme.test';
const REP = 'rep@unityfuels.test';
const insuranceBody = () => ({
  insurerName: 'Leadway Assurance',
  insuranceType: 'Comprehensive',
  insuranceNumber: 'POL-SEC-1',
  coverageStartDate: '2026-01-01',
  coverageExipiryDate: '2026-12-31',
  amount: 250000,
});
const id = (pick: (w: World) => string) => (w: World) => ({ id: pick(w) });

export const VALID_CALLS: Record<string, ValidCall> = {
  'GET /health': { caller: null },
  'POST /auth/login': { caller: null, body: () => ({ username: 'nobody@security.test', password: 'Not-The-Password-1' }) },
  'POST /auth/register': {
    caller: ADMIN,
    body: (w) => ({
      name: 'Registered Driver',
      email: `reg.${(w.seq += 1)}@security.test`,
      role: 'DRIVER',
      organizationId: w.tenantId.acme,
      password: 'Registered-2026',
    }),
  },
  'GET /auth/me': { caller: ADMIN },
  'POST /auth/logout': { caller: 'asst@acme.test' },
  'POST /auth/request-password-reset': { caller: null, body: () => ({ email: 'nobody@security.test' }) },
  'POST /auth/reset-password': { caller: null, body: () => ({ token: 'not-a-reset-token', password: 'Brand-New-Pass-2026' }) },
  'GET /admin/users': { caller: ADMIN, query: () => ({ search: 'a', page: '1', pageSize: '10', role: 'DRIVER' }) },
  'GET /admin/users/:id': { caller: ADMIN, params: id((w) => w.user['driver2@acme.test'] as string) },
  'POST /admin/users': {
    caller: ORG_ADMIN,
    body: (w) => ({
      name: 'New Assistant',
      email: `asst.${(w.seq += 1)}@security.test`,
      role: 'ASST_ADMINISTRATOR',
      password: 'New-Assistant-2026',
    }),
  },
  'PUT /admin/users/:id': {
    caller: ORG_ADMIN,
    params: id((w) => w.user['driver2@acme.test'] as string),
    body: () => ({ name: 'Chinedu Obi', title: 'Driver' }),
  },
  'DELETE /admin/users/:id': { caller: REP, params: id((w) => w.attendant.unity) },
  'GET /admin/organizations': { caller: ADMIN, query: () => ({ search: 'Acme', status: 'ACTIVE' }) },
  'GET /admin/organizations/analytics': { caller: ADMIN },
  'GET /admin/organizations/:id': { caller: ADMIN, params: id((w) => w.tenantId.acme) },
  'POST /admin/organizations': {
    caller: ADMIN,
    body: (w) => ({ name: `Gamma Freight ${(w.seq += 1)}`, type: 'private_organisation', address: '1 Marina, Lagos' }),
  },
  'PUT /admin/organizations/:id': {
    caller: ADMIN,
    params: id((w) => w.tenantId.acme),
    body: () => ({ address: '12 Creek Road, Apapa, Lagos' }),
  },
  'DELETE /admin/organizations/:id': { caller: ADMIN, params: id((w) => w.tenantId.beta) },
  'GET /admin/fuel-stations': { caller: ADMIN, query: () => ({ search: 'Unity' }) },
  'GET /admin/fuel-stations/:id': { caller: ADMIN, params: id((w) => w.tenantId.unity) },
  'POST /admin/fuel-stations': {
    caller: ADMIN,
    body: (w) => ({ name: `Delta Fuels ${(w.seq += 1)}`, latitude: 6.5, longitude: 3.4, availableFuels: ['PETROL', 'DIESEL'] }),
  },
  'PUT /admin/fuel-stations/:id': {
    caller: ADMIN,
    params: id((w) => w.tenantId.unity),
    body: () => ({ address: '45 Obafemi Awolowo Way, Ikeja, Lagos' }),
  },
  'DELETE /admin/fuel-stations/:id': { caller: ADMIN, params: id((w) => w.tenantId.greenline) },
  'GET /subscriptions': { caller: ADMIN, query: () => ({ status: 'ACTIVE' }) },
  'POST /subscriptions': {
    caller: ADMIN,
    body: (w) => ({ name: `Fleet Plus ${(w.seq += 1)}`, amount: 50000, circle: 30, driversLimit: 10 }),
  },
  'PUT /subscriptions/:id': {
    caller: ADMIN,
    params: id((w) => w.plan.business),
    body: () => ({ description: 'For growing fleets with several groups' }),
  },
  'PATCH /fuel-requests/update-price': { caller: REP, body: () => ({ pricePerLitre: 951.5, fuelType: 'PETROL' }) },
  'GET /fuel-requests/prices': { caller: ADMIN, query: (w) => ({ stationId: w.tenantId.unity, fuelType: 'PETROL' }) },
  'GET /vehicles': { caller: ADMIN, query: (w) => ({ organizationId: w.tenantId.acme, type: 'VEHICLE' }) },
  'GET /vehicles/:id': { caller: ADMIN, params: id((w) => w.vehicle.hilux) },
  'GET /vehicles/stickers.pdf': { caller: ORG_ADMIN, query: (w) => ({ ids: w.vehicle.hilux }) },
  'GET /vehicles/:id/sticker': { caller: ORG_ADMIN, params: id((w) => w.vehicle.hilux) },
  'POST /vehicles': {
    caller: ORG_ADMIN,
    body: (w) => ({
      plateNumber: `SEC-${100 + (w.seq += 1)}-AA`,
      make: 'Toyota',
      model: 'Corolla',
      type: 'VEHICLE',
      fuelType: 'PETROL',
      tankSize: 50,
    }),
  },
  // Without a `file` the import is refused (400): the suites need only a body its schema accepts.
  'POST /vehicles/import': { caller: ORG_ADMIN, query: () => ({ dryRun: 'true' }), body: () => ({}) },
  'PUT /vehicles/:id': { caller: ORG_ADMIN, params: id((w) => w.vehicle.bike), body: () => ({ color: 'Red', year: 2023 }) },
  'DELETE /vehicles/:id': { caller: ORG_ADMIN, params: id((w) => w.vehicle.hilux) },
  'PATCH /vehicles/assign-driver': {
    caller: ORG_ADMIN,
    body: (w) => ({ driverId: w.user['driver2@acme.test'], vehicleId: w.vehicle.bike }),
  },
  'PATCH /vehicles/:id/unassign-driver': { caller: ORG_ADMIN, params: id((w) => w.vehicle.bike) },
  'GET /drivers': { caller: ORG_ADMIN, query: () => ({ unassigned: 'true' }) },
  'GET /drivers/:id': { caller: ORG_ADMIN, params: id((w) => w.user['driver2@acme.test'] as string) },
  'POST /drivers': {
    caller: ORG_ADMIN,
    body: (w) => ({ name: 'New Driver', email: `newdriver.${(w.seq += 1)}@security.test`, password: 'New-Driver-2026' }),
  },
  'POST /drivers/import': { caller: ADMIN, query: () => ({ dryRun: 'true' }), body: (w) => ({ organizationId: w.tenantId.acme }) },
  'PUT /drivers/:id': {
    caller: ORG_ADMIN,
    params: id((w) => w.user['driver2@acme.test'] as string),
    body: () => ({ title: 'Senior Driver' }),
  },
  'DELETE /drivers/:id': { caller: ORG_ADMIN, params: id((w) => w.user['driver2@acme.test'] as string) },
  'DELETE /drivers/:id/pump-pin': { caller: ORG_ADMIN, params: id((w) => w.user['driver2@acme.test'] as string) },
  // driver2 has a password, so the call answers 409 and sends nothing; the invitation itself is driver-invitation.api.test.ts's.
  'POST /drivers/:id/invitation': { caller: ORG_ADMIN, params: id((w) => w.user['driver2@acme.test'] as string) },
  'GET /departments': { caller: ORG_ADMIN, query: () => ({ status: 'ACTIVE' }) },
  'GET /departments/:id': { caller: ORG_ADMIN, params: id((w) => w.department.acme) },
  'POST /departments': { caller: ORG_ADMIN, body: (w) => ({ name: `Night Shift ${(w.seq += 1)}`, maxDailyConsumption: 100 }) },
  'PUT /departments/:id': { caller: ORG_ADMIN, params: id((w) => w.department.acme), body: () => ({ maxDailyConsumption: 200 }) },
  'DELETE /departments/:id': { caller: ORG_ADMIN, params: id((w) => w.department.acme) },
  'PATCH /departments/:id/unassign-driver': {
    caller: ORG_ADMIN,
    params: id((w) => w.department.acme),
    body: (w) => ({ driverId: w.user['driver2@acme.test'] }),
  },
  'GET /insurance/vehicle/:id': { caller: ORG_ADMIN, params: id((w) => w.vehicle.hilux) },
  'PUT /insurance/vehicle/:id': { caller: ORG_ADMIN, params: id((w) => w.vehicle.bike), body: insuranceBody },
  'GET /wallet': { caller: ADMIN, query: (w) => ({ organizationId: w.tenantId.acme }) },
  'GET /wallet/transactions/:walletId': {
    caller: ADMIN,
    params: (w) => ({ walletId: w.wallet.acme }),
    query: () => ({ type: 'CREDIT', page: '1' }),
  },
  'POST /wallet/fund': { caller: ORG_ADMIN, body: () => ({ amount: 1500.5 }) },
  'POST /wallet/make-purchase': { caller: ORG_ADMIN, body: (w) => ({ subscriptionId: w.plan.business }) },
  'GET /wallet/banks': { caller: REP },
  'GET /wallet/banks/verify': { caller: REP, query: () => ({ accountNumber: '0123456789', bankCode: '058' }) },
  'PATCH /wallet/:id/update-banking': {
    caller: REP,
    params: id((w) => w.wallet.unity),
    body: () => ({ accountNumber: '0123456789', bankCode: '058' }),
  },
  'POST /wallet/:id/create-transaction': {
    caller: ADMIN,
    params: id((w) => w.wallet.acme),
    body: () => ({ amount: 10, type: 'CREDIT', note: 'Goodwill credit' }),
  },
  'POST /wallet/:id/settle-payment': { caller: ADMIN, params: id((w) => w.wallet.unity), body: () => ({ amount: 1 }) },
  'POST /payments/webhook': { caller: null, body: () => ({ event: 'charge.success', data: { reference: 'none' } }) },
  // Africa's Talking's first callback of a session, from a number nobody holds (the gateway is unchecked in the tests).
  'POST /ussd': {
    caller: null,
    body: () => ({ sessionId: 'ATUid_fixture', serviceCode: '*384*4646#', phoneNumber: '+2348099999999', text: '' }),
  },
  'GET /payments/sandbox/checkout/:reference': { caller: null, params: (w) => ({ reference: w.paymentReference }) },
  'POST /payments/sandbox/checkout/:reference': {
    caller: null,
    params: (w) => ({ reference: w.paymentReference }),
    body: () => ({ outcome: 'failed' }),
  },
  'GET /fuel-reserves': { caller: ORG_ADMIN, query: () => ({ fuelType: 'CNG' }) },
  'GET /fuel-policies': { caller: ADMIN, query: (w) => ({ organizationId: w.tenantId.acme }) },
  'GET /fuel-policies/usage': { caller: ADMIN, query: (w) => ({ organizationId: w.tenantId.acme }) },
  'POST /fuel-policies': {
    caller: ORG_ADMIN,
    body: (w) => ({ rule: 'ALLOWED_DAYS', value: ['MON', 'TUE'], enforcement: 'HARD', scope: { type: 'VEHICLE', id: w.vehicle.bike } }),
  },
  'PUT /fuel-policies/:id': {
    caller: ORG_ADMIN,
    params: id((w) => w.policy.acme),
    body: () => ({ rule: 'MAX_LITRES_PER_FILL', value: 4000, enforcement: 'SOFT', scope: { type: 'ORGANIZATION' } }),
  },
  'DELETE /fuel-policies/:id': { caller: ORG_ADMIN, params: id((w) => w.policy.acme) },
  'GET /flags': {
    caller: ADMIN,
    query: (w) => ({
      organizationId: w.tenantId.acme,
      status: 'OPEN',
      severity: 'warning',
      code: 'TANK_OVERFILL',
      from: '2026-01-01',
      to: '2026-12-31',
      search: 'LND',
      sort: 'raisedAt',
      order: 'desc',
      page: '1',
      pageSize: '10',
    }),
  },
  'GET /overrides': {
    caller: ADMIN,
    query: (w) => ({ organizationId: w.tenantId.acme, status: 'PENDING', search: 'LND', page: '1', pageSize: '10' }),
  },
  'PATCH /overrides/:id': {
    caller: ORG_ADMIN,
    params: id((w) => w.override.acme),
    body: () => ({ decision: 'DECLINE', note: 'Not today' }),
  },
  'GET /station/overrides/:id': { caller: REP, params: id((w) => w.override.acme) },
  'POST /station/overrides/:id/cancel': { caller: REP, params: id((w) => w.override.acme) },
  'PATCH /flags/:id': { caller: ORG_ADMIN, params: id((w) => w.flag.acme), body: () => ({ status: 'SUSPECTED', note: 'Looks odd' }) },
  'POST /vehicles/:id/freeze': { caller: ORG_ADMIN, params: id((w) => w.vehicle.bike), body: () => ({ reason: 'Suspected siphoning' }) },
  'POST /vehicles/:id/unfreeze': { caller: ORG_ADMIN, params: id((w) => w.vehicle.bike) },
  'POST /drivers/:id/freeze': {
    caller: ORG_ADMIN,
    params: id((w) => w.user['driver2@acme.test'] as string),
    body: () => ({ reason: 'Under investigation' }),
  },
  'POST /drivers/:id/unfreeze': { caller: ORG_ADMIN, params: id((w) => w.user['driver2@acme.test'] as string) },
  'GET /audit-log': { caller: ORG_ADMIN, query: () => ({ action: 'fuel_request.approved', from: '2026-01-01', to: '2026-12-31' }) },
  'GET /alerts': { caller: ORG_ADMIN },
  'GET /webhooks': { caller: ORG_ADMIN },
  'POST /webhooks': {
    caller: ORG_ADMIN,
    body: (w) => ({ url: `https://hooks.example/${(w.seq += 1)}`, events: ['fuel_request.created', 'wallet.low_balance'] }),
  },
  'DELETE /webhooks/:id': { caller: ORG_ADMIN, params: id((w) => w.webhook.acme) },
  'GET /webhooks/:id/deliveries': { caller: ORG_ADMIN, params: id((w) => w.webhook.acme), query: () => ({ page: '1', pageSize: '10' }) },
  'GET /admin/messages': {
    caller: ADMIN,
    query: () => ({ status: 'FAILED', channel: 'EMAIL', search: 'acme', page: '1', pageSize: '10' }),
  },
  'PATCH /admin/messages/:id/resend': { caller: ADMIN, params: id((w) => w.failedMessage) },
  'GET /coupons/keys': { caller: null },
  'GET /wallet/statement': { caller: REP, query: () => ({ from: '2026-01-01', to: '2026-01-31', format: 'csv' }) },
  'GET /station/redemptions': { caller: REP, query: () => ({ from: '2026-01-01', to: '2026-12-31', page: '1', pageSize: '10' }) },
  'GET /station/open-coupons': { caller: 'attendant@unityfuels.test' },
  'GET /station/attendants': { caller: REP, query: () => ({ from: '2026-01-01', to: '2026-03-01' }) },
  'GET /station/follow-ups': { caller: REP, query: () => ({ status: 'OPEN', search: 'A', page: '1', pageSize: '10' }) },
  'PATCH /station/follow-ups/:id/resolve': {
    caller: REP,
    params: id((w) => w.followUp.unity),
    body: () => ({ note: 'Settled with the organization by transfer' }),
  },
  'POST /fuel-reserves': { caller: ORG_ADMIN, body: () => ({ fuelType: 'DIESEL', amount: 50, note: 'Quarterly reserve' }) },
  'PATCH /fuel-reserves/:id': { caller: ORG_ADMIN, params: id((w) => w.reserve.acme), body: () => ({ status: 'ACTIVE' }) },
  'GET /subscriptions/current': { caller: ORG_ADMIN },
  'POST /subscriptions/renew': { caller: ORG_ADMIN, body: (w) => ({ subscriptionId: w.plan.business }) },
  'GET /fuel-requests/my-requests': { caller: ORG_ADMIN, query: () => ({ status: 'APPROVED' }) },
  'GET /fuel-requests/all-requests': { caller: ADMIN, query: (w) => ({ organizationId: w.tenantId.acme }) },
  'GET /fuel-requests/single/:id': { caller: ADMIN, params: id((w) => w.fuel.acme.id) },
  'GET /fuel-requests/fuel-stations': { caller: ORG_ADMIN },
  'POST /fuel-requests': {
    caller: ORG_ADMIN,
    body: (w) => ({
      vehicleId: w.vehicle.bike,
      stationId: w.tenantId.unity,
      supplyDate: w.today,
      volume: 5,
      currentTankLevel: 20,
      note: 'Dispatch run',
    }),
  },
  'PATCH /fuel-requests/:id/approve': {
    caller: ORG_ADMIN,
    params: id((w) => w.fuel.acme.id),
    body: () => ({ note: 'Checked with the driver' }),
  },
  'PATCH /fuel-requests/:id/reject': { caller: ORG_ADMIN, params: id((w) => w.fuel.acme.id), body: () => ({ note: 'Use the pool car' }) },
  'PATCH /fuel-requests/:id/complete': {
    caller: REP,
    params: id((w) => w.fuel.acme.id),
    body: () => ({ code: 'AAAA-AAAA', dispensedVolume: 1 }),
  },
  'GET /fuel-requests/coupon': { caller: REP, query: () => ({ code: 'AAAA-AAAA' }) },
  'POST /fuel-requests/:id/confirmation-code': { caller: REP, params: id((w) => w.fuel.acme.id) },
  'POST /fuel-requests/:id/evidence': { caller: REP, params: id((w) => w.fuel.acme.id), body: () => ({ kind: 'ODOMETER_PHOTO' }) },
  'GET /fuel-requests/:id/generate-coupon': { caller: ORG_ADMIN, params: id((w) => w.fuel.acme.id) },
  'GET /maintenance/all-requests': { caller: ORG_ADMIN, query: () => ({ page: '1' }) },
  'GET /maintenance/my-requests': { caller: ORG_ADMIN },
  'GET /maintenance/single/:id': { caller: ORG_ADMIN, params: id((w) => w.maintenance.acme.id) },
  'POST /maintenance': {
    caller: ORG_ADMIN,
    body: (w) => ({ vehicleId: w.vehicle.bike, description: 'Oil change', date: w.today, cost: 15000 }),
  },
  'PATCH /maintenance/:id/approve': { caller: ORG_ADMIN, params: id((w) => w.maintenance.acme.id) },
  'PATCH /maintenance/:id/reject': { caller: ORG_ADMIN, params: id((w) => w.maintenance.acme.id), body: () => ({ note: 'Not now' }) },
  'PATCH /maintenance/:id/complete': {
    caller: REP,
    params: id((w) => w.maintenance.acme.id),
    body: () => ({ code: 'AAAA-AAAA', finalCost: 100 }),
  },
  'PATCH /maintenance/update-price': { caller: REP, body: (w) => ({ id: w.maintenance.acme.id, cost: 19000 }) },
  'GET /maintenance/:id/generate-coupon': { caller: ORG_ADMIN, params: id((w) => w.maintenance.acme.id) },
  'GET /analytics/overview': { caller: ADMIN, query: (w) => ({ months: '6', organizationId: w.tenantId.acme }) },
  'GET /analytics/efficiency': { caller: ORG_ADMIN, query: () => ({ from: '2026-01-01', to: '2026-06-30' }) },
  'GET /reports/x/combined': { caller: ORG_ADMIN, query: () => ({ startDate: '2026-01-01', endDate: '2026-12-31' }) },
  'GET /reports/x/insurance-status': { caller: ORG_ADMIN },
  'GET /reports/x/service-term': { caller: ORG_ADMIN },
  'GET /reports/x/vehicles-drivers-list': { caller: ORG_ADMIN },
  'GET /exports/vehicles.csv': { caller: ADMIN, query: (w) => ({ organizationId: w.tenantId.acme, type: 'VEHICLE' }) },
  'GET /exports/drivers.csv': { caller: ORG_ADMIN, query: () => ({ unassigned: 'true' }) },
  'GET /exports/groups.csv': { caller: ORG_ADMIN, query: () => ({ status: 'ACTIVE' }) },
  'GET /exports/fuel-requests.csv': { caller: ADMIN, query: (w) => ({ organizationId: w.tenantId.acme }) },
  'GET /exports/maintenance.csv': { caller: ORG_ADMIN, query: () => ({ status: 'PENDING' }) },
  'GET /exports/transactions.csv': { caller: ADMIN, query: (w) => ({ walletId: w.wallet.acme, type: 'CREDIT' }) },
  'PUT /account/profile': { caller: 'driver@acme.test', body: () => ({ name: 'Musa Ibrahim', phone: '08030000004', title: 'Driver' }) },
  'PUT /account/email': {
    caller: 'driver@acme.test',
    body: () => ({ email: 'musa@security.test', currentPassword: 'Not-The-Password-1' }),
  },
  'PUT /account/password': {
    caller: 'driver@acme.test',
    body: () => ({ currentPassword: 'Not-The-Password-1', newPassword: 'Another-Pass-2026' }),
  },
  'GET /account/sessions': { caller: ADMIN },
  'DELETE /account/sessions/:id': { caller: ADMIN, params: id((w) => w.session[ADMIN] as string) },
  'GET /account/notifications': { caller: ADMIN },
  'PUT /account/notifications': { caller: ADMIN, body: () => ({ requestDecisions: true, supportReplies: false }) },
  'PUT /account/pump-pin': { caller: 'driver@acme.test', body: () => ({ pin: '4821' }) },
  'PUT /account/station-pin': { caller: 'attendant@unityfuels.test', body: () => ({ pin: '4821', currentPassword: 'Not-The-Password-1' }) },
  'GET /station/device-attendants': { caller: 'attendant@unityfuels.test' },
  // The spare attendant has no station PIN: refused before anything is counted or a session changes.
  'POST /station/switch-attendant': { caller: 'attendant@unityfuels.test', body: (w) => ({ attendantId: w.attendant.unity, pin: '4821' }) },
  'DELETE /admin/users/:id/station-pin': { caller: REP, params: id((w) => w.attendant.unity) },
  'GET /support/contact': { caller: ADMIN },
  'GET /support/tickets': { caller: ADMIN, query: () => ({ status: 'OPEN' }) },
  'GET /support/tickets/:id': { caller: ADMIN, params: id((w) => w.ticket[ORG_ADMIN] as string) },
  'POST /support/tickets': {
    caller: ORG_ADMIN,
    body: () => ({ subject: 'Card payment failed', message: 'The checkout page said declined.' }),
  },
  'POST /support/tickets/:id/replies': {
    caller: ORG_ADMIN,
    params: id((w) => w.ticket[ORG_ADMIN] as string),
    body: () => ({ message: 'Any news?' }),
  },
  'PATCH /support/tickets/:id/close': { caller: ADMIN, params: id((w) => w.ticket['asst@acme.test'] as string) },
  'GET /settings/organization': { caller: ORG_ADMIN },
  'PUT /settings/organization': {
    caller: ORG_ADMIN,
    body: (w) => ({ defaultStationId: w.tenantId.unity, couponValidityDays: 5, allowExpiredInsurance: false }),
  },
  'GET /files/:key': { caller: ADMIN, params: (w) => ({ key: w.file.acme }) },
  'GET /api-keys': { caller: ORG_ADMIN },
  'POST /api-keys': { caller: ORG_ADMIN, body: () => ({ name: 'Fleet telematics', scope: 'request' }) },
  'DELETE /api-keys/:id': { caller: ORG_ADMIN, params: id((w) => w.apiKey.acme) },
  'GET /account/data-export': { caller: 'driver@acme.test' },
  'GET /drivers/:id/data-export': { caller: ORG_ADMIN, params: id((w) => w.user['driver2@acme.test'] as string) },
  'POST /drivers/:id/erase': { caller: ORG_ADMIN, params: id((w) => w.erasable.acme) },
  'GET /admin/users/:id/data-export': { caller: ADMIN, params: id((w) => w.user['orgadmin@beta.test'] as string) },
  'POST /admin/users/:id/erase': { caller: ADMIN, params: id((w) => w.erasable.beta) },
};

/** The keys a zod object schema declares (zod 4 exposes them as `shape`); empty for other schemas. */
export function shapeKeys(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
}
