#!/usr/bin/env node
// Point-in-time recovery drill (issue 45, docs/operations.md): proves that pgBackRest, configured by
// ops/pgbackrest/, restores FleetFuel's PostgreSQL to a chosen moment with its money intact.
//
//   npm run drill:pitr                 installs pgBackRest if missing, then runs the drill
//   DRILL_LOAD_SECONDS=20 npm run drill:pitr   a longer money load (default 8 s)
//   DRILL_KEEP=1 npm run drill:pitr    keeps the throwaway clusters and repository for a look
//
// It makes a throwaway PostgreSQL cluster on a free port with WAL archiving into a pgBackRest
// repository, serves the API on it (migrated, demo data seeded), takes a full backup, runs money
// load (wallet credits and debits from four clients at once), notes a moment T in the middle of it,
// runs more, then restores the backup to T into a new cluster and checks: the ledger invariants, that
// exactly the journal entries whose transactions committed at or before T are there (commit times
// are kept: track_commit_timestamp), and that every write acknowledged before T is there. It prints
// sizes and times, and ends with "PITR drill: passed" or "failed" (and a non-zero exit).
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startApi } from './api-process.mjs';
import { asPostgres, asRoot, createChecks, pgBin, runDrill, stopCluster } from './drill-support.mjs';
import { freePort } from './free-port.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();
const seconds = (from) => ((Date.now() - from) / 1000).toFixed(1);
const log = (...parts) => console.log(`[pitr ${seconds(started)}s]`, ...parts);
const loadSeconds = Number(process.env.DRILL_LOAD_SECONDS ?? 8);
const STANZA = 'fleetfuel';

// -- PostgreSQL's own programs, run as the postgres user -------------------------------------------
function run(command, args, { quiet = false } = {}) {
  const [program, argv] = asPostgres(command, args);
  const result = spawnSync(program, argv, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited ${result.status}:\n${result.stdout}\n${result.stderr}`);
  }
  if (!quiet && result.stdout.trim()) log(result.stdout.trim());
  return result.stdout;
}

const work = mkdtempSync(path.join(tmpdir(), 'fleetfuel-pitr-'));
const dirs = Object.fromEntries(['source', 'restored', 'repo', 'log', 'lock', 'socket'].map((name) => [name, path.join(work, name)]));
for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true });
const configFile = path.join(work, 'pgbackrest.conf');
if (asRoot) spawnSync('chown', ['-R', 'postgres:postgres', work]);
chmodSync(work, 0o755);

const pgbackrest = (...args) => run('pgbackrest', [`--config=${configFile}`, `--stanza=${STANZA}`, ...args]);
const fill = (template, values) => template.replace(/@([A-Z]+)@/g, (_, key) => values[key] ?? `@${key}@`);

/** A new cluster in `dataDir` on `port`, archiving into the repository; started. */
async function createSourceCluster(port) {
  run(path.join(pgBin, 'initdb'), ['-D', dirs.source, '--auth=trust', '-U', 'postgres', '--encoding=UTF8', '--no-sync'], { quiet: true });
  const archiveConf = path.join(work, 'archive.conf');
  writeFileSync(archiveConf, fill(readFileSync(path.join(root, 'ops/pgbackrest/postgresql.conf'), 'utf8'), { CONFIG: configFile }));
  appendFileSync(
    path.join(dirs.source, 'postgresql.conf'),
    [
      `include = '${archiveConf}'`,
      `port = ${port}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${dirs.socket}'`,
      'max_connections = 60',
      '',
    ].join('\n'),
  );
  writeFileSync(
    configFile,
    fill(readFileSync(path.join(root, 'ops/pgbackrest/pgbackrest.conf'), 'utf8'), {
      REPO: dirs.repo,
      LOG: dirs.log,
      LOCK: dirs.lock,
      PGDATA: dirs.source,
      PORT: String(port),
      SOCKET: dirs.socket,
    }),
  );
  if (asRoot) spawnSync('chown', ['-R', 'postgres:postgres', work]);
  run(path.join(pgBin, 'pg_ctl'), ['-D', dirs.source, '-l', path.join(dirs.log, 'source.log'), '-w', 'start'], { quiet: true });
}

const connect = async (port, database = 'postgres') => {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database });
  await client.connect();
  return client;
};

