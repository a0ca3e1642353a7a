#!/usr/bin/env node
// Failover drill (issue 45, docs/operations.md): proves that FleetFuel rides out the loss of its
// PostgreSQL primary under pg_auto_failover, losing no acknowledged write and needing no restart.
//
//   npm run drill:failover                 installs pg_auto_failover if missing, then runs the drill
//   DRILL_KEEP=1 npm run drill:failover    keeps the throwaway nodes and their logs for a look
//
// It makes a monitor, a primary and a synchronous secondary (pg_autoctl, each its own PostgreSQL on
// a free port), runs two API instances on the formation's multi-host DATABASE_URL
// (target_session_attrs=read-write), and drives mixed money load through both: wallet credits and
// debits, and fuel requests approved (holds on the wallet). Mid-load it takes the primary's machine
// away: SIGKILL to its pg_autoctl keeper and to its postgres, so nothing restarts it. The monitor
// promotes the secondary. It prints how long no write succeeded, the acknowledged writes lost
// (must be 0), the ledger invariants, and whether both instances served writes again without a
// restart; it ends with "Failover drill: passed" or "failed" (and a non-zero exit).
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startApi } from './api-process.mjs';
import { asPostgres, asRoot, createChecks, pgBin, runDrill, stopCluster } from './drill-support.mjs';
import { freePort } from './free-port.mjs';

const started = Date.now();
const seconds = (from, to = Date.now()) => ((to - from) / 1000).toFixed(1);
const log = (...parts) => console.log(`[failover ${seconds(started)}s]`, ...parts);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const work = mkdtempSync(path.join(tmpdir(), 'fleetfuel-failover-'));
chmodSync(work, 0o755);
const dirOf = (name) => {
  const dir = path.join(work, name);
  mkdirSync(dir, { recursive: true });
  return dir;
};
const xdg = { XDG_CONFIG_HOME: dirOf('xdg/config'), XDG_DATA_HOME: dirOf('xdg/data'), XDG_RUNTIME_DIR: dirOf('xdg/run') };
if (asRoot) spawnSync('chown', ['-R', 'postgres:postgres', work]);

/** A pg_autoctl command as the postgres user, with its state kept under the drill's folder. */
function autoctlArgs(args) {
  const env = Object.entries({ ...xdg, PG_CONFIG: path.join(pgBin, 'pg_config') }).map(([k, v]) => `${k}=${v}`);
  return asPostgres('env', [...env, 'pg_autoctl', ...args]);
}
function autoctl(...args) {
  const [program, argv] = autoctlArgs(args);
  const result = spawnSync(program, argv, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`pg_autoctl ${args.join(' ')} exited ${result.status}:\n${result.stderr.slice(-2000)}`);
  return result.stdout;
}
const services = [];
/** `pg_autoctl create … --run`: creates the node and keeps its keeper running, as a service would. */
function autoctlService(name, args) {
  const [program, argv] = autoctlArgs(args);
  const child = spawn(program, argv, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(String(chunk)));
  child.stderr.on('data', (chunk) => output.push(String(chunk)));
  const service = { name, child, output };
  services.push(service);
  return service;
}

const node = (name, port) => ({ name, port, pgdata: path.join(work, name) });
const connect = async (port, database = 'postgres') => {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database, connectionTimeoutMillis: 3000 });
  await client.connect();
  return client;
};

