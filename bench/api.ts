/**
 * `npm run bench:api`: one production server on the bench database, loaded with autocannon for a
 * fixed time per route, beside pgbench running the list route's own SQL and pgbench's TPC-B at the
 * same client count. Prints req/s, p50 and p99 per route and the ratios of issue 16 (each figure is a
 * ratio to a baseline measured in the same run, because the machines are shared and noisy).
 *
 *   BENCH_DATABASE_URL        the large data set (default postgres://postgres@127.0.0.1:5432/fleetfuel_bench)
 *   BENCH_SMALL_DATABASE_URL  the ~10,000-request data set for the overview ratio
 *                             (default …/fleetfuel_bench_small; made by BENCH_SCALE=0.01 npm run bench:data)
 *   BENCH_DURATION            seconds per load (default 10)
 *   BENCH_CONNECTIONS         concurrent connections / pgbench clients (default 10)
 *   BENCH_LOG_LEVEL           the server's LOG_LEVEL (default warn: the figures measure the app, not its request log)
 *   BENCH_JSON                optional path: also write the figures as JSON
 *   BENCH_ROUTES              optional, comma-separated: run only the loads whose name contains one of
 *                             these (case-insensitive), e.g. `analytics` or `pgbench,fuel-requests`;
 *                             ratios whose figures were not measured are left out
 *
 * For the write path (the redemption, and TPC-B beside it) it also prints what one transaction cost
 * the machine, the write-ahead log it wrote and what PostgreSQL's backends did meanwhile
 * (bench/cost-window.ts): the ratio's ceiling is the machine's cores over that CPU, whatever is
 * waited on. Where the server runs without autovacuum, the database is vacuumed before the loads,
 * as autovacuum would have.
 *
 * The server sends its e-mails over SMTP, as a deployment does, to a sink in a process of its own
 * (bench/smtp-sink.ts): its CPU is the mail provider's, counted neither as the server's nor as the
 * client's, though it runs on the same cores.
 *
 * Nothing here asserts: the figures are printed, with each ratio's target marked met or unmet.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type AutocannonResult } from 'autocannon';
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/platform/config.js';
import type { DB } from '../apps/api/src/platform/db/schema.js';
import { PG_TYPE_PARSERS } from '../apps/api/src/platform/db/type-parsers.js';
import {
  BENCH_PASSWORD,
  DEFAULT_BENCH_URL,
  LARGE_ORG_ADMIN,
  PLATFORM_FEE_BPS,
  REDEMPTION_ATTENDANT,
  REDEMPTION_NOTE,
  addRedemptionCoupons,
  assertLocal,
  dropDatabase,
  recreateDatabase,
} from './data.js';
import { SAMPLE_EVERY_MS, measureCostWindow, walRecordsOf, windowOf, type CostWindow, type Wal, type WalRecords } from './cost-window.js';
import { startSmtpSink } from './smtp-sink.js';
import { benchServerEnv, freePort, productionServerArgs } from './server-process.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const URL_LARGE = process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_URL;
const URL_SMALL = process.env.BENCH_SMALL_DATABASE_URL ?? DEFAULT_BENCH_URL.replace(/fleetfuel_bench$/, 'fleetfuel_bench_small');
const DURATION = Number(process.env.BENCH_DURATION ?? '10');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? '10');
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';
const ROUTES =
  process.env.BENCH_ROUTES?.split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean) ?? [];
/** Whether a load of this name runs (BENCH_ROUTES); a skipped one is a figure of NaN, left out of the results. */
const selected = (name: string) => ROUTES.length === 0 || ROUTES.some((part) => name.toLowerCase().includes(part));
const SKIPPED = 'not selected (BENCH_ROUTES)';
const REDEEM = 'PATCH /fuel-requests/:id/complete (redeem)';
const REDEEM_BUDGETED = 'PATCH /fuel-requests/:id/complete (redeem, two budget policies)';
const USAGE = 'GET /fuel-policies/usage (org admin)';
/**
 * The budgets of issue 44 the bench gives the large organization for its budget loads (and takes
 * away after, so that the plain redemption stays comparable with earlier runs): the two whose use
 * sums the period's fills of every vehicle, a month of naira and a week of litres, too large to refuse.
 */
const BENCH_BUDGETS = [
  { rule: 'MONTHLY_BUDGET_NAIRA', value: 5_000_000_000, enforcement: 'SOFT', scope: { type: 'ORGANIZATION' } },
  { rule: 'WEEKLY_LITRES', value: 100_000_000, enforcement: 'SOFT', scope: { type: 'ORGANIZATION' } },
] as const;
const skipped = (name: string): Figure => ({ name, rps: NaN, p50: NaN, p99: NaN, requests: 0, failures: 0, note: SKIPPED });
const PLATFORM_ADMIN = 'admin@fleetfuel.test';
const VEHICLE_SEARCH = 'Hilux';

