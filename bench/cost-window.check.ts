/**
 * The cost window sees what PostgreSQL's backends do: one holds a row inside its transaction (waiting
 * for its app), one waits for that row, one computes; and the computing one's CPU is counted. And
 * it counts the write-ahead log a writer produces.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropDatabase, recreateDatabase } from './data.js';
import { costWindowsSupported, measureCostWindow } from './cost-window.js';

const URL = process.env.BENCH_CHECK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fleetfuel_bench_cost_check';

describe.runIf(costWindowsSupported)('cost window', () => {
  const clients: pg.Client[] = [];
  const connect = async () => {
    const client = new pg.Client({ connectionString: URL });
    await client.connect();
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    await recreateDatabase(URL);
    const setup = await connect();
    await setup.query(`CREATE TABLE counter (id int PRIMARY KEY, n int NOT NULL); INSERT INTO counter VALUES (1, 0)`);
  });

  afterAll(async () => {
    for (const client of clients) await client.end().catch(() => undefined);
    await dropDatabase(URL);
  });

  it('counts a backend holding a row, one waiting on it and one running, and the CPU it spends', async () => {
    const holder = await connect();
    const waiter = await connect();
    const worker = await connect();
    await holder.query(`BEGIN`);
    await holder.query(`UPDATE counter SET n = n + 1 WHERE id = 1`);
    const waiting = waiter.query(`UPDATE counter SET n = n + 1 WHERE id = 1`);
    // Busy for two seconds on the CPU alone (a set-returning function would spill to disk, an I/O wait).
    const working = worker.query(`DO $$ BEGIN WHILE clock_timestamp() < now() + interval '2 seconds' LOOP END LOOP; END $$`);

    const window = await measureCostWindow(URL, { delayMs: 300, lengthMs: 1_000, clientPid: () => process.pid });
    await holder.query(`COMMIT`);
    await Promise.all([waiting, working]);

    expect(window).not.toBeNull();
    const { backends, cpu, samples } = window!;
    expect(samples).toBeGreaterThan(10);
    expect(backends.waitingOnApp).toBeGreaterThan(0.9);
    expect(backends.lockWait).toBeGreaterThan(0.9);
    expect(backends.running).toBeGreaterThan(0.9);
    // The worker computed through most of the second; the sampler's own backend is left out.
    expect(cpu.postgres).toBeGreaterThan(300);
    expect(cpu.server).toBe(0);
  });

  it('counts the write-ahead log written in the window', async () => {
    const writer = await connect();
    await writer.query(`CREATE TABLE written (id serial PRIMARY KEY)`);
    // Transactions of one insert each for 3 s: a backend adds its WAL to pg_stat_wal as its
    // transactions end, at most once a second, so the window of 2 s sees at least one report.
    const until = Date.now() + 3_000;
    const writing = (async () => {
      while (Date.now() < until) await writer.query(`INSERT INTO written DEFAULT VALUES`);
    })();
    const window = await measureCostWindow(URL, { delayMs: 300, lengthMs: 2_000, clientPid: () => process.pid });
    await writing;
    const wal = window?.wal;
    expect(wal, 'pg_stat_wal (PostgreSQL 14 and later)').toBeTruthy();
    // Each insert logs its row, its index entry and its commit: a second of them, hundreds at least.
    expect(wal!.records).toBeGreaterThan(300);
    expect(wal!.bytes).toBeGreaterThan(wal!.records * 20);
  });
});
