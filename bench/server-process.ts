/**
 * What the benchmarks share: the production server's command, a free port, a server process started in its own
 * process group (so that it stops with everything it started), waiting for a sign-in to succeed,
 * and the resident memory of a process tree read from /proc.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEMO_ORG_ADMIN = 'orgadmin@acme.test';
export const DEMO_PASSWORD = 'Demo-Pass-2026';

/**
 * The arguments to `node` that start the server as production runs it (`npm start`, the Docker
 * image): the built bundle, not TypeScript through tsx. Builds first when the sources changed.
 */
export function productionServerArgs(): string[] {
  const built = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build-if-changed.mjs')], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error(`The build failed (exit code ${built.status ?? 'none'})`);
  // BENCH_SERVER_NODE_ARGS: extra options for the server's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
  // to see where a load spends the server's time (NODE_OPTIONS may not carry --cpu-prof).
  const extra = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  return [...extra, '--enable-source-maps', path.join(ROOT, 'apps/api/dist/server.js')];
}

/**
 * The environment production starts the server in (package.json's start script, the API's serve
 * script, the Dockerfile): glibc's malloc with a fixed mmap threshold. Each password hash (argon2,
 * 19 MiB, on libuv's threads) is then mapped and returned to the system when freed; with glibc's
 * default the threshold rises past that size after the first hash, and every later one stays in a
 * thread's arena: ~75 MB more resident at rest on the embedded install (bench/RESULTS.md).
 */
export const PRODUCTION_PROCESS_ENV = { MALLOC_MMAP_THRESHOLD_: '131072' } as const;

// One port finder for the scripts and the benchmarks (typed by scripts/free-port.d.mts).
export { freePort } from '../scripts/free-port.mjs';

export interface ServerProcess {
  child: ChildProcess;
  /** The last 20 kB the process printed, for the error message when it fails. */
  output(): string;
  stop(): Promise<void>;
}

/** Starts `command` in a process group of its own; `stop()` sends SIGTERM to the whole group. */
export function startProcess(command: string, args: string[], env: NodeJS.ProcessEnv): ServerProcess {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        return;
      }
      const killLater = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 10_000);
      await exited;
      clearTimeout(killLater);
    },
  };
}

/** Signs in until it succeeds (the server may still be building, migrating or seeding); returns the token. */
export async function signInWhenUp(base: string, server: ServerProcess, timeoutMs: number, username = DEMO_ORG_ADMIN): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`the server exited (${server.child.exitCode}):\n${server.output()}`);
    try {
      const res = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: DEMO_PASSWORD }),
        signal: AbortSignal.timeout(5_000),
      });
      if (res.ok) return ((await res.json()) as { token: string }).token;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`no successful sign-in within ${timeoutMs / 1000} s:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

/** Resident set size in bytes (VmRSS), 0 for a process that is gone. */
export function residentBytes(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Every process of the tree under `pid` (itself included), with its command line and resident size. */
export function processTree(pid: number): Array<{ pid: number; command: string; rss: number }> {
  const all: Array<{ pid: number; command: string; rss: number }> = [];
  const visit = (current: number) => {
    let command: string;
    try {
      command = readFileSync(`/proc/${current}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
    } catch {
      return;
    }
    all.push({ pid: current, command, rss: residentBytes(current) });
    for (const child of childrenOf(current)) visit(child);
  };
  visit(pid);
  return all;
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/**
 * The settings of a production server on a bench database: no demo seed, sandbox payments, and no
 * rate limit (the load comes from one address at thousands of calls a second).
 */
export function benchServerEnv(options: {
  databaseUrl: string;
  port: number;
  secret: string;
  dataDir: string;
  logLevel: string;
  platformFeeBps: number;
}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...PRODUCTION_PROCESS_ENV,
    NODE_ENV: 'production',
    APP_SECRET: options.secret,
    PAYMENT_PROVIDER: 'sandbox',
    ALLOW_SANDBOX_PAYMENTS: 'true',
    DATABASE_URL: options.databaseUrl,
    SEED_DEMO_DATA: 'false',
    HOST: '127.0.0.1',
    PORT: String(options.port),
    APP_URL: `http://127.0.0.1:${options.port}`,
    LOG_LEVEL: options.logLevel,
    PLATFORM_FEE_BPS: String(options.platformFeeBps),
    DATA_DIR: options.dataDir,
    RATE_LIMIT_PER_ADDRESS: '0',
    RATE_LIMIT_PER_SESSION: '0',
  };
}