interface Figure {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  failures: number;
  note?: string;
  /** The write path's loads only: what one transaction cost the machine over a window of the load. */
  cost?: Cost;
}

interface Cost {
  /** Transactions committed in the window, and its length in seconds. */
  transactions: number;
  seconds: number;
  /** CPU ms a transaction: the API server (none for pgbench), PostgreSQL, the load's client. */
  perTransactionMs: { server: number; postgres: number; client: number };
  /** Average number of backends running, waiting on a lock, waiting for the app, on I/O. */
  backends: CostWindow['backends'];
  /** WAL a transaction (the whole server's over the window), when PostgreSQL reports it. */
  walPerTransaction: Wal | null;
  /** Its records a transaction by kind and relation, most first, when `pg_walinspect` is there. */
  walRecordsPerTransaction: WalRecords[] | null;
}

/** Read once the load is over: the WAL's records are read back from the log then (cost-window.ts). */
async function costOf(databaseUrl: string, window: CostWindow | null, transactions: number): Promise<Cost | undefined> {
  if (!window || transactions === 0) return undefined;
  const per = (ms: number) => ms / transactions;
  const walRecords = await walRecordsOf(databaseUrl, window.walSpan);
  return {
    transactions,
    seconds: (window.to - window.from) / 1000,
    perTransactionMs: { server: per(window.cpu.server), postgres: per(window.cpu.postgres), client: per(window.cpu.client) },
    backends: window.backends,
    walPerTransaction: window.wal
      ? {
          records: window.wal.records / transactions,
          fullPageImages: window.wal.fullPageImages / transactions,
          bytes: window.wal.bytes / transactions,
        }
      : null,
    walRecordsPerTransaction: walRecords?.map((r) => ({ ...r, records: r.records / transactions })) ?? null,
  };
}

function pgbenchBinary(): string {
  for (const candidate of ['/usr/lib/postgresql/15/bin/pgbench', '/usr/bin/pgbench']) {
    if (spawnSync(candidate, ['--version']).status === 0) return candidate;
  }
  const which = spawnSync('which', ['pgbench'], { encoding: 'utf8' });
  if (which.status === 0) return which.stdout.trim();
  throw new Error('pgbench not found (Debian: apt-get install postgresql-contrib or postgresql-client).');
}

function serverEnv(databaseUrl: string, port: number, secret: string, dataDir: string, smtpUrl: string): NodeJS.ProcessEnv {
  return {
    ...benchServerEnv({ databaseUrl, port, secret, dataDir, logLevel: LOG_LEVEL, platformFeeBps: PLATFORM_FEE_BPS }),
    SMTP_URL: smtpUrl,
  };
}

