#!/usr/bin/env node
// Crash test (issue 11): runs the real server on a throwaway PostgreSQL database, drives concurrent
// money traffic over HTTP (card fundings through the sandbox, fuel requests and approvals,
// redemptions at the station), SIGKILLs the server at a random moment, restarts it on the same
// database and carries on, several times; then checks the ledger and the requests with SQL.
//
//   npm run test:crash                          random seed (printed)
//   CRASH_SEED=1234 npm run test:crash          replays a run's plan (kill moments, operations)
//   CRASH_CYCLES=10 npm run test:crash          more kills (default 6, at least 1)
//   TEST_DATABASE_URL=postgres://…/any          the server to create the database on
//   CRASH_SELFTEST=1 npm run test:crash         also proves each check fails on a corrupted copy
//
// Ends with "Crash: N passed, N failed" (N = invariant checks) and a non-zero exit on any failure.
// See docs/crash-test.md.
import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startApi } from './api-process.mjs';
import { freePort } from './free-port.mjs';
import { LEDGER_CHECKS } from './ledger-checks.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();
/** When the load began: the seeded demo history lies before it (set once the first start has seeded). */
let loadStartedAt = new Date(0).toISOString();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)}s`;
const log = (...parts) => console.log(`[crash ${elapsed()}]`, ...parts);

// ---------------------------------------------------------------------------------------------
// Plan: a seeded PRNG decides every choice the test makes, so a failing run's plan can be replayed.
// ---------------------------------------------------------------------------------------------
const seed = process.env.CRASH_SEED ? Number(process.env.CRASH_SEED) >>> 0 : (Math.random() * 2 ** 32) >>> 0;
const cycles = Math.max(1, Number(process.env.CRASH_CYCLES ?? 6) | 0);
const WORKERS = { funding: 3, requesting: 3, redeeming: 3 };
const KILL_MIN_MS = 100;
const KILL_MAX_MS = 1500;

function mulberry32(a) {
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = mulberry32(seed);
const between = (min, max) => min + random() * (max - min);
const integer = (min, max) => Math.floor(between(min, max + 1));
const pick = (list) => list[Math.floor(random() * list.length)];
const centi = (value) => Math.round(value * 100) / 100;

// ---------------------------------------------------------------------------------------------
// Database: a throwaway one on the local server, dropped at the end whatever happens.
// ---------------------------------------------------------------------------------------------
const serverUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `fleetfuel_crash_${process.pid}`;
const databaseUrl = (() => {
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  return url.toString();
})();
const adminUrl = (() => {
  const url = new URL(serverUrl);
  url.pathname = '/postgres';
  return url.toString();
})();

async function admin(statement) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// The server, as `npm run serve` runs it (tsx), on a free port each time.
// ---------------------------------------------------------------------------------------------
const dataDir = mkdtempSync(path.join(tmpdir(), 'fleetfuel-crash-'));
// Everything the server printed, across its lives, for reading after a failure.
const serverLog = path.join(root, '.test-output', 'crash-server.log');
mkdirSync(path.dirname(serverLog), { recursive: true });
writeFileSync(serverLog, '');
let server = null;
const serverOutput = [];

async function startServer() {
  const keep = (chunk) => {
    appendFileSync(serverLog, chunk);
    serverOutput.push(...String(chunk).split('\n').filter(Boolean));
    if (serverOutput.length > 200) serverOutput.splice(0, serverOutput.length - 200);
  };
  const port = await freePort();
  const { child, base, exited } = await startApi({ port, databaseUrl, dataDir, env: { PLATFORM_FEE_BPS: '150' }, onOutput: keep });
  server = { child, port, base, exited, dead: false };
  void exited.then(() => {
    if (server?.child === child) server.dead = true;
  });
  return server;
}

async function killServer(signal) {
  if (!server || server.dead) return;
  server.child.kill(signal);
  const timer = setTimeout(() => server?.child.kill('SIGKILL'), 10_000);
  await server.exited;
  clearTimeout(timer);
}

// ---------------------------------------------------------------------------------------------
// HTTP: plain fetch, JSON on every call, as the spec's client does.
// ---------------------------------------------------------------------------------------------
const stats = { sent: 0, answered: 0, interrupted: 0, byStatus: {}, kills: 0, restarts: 0 };

class Interrupted extends Error {}

async function call(method, url, { token, body, headers = {}, timeoutMs = 20_000 } = {}) {
  const target = server;
  stats.sent += 1;
  let res;
  try {
    res = await fetch(`${target.base}${url}`, {
      method,
      redirect: 'manual',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    stats.interrupted += 1;
    throw new Interrupted(`${method} ${url}: ${error.cause?.code ?? error.message}`);
  }
  let text;
  try {
    text = await res.text();
  } catch (error) {
    stats.interrupted += 1;
    throw new Interrupted(`${method} ${url} (reading the reply): ${error.cause?.code ?? error.message}`);
  }
  stats.answered += 1;
  stats.byStatus[res.status] = (stats.byStatus[res.status] ?? 0) + 1;
  let json;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (res.status >= 500) log(`server error ${res.status} on ${method} ${url}: ${text.slice(0, 300)}`);
  return { status: res.status, json, text };
}

// ---------------------------------------------------------------------------------------------
// What the client knows: every acknowledged write, every attempt, and what to retry after a crash.
// ---------------------------------------------------------------------------------------------
const known = {
  created: new Map(), // request id -> { volume, vehicle }
  approvedAck: new Map(), // request id -> coupon code the server acknowledged
  rejectedAck: new Set(),
  completedAck: new Map(), // request id -> dispensed volume acknowledged
  completeAttempts: new Map(), // request id -> [{ dispensedVolume, odometer }]
  fundedAck: new Map(), // reference -> amount (naira)
  checkoutAck: new Map(), // reference -> outcome acknowledged by the sandbox page
  pending: [], // request ids not yet decided
  coupons: [], // { id, code, volume, vehicle }
  retries: [], // operations interrupted by a kill, replayed after the restart
  retryOutcomes: {},
};
let ids = null;
let tokens = null;
let odometerBase = 300_000;

function lagosDate(daysAhead) {
  return new Date(Date.now() + 3_600_000 + daysAhead * 86_400_000).toISOString().slice(0, 10);
}

async function login(username) {
  const res = await call('POST', '/auth/login', { body: { username, password: 'Demo-Pass-2026' } });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${res.text}`);
  return res.json.token;
}

