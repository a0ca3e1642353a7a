/**
 * `npm run bench:reports`: the Comprehensive report of the large organization (Acme Logistics) for
 * a year, at 1,000 and at 20,000 vehicles. For each size one production server runs on its bench
 * database; the report is downloaded as a client would (streamed, read to the last byte) while the
 * server's resident memory is sampled from /proc. Prints time, pages and peak memory per size, and
 * the ratios of issue 16: time no worse than linear (≤ 20 for 20× the vehicles), memory flat (~1).
 *
 *   BENCH_DATABASE_URL          the full data set, 20,004 vehicles (default …/fleetfuel_bench; npm run bench:data)
 *   BENCH_REPORTS_SMALL_URL     the 1,004-vehicle data set (default …/fleetfuel_bench_reports_1k;
 *                               generated here at BENCH_SCALE 0.05 when it does not exist)
 *   BENCH_LOG_LEVEL             the server's LOG_LEVEL (default warn)
 *
 * Nothing here asserts: the figures are printed, with each ratio's target marked met or unmet.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { REPORT_PAGES_HEADER } from '@fleetfuel/contract';
import { DEFAULT_BENCH_URL, LARGE_ORG_ADMIN, LARGE_ORG_NAME, PLATFORM_FEE_BPS, assertLocal, generateBenchData } from './data.js';
import { benchServerEnv, freePort, productionServerArgs, residentBytes, signInWhenUp, startProcess } from './server-process.js';

const URL_LARGE = process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_URL;
const URL_SMALL = process.env.BENCH_REPORTS_SMALL_URL ?? DEFAULT_BENCH_URL.replace(/fleetfuel_bench$/, 'fleetfuel_bench_reports_1k');
/** BENCH_SCALE that gives the large organization 1,000 generated vehicles (20,000 at scale 1). */
const SMALL_SCALE = 0.05;
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';
const SAMPLE_MS = 20;

interface Measure {
  vehicles: number;
  pages: number;
  megabytes: number;
  seconds: number;
  firstByteSeconds: number;
  restMb: number;
  peakMb: number;
}

/** Runs a query on a bench database; null when the database does not exist. */
async function queryBench<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[] | null> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    if ((error as { code?: string }).code === '3D000') return null;
    throw error;
  }
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function largeOrganizationVehicles(url: string): Promise<number | null> {
  const rows = await queryBench<{ n: string }>(
    url,
    `SELECT count(*) AS n FROM vehicles v JOIN organizations o ON o.id = v.organization_id WHERE o.name = $1`,
    [LARGE_ORG_NAME],
  );
  return rows ? Number(rows[0]?.n ?? 0) : null;
}