// -- The API on the source cluster ---------------------------------------------------------------
let server = null;
async function startServer(databaseUrl) {
  const dataDir = path.join(work, 'app-data');
  mkdirSync(dataDir, { recursive: true });
  server = await startApi({ port: await freePort(), databaseUrl, dataDir, timeoutMs: 90_000 });
}

async function stopServer() {
  if (!server || server.child.exitCode !== null) return;
  server.child.kill('SIGTERM');
  await server.exited;
}

async function call(method, url, { token, body } = {}) {
  const res = await fetch(`${server.base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null, text };
}

async function login(username) {
  const res = await call('POST', '/auth/login', { body: { username, password: 'Demo-Pass-2026' } });
  if (res.status !== 200) throw new Error(`sign-in ${username}: ${res.status} ${res.text}`);
  return res.json.token;
}

// -- Money load ------------------------------------------------------------------------------------
/**
 * Four clients credit and debit three wallets as the platform admin until `until`; each write has
 * a unique note, and the moment its 200 arrived is kept.
 */
async function moneyLoad(adminToken, walletIds, until, acknowledged) {
  let next = 0;
  const client = async (worker) => {
    while (Date.now() < until) {
      next += 1;
      const n = next;
      const walletId = walletIds[n % walletIds.length];
      const type = n % 5 === 0 ? 'DEBIT' : 'CREDIT';
      const note = `pitr-drill ${worker}-${n}`;
      const res = await call('POST', `/wallet/${walletId}/create-transaction`, {
        token: adminToken,
        body: { amount: 100 + (n % 37), type, note },
      });
      // A debit larger than the wallet holds is refused (422): not a write, and not a failure of the drill.
      if (res.status === 422 && type === 'DEBIT') continue;
      if (res.status !== 200) throw new Error(`load: ${res.status} ${res.text.slice(0, 300)}`);
      acknowledged.push({ note, at: new Date() });
    }
  };
  await Promise.all([1, 2, 3, 4].map(client));
}

// -- The drill -----------------------------------------------------------------------------------
const checks = createChecks();
const { check } = checks;
const sizeOf = (dir) => Number(spawnSync('du', ['-sb', dir], { encoding: 'utf8' }).stdout.split('\t')[0] ?? 0);
const megabytes = (bytes) => `${(bytes / 1_048_576).toFixed(1)} MB`;
const clusters = [];

async function drill() {
  const sourcePort = await freePort();
  let phase = Date.now();
  await createSourceCluster(sourcePort);
  clusters.push(dirs.source);
  pgbackrest('stanza-create');
  pgbackrest('check');
  const admin = await connect(sourcePort);
  await admin.query('CREATE DATABASE fleetfuel');
  await startServer(`postgres://postgres@127.0.0.1:${sourcePort}/fleetfuel`);
  log(`source cluster on port ${sourcePort}, archiving to ${dirs.repo}; API migrated and seeded (${seconds(phase)} s)`);

  phase = Date.now();
  pgbackrest('--type=full', 'backup');
  const backupSeconds = seconds(phase);
  log(`full backup in ${backupSeconds} s`);

  const db = await connect(sourcePort, 'fleetfuel');
  const adminToken = await login('admin@fleetfuel.test');
  const walletIds = [];
  for (const email of ['orgadmin@acme.test', 'orgadmin@beta.test', 'rep@unityfuels.test']) {
    const wallet = await call('GET', '/wallet', { token: await login(email) });
    walletIds.push(wallet.json.wallet.id);
  }
  const acknowledged = [];
  phase = Date.now();
  const loadEnds = Date.now() + loadSeconds * 1000;
  const load = moneyLoad(adminToken, walletIds, loadEnds, acknowledged);
  await new Promise((resolve) => setTimeout(resolve, (loadSeconds * 1000) / 2));
  // T, from the database's clock: the commit times it is compared with are the database's.
  const target = (await db.query(`SELECT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00' AS t`)).rows[0]
    .t;
  const targetDate = new Date(`${target.replace(' ', 'T').replace('+00', 'Z')}`);
  await load;
  log(`money load: ${acknowledged.length} writes in ${seconds(phase)} s; T = ${target}`);
  await stopServer();

  // The WAL past T is archived before the restore reads it.
  await db.query('SELECT pg_switch_wal()');
  pgbackrest('check');
  // Compared in SQL, to the microsecond (a JavaScript Date keeps milliseconds). `racing`: committed
  // within 10 ms before T, where a commit that took its time before T may reach the WAL after one that
  // took it later, and recovery stops at the first commit past T in WAL order.
  const entries = (
    await db.query(
      `SELECT e.id, c.at IS NULL AS untimed, c.at <= $1::timestamptz AS before, c.at > $1::timestamptz - interval '10 milliseconds' AS racing
       FROM journal_entries e CROSS JOIN LATERAL (SELECT pg_xact_commit_timestamp(e.xmin) AS at) c`,
      [target],
    )
  ).rows;
  const expected = new Set(entries.filter((e) => e.before).map((e) => e.id));
  const racing = new Set(entries.filter((e) => e.before && e.racing).map((e) => e.id));
  const afterTarget = entries.filter((e) => e.before === false).length;
  const untimed = entries.filter((e) => e.untimed).length;
  await db.end();
  await admin.end();

  phase = Date.now();
  if (asRoot) spawnSync('chown', ['-R', 'postgres:postgres', dirs.restored]);
  pgbackrest(`--pg1-path=${dirs.restored}`, '--type=time', `--target=${target}`, '--target-action=promote', 'restore');
  const restoreSeconds = seconds(phase);
  const restoredPort = await freePort();
  phase = Date.now();
  run(
    path.join(pgBin, 'pg_ctl'),
    [
      '-D',
      dirs.restored,
      '-l',
      path.join(dirs.log, 'restored.log'),
      '-o',
      `-p ${restoredPort} -c archive_mode=off -c unix_socket_directories=${dirs.socket}`,
      '-w',
      'start',
    ],
    { quiet: true },
  );
  clusters.push(dirs.restored);
  const restored = await connect(restoredPort, 'fleetfuel');
  const deadline = Date.now() + 120_000;
  while ((await restored.query('SELECT pg_is_in_recovery() AS r')).rows[0].r) {
    if (Date.now() > deadline) throw new Error('the restored cluster did not finish recovery within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const recoverySeconds = seconds(phase);
  log(`restored to T on port ${restoredPort}: restore ${restoreSeconds} s, recovery ${recoverySeconds} s`);

  console.log('');
  await checks.checkLedger(restored);
  const present = new Set((await restored.query('SELECT id FROM journal_entries')).rows.map((r) => r.id));
  const missing = [...expected].filter((id) => !present.has(id));
  const extra = [...present].filter((id) => !expected.has(id));
  const raced = missing.filter((id) => racing.has(id)).length;
  check(
    'exactly the journal entries committed at or before T are restored (none after it)',
    missing.length === raced && extra.length === 0 && untimed === 0,
    `${expected.size} at or before T, ${afterTarget} after; restored ${present.size}, missing ${missing.length}${raced ? ` (${raced} committed within 10 ms of T, behind a later commit in the WAL)` : ''}, extra ${extra.length}${untimed ? `, ${untimed} without a commit time` : ''}`,
  );
  const notes = new Set((await restored.query(`SELECT note FROM postings WHERE note LIKE 'pitr-drill %'`)).rows.map((r) => r.note));
  const ackedBefore = acknowledged.filter((write) => write.at < targetDate);
  const lost = ackedBefore.filter((write) => !notes.has(write.note));
  check(
    'every write acknowledged before T is restored',
    lost.length === 0,
    `${ackedBefore.length} acknowledged before T, ${lost.length} lost`,
  );
  check('some writes came after T, and they are not restored', afterTarget > 0 && extra.length === 0, `${afterTarget} entries after T`);
  await restored.end();

  console.log('');
  console.log(
    `Sizes: repository ${megabytes(sizeOf(dirs.repo))}, source cluster ${megabytes(sizeOf(dirs.source))}, restored ${megabytes(sizeOf(dirs.restored))}`,
  );
  console.log(
    `Times: full backup ${backupSeconds} s, restore ${restoreSeconds} s, recovery to T ${recoverySeconds} s, whole drill ${seconds(started)} s`,
  );
}

async function cleanUp() {
  await stopServer().catch(() => undefined);
  for (const dataDir of clusters) stopCluster(dataDir, 'immediate');
  if (process.env.DRILL_KEEP) log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}

await runDrill('PITR drill', {
  drill,
  checks,
  cleanUp,
  explain: () =>
    console.error(`pgBackRest and PostgreSQL logs: ${dirs.log}${process.env.DRILL_KEEP ? '' : ' (rerun with DRILL_KEEP=1 to keep them)'}`),
});