async function waitFor(what, test, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await test().catch(() => false);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

/** The formation's states from the monitor: { node name: reported state }. */
async function states(monitorPort) {
  const monitor = await connect(monitorPort, 'pg_auto_failover');
  try {
    const { rows } = await monitor.query('SELECT nodename, reportedstate, goalstate FROM pgautofailover.node');
    return Object.fromEntries(rows.map((row) => [row.nodename, `${row.reportedstate}/${row.goalstate}`]));
  } finally {
    await monitor.end();
  }
}

// -- API instances --------------------------------------------------------------------------------
async function startInstance(name, databaseUrl) {
  const output = [];
  const { child, base } = await startApi({
    port: await freePort(),
    databaseUrl,
    dataDir: dirOf(`api-${name}`),
    // A statement or a connection stuck on the dead primary gives up soon, as in production.
    env: { DATABASE_ACQUIRE_TIMEOUT_MS: '5000', DATABASE_STATEMENT_TIMEOUT_MS: '10000' },
    onOutput: (chunk) => output.push(String(chunk)),
  });
  return { name, child, output, base, pid: child.pid };
}

async function call(api, method, url, { token, body } = {}) {
  try {
    const res = await fetch(`${api.base}${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    return { status: res.status, json: text.startsWith('{') ? JSON.parse(text) : null, text };
  } catch (error) {
    return { status: 0, json: null, text: String(error) };
  }
}

async function login(api, username) {
  const res = await call(api, 'POST', '/auth/login', { body: { username, password: 'Demo-Pass-2026' } });
  if (res.status !== 200) throw new Error(`sign-in ${username}: ${res.status} ${res.text}`);
  return res.json.token;
}

// -- The drill -------------------------------------------------------------------------------------
const checks = createChecks();
const { check } = checks;
const apis = [];

async function drill() {
  const monitorPort = await freePort();
  const monitorDir = path.join(work, 'monitor');
  autoctlService('monitor', [
    'create',
    'monitor',
    '--pgdata',
    monitorDir,
    '--pgport',
    String(monitorPort),
    '--hostname',
    '127.0.0.1',
    '--auth',
    'trust',
    '--no-ssl',
    '--pgctl',
    path.join(pgBin, 'pg_ctl'),
    '--run',
  ]);
  await waitFor('the monitor', async () => (await connect(monitorPort, 'pg_auto_failover')).end().then(() => true));
  // The drill's clock: a node is judged lost after 5 s without answering (production keeps the
  // default 20 s, docs/operations.md).
  const monitorDb = await connect(monitorPort, 'pg_auto_failover');
  for (const [setting, value] of [
    ['pgautofailover.health_check_period', '1000'],
    ['pgautofailover.health_check_timeout', '1000'],
    ['pgautofailover.health_check_max_retries', '1'],
    ['pgautofailover.health_check_retry_delay', '500'],
    ['pgautofailover.node_considered_unhealthy_timeout', '5000'],
    // How long the monitor waits for a lost primary to demote itself before promoting (30 s by default).
    ['pgautofailover.primary_demote_timeout', '5000'],
  ]) {
    await monitorDb.query(`ALTER SYSTEM SET ${setting} = ${value}`);
  }
  await monitorDb.query('SELECT pg_reload_conf()');
  await monitorDb.end();
  const monitorUri = `postgres://autoctl_node@127.0.0.1:${monitorPort}/pg_auto_failover?sslmode=disable`;
  log(`monitor on port ${monitorPort}`);

  const nodes = [node('node_a', await freePort()), node('node_b', await freePort())];
  for (const [index, n] of nodes.entries()) {
    n.service = autoctlService(n.name, [
      'create',
      'postgres',
      '--pgdata',
      n.pgdata,
      '--pgport',
      String(n.port),
      '--hostname',
      '127.0.0.1',
      '--name',
      n.name,
      '--dbname',
      'fleetfuel',
      '--monitor',
      monitorUri,
      '--auth',
      'trust',
      '--no-ssl',
      '--pgctl',
      path.join(pgBin, 'pg_ctl'),
      '--run',
    ]);
    const goal = index === 0 ? 'single' : 'secondary';
    await waitFor(`${n.name} to be ${goal}`, async () => (await states(monitorPort))[n.name] === `${goal}/${goal}`, 180_000);
    log(`${n.name} on port ${n.port} is ${goal}`);
  }
  await waitFor('primary and secondary', async () => {
    const now = await states(monitorPort);
    return now.node_a === 'primary/primary' && now.node_b === 'secondary/secondary';
  });
  const uri = autoctl('show', 'uri', '--formation', 'default', '--monitor', monitorUri).trim();
  const databaseUrl = uri.replace('postgres://', 'postgres://postgres@');
  log(`formation: ${databaseUrl}`);

  apis.push(await startInstance('one', databaseUrl));
  apis.push(await startInstance('two', databaseUrl));
  log(`API instances on ${apis.map((api) => api.base).join(' and ')}`);

  // -- mixed money load through both instances --
  const tokens = new Map();
  for (const api of apis) {
    tokens.set(api, {
      admin: await login(api, 'admin@fleetfuel.test'),
      orgAdmin: await login(api, 'orgadmin@acme.test'),
    });
  }
  const wallet = await call(apis[0], 'GET', '/wallet', { token: tokens.get(apis[0]).orgAdmin });
  const walletId = wallet.json.wallet.id;
  const primary = await connect(nodes[0].port, 'fleetfuel');
  const ids = {
    station: (await primary.query(`SELECT id FROM fuel_stations WHERE name = 'Unity Fuels Ikeja'`)).rows[0].id,
    vehicle: (await primary.query(`SELECT id FROM vehicles WHERE plate_number = 'APP-220-XA'`)).rows[0].id,
  };
  await primary.end();

  const acknowledged = { credits: [], approvals: [] };
  const successes = []; // [time, api name]
  const failures = { count: 0, statuses: {}, last: [] };
  let stopAt = Number.POSITIVE_INFINITY;
  let sequence = 0;
  const supplyDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());

  /** A call that did not go through: counted by its status, and a pause before the next. */
  async function refused(res) {
    failures.last.push(`${new Date().toISOString()} ${res.status} ${res.text.slice(0, 160)}`);
    if (failures.last.length > 6) failures.last.shift();
    failures.count += 1;
    failures.statuses[res.status] = (failures.statuses[res.status] ?? 0) + 1;
    await sleep(100);
  }

  async function client(api, worker) {
    const token = tokens.get(api);
    while (Date.now() < stopAt) {
      sequence += 1;
      const n = sequence;
      if (n % 3 === 0) {
        // A fuel request approved: its hold on the wallet is money moved.
        const created = await call(api, 'POST', '/fuel-requests', {
          token: token.orgAdmin,
          body: { vehicleId: ids.vehicle, stationId: ids.station, supplyDate, volume: 1 + (n % 5) },
        });
        if (created.status !== 200) {
          await refused(created);
          continue;
        }
        const id = created.json.request.id;
        for (;;) {
          const approved = await call(api, 'PATCH', `/fuel-requests/${id}/approve`, { token: token.orgAdmin });
          if (approved.status === 200) {
            acknowledged.approvals.push(id);
            successes.push([Date.now(), api.name]);
            break;
          }
          await refused(approved);
          // A refusal (4xx) is the server's answer; only an unanswered or failed call is tried again.
          if (Date.now() >= stopAt || (approved.status >= 400 && approved.status < 500)) break;
        }
        continue;
      }
      const note = `failover-drill ${api.name}-${worker}-${n}`;
      const res = await call(api, 'POST', `/wallet/${walletId}/create-transaction`, {
        token: token.admin,
        // Credits outweigh the approvals' holds (₦1,150 a litre), so the wallet never runs dry.
        body: { amount: 5_000 + (n % 17), type: n % 7 === 0 ? 'DEBIT' : 'CREDIT', note },
      });
      if (res.status === 200) {
        acknowledged.credits.push(note);
        successes.push([Date.now(), api.name]);
      } else {
        await refused(res);
      }
    }
  }
  const load = Promise.all(apis.flatMap((api) => [client(api, 1), client(api, 2)]));
  await sleep(5000);

  // -- the primary's machine is lost --
  const killedAt = Date.now();
  const postmasterPid = Number(readFileSync(path.join(nodes[0].pgdata, 'postmaster.pid'), 'utf8').split('\n')[0]);
  process.kill(-nodes[0].service.child.pid, 'SIGKILL');
  process.kill(postmasterPid, 'SIGKILL');
  log(`SIGKILL to ${nodes[0].name}'s pg_autoctl and its postgres (pid ${postmasterPid})`);
  await waitFor('the secondary to be promoted', async () => {
    const now = await states(monitorPort);
    return now.node_b === 'wait_primary/wait_primary' || now.node_b === 'primary/primary';
  });
  const promotedAt = Date.now();
  log(`node_b promoted ${seconds(killedAt, promotedAt)} s after the kill`);
  // Both instances must write again, then the load runs on a little longer.
  try {
    await waitFor('both instances to write again', async () =>
      apis.every((api) => successes.some(([at, name]) => at > promotedAt && name === api.name)),
    );
  } catch (error) {
    // What the promoted node says of itself, for the report.
    const promoted = await connect(nodes[1].port, 'fleetfuel');
    const { rows } = await promoted.query(
      `SELECT pg_is_in_recovery() AS in_recovery, current_setting('transaction_read_only') AS read_only, current_setting('default_transaction_read_only') AS default_read_only`,
    );
    await promoted.end();
    throw new Error(`${error.message}; ${nodes[1].name} says ${JSON.stringify(rows[0])}; the last refusals:\n${failures.last.join('\n')}`, {
      cause: error,
    });
  }
  await sleep(3000);
  stopAt = Date.now();
  await load;
  log(
    `load done: ${acknowledged.credits.length} wallet writes and ${acknowledged.approvals.length} approvals acknowledged, ${failures.count} refused or failed ${JSON.stringify(failures.statuses)}`,
  );

  // -- what the new primary holds --
  const after = await connect(nodes[1].port, 'fleetfuel');
  const notes = new Set((await after.query(`SELECT note FROM postings WHERE note LIKE 'failover-drill %'`)).rows.map((r) => r.note));
  const approved = new Set(
    (
      await after.query(`SELECT id FROM fuel_requests WHERE status = 'APPROVED' AND id = ANY($1::uuid[])`, [acknowledged.approvals])
    ).rows.map((r) => r.id),
  );
  const lostCredits = acknowledged.credits.filter((note) => !notes.has(note));
  const lostApprovals = acknowledged.approvals.filter((id) => !approved.has(id));
  // The longest stretch between two acknowledged writes (answers to calls in flight at the kill may
  // still arrive just after it, so the gap is measured, not counted from the kill).
  const times = successes.map(([at]) => at).sort((a, b) => a - b);
  let gap = { from: killedAt, to: killedAt };
  for (let i = 1; i < times.length; i += 1) {
    if (times[i] - times[i - 1] > gap.to - gap.from) gap = { from: times[i - 1], to: times[i] };
  }
  console.log('');
  console.log(
    `Seconds without a successful write: ${seconds(gap.from, gap.to)}, from ${seconds(killedAt, gap.from)} s after the kill (promotion ${seconds(killedAt, promotedAt)} s after it)`,
  );
  console.log(`Acknowledged writes lost: ${lostCredits.length + lostApprovals.length}`);
  // What the instances could not classify (answered 500), by message: a failover should have none.
  const unhandled = new Map();
  for (const api of apis) {
    for (const line of api.output.join('').split('\n')) {
      if (!line.includes('unhandled error')) continue;
      const message = /"message":"([^"]*)"/.exec(line)?.[1] ?? line.slice(0, 200);
      unhandled.set(message, (unhandled.get(message) ?? 0) + 1);
    }
  }
  for (const [message, count] of unhandled) console.log(`Answered 500 ×${count}: ${message}`);
  check(
    'no acknowledged write lost',
    lostCredits.length + lostApprovals.length === 0,
    `${lostCredits.length} wallet writes, ${lostApprovals.length} approvals of ${acknowledged.credits.length + acknowledged.approvals.length}`,
  );
  await checks.checkLedger(after);
  for (const api of apis) {
    const wrote = successes.filter(([at, name]) => at > promotedAt && name === api.name).length;
    check(
      `API instance ${api.name} wrote again without a restart`,
      wrote > 0 && api.child.exitCode === null && api.child.pid === api.pid,
      `${wrote} writes after the promotion`,
    );
  }
  await after.end();
  console.log(`\nWhole drill ${seconds(started)} s`);
}

async function cleanUp() {
  for (const api of apis) if (api.child.exitCode === null) api.child.kill('SIGKILL');
  // pg_autoctl stops its postgres when asked to stop (SIGTERM); a postmaster killed outright would
  // leave the monitor's background workers running without it.
  const running = services.filter((service) => service.child.exitCode === null && service.child.signalCode === null);
  for (const service of running) process.kill(-service.child.pid, 'SIGTERM');
  await Promise.race([Promise.all(running.map((service) => new Promise((resolve) => service.child.once('exit', resolve)))), sleep(20_000)]);
  for (const name of ['node_b', 'node_a', 'monitor']) stopCluster(path.join(work, name), 'fast');
  for (const service of running) {
    try {
      process.kill(-service.child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  if (process.env.DRILL_KEEP) log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}

await runDrill('Failover drill', {
  drill,
  checks,
  cleanUp,
  explain: () => {
    for (const service of services) console.error(`\n--- ${service.name} ---\n${service.output.join('').slice(-2500)}`);
    for (const api of apis) console.error(`\n--- API ${api.name} ---\n${api.output.join('').slice(-2500)}`);
  },
});