interface RunningServer {
  base: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

async function startServer(databaseUrl: string): Promise<RunningServer> {
  const port = await freePort();
  const secret = randomBytes(32).toString('hex');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleetfuel-bench-data-'));
  // E-mails go over SMTP, as a deployment sends them, to a sink of their own (bench/smtp-sink.ts).
  const mail = await startSmtpSink();
  const child = spawn(process.execPath, productionServerArgs(), {
    cwd: ROOT,
    env: serverEnv(databaseUrl, port, secret, dataDir, mail.url),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  const base = `http://127.0.0.1:${port}/api`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output}`);
    try {
      const reply = await fetch(`${base}/health`);
      if (reply.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not answer /health within 60 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    base,
    child,
    async stop() {
      await new Promise<void>((resolve) => {
        const done = () => {
          rmSync(dataDir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGTERM');
      });
      console.log(`  (the server's e-mails: ${(await mail.stop()).toLocaleString('en')} accepted by the bench's SMTP sink)`);
    },
  };
}

async function signIn(base: string, username: string): Promise<string> {
  const reply = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: BENCH_PASSWORD }),
  });
  const json = (await reply.json()) as { token?: string; error?: string };
  if (!reply.ok || !json.token) throw new Error(`Sign-in of ${username} failed (${reply.status}): ${json.error ?? ''}`);
  return json.token;
}

async function sendJson<T>(method: string, url: string, token: string, body?: unknown): Promise<T> {
  const reply = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  if (!reply.ok) throw new Error(`${method} ${url}: ${reply.status} ${await reply.text()}`);
  return (await reply.json()) as T;
}

/** Runs `work` with the bench's budget policies in place on the organization of `token`, removed after. */
async function withBudgets<T>(base: string, token: string, work: () => Promise<T>): Promise<T> {
  const ids: string[] = [];
  try {
    for (const policy of BENCH_BUDGETS) {
      ids.push((await sendJson<{ policy: { id: string } }>('POST', `${base}/fuel-policies`, token, policy)).policy.id);
    }
    return await work();
  } finally {
    for (const id of ids) await sendJson('DELETE', `${base}/fuel-policies/${id}`, token);
  }
}

async function getJson<T>(url: string, token: string): Promise<T> {
  const reply = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!reply.ok) throw new Error(`GET ${url}: ${reply.status} ${await reply.text()}`);
  return (await reply.json()) as T;
}

function figureOf(name: string, result: AutocannonResult, note?: string): Figure {
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result['2xx'] + result.non2xx,
    failures: result.non2xx + result.errors + result.timeouts,
    ...(note ? { note } : {}),
  };
}

/** Fewer completed requests than this in the fixed window (none): the route is measured by a sequential probe instead. */
const MIN_SAMPLES = 1;

function report(figure: Figure): void {
  const extra = [figure.failures ? `${figure.failures} failed` : '', figure.note ?? ''].filter(Boolean).join('; ');
  console.log(
    `  ${figure.name.padEnd(44)} ${fmt(figure.rps).padStart(8)} req/s  p50 ${fmt(figure.p50)} ms  p99 ${fmt(figure.p99)} ms${extra ? `  (${extra})` : ''}`,
  );
}

/** Runs `work` on a connection of its own to `databaseUrl`, closed after it whatever happens. */
async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A server setting as PostgreSQL shows it (`current_setting`). */
async function setting(client: pg.Client, name: string): Promise<string> {
  return (await client.query<{ v: string }>(`SELECT current_setting($1) AS v`, [name])).rows[0]?.v ?? '?';
}

/**
 * Waits until the server's database work of the previous load is over: autocannon stops at the end
 * of its window, but the server goes on with the requests it already took (their queries keep
 * running), which would slow the next load down. After `limitMs`, those queries are cancelled.
 */
async function drain(databaseUrl: string, limitMs = 180_000): Promise<void> {
  return withClient(databaseUrl, async (client) => {
    const deadline = Date.now() + limitMs;
    for (;;) {
      const { rows } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`,
      );
      if ((rows[0]?.n ?? 0) === 0) return;
      if (Date.now() > deadline) {
        await client.query(
          `SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`,
        );
        console.log('    (cancelled queries still running after the drain limit)');
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });
}

/** Up to `count` requests one after the other (at most `budgetMs`): for routes too slow for the fixed window. */
async function probe(name: string, url: string, token: string | null, count = 5, budgetMs = 120_000): Promise<Figure> {
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  while (latencies.length + failures < count && performance.now() - started < budgetMs) {
    const t0 = performance.now();
    const reply = await fetch(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});
    await reply.arrayBuffer();
    if (reply.ok) latencies.push(performance.now() - t0);
    else failures += 1;
  }
  latencies.sort((a, b) => a - b);
  const elapsed = (performance.now() - started) / 1000;
  return {
    name,
    rps: latencies.length / elapsed,
    p50: latencies[Math.floor(latencies.length / 2)] ?? Number.NaN,
    p99: latencies[latencies.length - 1] ?? Number.NaN,
    requests: latencies.length + failures,
    failures,
    note: `sequential probe, 1 connection, ${latencies.length} requests: p99 = slowest`,
  };
}

