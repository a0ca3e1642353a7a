/**
 * Issue 12's coverage of the audit trail: each state change it names, done through HTTP, writes
 * exactly one entry saying who did it (or null for the platform's own work: a provider's webhook,
 * the expiry job), what, to which record, the changed fields before and after, and from where.
 */
import type { AuditEntry } from '@fleetfuel/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { lagosDate } from '../../platform/clock.js';
import { signWebhook } from '../../platform/payments/provider.js';
import { useTestApp } from '../../../test/test-world.js';

/** User ids by e-mail, of the accounts below. */
const users: Record<string, string> = {};
/** Requests without a forwarded header (trustProxy is off) come from the injected connection's address. */
const LOCAL = '127.0.0.1';

const token = (email: string) => world.token(email);
const actor = (email: string) => ({ id: users[email] });

async function historyOf(entityId: string, query: Record<string, string> = {}): Promise<AuditEntry[]> {
  const res = await world.t.call('GET', '/api/audit-log', {
    token: token('admin@fleetfuel.test'),
    query: { entityId, pageSize: 100, ...query },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ entries: AuditEntry[] }>().entries;
}

/** The one entry of `action` on the record; fails when there is none or more than one. */
async function onlyEntry(entityId: string, action: string): Promise<AuditEntry> {
  const entries = await historyOf(entityId, { action });
  expect(entries, `${action} entries of ${entityId}`).toHaveLength(1);
  return entries[0] as AuditEntry;
}

/**
 * The one entry of `action` on the wallet is the platform's own (no actor, no address), with
 * `note`, moving the wallet's balance as `balance` says.
 */
async function expectPlatformWalletEntry(walletId: string, action: string, note: string, balance: { before: number; after: number }) {
  expect(await onlyEntry(walletId, action)).toMatchObject({
    entityType: 'wallet',
    entityId: walletId,
    actor: null,
    ipAddress: null,
    note,
    changes: { balance },
  });
}

/** A wallet's balance in naira, as the ledger holds it. */
async function balanceOf(walletId: string): Promise<number> {
  const row = await world.t.db.selectFrom('ledger_accounts').select('balance_kobo').where('id', '=', walletId).executeTakeFirstOrThrow();
  return Number(row.balance_kobo) / 100;
}

async function credit(walletId: string, amount: number, note = 'audit coverage funds') {
  const res = await world.t.call('POST', `/api/wallet/${walletId}/create-transaction`, {
    token: token('admin@fleetfuel.test'),
    body: { amount, type: 'CREDIT', note },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The sandbox's webhook secret, as app.ts derives it. */
async function sandboxSecret(): Promise<string> {
  const { createHmac } = await import('node:crypto');
  return createHmac('sha256', world.t.config.appSecret).update('sandbox-webhooks').digest('hex');
}

async function providerEvent(event: string, reference: string) {
  const raw = JSON.stringify({ event, data: { reference } });
  const res = await world.t.call('POST', '/api/payments/webhook', {
    body: raw,
    headers: { 'content-type': 'application/json', 'x-paystack-signature': signWebhook(await sandboxSecret(), raw) },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const world = useTestApp({
  signIn: ['admin@fleetfuel.test', 'orgadmin@acme.test', 'asst@acme.test', 'orgadmin@beta.test', 'rep@unityfuels.test'],
  ids: async (find, t) => {
    const walletOf = async (owner: 'organization_id' | 'fuel_station_id', id: string) =>
      (await t.db.selectFrom('ledger_accounts').select('id').where(owner, '=', id).executeTakeFirstOrThrow()).id;
    const ids = {
      hilux: await find.vehicle('LND-451-KJ'),
      unity: await find.station('Unity Fuels Ikeja'),
      greenline: await find.station('Greenline Energy Lekki'),
      acme: await find.organization('Acme Logistics'),
      beta: await find.organization('Beta Haulage'),
    };
    return {
      ...ids,
      acmeWallet: await walletOf('organization_id', ids.acme),
      betaWallet: await walletOf('organization_id', ids.beta),
      unityWallet: await walletOf('fuel_station_id', ids.unity),
    };
  },
  setUp: async ({ t, ids }) => {
    // The ids of the accounts the tests act as or on (driver2 is acted on only, never signed in).
    const emails = [
      'admin@fleetfuel.test',
      'orgadmin@acme.test',
      'asst@acme.test',
      'driver2@acme.test',
      'orgadmin@beta.test',
      'rep@unityfuels.test',
    ];
    const rows = await t.db.selectFrom('users').select(['id', 'email']).where('email', 'in', emails).execute();
    for (const row of rows) users[row.email as string] = row.id;
    await credit(ids.acmeWallet, 500_000);
  },
});

describe('decisions and status changes', () => {
  it('a reserve approval', async () => {
    const created = await world.t.call('POST', '/api/fuel-reserves', {
      token: token('asst@acme.test'),
      body: { fuelType: 'DIESEL', amount: 400 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const reserveId = created.json().reserve.id as string;
    // Requesting a reserve is not a decision: nothing yet.
    expect(await historyOf(reserveId)).toEqual([]);

    const approved = await world.t.call('PATCH', `/api/fuel-reserves/${reserveId}`, { token: token('orgadmin@acme.test'), body: {} });
    expect(approved.statusCode, approved.body).toBe(200);
    const entries = await historyOf(reserveId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'reserve.approved',
      entityType: 'reserve',
      entityId: reserveId,
      actor: { ...actor('orgadmin@acme.test'), name: 'Tunde Bakare', role: 'ADMINISTRATOR' },
      changes: { status: { before: 'PENDING', after: 'ACTIVE' } },
      ipAddress: LOCAL,
    });
  });

  it('an organization status change, and nothing for an edit that leaves the status', async () => {
    const suspend = await world.t.call('PUT', `/api/admin/organizations/${world.ids.beta}`, {
      token: token('admin@fleetfuel.test'),
      body: { status: 'SUSPENDED' },
    });
    expect(suspend.statusCode, suspend.body).toBe(200);
    const entry = await onlyEntry(world.ids.beta, 'organization.status_changed');
    expect(entry).toMatchObject({
      entityType: 'organization',
      entityId: world.ids.beta,
      actor: { ...actor('admin@fleetfuel.test'), name: 'Ada Okafor', role: 'ADMIN' },
      changes: { status: { before: 'ACTIVE', after: 'SUSPENDED' } },
      ipAddress: LOCAL,
    });
    // The organization's own admin reads it in its scope.
    const own = await world.t.call('GET', '/api/audit-log', { token: token('orgadmin@beta.test'), query: { entityId: world.ids.beta } });
    expect(own.json().entries.map((e: AuditEntry) => e.id)).toContain(entry.id);

    await world.t.call('PUT', `/api/admin/organizations/${world.ids.beta}`, {
      token: token('admin@fleetfuel.test'),
      body: { status: 'SUSPENDED' },
    });
    expect(await historyOf(world.ids.beta, { action: 'organization.status_changed' })).toHaveLength(1);
    const restore = await world.t.call('PUT', `/api/admin/organizations/${world.ids.beta}`, {
      token: token('admin@fleetfuel.test'),
      body: { status: 'ACTIVE' },
    });
    expect(restore.statusCode, restore.body).toBe(200);
    const [latest] = await historyOf(world.ids.beta, { action: 'organization.status_changed' });
    expect(latest?.changes).toEqual({ status: { before: 'SUSPENDED', after: 'ACTIVE' } });
  });

  it('a user role change and a user status change, one entry each', async () => {
    const userId = users['driver2@acme.test'] as string;
    const promoted = await world.t.call('PUT', `/api/admin/users/${userId}`, {
      token: token('admin@fleetfuel.test'),
      body: { role: 'ASST_ADMINISTRATOR' },
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(await historyOf(userId)).toHaveLength(1);
    expect(await onlyEntry(userId, 'user.role_changed')).toMatchObject({
      entityType: 'user',
      entityId: userId,
      actor: { ...actor('admin@fleetfuel.test'), role: 'ADMIN' },
      changes: { role: { before: 'DRIVER', after: 'ASST_ADMINISTRATOR' } },
      ipAddress: LOCAL,
    });

    const disabled = await world.t.call('PUT', `/api/admin/users/${userId}`, {
      token: token('orgadmin@acme.test'),
      body: { status: 'INACTIVE' },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(await historyOf(userId)).toHaveLength(2);
    const status = await onlyEntry(userId, 'user.status_changed');
    expect(status).toMatchObject({
      entityType: 'user',
      actor: { ...actor('orgadmin@acme.test'), role: 'ADMINISTRATOR' },
      changes: { status: { before: 'ACTIVE', after: 'INACTIVE' } },
      ipAddress: LOCAL,
    });
    expect(Object.keys(status.changes)).toEqual(['status']);
  });

  it('a fuel station status change', async () => {
    const res = await world.t.call('PUT', `/api/admin/fuel-stations/${world.ids.greenline}`, {
      token: token('admin@fleetfuel.test'),
      body: { status: 'INACTIVE' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await historyOf(world.ids.greenline)).toHaveLength(1);
    expect(await onlyEntry(world.ids.greenline, 'fuel_station.status_changed')).toMatchObject({
      entityType: 'fuel_station',
      entityId: world.ids.greenline,
      actor: { ...actor('admin@fleetfuel.test'), role: 'ADMIN' },
      changes: { status: { before: 'ACTIVE', after: 'INACTIVE' } },
      ipAddress: LOCAL,
    });
  });

  it('an asset status change, and nothing for an edit that leaves the status', async () => {
    const hilux = world.ids.hilux;
    const renamed = await world.t.call('PUT', `/api/vehicles/${hilux}`, { token: token('orgadmin@acme.test'), body: { color: 'Silver' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await historyOf(hilux)).toEqual([]);

    const parked = await world.t.call('PUT', `/api/vehicles/${hilux}`, {
      token: token('orgadmin@acme.test'),
      body: { status: 'INACTIVE' },
    });
    expect(parked.statusCode, parked.body).toBe(200);
    expect(await onlyEntry(hilux, 'vehicle.status_changed')).toMatchObject({
      entityType: 'vehicle',
      entityId: hilux,
      actor: { ...actor('orgadmin@acme.test'), role: 'ADMINISTRATOR' },
      changes: { status: { before: 'ACTIVE', after: 'INACTIVE' } },
      ipAddress: LOCAL,
    });
    const back = await world.t.call('PUT', `/api/vehicles/${hilux}`, { token: token('orgadmin@acme.test'), body: { status: 'ACTIVE' } });
    expect(back.statusCode, back.body).toBe(200);
    expect(await historyOf(hilux)).toHaveLength(2);
  });

  it('a group status change', async () => {
    const group = await world.t.db
      .selectFrom('departments')
      .select(['id', 'status'])
      .where('organization_id', '=', world.ids.acme)
      .where('status', '=', 'ACTIVE')
      .executeTakeFirstOrThrow();
    const res = await world.t.call('PUT', `/api/departments/${group.id}`, { token: token('asst@acme.test'), body: { status: 'INACTIVE' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await historyOf(group.id)).toHaveLength(1);
    expect(await onlyEntry(group.id, 'department.status_changed')).toMatchObject({
      entityType: 'department',
      actor: { ...actor('asst@acme.test'), name: 'Ngozi Eze', role: 'ASST_ADMINISTRATOR' },
      changes: { status: { before: 'ACTIVE', after: 'INACTIVE' } },
      ipAddress: LOCAL,
    });
    await world.t.call('PUT', `/api/departments/${group.id}`, { token: token('asst@acme.test'), body: { status: 'ACTIVE' } });
  });

  it('an approved maintenance job takes the asset out of service, in the asset’s own history too', async () => {
    const other = await world.t.db
      .selectFrom('vehicles')
      .select('id')
      .where('organization_id', '=', world.ids.acme)
      .where('id', '!=', world.ids.hilux)
      .where('status', '=', 'ACTIVE')
      .where('type', '=', 'VEHICLE')
      .executeTakeFirstOrThrow();
    const created = await world.t.call('POST', '/api/maintenance', {
      token: token('orgadmin@acme.test'),
      body: { vehicleId: other.id, description: 'Wheel alignment', date: lagosDate(new Date()), cost: 20000, currentTankLevel: 40 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const jobId = created.json().request.id as string;
    const approved = await world.t.call('PATCH', `/api/maintenance/${jobId}/approve`, { token: token('orgadmin@acme.test') });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await onlyEntry(jobId, 'maintenance_request.approved')).toMatchObject({ entityType: 'maintenance_request' });
    expect(await historyOf(other.id)).toHaveLength(1);
    expect(await onlyEntry(other.id, 'vehicle.status_changed')).toMatchObject({
      entityType: 'vehicle',
      actor: { ...actor('orgadmin@acme.test'), role: 'ADMINISTRATOR' },
      changes: { status: { before: 'ACTIVE', after: 'UNDER_MAINTENANCE' } },
      ipAddress: LOCAL,
      note: 'Maintenance approved',
    });
  });
});

describe('money movements', () => {
  it('a subscription renewed from the wallet: the organization’s renewal and the wallet’s debit', async () => {
    await sql`UPDATE organizations SET next_billing = now() - interval '2 days' WHERE id = ${world.ids.beta}`.execute(world.t.db);
    const before = await world.t.db
      .selectFrom('organizations')
      .select('next_billing')
      .where('id', '=', world.ids.beta)
      .executeTakeFirstOrThrow();
    await credit(world.ids.betaWallet, 30000);
    const balance = await balanceOf(world.ids.betaWallet);

    const renewed = await world.t.call('POST', '/api/subscriptions/renew', { token: token('orgadmin@beta.test'), body: {} });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const after = await world.t.db
      .selectFrom('organizations')
      .select('next_billing')
      .where('id', '=', world.ids.beta)
      .executeTakeFirstOrThrow();

    const renewal = await onlyEntry(world.ids.beta, 'organization.renewed');
    expect(renewal).toMatchObject({
      entityType: 'organization',
      actor: { ...actor('orgadmin@beta.test'), name: 'Halima Yusuf', role: 'ADMINISTRATOR' },
      ipAddress: LOCAL,
      note: 'Starter plan: ₦25,000.00 paid from the wallet',
    });
    // Same plan: only the billing date changed.
    expect(renewal.changes).toEqual({
      nextBilling: { before: (before.next_billing as Date).toISOString(), after: (after.next_billing as Date).toISOString() },
    });

    expect(await onlyEntry(world.ids.betaWallet, 'wallet.subscription_paid')).toMatchObject({
      entityType: 'wallet',
      actor: { ...actor('orgadmin@beta.test'), role: 'ADMINISTRATOR' },
      changes: { balance: { before: balance, after: balance - 25000 } },
      ipAddress: LOCAL,
    });

    // Paid by card instead: the card money passes through the wallet, by the platform's hand.
    await sql`UPDATE organizations SET next_billing = now() - interval '1 day' WHERE id = ${world.ids.beta}`.execute(world.t.db);
    const plan = (name: string) =>
      world.t.db.selectFrom('subscription_plans').select('id').where('name', '=', name).executeTakeFirstOrThrow();
    const [starter, business] = [await plan('Starter'), await plan('Business')];
    const purchase = await world.t.call('POST', '/api/wallet/make-purchase', {
      token: token('orgadmin@beta.test'),
      body: { subscriptionId: business.id },
    });
    expect(purchase.statusCode, purchase.body).toBe(200);
    const reference = purchase.json().reference as string;
    await world.t.call('POST', `/api/payments/sandbox/checkout/${reference}`, {
      body: 'outcome=success',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    await world.t.app.background.idle();
    const [byCard] = await historyOf(world.ids.beta, { action: 'organization.renewed' });
    expect(byCard).toMatchObject({ actor: null, ipAddress: null, note: 'Business plan: paid by card' });
    expect(byCard?.changes.subscriptionPlanId).toEqual({ before: starter.id, after: business.id });
    const cardPaid = (await historyOf(world.ids.betaWallet, { action: 'wallet.subscription_paid' }))[0];
    expect(cardPaid).toMatchObject({ actor: null, note: `Subscription renewal paid by card ${reference}` });
    const funded = await onlyEntry(world.ids.betaWallet, 'wallet.funded');
    expect(funded.note).toBe(`Card payment ${reference}`);
    // In and straight out again: the balance ends where it started.
    expect(funded.changes.balance).toEqual({ before: balance - 25000, after: balance + 50000 });
    expect(cardPaid?.changes.balance).toEqual({ before: balance + 50000, after: balance - 25000 });
  });

  it('card funding through the sandbox provider is credited once, by the platform', async () => {
    const balance = await balanceOf(world.ids.acmeWallet);
    const fund = await world.t.call('POST', '/api/wallet/fund', { token: token('asst@acme.test'), body: { amount: 40000 } });
    expect(fund.statusCode, fund.body).toBe(200);
    const reference = fund.json().reference as string;
    // Starting a checkout moves no money.
    expect(await historyOf(world.ids.acmeWallet, { action: 'wallet.funded' })).toEqual([]);

    const paid = await world.t.call('POST', `/api/payments/sandbox/checkout/${reference}`, {
      body: 'outcome=success',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(paid.statusCode).toBe(303);
    await world.t.app.background.idle();
    // The provider says it again: still one credit, one entry.
    await providerEvent('charge.success', reference);

    await expectPlatformWalletEntry(world.ids.acmeWallet, 'wallet.funded', `Card payment ${reference}`, {
      before: balance,
      after: balance + 40000,
    });
  });

  it('a payout, its reversal by the bank, and a payout whose transfer fails', async () => {
    const wallet = world.ids.unityWallet;
    const bank = (accountNumber: string) =>
      world.t.call('PATCH', `/api/wallet/${wallet}/update-banking`, {
        token: token('rep@unityfuels.test'),
        body: { accountNumber, bankCode: '058' },
      });
    /** The platform admin pays `amount` out to the wallet's bank account: the payout's reference, once its transfer went. */
    const payOut = async (amount: number) => {
      const res = await world.t.call('POST', `/api/wallet/${wallet}/settle-payment`, {
        token: token('admin@fleetfuel.test'),
        body: { amount },
      });
      expect(res.statusCode, res.body).toBe(200);
      await world.t.app.background.idle();
      return res.json().payout.reference as string;
    };
    expect((await bank('0123456780')).statusCode).toBe(200);
    await credit(wallet, 30000);
    const start = await balanceOf(wallet);

    const reference = await payOut(12000);
    expect(await onlyEntry(wallet, 'wallet.paid_out')).toMatchObject({
      entityType: 'wallet',
      actor: { ...actor('admin@fleetfuel.test'), role: 'ADMIN' },
      ipAddress: LOCAL,
      note: `Payout ${reference}`,
      changes: { balance: { before: start, after: start - 12000 } },
    });
    // Reaching the bank moves nothing on the wallet.
    expect(await historyOf(wallet, { action: 'wallet.payout_reversed' })).toEqual([]);

    // The bank sends the money back after the payout succeeded; the event may come twice.
    await sql`UPDATE sandbox_transfers SET status = 'reversed' WHERE reference = ${reference}`.execute(world.t.db);
    await providerEvent('transfer.reversed', reference);
    await providerEvent('transfer.reversed', reference);
    expect(await balanceOf(wallet)).toBe(start);
    const reversedNote = `Payout ${reference}: The bank transfer reversed; the money is back on the wallet`;
    await expectPlatformWalletEntry(wallet, 'wallet.payout_reversed', reversedNote, { before: start - 12000, after: start });

    // The sandbox fails transfers to accounts ending in 9.
    expect((await bank('0123456789')).statusCode).toBe(200);
    const failedReference = await payOut(5000);
    await providerEvent('transfer.failed', failedReference);
    expect(await balanceOf(wallet)).toBe(start);
    const failedNote = `Payout ${failedReference}: The bank transfer failed; the money is back on the wallet`;
    await expectPlatformWalletEntry(wallet, 'wallet.payout_failed', failedNote, { before: start - 5000, after: start });
    expect(await historyOf(wallet, { action: 'wallet.paid_out' })).toHaveLength(2);
  });

  it('an expired coupon gives its held money back: on a refused redemption, and by the expiry job', async () => {
    const approvedRequest = async () => {
      const created = await world.t.call('POST', '/api/fuel-requests', {
        token: token('orgadmin@acme.test'),
        body: { vehicleId: world.ids.hilux, stationId: world.ids.unity, supplyDate: lagosDate(new Date()), volume: 30 },
      });
      expect(created.statusCode, created.body).toBe(200);
      const id = created.json().request.id as string;
      const approved = await world.t.call('PATCH', `/api/fuel-requests/${id}/approve`, { token: token('orgadmin@acme.test') });
      expect(approved.statusCode, approved.body).toBe(200);
      await sql`UPDATE fuel_requests SET coupon_expires_at = now() - interval '1 hour' WHERE id = ${id}`.execute(world.t.db);
      return { id, code: approved.json().request.couponCode as string, held: approved.json().request.heldAmount as number };
    };

    const redeemed = await approvedRequest();
    const refused = await world.t.call('PATCH', `/api/fuel-requests/${redeemed.id}/complete`, {
      token: token('rep@unityfuels.test'),
      body: { code: redeemed.code, dispensedVolume: 10 },
    });
    expect(refused.statusCode).toBe(422);
    expect(await onlyEntry(redeemed.id, 'fuel_request.expired')).toMatchObject({
      entityType: 'fuel_request',
      actor: { ...actor('rep@unityfuels.test'), role: 'STATION_REP' },
      ipAddress: LOCAL,
      changes: { status: { before: 'APPROVED', after: 'EXPIRED' }, heldAmount: { before: redeemed.held, after: 0 } },
    });
    // The organization and the station both see it.
    for (const email of ['orgadmin@acme.test', 'rep@unityfuels.test']) {
      const seen = await world.t.call('GET', '/api/audit-log', {
        token: token(email),
        query: { entityId: redeemed.id, action: 'fuel_request.expired' },
      });
      expect(seen.json().entries, email).toHaveLength(1);
    }

    const lapsed = await approvedRequest();
    expect(await world.t.app.jobs.expireCoupons()).toBeGreaterThanOrEqual(1);
    expect(await onlyEntry(lapsed.id, 'fuel_request.expired')).toMatchObject({
      actor: null,
      ipAddress: null,
      changes: { status: { before: 'APPROVED', after: 'EXPIRED' }, heldAmount: { before: lapsed.held, after: 0 } },
    });
    expect(await world.t.app.jobs.expireCoupons()).toBe(0);
    expect(await historyOf(lapsed.id, { action: 'fuel_request.expired' })).toHaveLength(1);
  });
});

describe('the entry is part of the change', () => {
  it('a wallet adjustment whose entry cannot be written does not move the money', async () => {
    const wallet = world.ids.acmeWallet;
    const balance = await balanceOf(wallet);
    const adjustments = (await historyOf(wallet, { action: 'wallet.adjusted' })).length;
    // A test-only trigger refuses this wallet's adjustment entry, after the ledger has posted.
    await sql`CREATE FUNCTION refuse_coverage_entry() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.entity_id = ${sql.lit(wallet)} AND NEW.action = 'wallet.adjusted' THEN RAISE EXCEPTION 'refused by the test'; END IF;
        RETURN NEW;
      END $$`.execute(world.t.db);
    await sql`CREATE TRIGGER refuse_coverage_entry BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_coverage_entry()`.execute(
      world.t.db,
    );
    try {
      const res = await world.t.call('POST', `/api/wallet/${wallet}/create-transaction`, {
        token: token('admin@fleetfuel.test'),
        body: { amount: 7000, type: 'CREDIT', note: 'must not land' },
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await sql`DROP TRIGGER refuse_coverage_entry ON audit_log`.execute(world.t.db);
      await sql`DROP FUNCTION refuse_coverage_entry()`.execute(world.t.db);
    }
    expect(await balanceOf(wallet)).toBe(balance);
    expect(await historyOf(wallet, { action: 'wallet.adjusted' })).toHaveLength(adjustments);
    const posted = await world.t.db.selectFrom('postings').select('id').where('note', '=', 'must not land').execute();
    expect(posted).toEqual([]);
  });
});