/** One production server (the built bundle, as `npm start` runs it) on a bench database, signed in as the large organization's admin. */
async function withServer<T>(databaseUrl: string, run: (base: string, token: string, pid: number) => Promise<T>): Promise<T> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleetfuel-bench-reports-'));
  const server = startProcess(
    process.execPath,
    productionServerArgs(),
    benchServerEnv({
      databaseUrl,
      port,
      secret: randomBytes(32).toString('hex'),
      dataDir,
      logLevel: LOG_LEVEL,
      platformFeeBps: PLATFORM_FEE_BPS,
    }),
  );
  try {
    const origin = `http://127.0.0.1:${port}`;
    // The first start on a bench database also applies the migrations it lacks (minutes at full size).
    const token = await signInWhenUp(origin, server, 600_000, LARGE_ORG_ADMIN);
    if (server.child.pid === undefined) throw new Error('The server has no process id');
    return await run(`${origin}/api`, token, server.child.pid);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Downloads a Comprehensive report to the last byte; returns its pages, size and timings. */
async function downloadReport(base: string, token: string, startDate: string, endDate: string) {
  const started = performance.now();
  const reply = await fetch(`${base}/reports/x/combined?startDate=${startDate}&endDate=${endDate}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!reply.ok || !reply.body) throw new Error(`The report failed (${reply.status}): ${await reply.text()}`);
  const firstByteSeconds = (performance.now() - started) / 1000;
  let bytes = 0;
  let tail = '';
  for await (const chunk of reply.body as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    tail = (tail + Buffer.from(chunk).toString('latin1')).slice(-64);
  }
  if (!tail.includes('%%EOF')) throw new Error('The report ended without the PDF trailer');
  return {
    pages: Number(reply.headers.get(REPORT_PAGES_HEADER)),
    megabytes: bytes / 1024 / 1024,
    seconds: (performance.now() - started) / 1000,
    firstByteSeconds,
  };
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);
/** Resident memory of the server in MB: its report worker threads included, they share the process. */
const residentMb = (pid: number) => residentBytes(pid) / 1024 / 1024;

async function measure(databaseUrl: string, vehicles: number): Promise<Measure> {
  // A bulk-loaded database has no visibility map until autovacuum comes by, and its index-only
  // scans then visit the heap: vacuum the tables the report reads, as a database in service is.
  await queryBench(databaseUrl, 'VACUUM (ANALYZE) vehicles, fuel_requests, maintenance_requests');
  return withServer(databaseUrl, async (base, token, pid) => {
    const today = new Date();
    // A one-day report first: starts the report worker, so the year measures the report alone.
    await downloadReport(base, token, isoDate(today), isoDate(today));
    const restMb = residentMb(pid);
    let peakMb = restMb;
    const sampler = setInterval(() => (peakMb = Math.max(peakMb, residentMb(pid))), SAMPLE_MS);
    try {
      const yearAgo = new Date(today.getTime() - 364 * 86_400_000);
      const report = await downloadReport(base, token, isoDate(yearAgo), isoDate(today));
      return { vehicles, ...report, restMb, peakMb: Math.max(peakMb, residentMb(pid)) };
    } finally {
      clearInterval(sampler);
    }
  });
}

async function ensureSmallDatabase(): Promise<number> {
  const existing = await largeOrganizationVehicles(URL_SMALL);
  if (existing !== null && existing > 0) return existing;
  assertLocal(URL_SMALL);
  console.log(`Generating the 1,000-vehicle data set into ${URL_SMALL} (BENCH_SCALE ${SMALL_SCALE}) …`);
  await generateBenchData({ url: URL_SMALL, scale: SMALL_SCALE, seed: 1, log: (line) => console.log(`  ${line}`) });
  return (await largeOrganizationVehicles(URL_SMALL)) ?? 0;
}

async function main(): Promise<void> {
  const largeVehicles = await largeOrganizationVehicles(URL_LARGE);
  if (!largeVehicles) throw new Error(`No full data set in ${URL_LARGE}: run npm run bench:data first.`);
  const smallVehicles = await ensureSmallDatabase();
  const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB, Node ${process.version}, load ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`;
  console.log(`bench:reports — ${new Date().toISOString()} — ${machine}`);

  const results: Measure[] = [];
  for (const [url, vehicles] of [
    [URL_SMALL, smallVehicles],
    [URL_LARGE, largeVehicles],
  ] as const) {
    console.log(`Comprehensive report for a year, ${LARGE_ORG_NAME} with ${vehicles.toLocaleString('en')} vehicles …`);
    results.push(await measure(url, vehicles));
  }

  const rows = results.map(
    (m) =>
      `| ${m.vehicles.toLocaleString('en')} | ${m.pages} | ${m.megabytes.toFixed(1)} | ${m.firstByteSeconds.toFixed(2)} | ${m.seconds.toFixed(2)} | ${m.restMb.toFixed(0)} | ${m.peakMb.toFixed(0)} | ${(m.peakMb - m.restMb).toFixed(0)} |`,
  );
  console.log(
    [
      '',
      '| Vehicles | Pages | MB | First byte (s) | Time (s) | Server RSS at rest (MB) | Peak RSS (MB) | Peak − rest (MB) |',
      '|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...rows,
    ].join('\n'),
  );
  const [small, large] = results as [Measure, Measure];
  const sizeRatio = large.vehicles / small.vehicles;
  const timeRatio = large.seconds / small.seconds;
  const memoryRatio = large.peakMb / small.peakMb;
  console.log(
    [
      '',
      `| Ratio (${large.vehicles.toLocaleString('en')} ÷ ${small.vehicles.toLocaleString('en')} vehicles = ${sizeRatio.toFixed(1)}×) | Value | Target | |`,
      '|---|---:|---|---|',
      `| time | ${timeRatio.toFixed(2)} | ≤ ${sizeRatio.toFixed(0)} (linear) | ${timeRatio <= sizeRatio ? 'met' : '**unmet**'} |`,
      `| peak memory | ${memoryRatio.toFixed(2)} | ~1 (≤ 1.25: flat) | ${memoryRatio <= 1.25 ? 'met' : '**unmet**'} |`,
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
