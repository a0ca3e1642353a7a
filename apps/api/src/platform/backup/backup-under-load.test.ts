/**
 * Issue 45: the real server on a new embedded database takes wallet credits from several clients
 * at once while `npm run backup` runs; the archive is restored into a new folder with
 * `npm run restore`, and the restored database must keep the ledger's invariants, hold every credit
 * acknowledged before the backup began, and none sent after it ended (a snapshot, not a later copy).
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.js';
import { openDatabase } from '../db/database.js';
import { restoreBackup } from './backups.js';

const CLI = path.join(REPO_ROOT, 'apps/api/src/platform/backup/cli.ts');
const SERVER = path.join(REPO_ROOT, 'apps/api/src/server.ts');
const PASSWORD = 'Demo-Pass-2026';
const WORKERS = 4;

const work = mkdtempSync(path.join(tmpdir(), 'fleetfuel-backup-load-'));
const dataDir = path.join(work, 'data');
const restoredDir = path.join(work, 'restored');
const env = (port: number): NodeJS.ProcessEnv => ({
  ...process.env,
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  PORT: String(port),
  APP_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  DATABASE_READ_URL: '',
  S3_BUCKET: '',
  SMTP_URL: '',
  SEED_DEMO_DATA: 'true',
  LOG_LEVEL: 'warn',
  // This test takes its backup itself.
  BACKUP_HOUR: 'off',
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}

/** Runs a TypeScript entry point as `npm run` does (tsx), to its end. */
function runTs(
  file: string,
  args: string[],
  processEnv: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], { cwd: REPO_ROOT, env: processEnv });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

let port = 0;
let base = '';
let server: ReturnType<typeof spawn> | null = null;
let serverExit: Promise<number | null> = Promise.resolve(null);
let serverOutput = '';

/** Starts the server and resolves once it prints its banner (it listens by then). */
async function startServer(): Promise<void> {
  port = await freePort();
  base = `http://127.0.0.1:${port}/api`;
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], { cwd: REPO_ROOT, env: env(port) });
  server = child;
  serverExit = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      serverOutput += chunk.toString();
      if (serverOutput.includes('FleetFuel is running at')) resolve();
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void serverExit.then((code) => reject(new Error(`The server exited (${code}) before it listened:\n${serverOutput}`)));
  });
}

async function call(method: string, url: string, token: string | null, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : null, text };
}

async function signIn(username: string): Promise<string> {
  const res = await call('POST', '/auth/login', null, { username, password: PASSWORD });
  expect(res.status, res.text).toBe(200);
  return res.json?.token as string;
}

async function walletOf(token: string): Promise<string> {
  const res = await call('GET', '/wallet', token);
  expect(res.status, res.text).toBe(200);
  return (res.json?.wallet as { id: string }).id;
}

beforeAll(async () => {
  await startServer();
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGKILL');
    await serverExit;
  }
  rmSync(work, { recursive: true, force: true });
});

