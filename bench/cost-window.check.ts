/**
 * The cost window sees what PostgreSQL's backends do: one holds a row inside its transaction (waiting
 * for its app), one waits for that row, one computes; and the computing one's CPU is counted.
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
});
