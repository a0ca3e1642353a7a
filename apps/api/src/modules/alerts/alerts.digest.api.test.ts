/**
 * The daily digest of alerts (issue 12): two instances run the job at the same moment, as their
 * timers would; each willing organization admin gets one e-mail a day naming the organization's
 * real alerts, and nobody else gets one.
 */
import { calendarDay, formatNaira, koboToNaira, type Alert } from '@fleetfuel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lagosDate } from '../../platform/clock.js';
import { createTestApps, movableClock, type OutboxMail, type TestApp } from '../../../test/harness.js';
import { DIGEST_ORGANIZATIONS_PER_PAGE } from './alerts.digest.js';

const DAY_MS = 86_400_000;
const clock = movableClock(new Date());
let a: TestApp;
let b: TestApp;
let acmeAdmin: string;
let platformAdmin: string;

/** Where each instance's outbox stands now, to read what is sent after it. */
const outboxMark = (): [number, number] => [a.outbox().length, b.outbox().length];
/** Digests sent by either instance since `mark` (each instance writes its own outbox). */
const digests = (mark: [number, number] = [0, 0]): OutboxMail[] =>
  [...a.outbox().slice(mark[0]), ...b.outbox().slice(mark[1])].filter((mail) => mail.subject.startsWith('FleetFuel daily digest'));
