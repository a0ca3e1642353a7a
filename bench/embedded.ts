/**
 * `npm run bench:embedded`: the one-command install on a laptop. Runs `npm start` on an empty data
 * folder three ways and prints the time to the first successful sign-in and the resident memory at
 * rest, beside the targets of issue 16 (≤ 15 s, ≤ 400 MB): as the first start after an install
 * (`FLEETFUEL_BUILD=always`: build the web app and the API, then serve on the embedded PGlite); as
 * any later start (the build is current, so `npm start` skips it); and the built server alone
 * (`node apps/api/dist/server.js`, without npm's process beside it).
 *
 *   BENCH_REST_SECONDS   how long the server idles after the sign-in before memory is read (default 10)
 *   BENCH_START_TIMEOUT  seconds to wait for the first sign-in (default 300)
 *
 * Nothing here asserts: the figures are printed with each target marked met or unmet.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PRODUCTION_PROCESS_ENV, freePort, mb, processTree, signInWhenUp, startProcess } from './server-process.js';

const REST_SECONDS = Number(process.env.BENCH_REST_SECONDS ?? '10');
const START_TIMEOUT_MS = Number(process.env.BENCH_START_TIMEOUT ?? '300') * 1000;
const TARGET_SECONDS = 15;
const TARGET_BYTES = 400 * 1024 * 1024;

interface Measurement {
  what: string;
  command: string;
  seconds: number;
  /** Every process of the tree at rest; `serverRss` is the node process that serves. */
  treeRss: number;
  serverRss: number;
  processes: number;
}

async function measure(what: string, command: string, args: string[], extraEnv: NodeJS.ProcessEnv = {}): Promise<Measurement> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleetfuel-bench-embedded-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, ...extraEnv, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };
  // The demo install: development mode, demo data seeded, no PostgreSQL, no Redis.
  for (const name of ['NODE_ENV', 'DATABASE_URL', 'REDIS_URL', 'SEED_DEMO_DATA']) delete env[name];
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const server = startProcess(command, args, env);
  try {
    await signInWhenUp(base, server, START_TIMEOUT_MS);
    const seconds = (performance.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, REST_SECONDS * 1000));
    const tree = processTree(server.child.pid!);
    // The node process itself, not the shells npm starts it through.
    const serving = tree.filter((p) => p.command.includes('dist/server.js')).sort((a, b) => b.rss - a.rss)[0];
    return {
      what,
      command: [command, ...args].join(' '),
      seconds,
      treeRss: tree.reduce((sum, p) => sum + p.rss, 0),
      serverRss: serving?.rss ?? 0,
      processes: tree.length,
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const verdict = (met: boolean) => (met ? 'met' : 'NOT MET');

async function main(): Promise<void> {
  const cpus = os.cpus();
  console.log(
    `bench:embedded ${new Date().toISOString()} on ${cpus.length} × ${cpus[0]?.model ?? 'cpu'}, ${mb(os.totalmem())}, Node ${process.version}, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const results = [
    await measure('first npm start after an install (build web + API, migrate, seed, serve)', 'npm', ['start'], {
      FLEETFUEL_BUILD: 'always',
    }),
    await measure('npm start with the build current (migrate, seed, serve)', 'npm', ['start']),
    await measure(
      'built server alone (migrate, seed, serve)',
      process.execPath,
      ['--enable-source-maps', 'apps/api/dist/server.js'],
      PRODUCTION_PROCESS_ENV,
    ),
  ];
  console.log(`\nEmpty data folder → first successful sign-in; memory after ${REST_SECONDS} s at rest (sum of the process tree)\n`);
  for (const r of results) {
    console.log(`${r.what}\n  $ ${r.command}`);
    console.log(
      `  time to first sign-in   ${r.seconds.toFixed(1).padStart(7)} s   target ≤ ${TARGET_SECONDS} s: ${verdict(r.seconds <= TARGET_SECONDS)}`,
    );
    console.log(
      `  resident, whole tree    ${mb(r.treeRss).padStart(9)}   (${r.processes} processes) target ≤ 400 MB: ${verdict(r.treeRss <= TARGET_BYTES)}`,
    );
    console.log(`  resident, server alone  ${mb(r.serverRss).padStart(9)}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
