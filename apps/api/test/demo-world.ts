/** Lookups and set-up steps over the demo data that API tests share. */
import type { TestApp } from './harness.js';

/** Ids of demo records by what people call them: a vehicle's plate, a station's or an organization's name. */
export function demoIds(t: TestApp) {
  return {
    vehicle: async (plate: string) =>
      (await t.db.selectFrom('vehicles').select('id').where('plate_number', '=', plate).executeTakeFirstOrThrow()).id,
    station: async (name: string) =>
      (await t.db.selectFrom('fuel_stations').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id,
    organization: async (name: string) =>
      (await t.db.selectFrom('organizations').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id,
  };
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