const alertsOf = async (token: string) => {
  const res = await a.call('GET', '/api/alerts', { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ alerts: Alert[]; total: number }>();
};
/** Every instance runs the job twice at once, and sends what it wrote; returns how many of those calls ran it. */
async function runEverywhere(): Promise<number> {
  const runs = await Promise.all([a.app.jobs.dailyDigest(), b.app.jobs.dailyDigest(), a.app.jobs.dailyDigest(), b.app.jobs.dailyDigest()]);
  // The run writes its e-mails into the outbox; either instance's sender may take them.
  await Promise.all([a.app.background.idle(), b.app.background.idle()]);
  return runs.filter(Boolean).length;
}
const setDigest = async (token: string, on: boolean) => {
  const res = await b.call('PUT', '/api/account/notifications', { token, body: { dailyDigest: on } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ dailyDigest: on, requestDecisions: true });
};

beforeAll(async () => {
  [a, b] = (await createTestApps(2, {}, { clock })) as [TestApp, TestApp];
  acmeAdmin = await a.login('orgadmin@acme.test');
  platformAdmin = await a.login('admin@fleetfuel.test');
});
afterAll(async () => {
  await a.close();
  await b.close();
});

// One story told day by day on one clock: the assistant opts out, the first day's digests go, the
// next day's reach the assistant who opted back in, then the walk across pages. Its steps run in
// order even in a shuffled run (npm run test:shuffled); a step run alone fails, it does not pass.
describe('the daily digest of alerts', { shuffle: false }, () => {
  let lowWalletMessage: string;
  let quietAdminEmail: string;

  it('is on by default and can be turned off and on through the Account preferences', async () => {
    const asst = await a.login('asst@acme.test');
    const before = await a.call('GET', '/api/account/notifications', { token: asst });
    expect(before.json()).toMatchObject({ dailyDigest: true });
    await setDigest(asst, false);
    expect((await a.call('GET', '/api/account/notifications', { token: asst })).json()).toMatchObject({ dailyDigest: false });
    const unknown = await a.call('PUT', '/api/account/notifications', { token: asst, body: { dailyDigest: 'yes' } });
    expect(unknown.statusCode).toBe(400);
  });

  it('sends each willing admin exactly one digest of its organization’s real alerts, however many instances run it', async () => {
    // A wallet below the threshold Acme chooses through the settings API, so the digest has a known line.
    const wallet = await a.db
      .selectFrom('ledger_accounts as l')
      .innerJoin('organizations as o', 'o.id', 'l.organization_id')
      .select(['l.balance_kobo', 'l.held_kobo'])
      .where('o.name', '=', 'Acme Logistics')
      .executeTakeFirstOrThrow();
    const available = BigInt(wallet.balance_kobo) - BigInt(wallet.held_kobo);
    const threshold = available + 500_000n;
    const saved = await a.call('PUT', '/api/settings/organization', {
      token: acmeAdmin,
      body: { lowBalanceThreshold: koboToNaira(threshold) },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    lowWalletMessage = `The wallet of Acme Logistics holds ${formatNaira(available)}, below its threshold of ${formatNaira(threshold)}`;

    // An organization with nothing to report: no vehicles, no subscription, a threshold of zero.
    const created = await a.call('POST', '/api/admin/organizations', {
      token: platformAdmin,
      body: { name: 'Quiet Freight', type: 'other' },
    });
    expect(created.statusCode, created.body).toBe(200);
    quietAdminEmail = 'boss@quietfreight.test';
    const admin = await a.call('POST', '/api/admin/users', {
      token: platformAdmin,
      body: {
        name: 'Quiet Boss',
        email: quietAdminEmail,
        password: 'Quiet-Freight-2026',
        role: 'ADMINISTRATOR',
        organizationId: created.json<{ id: string }>().id,
      },
    });
    expect(admin.statusCode, admin.body).toBe(200);
    const quietAdmin = await a.login(quietAdminEmail, 'Quiet-Freight-2026');
    expect((await a.call('PUT', '/api/settings/organization', { token: quietAdmin, body: { lowBalanceThreshold: 0 } })).statusCode).toBe(
      200,
    );
    expect((await alertsOf(quietAdmin)).total).toBe(0);

    const acmeAlerts = await alertsOf(acmeAdmin);
    const betaAlerts = await alertsOf(await a.login('orgadmin@beta.test'));
    expect(acmeAlerts.total).toBeGreaterThan(1);
    expect(betaAlerts.total).toBeGreaterThan(0);

    expect(await runEverywhere()).toBe(1);
    // Later calls that day (any instance) send nothing more.
    expect(await runEverywhere()).toBe(0);

    const sent = digests();
    // The asst opted out, drivers never get one, Quiet Freight has no alerts.
    expect(sent.map((mail) => mail.to).sort()).toEqual(['orgadmin@acme.test', 'orgadmin@beta.test']);
    expect(sent.some((mail) => mail.to.startsWith('driver') || mail.to === 'asst@acme.test' || mail.to === quietAdminEmail)).toBe(false);

    const acme = sent.find((mail) => mail.to === 'orgadmin@acme.test') as OutboxMail;
    expect(acme.subject).toBe(`FleetFuel daily digest: ${acmeAlerts.total} alerts for Acme Logistics`);
    expect(acme.text).toContain('Hello Tunde Bakare,');
    expect(acme.text).toContain(
      `Acme Logistics has ${acmeAlerts.total} alerts needing attention on ${calendarDay(lagosDate(clock.now()))}.`,
    );
    expect(acme.text).toContain(`Low wallet balance (1):\n- ${lowWalletMessage}`);
    const insurance = acmeAlerts.alerts.filter((alert) => alert.kind === 'INSURANCE_EXPIRY');
    expect(insurance.map((alert) => alert.message)).toContainEqual(expect.stringMatching(/^APP-220-XA: Insurance expired on /));
    expect(acme.text).toContain(`Insurance expiring (${insurance.length}):`);
    for (const alert of insurance) expect(acme.text).toContain(`- ${alert.message}`);
    expect(acme.text).toContain('See every alert under the bell at the top of FleetFuel: http://app.test');

    const beta = sent.find((mail) => mail.to === 'orgadmin@beta.test') as OutboxMail;
    expect(beta.subject).toMatch(/ for Beta Haulage$/);
    // Each organization's digest holds only its own alerts.
    expect(beta.text).not.toContain('Acme Logistics');
    expect(beta.text).not.toContain('APP-220-XA');
  });

  it('runs again, once, the next Lagos day, and reaches an admin who turned it back on', async () => {
    await setDigest(await a.login('asst@acme.test'), true);
    const before = outboxMark();
    clock.set(new Date(clock.now().getTime() + DAY_MS));
    expect(await runEverywhere()).toBe(1);
    const sent = digests(before);
    expect(sent.map((mail) => mail.to).sort()).toEqual(['asst@acme.test', 'orgadmin@acme.test', 'orgadmin@beta.test']);
    expect(sent.find((mail) => mail.to === 'asst@acme.test')?.text).toContain(`- ${lowWalletMessage}`);
  });

  it('walks every organization across pages, an e-mail per organization with alerts', async () => {
    // More organizations than one page holds, each with an ended subscription and one admin.
    const count = DIGEST_ORGANIZATIONS_PER_PAGE + 7;
    const ended = new Date(Date.now() - 3 * DAY_MS);
    const organizations = await a.db
      .insertInto('organizations')
      .values(
        Array.from({ length: count }, (_, i) => ({ name: `Page Test ${String(i).padStart(3, '0')}`, type: 'other', next_billing: ended })),
      )
      .returning(['id', 'name'])
      .execute();
    const { password_hash: passwordHash } = await a.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'orgadmin@acme.test')
      .executeTakeFirstOrThrow();
    await a.db
      .insertInto('users')
      .values(
        organizations.map((organization, i) => ({
          name: `Admin ${i}`,
          email: `admin${i}@pagetest.test`,
          role: 'ADMINISTRATOR',
          organization_id: organization.id,
          password_hash: passwordHash,
        })),
      )
      .execute();
    // An inactive organization is not walked at all.
    await a.db
      .updateTable('organizations')
      .set({ status: 'INACTIVE' })
      .where('id', '=', (organizations[0] as { id: string }).id)
      .execute();

    const before = outboxMark();
    clock.set(new Date(clock.now().getTime() + DAY_MS));
    expect(await runEverywhere()).toBe(1);
    const sent = digests(before);
    const pageTest = sent.filter((mail) => mail.to.endsWith('@pagetest.test'));
    expect(pageTest).toHaveLength(count - 1);
    expect(new Set(pageTest.map((mail) => mail.to)).size).toBe(count - 1);
    expect(pageTest.some((mail) => mail.to === 'admin0@pagetest.test')).toBe(false);
    const last = pageTest.find((mail) => mail.to === `admin${count - 1}@pagetest.test`) as OutboxMail;
    expect(last.subject).toBe(`FleetFuel daily digest: 1 alert for Page Test ${String(count - 1).padStart(3, '0')}`);
    expect(last.text).toContain(`Subscription due (1):\n- The subscription of Page Test ${String(count - 1).padStart(3, '0')} ended on`);
    // The seeded organizations still get theirs in the same run.
    expect(
      sent
        .filter((mail) => !mail.to.endsWith('@pagetest.test'))
        .map((mail) => mail.to)
        .sort(),
    ).toEqual(['asst@acme.test', 'orgadmin@acme.test', 'orgadmin@beta.test']);
  });
});