async function load(name: string, url: string, token: string | null, databaseUrl: string): Promise<Figure> {
  if (!selected(name)) return skipped(name);
  // Every route answers 200 before it is loaded: a figure of error replies would measure nothing.
  const check = await fetch(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  if (!check.ok) throw new Error(`${name}: GET ${url} answered ${check.status} ${(await check.text()).slice(0, 300)}`);
  await check.arrayBuffer().catch(() => undefined);
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    timeout: 60,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  await drain(databaseUrl);
  let figure = figureOf(name, result);
  if (result['2xx'] < MIN_SAMPLES) {
    report({ ...figure, note: `only ${result['2xx']} completed in the window` });
    figure = await probe(name, url, token);
    await drain(databaseUrl);
  }
  report(figure);
  return figure;
}

/**
 * The write path: each request redeems a different pre-approved coupon at the bench station. Also
 * what a redemption cost the machine over a window of the load (the redemptions counted by their
 * time; the client is autocannon, in this process).
 */
async function loadRedemption(
  server: RunningServer,
  token: string,
  coupons: Array<{ id: string; code: string }>,
  databaseUrl: string,
  name = REDEEM,
): Promise<Figure> {
  if (!selected(name)) return skipped(name);
  let next = 0;
  let exhausted = 0;
  const window = measureCostWindow(databaseUrl, { ...windowOf(DURATION), serverPid: server.child.pid, clientPid: () => process.pid });
  const result = await autocannon({
    url: server.base,
    connections: CONNECTIONS,
    duration: DURATION,
    timeout: 60,
    requests: [
      {
        method: 'PATCH',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        setupRequest: (request) => {
          const coupon = coupons[next] ?? coupons[coupons.length - 1];
          if (next >= coupons.length) exhausted += 1;
          next += 1;
          if (!coupon) return null;
          return {
            ...request,
            path: `/api/fuel-requests/${coupon.id}/complete`,
            body: JSON.stringify({ code: coupon.code, dispensedVolume: 30 }),
          };
        },
      },
    ],
  });
  const cost = await window;
  const measured = cost ? await costOf(databaseUrl, cost, await redemptionsBetween(databaseUrl, cost.from, cost.to)) : undefined;
  const figure = {
    ...figureOf(name, result, exhausted ? `coupons ran out: ${exhausted} requests reused one` : undefined),
    ...(measured ? { cost: measured } : {}),
  };
  report(figure);
  return figure;
}

/** The bench's coupons redeemed between two times (epoch ms): the transactions of a window of the load. */
async function redemptionsBetween(databaseUrl: string, from: number, to: number): Promise<number> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM fuel_requests
       WHERE note = $1 AND status = 'COMPLETED' AND redeemed_at >= to_timestamp($2::float8 / 1000) AND redeemed_at < to_timestamp($3::float8 / 1000)`,
      [REDEMPTION_NOTE, from, to],
    );
    return rows[0]?.n ?? 0;
  });
}

function postgresTypes(): pg.CustomTypesConfig {
  return {
    getTypeParser: ((oid: number) =>
      PG_TYPE_PARSERS[oid] ?? (pg.types.getTypeParser(oid, 'text') as (value: string) => unknown)) as pg.CustomTypesConfig['getTypeParser'],
  };
}

/** A SQL literal for a bound parameter, so that pgbench runs the statement the app runs with the values it sends. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return `'${value.toISOString()}'`;
  if (Array.isArray(value)) return `'{${value.map((v) => `"${String(v).replace(/["\\]/g, '\\$&')}"`).join(',')}}'`;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return `'${text.replace(/'/g, "''")}'`;
}

/**
 * The SQL of one request to `routePath` as the large organization's admin: the app is built in this
 * process on a Kysely that records every query (the route's own code, authentication included), and
 * the request is injected. Returns a pgbench script (one transaction = the statements of one request).
 */
async function captureRouteSql(databaseUrl: string, routePath: string): Promise<{ script: string; statements: number }> {
  const captured: CompiledQuery[] = [];
  let recording = false;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4, types: postgresTypes() });
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (recording && event.level === 'query') captured.push(event.query);
    },
  });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleetfuel-bench-capture-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    APP_SECRET: randomBytes(32).toString('hex'),
    PAYMENT_PROVIDER: 'sandbox',
    ALLOW_SANDBOX_PAYMENTS: 'true',
    DATABASE_URL: databaseUrl,
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
  });
  const app = await buildApp({ config, db });
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: LARGE_ORG_ADMIN, password: BENCH_PASSWORD },
    });
    const token = login.json<{ token: string }>().token;
    recording = true;
    const reply = await app.inject({ method: 'GET', url: `/api${routePath}`, headers: { authorization: `Bearer ${token}` } });
    recording = false;
    if (reply.statusCode !== 200) throw new Error(`Capturing ${routePath}: ${reply.statusCode} ${reply.body.slice(0, 300)}`);
  } finally {
    await app.close();
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const lines = captured.map((query) => {
    const text = query.sql
      .replace(/\$(\d+)/g, (_, n: string) => literal(query.parameters[Number(n) - 1]))
      .replace(/\s+/g, ' ')
      .trim();
    return `${text};`;
  });
  return { script: `${lines.join('\n')}\n`, statements: lines.length };
}

/**
 * pgbench for DURATION seconds at CONNECTIONS clients; tps from its summary, p50/p99 from its
 * per-transaction log. With `measureCost`, also what a transaction cost the machine over a window of
 * the run (the transactions counted from the log's completion times).
 */
