/**
 * The nightly backup of the embedded database: once per Lagos day, on the first run of the server's
 * minute timer at or after BACKUP_HOUR (so a machine that was off at that hour takes the day's backup
 * when it next runs), claimed in job_runs like the other daily jobs; then the oldest archives beyond
 * BACKUP_KEEP are deleted.
 */
import { lagosDate, type Clock } from '../clock.js';
import type { Config } from '../config.js';
import { pruneBackups, type Backups, type TakenBackup } from './backups.js';

const NIGHTLY_BACKUP_JOB = 'nightly-backup';
/** Nigeria keeps UTC+1 all year (clock.ts). */
const LAGOS_OFFSET_MS = 3_600_000;

export function lagosHour(instant: Date): number {
  return new Date(instant.getTime() + LAGOS_OFFSET_MS).getUTCHours();
}

export function createNightlyBackup(deps: {
  /** null when the database is PostgreSQL, which is backed up outside the app (docs/operations.md). */
  backups: Backups | null;
  schedule: Config['backup'];
  clock: Clock;
  /** True for exactly one caller per job name and day (job_runs). */
  claimDailyRun(name: string, day: string): Promise<boolean>;
}) {
  return {
    /** Takes today's backup if it is due and not yet claimed; the archive, or null when none was due. */
    async run(): Promise<(TakenBackup & { pruned: string[] }) | null> {
      const { backups, schedule } = deps;
      if (!backups || schedule.hour === null) return null;
      const now = deps.clock.now();
      if (lagosHour(now) < schedule.hour) return null;
      if (!(await deps.claimDailyRun(NIGHTLY_BACKUP_JOB, lagosDate(now)))) return null;
      const taken = await backups.take();
      return { ...taken, pruned: await pruneBackups(schedule.dir, schedule.keep) };
    },
  };
}