async function discover(db) {
  const one = async (text, params) => (await db.query(text, params)).rows[0];
  const vehicle = async (where, value) => (await one(`SELECT id FROM vehicles WHERE ${where} = $1`, [value])).id;
  ids = {
    unity: (await one(`SELECT id FROM fuel_stations WHERE name = 'Unity Fuels Ikeja'`)).id,
    vehicles: [
      { name: 'hilux', id: await vehicle('plate_number', 'LND-451-KJ'), tank: 80 },
      { name: 'truck', id: await vehicle('plate_number', 'APP-220-XA'), tank: 400 },
      { name: 'generator', id: await vehicle('model', 'MP 100kVA'), tank: 250 },
    ],
  };
  tokens = {
    orgAdmin: await login('orgadmin@acme.test'),
    attendant: await login('attendant@unityfuels.test'),
    rep: await login('rep@unityfuels.test'),
  };
}

// -- operations ---------------------------------------------------------------------------------
// Each takes its random choices up front (from the seeded PRNG) and records what the server said.

async function fundAndPay(plan) {
  const headers = plan.key ? { 'idempotency-key': plan.key } : {};
  if (!plan.reference) {
    const fund = await call('POST', '/wallet/fund', { token: tokens.orgAdmin, body: { amount: plan.amount }, headers });
    if (fund.status !== 200) return;
    plan.reference = fund.json.reference;
    known.fundedAck.set(plan.reference, plan.amount);
  }
  const paid = await call('POST', `/payments/sandbox/checkout/${encodeURIComponent(plan.reference)}`, { body: { outcome: plan.outcome } });
  if (paid.status === 303) known.checkoutAck.set(plan.reference, plan.outcome);
}

async function requestAndDecide(plan) {
  if (!plan.id) {
    const created = await call('POST', '/fuel-requests', {
      token: tokens.orgAdmin,
      body: {
        vehicleId: plan.vehicle.id,
        stationId: ids.unity,
        supplyDate: plan.supplyDate,
        volume: plan.volume,
        currentTankLevel: 20,
        note: 'crash test',
      },
    });
    if (created.status !== 200) return;
    plan.id = created.json.request.id;
    known.created.set(plan.id, { volume: plan.volume, vehicle: plan.vehicle.id });
    known.pending.push(plan.id);
  }
  await decide(plan.id, plan.reject);
}

async function decide(id, reject) {
  const res = reject
    ? await call('PATCH', `/fuel-requests/${id}/reject`, { token: tokens.orgAdmin, body: { note: 'crash test rejection' } })
    : await call('PATCH', `/fuel-requests/${id}/approve`, { token: tokens.orgAdmin });
  if (res.status !== 200) return;
  known.pending = known.pending.filter((p) => p !== id);
  if (reject) {
    known.rejectedAck.add(id);
  } else {
    const request = res.json.request;
    known.approvedAck.set(id, request.couponCode);
    known.coupons.push({ id, code: request.couponCode, volume: request.volume, vehicle: request.vehicle.id });
  }
}