async function runPgbench(name: string, databaseUrl: string, extra: string[], measureCost = false): Promise<Figure> {
  if (!selected(name)) return skipped(name);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fleetfuel-pgbench-'));
  try {
    const args = [
      '-n',
      '-M',
      'extended',
      '-c',
      String(CONNECTIONS),
      '-j',
      String(Math.min(CONNECTIONS, os.availableParallelism())),
      '-T',
      String(DURATION),
      '-l',
      ...extra,
      databaseUrl,
    ];
    const child = spawn(pgbenchBinary(), args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const window = measureCost ? measureCostWindow(databaseUrl, { ...windowOf(DURATION), clientPid: () => child.pid }) : null;
    const [status] = (await once(child, 'close')) as [number | null];
    const cost = await window;
    if (status !== 0) throw new Error(`pgbench ${name} failed:\n${stderr}\n${stdout}`);
    const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1] ?? 'NaN');
    const failed = Number(/number of failed transactions: (\d+)/.exec(stdout)?.[1] ?? '0');
    const latencies: number[] = [];
    let inWindow = 0;
    for (const file of readdirSync(dir).filter((f) => f.startsWith('pgbench_log'))) {
      for (const line of readFileSync(path.join(dir, file), 'utf8').split('\n')) {
        // client_id transaction_no time_us script_no time_epoch time_us: the last two, when it ended.
        const fields = line.split(' ');
        if (fields.length < 6) continue;
        latencies.push(Number(fields[2]) / 1000);
        const endedAt = Number(fields[4]) * 1000 + Number(fields[5]) / 1000;
        if (cost && endedAt >= cost.from && endedAt < cost.to) inWindow += 1;
      }
    }
    latencies.sort((a, b) => a - b);
    const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? Number.NaN;
    const measured = await costOf(databaseUrl, cost, inWindow);
    const figure: Figure = {
      name,
      rps: tps,
      p50: at(50),
      p99: at(99),
      requests: latencies.length,
      failures: failed,
      ...(measured ? { cost: measured } : {}),
    };
    console.log(`  ${name.padEnd(44)} ${fmt(figure.rps).padStart(8)} tps    p50 ${fmt(figure.p50)} ms  p99 ${fmt(figure.p99)} ms`);
    return figure;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function fmt(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);
}

async function ensureCoupons(databaseUrl: string, needed: number): Promise<Array<{ id: string; code: string }>> {
  return withClient(databaseUrl, async (client) => {
    const select = async () =>
      (
        await client.query<{ id: string; code: string }>(
          `SELECT id, coupon_code AS code FROM fuel_requests WHERE note = $1 AND status = 'APPROVED' AND coupon_expires_at > now() + interval '1 hour'
           ORDER BY created_at`,
          [REDEMPTION_NOTE],
        )
      ).rows;
    let coupons = await select();
    if (coupons.length < needed) {
      console.log(`  topping up redemption coupons: ${coupons.length} left, ${needed} wanted`);
      await client.query(`SET TIME ZONE 'UTC'`);
      await addRedemptionCoupons(client, needed - coupons.length, { seed: Number(process.env.BENCH_SEED ?? '1') });
      coupons = await select();
    }
    return coupons;
  });
}

async function machine(databaseUrl: string): Promise<string> {
  return withClient(databaseUrl, async (client) => {
    const version = await setting(client, 'server_version');
    const buffers = await setting(client, 'shared_buffers');
    const autovacuum = await setting(client, 'autovacuum');
    const cpu = os.cpus()[0]?.model ?? '?';
    return `${os.availableParallelism()} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, PostgreSQL ${version} (shared_buffers ${buffers}, autovacuum ${autovacuum}), Node ${process.version}`;
  });
}

/**
 * Where the server runs without autovacuum (a CI configuration, not PostgreSQL's default), every
 * earlier run's redemptions stay behind as dead row versions, and the wallet's and the rollups'
 * rows, which every redemption updates, are reached through them until something vacuums. A VACUUM
 * first gives every run the state autovacuum keeps a live database in.
 */
