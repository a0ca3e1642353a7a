/**
 * `npm run bench:cluster`: the platform layout on one machine. Two built API instances
 * (`node apps/api/dist/server.js`, NODE_ENV=production) over one fresh PostgreSQL database
 * (migrated, demo data seeded), behind nginx (Debian's package, generated config in a temporary
 * folder, round robin), with the rate limits counted in Redis. A load driver then runs card
 * fundings (sandbox provider), fuel requests with their approval, and coupon redemptions through
 * nginx for a fixed time, and the ledger invariants of `bench:data` are checked on the result.
 *
 *   BENCH_CLUSTER_DATABASE_URL  the database to create and drop (default postgres://postgres@127.0.0.1:5432/fleetfuel_cluster)
 *   REDIS_URL                   the shared rate-limit store (default redis://127.0.0.1:6379)
 *   BENCH_DURATION              seconds of load (default 20)
 *   BENCH_CONNECTIONS           concurrent clients (default 8)
 *
 * Prints the figures; exits non-zero only when the run could not be made or an invariant is broken.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { assertLocal, checkInvariants, dropDatabase, recreateDatabase } from './data.js';
import {
  PRODUCTION_PROCESS_ENV,
  ROOT,
  freePort,
  mb,
  processTree,
  signInWhenUp,
  startProcess,
  type ServerProcess,
} from './server-process.js';

const DATABASE_URL = process.env.BENCH_CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fleetfuel_cluster';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const DURATION_S = Number(process.env.BENCH_DURATION ?? '20');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? '8');
const INSTANCES = 2;
const NGINX_CANDIDATES = ['/usr/sbin/nginx', '/usr/bin/nginx'];
/** A fuel request small enough for every seeded vehicle's tank. */
const LITRES = 5;
/** More than a request's cost, so that fundings keep up with approvals. */
const FUNDING_NAIRA = 20_000;

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(command, args, { cwd: ROOT, env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
}

function nginxBinary(): string {
  const found = NGINX_CANDIDATES.find((candidate) => existsSync(candidate));
  if (!found) throw new Error("nginx not found: run `npm run setup` (scripts/install-system-deps.sh installs Debian's nginx).");
  return found;
}

function nginxConfig(dir: string, listenPort: number, upstreamPorts: number[]): string {
  return `
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
${process.getuid?.() === 0 ? 'user root;' : ''}
events { worker_connections 1024; }
http {
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  # Which instance answered each call, to show the load went to both.
  log_format upstream '$upstream_addr $status';
  access_log ${dir}/access.log upstream;
  upstream fleetfuel {
${upstreamPorts.map((port) => `    server 127.0.0.1:${port};`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${listenPort};
    client_max_body_size 12m;
    location / {
      proxy_pass http://fleetfuel;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`;
}

interface Reply {
  status: number;
  json: Record<string, unknown> | null;
}

/** Per operation: how many, by status, and their latencies. */
class Tally {
  readonly latencies = new Map<string, number[]>();
  readonly statuses = new Map<string, Map<number, number>>();
  /** The first refusal's message for each operation and status, to say why. */
  readonly refusals = new Map<string, string>();
  record(op: string, status: number, ms: number, message?: string) {
    if (status >= 400 && message && !this.refusals.has(`${op} ${status}`)) this.refusals.set(`${op} ${status}`, message);
    const list = this.latencies.get(op) ?? [];
    list.push(ms);
    this.latencies.set(op, list);
    const byStatus = this.statuses.get(op) ?? new Map<number, number>();
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    this.statuses.set(op, byStatus);
  }
  get total(): number {
    return [...this.latencies.values()].reduce((sum, list) => sum + list.length, 0);
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

function lagosToday(): string {
  return new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
}

async function main(): Promise<void> {
  assertLocal(DATABASE_URL);
  const nginx = nginxBinary();
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true });
  await redis.connect().catch((error: unknown) => {
    throw new Error(`Redis is not reachable at ${REDIS_URL}: ${String(error)}`);
  });
  const cpus = os.cpus();
  console.log(
    `bench:cluster ${new Date().toISOString()} on ${cpus.length} × ${cpus[0]?.model ?? 'cpu'}, Node ${process.version}: ` +
      `${INSTANCES} instances, ${CONNECTIONS} clients, ${DURATION_S} s`,
  );

  const dir = mkdtempSync(path.join(os.tmpdir(), 'fleetfuel-bench-cluster-'));
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'data']) mkdirSync(path.join(dir, sub));
  const keyPrefix = `fleetfuel:bench:${randomUUID()}:`;
  const processes: ServerProcess[] = [];
  const setupStarted = performance.now();
  try {
    run('npm', ['run', 'build:api']);
    await recreateDatabase(DATABASE_URL);
    const cliEnv = { ...process.env, DATABASE_URL, NODE_ENV: 'development', DATA_DIR: path.join(dir, 'data') };
    run(process.execPath, ['apps/api/dist/cli.js', 'migrate'], cliEnv);
    run(process.execPath, ['apps/api/dist/cli.js', 'seed'], cliEnv);
    const db = new pg.Client({ connectionString: DATABASE_URL });
    await db.connect();
    // The demo organization's plan caps fuel requests per cycle, its groups' daily litres cap
    // approvals, and its active reserves run dry (an approval draws on them): the load would reach
    // each within seconds and measure refusals instead of work.
    await db.query(`UPDATE organizations SET subscription_plan_id = (SELECT id FROM subscription_plans WHERE name = 'Enterprise')
                    WHERE name = 'Acme Logistics'`);
    await db.query(`UPDATE departments SET max_daily_consumption = 1000000
                    WHERE organization_id = (SELECT id FROM organizations WHERE name = 'Acme Logistics')`);
    await db.query(`UPDATE fuel_reserves SET amount = amount + 1000000, remaining = remaining + 1000000
                    WHERE status = 'ACTIVE' AND organization_id = (SELECT id FROM organizations WHERE name = 'Acme Logistics')`);
    const station = (await db.query<{ id: string }>(`SELECT id FROM fuel_stations WHERE name = 'Unity Fuels Ikeja'`)).rows[0]!.id;
    const vehicles = (
      await db.query<{ id: string }>(
        `SELECT v.id FROM vehicles v JOIN organizations o ON o.id = v.organization_id
          WHERE o.name = 'Acme Logistics' AND v.status = 'ACTIVE' AND (v.tank_size IS NULL OR v.tank_size >= $1)`,
        [LITRES],
      )
    ).rows.map((row) => row.id);

    const nginxPort = await freePort();
    const ports: number[] = [];
    const secret = randomBytes(32).toString('hex');
    for (let i = 0; i < INSTANCES; i += 1) {
      const port = await freePort();
      ports.push(port);
      processes.push(
        startProcess(process.execPath, ['--enable-source-maps', 'apps/api/dist/server.js'], {
          ...process.env,
          ...PRODUCTION_PROCESS_ENV,
          NODE_ENV: 'production',
          APP_SECRET: secret,
          PAYMENT_PROVIDER: 'sandbox',
          ALLOW_SANDBOX_PAYMENTS: 'true',
          DATABASE_URL,
          SEED_DEMO_DATA: 'false',
          HOST: '127.0.0.1',
          PORT: String(port),
          APP_URL: `http://127.0.0.1:${nginxPort}`,
          DATA_DIR: path.join(dir, 'data'),
          LOG_LEVEL: 'warn',
          TRUST_PROXY: 'true',
          REDIS_URL,
          RATE_LIMIT_KEY_PREFIX: keyPrefix,
          // Counted for the whole run, and high enough that the load itself is never refused.
          RATE_LIMIT_WINDOW_SECONDS: '3600',
          RATE_LIMIT_PER_ADDRESS: '1000000',
          RATE_LIMIT_PER_SESSION: '1000000',
        }),
      );
    }
    writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig(dir, nginxPort, ports));
    const proxy = startProcess(nginx, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], process.env);
    processes.push(proxy);
    const base = `http://127.0.0.1:${nginxPort}`;
    for (const [i, port] of ports.entries()) await signInWhenUp(`http://127.0.0.1:${port}`, processes[i]!, 120_000);
    const orgAdmin = await signInWhenUp(base, proxy, 30_000);
    const attendant = await signInWhenUp(base, proxy, 30_000, 'attendant@unityfuels.test');
    console.log(`Set-up (build, database, ${INSTANCES} instances, nginx): ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`);

    const tally = new Tally();
    const references: string[] = [];
    const redeemed: string[] = [];
    const coupons: Array<{ id: string; code: string }> = [];

    async function call(op: string, method: string, url: string, token: string | null, body?: unknown): Promise<Reply> {
      const started = performance.now();
      const res = await fetch(`${base}/api${url}`, {
        method,
        redirect: 'manual',
        headers: {
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await res.text();
      let json: Record<string, unknown> | null;
      try {
        json = text ? (JSON.parse(text) as Record<string, unknown>) : null;
      } catch {
        json = null;
      }
      tally.record(op, res.status, performance.now() - started, typeof json?.error === 'string' ? json.error : text.slice(0, 120));
      return { status: res.status, json };
    }

    async function fund(): Promise<void> {
      const started = await call('fund', 'POST', '/wallet/fund', orgAdmin, { amount: FUNDING_NAIRA });
      if (started.status !== 200) return;
      const reference = String(started.json?.reference);
      const paid = await call('checkout (pay)', 'POST', `/payments/sandbox/checkout/${encodeURIComponent(reference)}`, null, {
        outcome: 'success',
      });
      if (paid.status === 303) references.push(reference);
    }

    async function requestAndApprove(vehicleId: string): Promise<void> {
      const created = await call('create fuel request', 'POST', '/fuel-requests', orgAdmin, {
        vehicleId,
        stationId: station,
        supplyDate: lagosToday(),
        volume: LITRES,
      });
      if (created.status !== 200) return;
      const id = String((created.json?.request as { id: string }).id);
      const approved = await call('approve', 'PATCH', `/fuel-requests/${id}/approve`, orgAdmin, {});
      if (approved.status === 200) coupons.push({ id, code: String((approved.json?.request as { couponCode: string }).couponCode) });
    }

    async function redeem(coupon: { id: string; code: string }): Promise<void> {
      const done = await call('redeem', 'PATCH', `/fuel-requests/${coupon.id}/complete`, attendant, {
        code: coupon.code,
        dispensedVolume: LITRES,
      });
      if (done.status === 200) redeemed.push(coupon.id);
    }

    const loadStarted = performance.now();
    const deadline = Date.now() + DURATION_S * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, client) => {
        for (let step = client; Date.now() < deadline; step += 1) {
          const coupon = step % 3 === 2 ? coupons.shift() : undefined;
          if (coupon) await redeem(coupon);
          else if (step % 3 === 0) await fund();
          else await requestAndApprove(vehicles[step % vehicles.length]!);
        }
      }),
    );
    const loadSeconds = (performance.now() - loadStarted) / 1000;

    // The sandbox's webhooks are delivered after the checkout's reply: wait until each is settled.
    let settled = 0;
    for (let i = 0; i < 100; i += 1) {
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM card_payments WHERE reference = ANY($1) AND status = 'SUCCESS'`,
        [references],
      );
      settled = rows[0]!.n;
      if (settled === references.length) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const completed = (
      await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM fuel_requests WHERE id = ANY($1) AND status = 'COMPLETED'`, [redeemed])
    ).rows[0]!.n;
    // The e-mails and texts of the approvals and redemptions: either instance may send each, from
    // the outbox both write into; every one must be sent, and once (both share the data folder, a
    // file a message).
    let messages = { sent: 0, pending: 0, failed: 0 };
    for (let i = 0; i < 150; i += 1) {
      const { rows } = await db.query<{ sent: number; pending: number; failed: number }>(
        `SELECT count(*) FILTER (WHERE status = 'SENT')::int AS sent, count(*) FILTER (WHERE status = 'PENDING')::int AS pending,
                count(*) FILTER (WHERE status = 'FAILED')::int AS failed FROM outgoing_messages`,
      );
      messages = rows[0]!;
      if (messages.pending === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const outboxFiles = (folder: string) => (existsSync(folder) ? readdirSync(folder).filter((f) => f.endsWith('.json')).length : 0);
    const written = outboxFiles(path.join(dir, 'data', 'outbox')) + outboxFiles(path.join(dir, 'data', 'outbox', 'sms'));
    const counted = Number(await redis.get(`${keyPrefix}address:127.0.0.1`));
    const perInstance = new Map<string, number>();
    for (const line of readFileSync(path.join(dir, 'access.log'), 'utf8').split('\n').filter(Boolean)) {
      const upstream = line.split(' ')[0]!;
      perInstance.set(upstream, (perInstance.get(upstream) ?? 0) + 1);
    }
    const rss = processes.slice(0, INSTANCES).map((p) => processTree(p.child.pid!).reduce((sum, q) => sum + q.rss, 0));

    console.log(
      `\nLoad: ${tally.total} calls in ${loadSeconds.toFixed(1)} s = ${(tally.total / loadSeconds).toFixed(0)} calls/s through nginx\n`,
    );
    console.log(`${'operation'.padEnd(22)} ${'calls'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}  statuses`);
    for (const [op, list] of tally.latencies) {
      const sorted = [...list].sort((a, b) => a - b);
      const statuses = [...(tally.statuses.get(op) ?? new Map<number, number>())].map(([status, n]) => `${status}×${n}`).join(' ');
      console.log(
        `${op.padEnd(22)} ${String(list.length).padStart(6)} ${percentile(sorted, 50).toFixed(1).padStart(8)} ${percentile(sorted, 99)
          .toFixed(1)
          .padStart(8)}  ${statuses}`,
      );
    }
    for (const [what, message] of tally.refusals) console.log(`  refused: ${what}: ${message}`);
    console.log(`\nCalls per instance (nginx upstream): ${[...perInstance].map(([u, n]) => `${u} ${n}`).join(', ')}`);
    console.log(`Resident memory per instance after the load: ${rss.map(mb).join(', ')}`);
    console.log(
      `Rate-limit count in Redis for 127.0.0.1, kept by both instances together: ${counted} (calls through nginx: ${[...perInstance.values()].reduce((a, b) => a + b, 0)})`,
    );
    console.log(
      `Fundings paid: ${references.length}, credited once each: ${settled}; coupons redeemed: ${redeemed.length}, COMPLETED: ${completed}`,
    );
    console.log(
      `E-mails and texts: ${messages.sent} sent (${written} written to the outbox folder by both instances), ${messages.pending} pending, ${messages.failed} failed`,
    );
    await checkInvariants(db);
    await db.end();
    const runConsistent = settled === references.length && completed === redeemed.length;
    console.log(`Ledger invariants: OK${runConsistent ? '; every acknowledged funding and redemption is in the ledger' : ''}`);
    if (!runConsistent) throw new Error('acknowledged fundings or redemptions are missing from the database');
    if (messages.pending > 0 || messages.sent === 0 || written !== messages.sent) {
      throw new Error(`messages not sent exactly once: ${messages.sent} sent, ${written} written, ${messages.pending} still pending`);
    }
  } finally {
    for (const p of processes.reverse()) await p.stop();
    const keys = await redis.keys(`${keyPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    await dropDatabase(DATABASE_URL);
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
