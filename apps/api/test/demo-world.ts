/** Lookups and set-up steps over the demo data that API tests share. */
import type { TestApp } from './harness.js';

/** Ids of demo records by what people call them: a vehicle's plate, a station's or an organization's name, a user's e-mail. */
export function demoIds(t: TestApp) {
  return {
    vehicle: async (plate: string) =>
      (await t.db.selectFrom('vehicles').select('id').where('plate_number', '=', plate).executeTakeFirstOrThrow()).id,
    station: async (name: string) =>
      (await t.db.selectFrom('fuel_stations').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id,
    organization: async (name: string) =>
      (await t.db.selectFrom('organizations').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id,
    user: async (email: string) => (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id,
  };
}

/** Every row's id by its name, in a table of named records: groups, organizations, plans. */
export async function idsByName(
  t: TestApp,
  table: 'departments' | 'organizations' | 'subscription_plans',
): Promise<Record<string, string>> {
  const rows: Array<{ id: string; name: string }> = await t.db.selectFrom(table).select(['id', 'name']).execute();
  return Object.fromEntries(rows.map((row) => [row.name, row.id]));
}

/** How many assets (vehicles, generators, …) an organization has. */
export async function assetCount(t: TestApp, organizationId: string): Promise<number> {
  const { n } = await t.db
    .selectFrom('vehicles')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('organization_id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Credits an organization's wallet through the platform admin's adjustment, as the admin would. */
export async function creditOrganization(t: TestApp, organizationName: string, amount: number): Promise<void> {
  const admin = await t.login('admin@fleetfuel.test');
  const organizationId = await demoIds(t).organization(organizationName);
  const { wallet } = (await t.call('GET', '/api/wallet', { token: admin, query: { organizationId } })).json<{ wallet: { id: string } }>();
  const res = await t.call('POST', `/api/wallet/${wallet.id}/create-transaction`, {
    token: admin,
    body: { amount, type: 'CREDIT', note: 'test funds' },
  });
  if (res.statusCode !== 200) throw new Error(`crediting ${organizationName} failed: ${res.statusCode} ${res.body}`);
}

/**
 * Brings a wallet's available money (its balance less what is held) to `naira` exactly, with a
 * platform admin's credit or debit as `adminToken`, so that a test's exact figures do not depend on
 * what the file's other tests, run before it in any order, left there.
 */
export async function setAvailable(t: TestApp, adminToken: string, walletId: string, naira: number): Promise<void> {
  const account = await t.db
    .selectFrom('ledger_accounts')
    .select(['balance_kobo', 'held_kobo'])
    .where('id', '=', walletId)
    .executeTakeFirstOrThrow();
  const change = naira * 100 - (Number(account.balance_kobo) - Number(account.held_kobo));
  if (change === 0) return;
  const res = await t.call('POST', `/api/wallet/${walletId}/create-transaction`, {
    token: adminToken,
    body: { amount: Math.abs(change) / 100, type: change > 0 ? 'CREDIT' : 'DEBIT', note: 'Test set-up' },
  });
  if (res.statusCode !== 200) throw new Error(`setting wallet ${walletId} to ₦${naira} failed: ${res.statusCode} ${res.body}`);
}

/** Signs each demo account in: its bearer token by e-mail. */
export async function signInAll(t: TestApp, emails: readonly string[]): Promise<Record<string, string>> {
  const tokens: Record<string, string> = {};
  for (const email of emails) tokens[email] = await t.login(email);
  return tokens;
}

/**
 * The demo accounts most API test files act as: the platform admin; Acme's admin, assistant admin
 * and driver; Beta's admin (another tenant); Unity Fuels' station rep.
 */
export const USUAL_ACCOUNTS = [
  'admin@fleetfuel.test',
  'orgadmin@acme.test',
  'asst@acme.test',
  'driver@acme.test',
  'orgadmin@beta.test',
  'rep@unityfuels.test',
] as const;

/** The usual accounts and the stations' other people: Unity Fuels' attendant and Greenline's rep (another station). */
export const STATION_ACCOUNTS = [...USUAL_ACCOUNTS, 'attendant@unityfuels.test', 'rep@greenline.test'] as const;

/** The ids `requestIds` looks up. */
export type RequestIds = Record<'hilux' | 'truck' | 'betaTruck' | 'unity' | 'greenline', string>;

/**
 * The demo vehicles and stations request tests raise requests for: Acme's Hilux (80 L tank, driven
 * by driver@acme.test) and truck, Beta's truck, and the stations Unity Fuels and Greenline.
 */
export async function requestIds(t: TestApp): Promise<RequestIds> {
  const find = demoIds(t);
  return {
    hilux: await find.vehicle('LND-451-KJ'),
    truck: await find.vehicle('APP-220-XA'),
    betaTruck: await find.vehicle('KAN-903-BT'),
    unity: await find.station('Unity Fuels Ikeja'),
    greenline: await find.station('Greenline Energy Lekki'),
  };
}

/**
 * The set-up request test files share: signs the station accounts in (into `tokens`), looks the
 * request ids up (into `ids`) and credits Acme's wallet ₦400,000 for its requests' holds.
 */
export async function setUpStationWorld(t: TestApp, tokens: Record<string, string>, ids: Record<string, string>): Promise<void> {
  Object.assign(tokens, await signInAll(t, STATION_ACCOUNTS));
  Object.assign(ids, await requestIds(t));
  await creditOrganization(t, 'Acme Logistics', 400_000);
}