async function vacuumUnlessAutovacuum(databaseUrl: string): Promise<void> {
  return withClient(databaseUrl, async (client) => {
    if ((await setting(client, 'autovacuum')) === 'on') return;
    const started = performance.now();
    await client.query('VACUUM (ANALYZE)');
    console.log(
      `autovacuum is off on this server: VACUUM ANALYZE first, as it would have run (${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
  });
}

async function databaseExists(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM fuel_requests`);
    return (rows[0]?.n ?? 0) > 0;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function fuelRequestCount(url: string): Promise<number> {
  return withClient(
    url,
    async (client) => (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM fuel_requests`)).rows[0]?.n ?? 0,
  );
}

async function main(): Promise<void> {
  assertLocal(URL_LARGE);
  assertLocal(URL_SMALL);
  if (!(await databaseExists(URL_LARGE))) throw new Error(`No bench data in ${URL_LARGE}: run npm run bench:data first.`);
  const started = new Date();
  const figures: Figure[] = [];
  const machineLine = await machine(URL_LARGE);
  const largeCount = await fuelRequestCount(URL_LARGE);
  console.log(`bench:api ${started.toISOString()}: ${DURATION} s per load, ${CONNECTIONS} connections`);
  console.log(`Machine: ${machineLine}`);
  console.log(`Large data set: ${largeCount.toLocaleString('en')} fuel requests`);

  await vacuumUnlessAutovacuum(URL_LARGE);
  // Coupons for the write path, ready before the server starts.
  // One set for each redemption load: without and with budget policies.
  const perLoad = Math.max(5_000, DURATION * 1_000);
  const loads = (selected(REDEEM) ? 1 : 0) + (selected(REDEEM_BUDGETED) ? 1 : 0);
  const coupons = loads > 0 ? await ensureCoupons(URL_LARGE, perLoad * loads) : [];

  // pgbench, the same SQL as the list route (page 1 of the large organization's fuel requests).
  console.log('pgbench:');
  const listPath = '/fuel-requests/all-requests?page=1';
  const captured = selected('pgbench: list route SQL') ? await captureRouteSql(URL_LARGE, listPath) : { script: '', statements: 0 };
  const scriptDir = mkdtempSync(path.join(os.tmpdir(), 'fleetfuel-bench-sql-'));
  const scriptFile = path.join(scriptDir, 'list-page-1.sql');
  writeFileSync(scriptFile, captured.script);
  if (process.env.BENCH_SHOW_SQL) console.log(captured.script);
  const sameSql = await runPgbench(`pgbench: list route SQL (${captured.statements} statements)`, URL_LARGE, ['-f', scriptFile]);
  figures.push(sameSql);

  // pgbench TPC-B in a throwaway database.
  const tpcbUrl = URL_LARGE.replace(/\/[^/]+$/, '/fleetfuel_bench_tpcb');
  const tpcbName = 'pgbench: TPC-B (built-in)';
  let tpcb = skipped(tpcbName);
  try {
    if (selected(tpcbName)) {
      await recreateDatabase(tpcbUrl);
      const init = spawnSync(pgbenchBinary(), ['-i', '-q', '-s', String(Math.max(10, CONNECTIONS)), tpcbUrl], { encoding: 'utf8' });
      if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr}`);
      tpcb = await runPgbench(tpcbName, tpcbUrl, [], true);
    }
    figures.push(tpcb);
  } finally {
    await dropDatabase(tpcbUrl);
    rmSync(scriptDir, { recursive: true, force: true });
  }

  console.log('API (autocannon):');
  const server = await startServer(URL_LARGE);
  let overviewLarge: Figure, overviewAdminLarge: Figure, page1: Figure, page500: Figure, redeem: Figure;
  let redeemBudgeted: Figure, usageLarge: Figure;
  try {
    const orgToken = await signIn(server.base, LARGE_ORG_ADMIN);
    const adminToken = await signIn(server.base, PLATFORM_ADMIN);
    const attendantToken = await signIn(server.base, REDEMPTION_ATTENDANT);
    const wallet = await getJson<{ wallet: { id: string } }>(`${server.base}/wallet`, orgToken);
    figures.push(await load('GET /health (ceiling)', `${server.base}/health`, null, URL_LARGE));
    figures.push(
      await load(`GET /vehicles?search=${VEHICLE_SEARCH}`, `${server.base}/vehicles?search=${VEHICLE_SEARCH}`, orgToken, URL_LARGE),
    );
    page1 = await load('GET /fuel-requests/all-requests?page=1', `${server.base}${listPath}`, orgToken, URL_LARGE);
    figures.push(page1);
    page500 = await load(
      'GET /fuel-requests/all-requests?page=500',
      `${server.base}/fuel-requests/all-requests?page=500`,
      orgToken,
      URL_LARGE,
    );
    figures.push(page500);
    figures.push(
      await load('GET /wallet/transactions/:walletId', `${server.base}/wallet/transactions/${wallet.wallet.id}`, orgToken, URL_LARGE),
    );
    overviewLarge = await load('GET /analytics/overview (org admin)', `${server.base}/analytics/overview`, orgToken, URL_LARGE);
    figures.push(overviewLarge);
    overviewAdminLarge = await load('GET /analytics/overview (ADMIN)', `${server.base}/analytics/overview`, adminToken, URL_LARGE);
    figures.push(overviewAdminLarge);
    figures.push(await load('GET /admin/organizations/analytics', `${server.base}/admin/organizations/analytics`, adminToken, URL_LARGE));
    const plainCoupons = selected(REDEEM) ? coupons.slice(0, perLoad) : [];
    redeem = await loadRedemption(server, attendantToken, plainCoupons, URL_LARGE);
    await drain(URL_LARGE);
    figures.push(redeem);
    // Issue 44's budgets: the card on the first screen, and the pump judging them at every fill.
    [usageLarge, redeemBudgeted] = await withBudgets(server.base, orgToken, async () => {
      const usage = await load(USAGE, `${server.base}/fuel-policies/usage`, orgToken, URL_LARGE);
      const budgeted = await loadRedemption(server, attendantToken, coupons.slice(plainCoupons.length), URL_LARGE, REDEEM_BUDGETED);
      await drain(URL_LARGE);
      return [usage, budgeted] as const;
    });
    figures.push(usageLarge, redeemBudgeted);
  } finally {
    await server.stop();
  }

  let overviewSmall: Figure | null = null;
  let overviewAdminSmall: Figure | null = null;
  let usageSmall: Figure | null = null;
  let smallCount = 0;
  if (await databaseExists(URL_SMALL)) {
    smallCount = await fuelRequestCount(URL_SMALL);
    console.log(`Small data set (${smallCount.toLocaleString('en')} fuel requests):`);
    const small = await startServer(URL_SMALL);
    try {
      const orgToken = await signIn(small.base, LARGE_ORG_ADMIN);
      const adminToken = await signIn(small.base, PLATFORM_ADMIN);
      overviewSmall = await load('small: GET /analytics/overview (org admin)', `${small.base}/analytics/overview`, orgToken, URL_SMALL);
      overviewAdminSmall = await load('small: GET /analytics/overview (ADMIN)', `${small.base}/analytics/overview`, adminToken, URL_SMALL);
      figures.push(overviewSmall, overviewAdminSmall);
      usageSmall = await withBudgets(small.base, orgToken, () =>
        load(`small: ${USAGE}`, `${small.base}/fuel-policies/usage`, orgToken, URL_SMALL),
      );
      figures.push(usageSmall);
      // A ratio compares like with like: when the large data set needed the sequential probe, so does the small one.
      if (overviewLarge.note?.startsWith('sequential')) {
        overviewSmall = await probe('small: GET /analytics/overview (org admin)', `${small.base}/analytics/overview`, orgToken);
        report(overviewSmall);
        figures.push(overviewSmall);
      }
      if (overviewAdminLarge.note?.startsWith('sequential')) {
        overviewAdminSmall = await probe('small: GET /analytics/overview (ADMIN)', `${small.base}/analytics/overview`, adminToken);
        report(overviewAdminSmall);
        figures.push(overviewAdminSmall);
      }
    } finally {
      await small.stop();
    }
  } else {
    console.log(
      `No small data set in ${URL_SMALL}: the overview ratio needs BENCH_SCALE=0.01 BENCH_DATABASE_URL=${URL_SMALL} npm run bench:data`,
    );
  }

  const ratios: Array<{ name: string; value: number; target: string; met: boolean }> = [];
  const ratio = (name: string, value: number, target: string, met: (v: number) => boolean) => {
    // With BENCH_ROUTES, a ratio of a figure that was not measured is left out rather than shown unmet.
    if (ROUTES.length > 0 && Number.isNaN(value)) return;
    ratios.push({ name, value, target, met: Number.isFinite(value) && met(value) });
  };
  ratio('list req/s ÷ pgbench same SQL tps', page1.rps / sameSql.rps, '≥ 0.5', (v) => v >= 0.5);
  ratio('redemption req/s ÷ pgbench TPC-B tps', redeem.rps / tpcb.rps, '≥ 0.3', (v) => v >= 0.3);
  if (overviewSmall && overviewAdminSmall) {
    ratio(
      `overview p99 at ${largeCount.toLocaleString('en')} ÷ at ${smallCount.toLocaleString('en')} requests (org admin)`,
      overviewLarge.p99 / overviewSmall.p99,
      '≤ 2',
      (v) => v <= 2,
    );
    ratio(
      `overview p99 at ${largeCount.toLocaleString('en')} ÷ at ${smallCount.toLocaleString('en')} requests (ADMIN)`,
      overviewAdminLarge.p99 / overviewAdminSmall.p99,
      '≤ 2',
      (v) => v <= 2,
    );
  }
  ratio('list page 500 p99 ÷ page 1 p99', page500.p99 / page1.p99, '≤ 2', (v) => v <= 2);
  if (usageSmall) {
    ratio(
      `budget usage p99 at ${largeCount.toLocaleString('en')} ÷ at ${smallCount.toLocaleString('en')} requests`,
      usageLarge.p99 / usageSmall.p99,
      '≤ 2',
      (v) => v <= 2,
    );
  }
  ratio('redemption with two budget policies req/s ÷ without', redeemBudgeted.rps / redeem.rps, '≥ 0.8', (v) => v >= 0.8);

  const table = [
    `| Load | req/s (tps) | p50 ms | p99 ms | requests | failed |`,
    `|---|---:|---:|---:|---:|---:|`,
    ...figures
      .filter((f) => f.note !== SKIPPED)
      .map(
        (f) =>
          `| ${f.name}${f.note ? ` (${f.note})` : ''} | ${fmt(f.rps)} | ${fmt(f.p50)} | ${fmt(f.p99)} | ${f.requests} | ${f.failures} |`,
      ),
    '',
    `| Ratio | value | target | |`,
    `|---|---:|---|---|`,
    ...ratios.map((r) => `| ${r.name} | ${r.value.toFixed(2)} | ${r.target} | ${r.met ? 'met' : '**unmet**'} |`),
    ...costTable(figures),
  ];
  console.log(`\nResults (${started.toISOString()}, ${DURATION} s × ${CONNECTIONS} connections)\n`);
  console.log(table.join('\n'));
  if (process.env.BENCH_JSON) {
    writeFileSync(
      process.env.BENCH_JSON,
      JSON.stringify(
        { started, machine: machineLine, duration: DURATION, connections: CONNECTIONS, largeCount, smallCount, figures, ratios },
        null,
        2,
      ),
    );
  }
}

/**
 * The write path's cost lines: what one transaction cost the machine, and what its backends did.
 * "At most a second" is the machine's cores divided by that CPU: what the transaction would reach
 * were nothing ever waited on. The WAL columns say how much of the database's pages a transaction
 * touches: a page's first change after a checkpoint is written to the log whole (a full-page image).
 */
function costTable(figures: Figure[]): string[] {
  const measured = figures.filter((f): f is Figure & { cost: Cost } => f.cost !== undefined);
  if (measured.length === 0) return [];
  const cores = os.availableParallelism();
  const ms = (value: number) => value.toFixed(2);
  return [
    '',
    `What a write transaction cost the machine (${cores} cores; CPU from /proc over a window inside the load; backends sampled every ${SAMPLE_EVERY_MS} ms):`,
    '',
    `| Load | transactions in window | CPU ms a transaction: server | PostgreSQL | client | at most a second | backends running | on a lock | waiting for the app | on I/O | WAL a transaction: kB | records | full-page images |`,
    `|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|`,
    ...measured.map(({ name, cost: c }) => {
      const cpu = c.perTransactionMs.server + c.perTransactionMs.postgres + c.perTransactionMs.client;
      const b = c.backends;
      const w = c.walPerTransaction;
      const wal = w ? `${(w.bytes / 1024).toFixed(1)} | ${w.records.toFixed(1)} | ${w.fullPageImages.toFixed(1)}` : '– | – | –';
      return `| ${name} | ${c.transactions} in ${c.seconds.toFixed(1)} s | ${ms(c.perTransactionMs.server)} | ${ms(c.perTransactionMs.postgres)} | ${ms(c.perTransactionMs.client)} | ${fmt((cores * 1000) / cpu)} | ${b.running.toFixed(1)} | ${b.lockWait.toFixed(1)} | ${b.waitingOnApp.toFixed(1)} | ${b.io.toFixed(1)} | ${wal} |`;
    }),
    ...walRecordsTable(measured),
  ];
}

/** Kinds of record below this many a transaction are left out of the WAL's table. */
const WAL_RECORDS_SHOWN_FROM = 0.5;

/**
 * The WAL's records a transaction by kind and by the relation written: each row, index entry and
 * row lock a transaction leaves in the log (an update writes an entry in each of its table's
 * indexes unless it is HOT: no indexed column changed, and the new version fits on the row's page).
 */
function walRecordsTable(measured: Array<Figure & { cost: Cost }>): string[] {
  const rows = measured.flatMap(({ name, cost }) =>
    (cost.walRecordsPerTransaction ?? [])
      .filter((r) => r.records >= WAL_RECORDS_SHOWN_FROM)
      .map((r) => `| ${name} | ${r.kind} | ${r.relation ?? '–'} | ${r.records.toFixed(2)} |`),
  );
  if (rows.length === 0) return [];
  return [
    '',
    `The WAL's records a transaction, by kind and relation (pg_walinspect, the window's log; ${WAL_RECORDS_SHOWN_FROM} a transaction or more):`,
    '',
    '| Load | record | relation | a transaction |',
    '|---|---|---|---:|',
    ...rows,
  ];
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