async function redeem(plan) {
  const coupon = plan.coupon;
  const preview = await call('GET', `/fuel-requests/coupon?code=${encodeURIComponent(coupon.code)}`, { token: tokens.attendant });
  if (preview.status !== 200 || !preview.json.redeemable) {
    if (preview.status === 200) known.coupons = known.coupons.filter((c) => c.id !== coupon.id);
    return;
  }
  const body = { code: coupon.code, dispensedVolume: plan.dispensedVolume, ...(plan.odometer ? { odometer: plan.odometer } : {}) };
  const attempts = known.completeAttempts.get(coupon.id) ?? [];
  attempts.push({ dispensedVolume: plan.dispensedVolume, odometer: plan.odometer ?? null });
  known.completeAttempts.set(coupon.id, attempts);
  // Sometimes the attendant and the representative redeem the same coupon at once.
  const who = plan.race ? [tokens.attendant, tokens.rep, tokens.attendant] : [tokens.attendant];
  const results = await Promise.allSettled(
    who.map((token) =>
      call('PATCH', `/fuel-requests/${coupon.id}/complete`, { token, body, headers: plan.key ? { 'idempotency-key': plan.key } : {} }),
    ),
  );
  for (const result of results) {
    if (result.status === 'rejected') throw result.reason;
  }
  const ok = results.filter((r) => r.value.status === 200);
  if (ok.length > 0) {
    known.completedAck.set(coupon.id, plan.dispensedVolume);
    known.coupons = known.coupons.filter((c) => c.id !== coupon.id);
  }
}

function planFunding() {
  return {
    kind: 'fund',
    amount: centi(between(5_000, 60_000)),
    outcome: random() < 0.85 ? 'success' : 'failed',
    key: random() < 0.5 ? randomUUID() : null,
  };
}

function planRequest() {
  const vehicle = pick(ids.vehicles);
  const cap = vehicle.name === 'hilux' ? 40 : 90;
  return { kind: 'request', vehicle, volume: centi(between(2, cap)), supplyDate: lagosDate(integer(1, 12)), reject: random() < 0.1 };
}

function planRedemption() {
  if (known.coupons.length === 0) return null;
  const coupon = pick(known.coupons);
  odometerBase += integer(50, 400);
  return {
    kind: 'redeem',
    coupon,
    dispensedVolume: Math.max(0.01, centi(between(0.3, 1) * coupon.volume)),
    odometer: random() < 0.5 ? odometerBase : null,
    race: random() < 0.2,
    key: random() < 0.3 ? randomUUID() : null,
  };
}

async function runOperation(op) {
  if (op.kind === 'fund') return fundAndPay(op);
  if (op.kind === 'request') return requestAndDecide(op);
  if (op.kind === 'redeem') return redeem(op);
  if (op.kind === 'decide') return decide(op.id, false);
  return undefined;
}

/** A worker keeps one kind of traffic in flight until the cycle ends; a kill interrupts its call. */
async function worker(kind, cycle) {
  while (cycle.running) {
    let op;
    if (kind === 'funding') op = planFunding();
    else if (kind === 'requesting')
      op = known.pending.length > 0 && random() < 0.25 ? { kind: 'decide', id: pick(known.pending) } : planRequest();
    else op = planRedemption() ?? planRequest();
    try {
      await runOperation(op);
    } catch (error) {
      if (!(error instanceof Interrupted)) throw error;
      // The client does not know whether the call took effect: it will try again after the restart.
      known.retries.push(op);
      return;
    }
  }
}

async function retryInterrupted() {
  const retries = known.retries.splice(0);
  for (const op of retries) {
    try {
      await runOperation(op);
      known.retryOutcomes[op.kind] = (known.retryOutcomes[op.kind] ?? 0) + 1;
    } catch (error) {
      if (!(error instanceof Interrupted)) throw error;
      known.retries.push(op);
    }
  }
  return retries.length;
}

async function loadAndKill(cycleNumber) {
  const delay = Math.round(between(KILL_MIN_MS, KILL_MAX_MS));
  const cycle = { running: true };
  const workers = [];
  for (const [kind, count] of Object.entries(WORKERS)) {
    for (let i = 0; i < count; i += 1) workers.push(worker(kind, cycle));
  }
  const sentBefore = stats.sent;
  await new Promise((resolve) => setTimeout(resolve, delay));
  const inFlight = stats.sent - stats.answered - stats.interrupted;
  server.child.kill('SIGKILL');
  stats.kills += 1;
  await server.exited;
  cycle.running = false;
  const results = await Promise.allSettled(workers);
  const broken = results.find((r) => r.status === 'rejected');
  if (broken) throw broken.reason;
  log(
    `cycle ${cycleNumber}/${cycles}: SIGKILL after ${delay} ms, ${stats.sent - sentBefore} calls sent, ${inFlight} in flight at the kill`,
  );
}

