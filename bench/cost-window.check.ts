/**
 * The cost window sees what PostgreSQL's backends do: one holds a row inside its transaction (waiting
 * for its app), one waits for that row, one computes; and the computing one's CPU is counted. And
 * it counts the write-ahead log a writer produces.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropDatabase, recreateDatabase } from './data.js';
import { costWindowsSupported, measureCostWindow, walRecordsOf } from './cost-window.js';

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

    // Read back by kind and relation: each insert's row, its primary key's entry and its commit, as
    // many of each (a span's end may fall between an insert and its commit).
    const records = await walRecordsOf(URL, window!.walSpan);
    expect(records, 'pg_walinspect (PostgreSQL 15 and later, contrib)').toBeTruthy();
    const count = (kind: string, relation: string | null) => records!.find((r) => r.kind === kind && r.relation === relation)?.records ?? 0;
    const commits = count('Transaction/COMMIT', null);
    expect(commits).toBeGreaterThan(300);
    expect(Math.abs(count('Heap/INSERT', 'written') + count('Heap/INSERT+INIT', 'written') - commits)).toBeLessThanOrEqual(1);
    // An entry that fills its page is logged in the page's split.
    const entries = ['Btree/INSERT_LEAF', 'Btree/SPLIT_L', 'Btree/SPLIT_R'].reduce((sum, kind) => sum + count(kind, 'written_pkey'), 0);
    expect(Math.abs(entries - commits)).toBeLessThanOrEqual(1);
  });
});
