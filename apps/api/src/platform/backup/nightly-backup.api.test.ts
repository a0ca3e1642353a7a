/**
 * The nightly backup as the server runs it (app.jobs.nightlyBackup on every instance's minute
 * timer): one archive per Lagos day from BACKUP_HOUR on, claimed in job_runs however many instances
 * ask, and no more than BACKUP_KEEP archives kept. The archive itself is a stand-in here; the real
 * one is taken under load in backup-under-load.test.ts.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApps, movableClock, type TestApp } from '../../../test/harness.js';
import { backupName, type Backups, type TakenBackup } from './backups.js';

const dir = mkdtempSync(path.join(tmpdir(), 'fleetfuel-nightly-'));
// 00:30 in Lagos on 2026-11-29.
const clock = movableClock(new Date('2026-11-28T23:30:00Z'));
let taken = 0;
const backups: Backups = {
  take: () => {
    taken += 1;
    const file = path.join(dir, backupName(clock.now()));
    writeFileSync(file, 'archive');
    return Promise.resolve({ path: file, manifest: {} } as TakenBackup);
  },
};
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  [a, b] = (await createTestApps(2, { backup: { hour: 2, keep: 2, dir } }, { clock, backups })) as [TestApp, TestApp];
});
afterAll(async () => {
  await a.close();
  await b.close();
  rmSync(dir, { recursive: true, force: true });
});

const everyInstanceRuns = () => Promise.all([a, b, a, b].map((instance) => instance.app.jobs.nightlyBackup()));

describe('the nightly backup on two instances', () => {
  it('takes one backup a Lagos day from BACKUP_HOUR on, and keeps BACKUP_KEEP of them', async () => {
    expect(await everyInstanceRuns()).toEqual([null, null, null, null]);
    expect(taken).toBe(0);

    const days = ['2026-11-29T01:00:00Z', '2026-11-30T05:00:00Z', '2026-12-01T22:59:00Z'];
    for (const [index, at] of days.entries()) {
      clock.set(at);
      const runs = (await everyInstanceRuns()).filter((run) => run !== null);
      expect(runs.map((run) => run.path)).toEqual([path.join(dir, backupName(new Date(at)))]);
      expect(taken).toBe(index + 1);
    }
    expect(readdirSync(dir).sort()).toEqual(days.slice(1).map((at) => backupName(new Date(at))));
    const claims = await a.db.selectFrom('job_runs').select('run_date').where('name', '=', 'nightly-backup').orderBy('run_date').execute();
    expect(claims.map((claim) => claim.run_date.slice(0, 10))).toEqual(['2026-11-29', '2026-11-30', '2026-12-01']);
  });
});