// ---------------------------------------------------------------------------------------------
// After the crashes: one clean flow proves the server recovered.
// ---------------------------------------------------------------------------------------------
async function recoveryFlow(db) {
  const problems = [];
  const fund = await call('POST', '/wallet/fund', { token: tokens.orgAdmin, body: { amount: 1234.56 } });
  if (fund.status !== 200) problems.push(`fund: ${fund.status} ${fund.text.slice(0, 200)}`);
  else {
    const paid = await call('POST', `/payments/sandbox/checkout/${encodeURIComponent(fund.json.reference)}`, {
      body: { outcome: 'success' },
    });
    if (paid.status !== 303) problems.push(`checkout: ${paid.status}`);
    known.fundedAck.set(fund.json.reference, 1234.56);
    if (paid.status === 303) known.checkoutAck.set(fund.json.reference, 'success');
    let status = null;
    for (let i = 0; i < 50 && status !== 'SUCCESS'; i += 1) {
      status = (await db.query('SELECT status FROM card_payments WHERE reference = $1', [fund.json.reference])).rows[0]?.status ?? null;
      if (status !== 'SUCCESS') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (status !== 'SUCCESS') problems.push(`the card payment after the crashes ended ${status}`);
  }
  const vehicle = ids.vehicles.find((v) => v.name === 'generator');
  const created = await call('POST', '/fuel-requests', {
    token: tokens.orgAdmin,
    body: { vehicleId: vehicle.id, stationId: ids.unity, supplyDate: lagosDate(1), volume: 10 },
  });
  if (created.status !== 200) {
    problems.push(`create: ${created.status} ${created.text.slice(0, 200)}`);
    return problems;
  }
  const id = created.json.request.id;
  known.created.set(id, { volume: 10, vehicle: vehicle.id });
  const approved = await call('PATCH', `/fuel-requests/${id}/approve`, { token: tokens.orgAdmin });
  if (approved.status !== 200) {
    problems.push(`approve: ${approved.status} ${approved.text.slice(0, 200)}`);
    return problems;
  }
  const code = approved.json.request.couponCode;
  known.approvedAck.set(id, code);
  const preview = await call('GET', `/fuel-requests/coupon?code=${encodeURIComponent(code)}`, { token: tokens.attendant });
  if (preview.status !== 200 || !preview.json.redeemable) problems.push(`preview: ${preview.status} ${preview.text.slice(0, 200)}`);
  known.completeAttempts.set(id, [{ dispensedVolume: 9.5, odometer: null }]);
  const completed = await call('PATCH', `/fuel-requests/${id}/complete`, { token: tokens.attendant, body: { code, dispensedVolume: 9.5 } });
  if (completed.status !== 200) problems.push(`complete: ${completed.status} ${completed.text.slice(0, 200)}`);
  else known.completedAck.set(id, 9.5);
  return problems;
}

// Invariants: the ledger's (scripts/ledger-checks.mjs), and the crash test's own; each query
// returns the rows that break its rule (none = passed).
const SQL_CHECKS = [
  ...LEDGER_CHECKS,
  {
    // Every request here is raised by Acme's admin, who wants these e-mails: one per decision, kept
    // by its template (it is worded when sent). The demo's seeded history records decisions too, all
    // before the load began, and mails none.
    name: 'every approval and rejection that committed wrote its e-mail with it (none lost to a kill, none for a rolled-back one)',
    get sql() {
      return `WITH decided AS (
            SELECT a.action, count(*)::int AS decisions FROM audit_log a
            WHERE a.action IN ('fuel_request.approved', 'fuel_request.rejected') AND a.occurred_at >= '${loadStartedAt}'
            GROUP BY a.action),
          mailed AS (
            SELECT CASE m.template WHEN 'fuelApproved' THEN 'fuel_request.approved' ELSE 'fuel_request.rejected' END AS action,
                   count(*)::int AS emails
            FROM outgoing_messages m
            WHERE m.channel = 'EMAIL' AND m.template IN ('fuelApproved', 'fuelRejected')
            GROUP BY 1)
          SELECT coalesce(d.action, m.action) AS action, coalesce(d.decisions, 0) AS decisions, coalesce(m.emails, 0) AS emails
          FROM decided d FULL JOIN mailed m ON m.action = d.action
          WHERE coalesce(d.decisions, 0) <> coalesce(m.emails, 0)`;
    },
  },
];

/** Checks of what the client was told against what the database holds. */
async function clientChecks(db) {
  const rows = (
    await db.query(
      `SELECT id, status, coupon_code, dispensed_volume::float8 AS dispensed, coalesce(odometer, odometer_excluded)::float8 AS odometer, odometer_excluded IS NOT NULL AS excluded, vehicle_id FROM fuel_requests`,
    )
  ).rows;
  const byId = new Map(rows.map((r) => [r.id, r]));
  const durable = [];
  for (const id of known.created.keys()) if (!byId.has(id)) durable.push(`created ${id} is missing`);
  for (const [id, code] of known.approvedAck) {
    const row = byId.get(id);
    if (!row || !['APPROVED', 'COMPLETED', 'EXPIRED'].includes(row.status) || row.coupon_code !== code)
      durable.push(`approved ${id} is ${row?.status} ${row?.coupon_code} (acknowledged ${code})`);
  }
  for (const id of known.rejectedAck) if (byId.get(id)?.status !== 'REJECTED') durable.push(`rejected ${id} is ${byId.get(id)?.status}`);
  for (const [id, volume] of known.completedAck) {
    const row = byId.get(id);
    if (row?.status !== 'COMPLETED' || row.dispensed !== volume)
      durable.push(`completed ${id} is ${row?.status} with ${row?.dispensed} (acknowledged ${volume})`);
  }
  const payments = new Map(
    (await db.query(`SELECT reference, status, amount_kobo::text AS kobo FROM card_payments`)).rows.map((r) => [r.reference, r]),
  );
  const charges = new Map((await db.query(`SELECT reference, status FROM sandbox_charges`)).rows.map((r) => [r.reference, r.status]));
  for (const [reference, amount] of known.fundedAck) {
    const payment = payments.get(reference);
    if (!payment || payment.kobo !== String(Math.round(amount * 100)))
      durable.push(`funding ${reference} is ${payment ? `${payment.kobo} kobo` : 'missing'}`);
  }
  for (const [reference, outcome] of known.checkoutAck) {
    if (charges.get(reference) !== outcome) durable.push(`checkout ${reference} is ${charges.get(reference)} (acknowledged ${outcome})`);
    if (outcome === 'failed' && payments.get(reference)?.status === 'SUCCESS') durable.push(`declined checkout ${reference} was credited`);
  }

  const redemptions = [];
  const highest = new Map();
  for (const [id, attempts] of known.completeAttempts) {
    const row = byId.get(id);
    if (row?.status !== 'COMPLETED') continue;
    const match = attempts.find((a) => a.dispensedVolume === row.dispensed && (a.odometer === null ? true : a.odometer === row.odometer));
    if (!match) redemptions.push(`${id}: dispensed ${row.dispensed}, odometer ${row.odometer}; sent ${JSON.stringify(attempts)}`);
    // A reading that jumps too far is kept on the request but does not move the vehicle's (ADR 017).
    else if (match.odometer !== null && !row.excluded)
      highest.set(row.vehicle_id, Math.max(highest.get(row.vehicle_id) ?? 0, match.odometer));
  }
  const vehicles = (await db.query(`SELECT id, last_odometer::float8 AS km FROM vehicles`)).rows;
  for (const v of vehicles) {
    if (highest.has(v.id) && !(v.km >= highest.get(v.id)))
      redemptions.push(`vehicle ${v.id}: last odometer ${v.km} below a redeemed reading ${highest.get(v.id)}`);
  }
  return [
    {
      name: 'every acknowledged write survived the kills (requests, approvals, rejections, redemptions, fundings, checkouts)',
      violations: durable,
    },
    {
      name: 'each COMPLETED request holds the volume and odometer of a redemption that was sent; the vehicle keeps the last counted reading',
      violations: redemptions,
    },
  ];
}

/** Card payments the sandbox says were paid but that are not credited, after up to 15 s of waiting. */
async function waitForReconciliation(db) {
  const uncreditedSql = `SELECT c.reference, c.status FROM card_payments c JOIN sandbox_charges s ON s.reference = c.reference
    WHERE s.status = 'success' AND c.status <> 'SUCCESS'`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    const rows = (await db.query(uncreditedSql)).rows;
    if (rows.length === 0 || Date.now() > deadline) return rows.map((r) => `${r.reference} paid at the provider but ${r.status}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Findings worth reading that the brief does not make failures of. */
async function notes(db) {
  const stuckKeys = (await db.query(`SELECT route, count(*)::int AS n FROM idempotency_keys WHERE status_code IS NULL GROUP BY route`))
    .rows;
  const out = [];
  if (stuckKeys.length)
    out.push(
      `Idempotency-Key rows left "in progress" by a kill (a retry with that key is refused as IN_PROGRESS for two minutes, then may take it over): ${stuckKeys.map((k) => `${k.route} ×${k.n}`).join(', ')}`,
    );
  const serverErrors = Object.entries(stats.byStatus)
    .filter(([status]) => Number(status) >= 500)
    .reduce((sum, [, n]) => sum + n, 0);
  if (serverErrors) {
    const causes = new Map();
    for (const line of readFileSync(serverLog, 'utf8').split('\n')) {
      if (!line.startsWith('{"level":50')) continue;
      try {
        const entry = JSON.parse(line);
        const cause = `${entry.msg}: ${entry.err?.message ?? '?'}${entry.err?.code ? ` (${entry.err.code})` : ''}`;
        causes.set(cause, (causes.get(cause) ?? 0) + 1);
      } catch {
        // not a log line
      }
    }
    out.push(
      `${serverErrors} replies were server errors (5xx); the server logged ${[...causes].map(([cause, n]) => `${cause} ×${n}`).join(', ') || 'nothing'} (details in ${path.relative(root, serverLog)})`,
    );
  }
  const messages = (await db.query(`SELECT status, count(*)::int AS n FROM outgoing_messages GROUP BY status ORDER BY status`)).rows;
  // A killed instance's claimed messages wait out their two-minute lease, then any instance sends them.
  out.push(`e-mails and texts in the outbox: ${messages.map((m) => `${m.n} ${m.status}`).join(', ') || 'none'}`);
  if (Object.keys(known.retryOutcomes).length) out.push(`operations retried after restarts: ${JSON.stringify(known.retryOutcomes)}`);
  return out;
}

async function runChecks(db) {
  const results = [];
  for (const check of SQL_CHECKS) {
    const { rows } = await db.query(check.sql);
    results.push({ name: check.name, violations: rows.map((r) => JSON.stringify(r)) });
  }
  results.push(...(await clientChecks(db)));
  return results;
}

/**
 * CRASH_SELFTEST=1: breaks the data one way per check inside a transaction that is rolled back, and
 * confirms that the check notices. Triggers are switched off for the transaction (replica role).
 */
async function selfTest(db) {
  const sabotage = [
    [
      0,
      `INSERT INTO postings (entry_id, account_id, amount_kobo, type) SELECT id, (SELECT id FROM ledger_accounts WHERE kind = 'ADJUSTMENTS'), 1, 'CREDIT' FROM journal_entries LIMIT 1`,
    ],
    [
      1,
      `UPDATE ledger_accounts SET balance_kobo = balance_kobo + 1 WHERE kind = 'ORGANIZATION_WALLET' AND id = (SELECT min(id::text)::uuid FROM ledger_accounts WHERE kind = 'ORGANIZATION_WALLET')`,
    ],
    [2, `UPDATE holds SET status = 'RELEASED', closed_at = now() WHERE id = (SELECT id FROM holds WHERE status = 'OPEN' LIMIT 1)`],
    [
      3,
      `ALTER TABLE ledger_accounts DROP CONSTRAINT wallet_never_negative, DROP CONSTRAINT holds_within_balance; UPDATE ledger_accounts SET held_kobo = balance_kobo + 1 WHERE kind = 'STATION_WALLET'`,
    ],
    [
      4,
      `UPDATE fuel_requests SET status = 'REJECTED', rejected_at = now(), rejected_by = approved_by WHERE id = (SELECT id FROM fuel_requests WHERE status = 'APPROVED' LIMIT 1)`,
    ],
    [
      5,
      `INSERT INTO holds (account_id, amount_kobo, reason, reference) SELECT id, 1, 'stray', 'fuel:stray' FROM ledger_accounts WHERE kind = 'ORGANIZATION_WALLET' LIMIT 1`,
    ],
    [
      6,
      `WITH r AS (SELECT id, coupon_code, organization_id, station_id FROM fuel_requests WHERE status = 'COMPLETED' AND payment_entry_id IS NOT NULL LIMIT 1),
          e AS (INSERT INTO journal_entries (idempotency_key, kind, description, reference) SELECT 'redeem-again:' || id, 'PAYMENT', 'twice', coupon_code FROM r RETURNING id)
         INSERT INTO postings (entry_id, account_id, amount_kobo, type) SELECT e.id, a.id, CASE WHEN a.kind = 'ORGANIZATION_WALLET' THEN -100 ELSE 100 END, 'PAYMENT'
         FROM e, r, ledger_accounts a WHERE a.organization_id = r.organization_id OR a.fuel_station_id = r.station_id`,
    ],
    [
      7,
      `WITH r AS (SELECT coupon_code, station_id FROM fuel_requests WHERE status = 'COMPLETED' AND coupon_code IS NOT NULL LIMIT 1),
          e AS (INSERT INTO journal_entries (idempotency_key, kind, description, reference) SELECT 'pay-again', 'PAYMENT', 'twice', coupon_code FROM r RETURNING id)
         INSERT INTO postings (entry_id, account_id, amount_kobo, type) SELECT e.id, a.id, 100, 'PAYMENT' FROM e, r, ledger_accounts a WHERE a.fuel_station_id = r.station_id`,
    ],
    [8, `UPDATE fuel_requests SET payment_entry_id = NULL WHERE id = (SELECT id FROM fuel_requests WHERE status = 'COMPLETED' LIMIT 1)`],
    [9, `UPDATE fuel_reserves SET remaining = remaining - 1 WHERE id = (SELECT id FROM fuel_reserves WHERE remaining >= 1 LIMIT 1)`],
    [
      10,
      `WITH c AS (SELECT reference, account_id FROM card_payments WHERE status = 'SUCCESS' LIMIT 1),
           e AS (INSERT INTO journal_entries (idempotency_key, kind, description, reference) SELECT 'charge-again:' || reference, 'FUNDING', 'twice', reference FROM c RETURNING id)
          INSERT INTO postings (entry_id, account_id, amount_kobo, type) SELECT e.id, x.id, CASE WHEN x.kind = 'CARD_CLEARING' THEN -100 ELSE 100 END, 'FUNDING'
          FROM e, c, ledger_accounts x WHERE x.id = c.account_id OR x.kind = 'CARD_CLEARING'`,
    ],
    [
      11,
      `UPDATE card_payments SET status = 'FAILED', entry_id = NULL WHERE id = (SELECT id FROM card_payments WHERE status = 'SUCCESS' LIMIT 1)`,
    ],
    [12, `DELETE FROM outgoing_messages WHERE id = (SELECT min(id) FROM outgoing_messages WHERE template = 'fuelApproved')`],
  ];
  const caught = [];
  for (const [index, statement] of sabotage) {
    await db.query('BEGIN');
    try {
      await db.query(`SET LOCAL session_replication_role = replica`);
      await db.query(statement);
      const { rows } = await db.query(SQL_CHECKS[index].sql);
      caught.push([SQL_CHECKS[index].name, rows.length > 0]);
    } catch (error) {
      caught.push([SQL_CHECKS[index].name, `sabotage failed: ${error.message}`]);
    } finally {
      await db.query('ROLLBACK');
    }
  }
  // The client's checks: an acknowledged approval whose coupon changed, a redemption no one sent.
  const clientSabotage = [
    [0, `UPDATE fuel_requests SET coupon_code = 'ZZZZ-ZZZZ' WHERE id = $1`, [...known.approvedAck.keys()][0]],
    [1, `UPDATE fuel_requests SET dispensed_volume = 0.01 WHERE id = $1`, [...known.completedAck.keys()][0]],
  ];
  for (const [index, statement, id] of clientSabotage) {
    await db.query('BEGIN');
    try {
      await db.query(`SET LOCAL session_replication_role = replica`);
      const changed = await db.query(statement, [id]);
      const results = await clientChecks(db);
      caught.push([results[index].name, changed.rowCount === 1 ? results[index].violations.length > 0 : 'nothing to break']);
    } catch (error) {
      caught.push([`client check ${index}`, `sabotage failed: ${error.message}`]);
    } finally {
      await db.query('ROLLBACK');
    }
  }
  return caught;
}

// ---------------------------------------------------------------------------------------------
// The run.
// ---------------------------------------------------------------------------------------------
let db = null;
let created = false;
let cleaning = null;
/** Stops the server and drops the database; safe to call from several places at once. */
function cleanUp() {
  cleaning ??= doCleanUp();
  return cleaning;
}
async function doCleanUp() {
  await killServer('SIGKILL').catch(() => undefined);
  if (db) await db.end().catch(() => undefined);
  db = null;
  if (created) {
    created = false;
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch((error) =>
      console.error(`could not drop ${dbName}: ${error.message}`),
    );
  }
  rmSync(dataDir, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    void cleanUp().finally(() => process.exit(130));
  });
}

let passed = 0;
let failed = 0;
let exitCode = 0;
try {
  log(`seed ${seed} (replay: CRASH_SEED=${seed}), ${cycles} cycles, database ${dbName} on ${new URL(adminUrl).host}`);
  await admin(`CREATE DATABASE ${dbName}`);
  created = true;
  db = new pg.Client({ connectionString: databaseUrl });

  await startServer();
  await db.connect();
  // The demo's monthly fuel budget (a SOFT policy) would stop redemptions for a manager's override
  // once the load and the month's demo history pass it, which depends on the seed and the day of
  // the month; the crash test is about money surviving kills, so it runs without fuel policies.
  await db.query('DELETE FROM fuel_policies');
  await discover(db);
  log(`server up on port ${server.port} (migrated and seeded)`);
  loadStartedAt = new Date().toISOString();

  for (let cycle = 1; cycle <= cycles; cycle += 1) {
    await loadAndKill(cycle);
    await startServer();
    stats.restarts += 1;
    const retried = await retryInterrupted();
    if (retried) log(`restarted on port ${server.port}; retried ${retried} interrupted operations`);
  }

  // The last restart is clean: the client finishes what it had in flight, then a full flow runs.
  await retryInterrupted();
  const recovery = await recoveryFlow(db);
  // Payments made on the card page whose webhook died with a killed server: the reconciliation a
  // start runs must credit every one of them.
  const lostWebhooks = await waitForReconciliation(db);
  await killServer('SIGTERM');
  log(`server stopped cleanly (${server.dead ? 'exited' : 'still running'})`);

  const results = await runChecks(db);
  results.push({
    name: 'the server recovers after the last kill: fund, pay, request, approve, preview and redeem all work',
    violations: recovery,
  });
  results.push({
    name: 'every card payment paid at the provider is credited once a restart has reconciled it (webhooks lost in kills included)',
    violations: lostWebhooks,
  });
  console.log('');
  const count = (sql) => db.query(sql).then((r) => r.rows[0]);
  const totals = await count(`SELECT
      (SELECT count(*) FROM fuel_requests WHERE note = 'crash test')::int AS requests,
      (SELECT count(*) FROM fuel_requests WHERE note = 'crash test' AND status = 'COMPLETED')::int AS completed,
      (SELECT count(*) FROM fuel_requests WHERE note = 'crash test' AND status = 'APPROVED')::int AS approved,
      (SELECT count(*) FROM card_payments WHERE status = 'SUCCESS')::int AS credited,
      (SELECT count(*) FROM journal_entries)::int AS entries`);
  console.log(`Seed ${seed}; ${cycles} cycles, ${stats.kills} kills (SIGKILL), ${stats.restarts + 1} starts`);
  console.log(
    `HTTP calls: ${stats.sent} sent, ${stats.answered} answered, ${stats.interrupted} interrupted by kills; statuses ${JSON.stringify(stats.byStatus)}`,
  );
  console.log(
    `Database: ${totals.requests} fuel requests made by the test (${totals.approved} approved, ${totals.completed} completed), ${totals.credited} card payments credited, ${totals.entries} journal entries`,
  );
  for (const note of await notes(db)) console.log(`Note: ${note}`);
  console.log('');
  for (const result of results) {
    if (result.violations.length === 0) {
      passed += 1;
      console.log(`  ✓ ${result.name}`);
    } else {
      failed += 1;
      console.log(`  ✗ ${result.name}`);
      for (const violation of result.violations.slice(0, 10)) console.log(`      ${violation}`);
      if (result.violations.length > 10) console.log(`      … and ${result.violations.length - 10} more`);
    }
  }
  if (process.env.CRASH_SELFTEST) {
    console.log('\nSelf-test (each check against data broken on purpose, rolled back):');
    for (const [name, outcome] of await selfTest(db)) {
      console.log(`  ${outcome === true ? '✓ caught' : `✗ NOT caught (${outcome})`}: ${name}`);
      if (outcome !== true) failed += 1;
    }
  }
  if (failed) {
    exitCode = 1;
    console.log(`\nReplay with CRASH_SEED=${seed}. Last server output:\n${serverOutput.slice(-20).join('\n')}`);
  }
} catch (error) {
  exitCode = 1;
  failed += 1;
  console.error(`\nThe crash test could not run to the end: ${error.stack ?? error}`);
  console.error(`Replay with CRASH_SEED=${seed}. Last server output:\n${serverOutput.slice(-30).join('\n')}`);
} finally {
  await cleanUp();
}
console.log(`\nTook ${elapsed()}.`);
console.log(`Crash: ${passed} passed, ${failed} failed`);
process.exit(exitCode);
