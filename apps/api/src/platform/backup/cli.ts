/**
 * `npm run backup [-- --data-dir <dir>]` and `npm run restore -- <archive> [--data-dir <dir>]`: the
 * embedded database's backups (docs/operations.md). A backup is taken by the running server when
 * one holds the data folder (asked through its control socket), else by this process, which then
 * holds the folder itself. PostgreSQL (DATABASE_URL) is backed up outside the app.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, type Config } from '../config.js';
import { openDatabase } from '../db/database.js';
import { createBackups, restoreBackup, type BackupManifest } from './backups.js';
import { askServer, openControlSocket } from './control-socket.js';

const POSTGRES_REFUSAL =
  'DATABASE_URL is set: the database is PostgreSQL, which this command does not back up or restore. ' +
  'See docs/operations.md for PostgreSQL backups (pgBackRest).';

/** Paths typed by the user are relative to where they ran npm (INIT_CWD), not to the checkout's root where npm runs this. */
const userPath = (given: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), given);

function parse(args: string[]): { dataDir: string | null; positional: string[] } {
  const positional: string[] = [];
  let dataDir: string | null = null;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as string;
    if (arg === '--data-dir') {
      const value = args[(i += 1)];
      if (!value) throw new Error('--data-dir needs a folder');
      dataDir = userPath(value);
    } else if (arg.startsWith('--')) throw new Error(`Unknown option ${arg}`);
    else positional.push(arg);
  }
  return { dataDir, positional };
}

function describe(manifest: BackupManifest): string {
  const { database, storedFiles } = manifest;
  const files = storedFiles.storage === 's3' ? 'no stored files (they are in S3)' : `${storedFiles.count} stored files`;
  return (
    `${database.organizations} organizations, ${database.users} users, ${database.journalEntries} journal entries, ` +
    `${files}; taken ${manifest.createdAt} by FleetFuel ${manifest.appVersion} at migration ${database.latestMigration ?? '(none)'}`
  );
}

async function backup(config: Config): Promise<void> {
  const { dataDir } = config;
  const reply = await askServer(dataDir, 'backup');
  if (reply && !reply.ok) throw new Error(`The server could not take the backup: ${reply.error}`);
  if (reply?.ok) {
    console.log(`Backup taken by the running server: ${describe(reply.manifest)}`);
    console.log(reply.path);
    return;
  }
  const pgliteDir = path.join(dataDir, 'pglite');
  // Opening an empty folder would create a new database there.
  if (!existsSync(path.join(pgliteDir, 'PG_VERSION'))) throw new Error(`There is no embedded database in ${pgliteDir}`);
  // No server: this process takes the folder, so that no server starts on it meanwhile.
  const control = await openControlSocket(dataDir, 'A backup (npm run backup) holds this data folder; try again when it ends.');
  try {
    const handle = await openDatabase({ engine: 'pglite', dataDir: pgliteDir });
    try {
      const taken = await createBackups({
        whileIdle: (task) => handle.whileIdle(task),
        dataDir,
        filesDir: config.storage.kind === 'local' ? config.storage.dir : null,
        backupDir: config.backup.dir,
      }).take();
      console.log(`Backup taken (no server was running): ${describe(taken.manifest)}`);
      console.log(taken.path);
    } finally {
      await handle.close();
    }
  } finally {
    await control.close();
  }
}

async function restore(archive: string, dataDir: string): Promise<void> {
  const control = await openControlSocket(dataDir, 'A restore (npm run restore) is writing this data folder; try again when it ends.');
  try {
    const restored = await restoreBackup(archive, dataDir);
    console.log(`Restored ${archive} into ${dataDir}: ${describe(restored.manifest)}`);
    console.log(
      `The database opened and matches the archive's manifest; ${restored.files} stored files written to ${path.join(dataDir, 'files')}.`,
    );
  } finally {
    await control.close();
  }
}

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  const { dataDir, positional } = parse(rest);
  // --data-dir stands for DATA_DIR: the files and backup folders under it follow.
  const config = loadConfig(dataDir ? { ...process.env, DATA_DIR: dataDir } : process.env);
  if (config.databaseUrl) throw new Error(POSTGRES_REFUSAL);
  if (command === 'backup' && positional.length === 0) return backup(config);
  if (command === 'restore' && positional.length === 1) return restore(userPath(positional[0] as string), config.dataDir);
  throw new Error('Usage: npm run backup [-- --data-dir <folder>] | npm run restore -- <archive.tar.gz> [--data-dir <folder>]');
}

await main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