describe('a backup taken under write load', () => {
  it('restores into a new folder with the ledger balanced and every write acknowledged before it', { timeout: 120_000 }, async () => {
    const admin = await signIn('admin@fleetfuel.test');
    const wallets = [await walletOf(await signIn('orgadmin@acme.test')), await walletOf(await signIn('rep@unityfuels.test'))];

    // A stored file, as uploads leave them, and an upload still being written (not archived).
    const filesDir = path.join(dataDir, 'files');
    mkdirSync(filesDir, { recursive: true });
    const stored = `vehicle-image-${randomUUID()}.png`;
    const storedBytes = randomBytes(4096);
    writeFileSync(path.join(filesDir, stored), storedBytes);
    writeFileSync(path.join(filesDir, `vehicle-image-${randomUUID()}.png.partial`), 'half');

    const sent = new Map<string, number>();
    const acknowledged = new Map<string, number>();
    let stop = false;
    let ackWaiter: { count: number; resolve: () => void } | null = null;
    const waitForAcks = (count: number) =>
      new Promise<void>((resolve) => {
        if (acknowledged.size >= count) resolve();
        else ackWaiter = { count, resolve };
      });
    const worker = async (index: number) => {
      for (let i = 0; !stop; i += 1) {
        const note = `backup under load ${index}-${i}`;
        sent.set(note, performance.now());
        const res = await call('POST', `/wallet/${wallets[i % wallets.length]}/create-transaction`, admin, {
          amount: 100 + index + i / 100,
          type: 'CREDIT',
          note,
        });
        if (res.status !== 200) throw new Error(`credit ${note}: ${res.status} ${res.text}`);
        acknowledged.set(note, performance.now());
        if (ackWaiter && acknowledged.size >= ackWaiter.count) {
          ackWaiter.resolve();
          ackWaiter = null;
        }
      }
    };
    const load = Promise.all(Array.from({ length: WORKERS }, (_, index) => worker(index)));
    load.catch(() => undefined);
    // A credit refused ends the wait with its reason rather than at the timeout.
    const acksReach = (count: number) =>
      Promise.race([
        waitForAcks(count),
        load.then(() => {
          throw new Error('the load stopped early');
        }),
      ]);

    await acksReach(40);
    const backupStarted = performance.now();
    const ackedBefore = [...acknowledged.keys()];
    const backup = await runTs(CLI, ['backup'], env(port));
    const backupEnded = performance.now();
    // More load after the backup: none of it may be in the archive.
    await acksReach(acknowledged.size + 2 * WORKERS);
    stop = true;
    await load;
    const sentAfter = [...sent].filter(([, at]) => at > backupEnded).map(([note]) => note);
    const ackedDuring = [...acknowledged.values()].filter((at) => at > backupStarted && at < backupEnded).length;

    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain('Backup taken by the running server');
    const archive = backup.stdout.trim().split('\n').at(-1) as string;
    expect(path.dirname(archive)).toBe(path.join(dataDir, 'backups'));
    expect(ackedDuring, 'credits acknowledged while the backup ran').toBeGreaterThan(0);
    expect(sentAfter.length).toBeGreaterThan(0);

    // A clean stop removes the control socket.
    server?.kill('SIGTERM');
    expect(await serverExit).toBe(0);
    expect(existsSync(path.join(dataDir, 'control.sock'))).toBe(false);

    const restore = await runTs(CLI, ['restore', archive, '--data-dir', restoredDir], env(port));
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain('matches the archive');
    // A second restore into the same folder is refused, and leaves it as it was.
    await expect(restoreBackup(archive, restoredDir)).rejects.toThrow(/pglite is not empty/);

    expect(readFileSync(path.join(restoredDir, 'files', stored)).equals(storedBytes)).toBe(true);
    expect(readdirSync(path.join(restoredDir, 'files'))).toEqual([stored]);

    const handle = await openDatabase({ engine: 'pglite', dataDir: path.join(restoredDir, 'pglite') });
    try {
      const violations = async (query: string) => (await sql.raw<Record<string, unknown>>(query).execute(handle.db)).rows;
      // The crash test's ledger checks (scripts/crash-test.mjs).
      expect(
        await violations(`SELECT e.idempotency_key, count(p.id)::int AS postings, coalesce(sum(p.amount_kobo), 0)::text AS total
          FROM journal_entries e LEFT JOIN postings p ON p.entry_id = e.id
          GROUP BY e.id HAVING count(p.id) < 2 OR coalesce(sum(p.amount_kobo), 0) <> 0`),
        'every journal entry has at least two postings and they sum to zero',
      ).toEqual([]);
      expect(
        await violations(`SELECT a.id, a.kind, a.balance_kobo::text AS cached, coalesce(p.total, 0)::text AS posted
          FROM ledger_accounts a LEFT JOIN (SELECT account_id, sum(amount_kobo) AS total FROM postings GROUP BY account_id) p ON p.account_id = a.id
          WHERE a.balance_kobo <> coalesce(p.total, 0)`),
        'each account’s cached balance equals the sum of its postings',
      ).toEqual([]);
      expect(
        await violations(`SELECT a.id, a.kind, a.held_kobo::text AS cached, coalesce(h.total, 0)::text AS open_holds
          FROM ledger_accounts a LEFT JOIN (SELECT account_id, sum(amount_kobo) AS total FROM holds WHERE status = 'OPEN' GROUP BY account_id) h ON h.account_id = a.id
          WHERE a.held_kobo <> coalesce(h.total, 0)`),
        'each account’s cached held money equals the sum of its open holds',
      ).toEqual([]);

      const { rows } = await sql<{
        note: string;
        postings: number;
      }>`SELECT note, count(*)::int AS postings FROM postings WHERE note LIKE 'backup under load %' GROUP BY note`.execute(handle.db);
      const restored = new Map(rows.map((row) => [row.note, row.postings]));
      expect(
        ackedBefore.filter((note) => restored.get(note) !== 2),
        'credits acknowledged before the backup began, missing (or half there)',
      ).toEqual([]);
      expect(
        sentAfter.filter((note) => restored.has(note)),
        'credits sent after the backup ended, yet in it',
      ).toEqual([]);
      expect([...restored.keys()].filter((note) => !sent.has(note))).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
