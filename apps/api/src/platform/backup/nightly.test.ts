import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { backupName, pruneBackups, type Backups, type TakenBackup } from './backups.js';
import { createNightlyBackup, lagosHour } from './nightly.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'fleetfuel-backups-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Archives named for the given instants, as the backups write them. */
function archivesAt(...instants: string[]): string[] {
  const names = instants.map((at) => backupName(new Date(at)));
  for (const name of names) writeFileSync(path.join(dir, name), 'archive');
  return names;
}

describe('BACKUP_KEEP pruning', () => {
  it('names archives by UTC time, without colons, so that names sort as times do', () => {
    expect(backupName(new Date('2026-11-29T02:00:05.123Z'))).toBe('2026-11-29T02-00-05-123Z.tar.gz');
    const names = ['2027-01-01T00:00:00.000Z', '2026-12-31T23:59:59.999Z', '2026-02-01T10:00:00.000Z'].map((at) =>
      backupName(new Date(at)),
    );
    expect([...names].sort()).toEqual([names[2], names[1], names[0]]);
  });

  it('keeps the newest archives and deletes the older ones', async () => {
    const [oldest, older, , newer, newest] = archivesAt(
      '2026-11-20T01:00:00Z',
      '2026-11-21T01:00:00Z',
      '2026-11-22T01:00:00Z',
      '2026-11-28T01:00:00Z',
      '2026-11-29T01:00:00Z',
    );
    const deleted = await pruneBackups(dir, 3);
    expect(deleted).toEqual([oldest, older].map((name) => path.join(dir, name as string)));
    expect(readdirSync(dir)).toHaveLength(3);
    expect(readdirSync(dir)).toEqual(expect.arrayContaining([newer, newest]));
  });

  it('leaves alone what it did not write: other names, archives being written, folders', async () => {
    archivesAt('2026-11-20T01:00:00Z', '2026-11-21T01:00:00Z');
    const others = ['before-upgrade.tar.gz', `${backupName(new Date('2026-11-01T00:00:00Z'))}.partial`, 'notes.txt'];
    for (const name of others) writeFileSync(path.join(dir, name), 'kept');
    mkdirSync(path.join(dir, backupName(new Date('2026-01-01T00:00:00Z')).replace('.tar.gz', '')));
    await pruneBackups(dir, 1);
    expect(readdirSync(dir)).toEqual(expect.arrayContaining([...others, backupName(new Date('2026-11-21T01:00:00Z'))]));
    expect(readdirSync(dir)).not.toContain(backupName(new Date('2026-11-20T01:00:00Z')));
  });

  it('does nothing when there are no more than BACKUP_KEEP, or no folder yet', async () => {
    archivesAt('2026-11-20T01:00:00Z', '2026-11-21T01:00:00Z');
    expect(await pruneBackups(dir, 2)).toEqual([]);
    expect(await pruneBackups(path.join(dir, 'absent'), 2)).toEqual([]);
  });
});

describe('the nightly backup', () => {
  function setUp(options: { hour: number | null; at: string; keep?: number }) {
    const claims = new Set<string>();
    let taken = 0;
    const backups: Backups = {
      take: () => {
        taken += 1;
        const [name] = archivesAt(options.at);
        return Promise.resolve({ path: path.join(dir, name as string), manifest: {} } as TakenBackup);
      },
    };
    const clock = { now: () => new Date(options.at) };
    const nightly = createNightlyBackup({
      backups,
      schedule: { hour: options.hour, keep: options.keep ?? 7, dir },
      clock,
      claimDailyRun: (name, day) => {
        const claim = `${name} ${day}`;
        if (claims.has(claim)) return Promise.resolve(false);
        claims.add(claim);
        return Promise.resolve(true);
      },
    });
    return { nightly, claims, taken: () => taken, clock };
  }

  it('reads the hour in Lagos (UTC+1)', () => {
    expect(lagosHour(new Date('2026-11-29T01:30:00Z'))).toBe(2);
    expect(lagosHour(new Date('2026-11-29T23:30:00Z'))).toBe(0);
  });

  it('takes one backup a Lagos day, from BACKUP_HOUR on, and prunes beyond BACKUP_KEEP', async () => {
    archivesAt('2026-11-25T01:00:00Z', '2026-11-26T01:00:00Z');
    const early = setUp({ hour: 2, at: '2026-11-29T00:59:00Z' });
    expect(await early.nightly.run()).toBeNull();
    expect(early.taken()).toBe(0);

    const due = setUp({ hour: 2, at: '2026-11-29T01:00:00Z', keep: 2 });
    const taken = await due.nightly.run();
    expect(taken?.path).toBe(path.join(dir, backupName(new Date('2026-11-29T01:00:00Z'))));
    expect(taken?.pruned).toEqual([path.join(dir, backupName(new Date('2026-11-25T01:00:00Z')))]);
    expect([...due.claims]).toEqual(['nightly-backup 2026-11-29']);
    // Later runs that day (the timer runs every minute) find the day claimed.
    expect(await due.nightly.run()).toBeNull();
    expect(due.taken()).toBe(1);
  });

  it('takes none when BACKUP_HOUR is off', async () => {
    const off = setUp({ hour: null, at: '2026-11-29T12:00:00Z' });
    expect(await off.nightly.run()).toBeNull();
    expect(off.claims.size).toBe(0);
  });

  it('takes none on PostgreSQL (no backups given)', async () => {
    const nightly = createNightlyBackup({
      backups: null,
      schedule: { hour: 0, keep: 7, dir },
      clock: { now: () => new Date() },
      claimDailyRun: () => Promise.reject(new Error('not claimed')),
    });
    expect(await nightly.run()).toBeNull();
  });
});

describe('BACKUP_HOUR, BACKUP_KEEP and BACKUP_DIR', () => {
  it('takes the nightly backup at 2:00 into DATA_DIR/backups, keeping 7, unless told otherwise', () => {
    const defaults = loadConfig({ DATA_DIR: '/srv/ff' }).backup;
    expect(defaults).toEqual({ hour: 2, keep: 7, dir: '/srv/ff/backups' });
    expect(loadConfig({ DATA_DIR: '/srv/ff', BACKUP_HOUR: '0', BACKUP_KEEP: '30', BACKUP_DIR: '/mnt/usb' }).backup).toEqual({
      hour: 0,
      keep: 30,
      dir: '/mnt/usb',
    });
    expect(loadConfig({ DATA_DIR: '/srv/ff', BACKUP_DIR: 'nightly' }).backup.dir).toBe('/srv/ff/nightly');
  });

  it('turns the nightly backup off with BACKUP_HOUR=off or empty', () => {
    expect(loadConfig({ BACKUP_HOUR: 'off' }).backup.hour).toBeNull();
    expect(loadConfig({ BACKUP_HOUR: 'OFF' }).backup.hour).toBeNull();
    expect(loadConfig({ BACKUP_HOUR: '' }).backup.hour).toBeNull();
    expect(loadConfig({ BACKUP_HOUR: '23' }).backup.hour).toBe(23);
  });

  it('refuses an hour that is not one, and keeping no backup', () => {
    for (const hour of ['24', '-1', '2.5', 'two', ' ']) {
      expect(() => loadConfig({ BACKUP_HOUR: hour }), hour).toThrow(
        `BACKUP_HOUR must be an hour from 0 to 23 (Lagos time), or off (got "${hour}")`,
      );
    }
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow('BACKUP_KEEP must be a whole number of at least 1 (got "0")');
  });
});
