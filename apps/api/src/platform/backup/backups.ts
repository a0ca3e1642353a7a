/**
 * Backups of the embedded database and the stored files, as one .tar.gz (issue 45): `manifest.json`,
 * `pglite.tar` (PGlite's own dump of its data folder) and `files/<key>` for each stored file.
 *
 * The database is dumped first, between transactions, and the stored files are hard-linked aside
 * while no transaction can run: a file is written before the row naming it commits and deleted only
 * after the row's deletion commits, so every file the dump names is in the archive.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, link, mkdir, mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'kysely';
import { REPO_ROOT } from '../config.js';
import { openDatabase, type Database, type DatabaseHandle } from '../db/database.js';
import { SAFE_KEY } from '../files/storage.js';
import { readArchive, writeArchive, type ArchiveEntry } from './archive.js';

const FORMAT = 1;
const MANIFEST = 'manifest.json';
const DUMP = 'pglite.tar';
const FILES = 'files/';
/** `2026-11-29T02-00-00-000Z.tar.gz`: UTC, sorts by time, and no `:` (which tar reads as host:file). */
const BACKUP_NAME = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.tar\.gz$/;
/** Hard links of the stored files, made in the data folder (same file system), removed after. */
const STAGING_PREFIX = '.backup-';

interface BackupFacts {
  latestMigration: string | null;
  organizations: number;
  users: number;
  journalEntries: number;
  postings: number;
  /** Rows of the files table (stored files the database names). */
  files: number;
}

export interface BackupManifest {
  format: typeof FORMAT;
  createdAt: string;
  appVersion: string;
  database: BackupFacts & { engine: 'pglite'; dumpBytes: number };
  /** Stored files in the archive; none when they live in S3 (its own versioning backs them up). */
  storedFiles: { storage: 'local' | 's3'; count: number; bytes: number };
}

export interface TakenBackup {
  path: string;
  manifest: BackupManifest;
}

export interface Backups {
  /** Writes one archive into the backup folder (backups run one at a time). */
  take(): Promise<TakenBackup>;
}

/** What the database holds, read in the snapshot's own instant (and again after a restore). */
async function readFacts(db: Database): Promise<BackupFacts> {
  const { rows } = await sql<{
    latest_migration: string | null;
    organizations: number;
    users: number;
    journal_entries: number;
    postings: number;
    files: number;
  }>`SELECT (SELECT max(name) FROM kysely_migration) AS latest_migration,
            (SELECT count(*) FROM organizations)::int AS organizations,
            (SELECT count(*) FROM users)::int AS users,
            (SELECT count(*) FROM journal_entries)::int AS journal_entries,
            (SELECT count(*) FROM postings)::int AS postings,
            (SELECT count(*) FROM files)::int AS files`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('The database answered nothing');
  return {
    latestMigration: row.latest_migration,
    organizations: row.organizations,
    users: row.users,
    journalEntries: row.journal_entries,
    postings: row.postings,
    files: row.files,
  };
}

export function backupName(at: Date): string {
  return `${at.toISOString().replaceAll(':', '-').replace('.', '-')}.tar.gz`;
}

async function appVersion(): Promise<string> {
  const manifest = JSON.parse(await readFile(path.join(REPO_ROOT, 'apps/api/package.json'), 'utf8')) as { version?: string };
  return manifest.version ?? 'unknown';
}

/** Hard links (copies across file systems) of the stored files, taken while no transaction runs. */
async function linkStoredFiles(filesDir: string, into: string): Promise<Array<{ name: string; size: number }>> {
  let names: string[];
  try {
    names = await readdir(filesDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  await mkdir(into, { recursive: true });
  const linked: Array<{ name: string; size: number }> = [];
  // Only finished files: `.partial` ones are uploads still being written, named by no committed row.
  for (const name of names.filter((n) => SAFE_KEY.test(n))) {
    const from = path.join(filesDir, name);
    const to = path.join(into, name);
    try {
      await link(from, to).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'EXDEV' || error.code === 'EPERM') return copyFile(from, to);
        throw error;
      });
    } catch (error) {
      // Deleted since the listing: its row's deletion had committed before the snapshot.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    linked.push({ name, size: (await stat(to)).size });
  }
  return linked;
}

async function* blobChunks(blob: Blob): AsyncGenerator<Uint8Array> {
  const reader = (blob.stream() as ReadableStream<Uint8Array>).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield value;
  }
}

export function createBackups(deps: {
  whileIdle: DatabaseHandle['whileIdle'];
  dataDir: string;
  /** The local files folder; null when files are in S3. */
  filesDir: string | null;
  backupDir: string;
  now?: () => Date;
}): Backups {
  const now = deps.now ?? (() => new Date());
  let queue: Promise<unknown> = Promise.resolve();

  async function takeOne(): Promise<TakenBackup> {
    await mkdir(deps.backupDir, { recursive: true });
    // Backups run one at a time and only the one process holding the data folder takes them, so
    // any staging folder found here was left by a process that stopped midway.
    for (const name of await readdir(deps.dataDir)) {
      if (name.startsWith(STAGING_PREFIX)) await rm(path.join(deps.dataDir, name), { recursive: true, force: true });
    }
    const staging = await mkdtemp(path.join(deps.dataDir, STAGING_PREFIX));
    let partial: string | null = null;
    try {
      const snapshot = await deps.whileIdle(async (db, dump) => {
        const takenAt = now();
        const facts = await readFacts(db);
        const data = await dump();
        const files = deps.filesDir ? await linkStoredFiles(deps.filesDir, path.join(staging, 'files')) : [];
        return { takenAt, facts, data, files };
      });
      const target = path.join(deps.backupDir, backupName(snapshot.takenAt));
      partial = `${target}.partial`;
      const manifest: BackupManifest = {
        format: FORMAT,
        createdAt: snapshot.takenAt.toISOString(),
        appVersion: await appVersion(),
        database: { engine: 'pglite', ...snapshot.facts, dumpBytes: snapshot.data.size },
        storedFiles: {
          storage: deps.filesDir ? 'local' : 's3',
          count: snapshot.files.length,
          bytes: snapshot.files.reduce((sum, file) => sum + file.size, 0),
        },
      };
      const text = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
      const entries: ArchiveEntry[] = [
        { name: MANIFEST, size: text.length, body: () => [text] },
        { name: DUMP, size: snapshot.data.size, body: () => blobChunks(snapshot.data) },
        ...snapshot.files.map((file) => ({
          name: `${FILES}${file.name}`,
          size: file.size,
          body: () => createReadStream(path.join(staging, 'files', file.name)) as AsyncIterable<Buffer>,
        })),
      ];
      // Under another name until complete, so that a listing (or the pruning) never sees half an archive.
      await writeArchive(partial, entries, snapshot.takenAt);
      await rename(partial, target);
      return { path: target, manifest };
    } finally {
      if (partial) await rm(partial, { force: true });
      await rm(staging, { recursive: true, force: true });
    }
  }

  return {
    take() {
      const run = queue.then(takeOne, takeOne);
      queue = run.catch(() => undefined);
      return run;
    },
  };
}

/** Deletes the oldest backups (by their names' time) beyond the newest `keep`; returns their paths. */
export async function pruneBackups(backupDir: string, keep: number): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(backupDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const oldestFirst = names.filter((name) => BACKUP_NAME.test(name)).sort();
  const doomed = oldestFirst.slice(0, Math.max(0, oldestFirst.length - keep)).map((name) => path.join(backupDir, name));
  for (const file of doomed) await rm(file, { force: true });
  return doomed;
}

async function isEmpty(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

function parseManifest(text: string): BackupManifest {
  const manifest = JSON.parse(text) as Partial<BackupManifest>;
  if (manifest.format !== FORMAT || manifest.database?.engine !== 'pglite') {
    throw new Error(`This archive's manifest is not one this version reads (format ${String(manifest.format)})`);
  }
  return manifest as BackupManifest;
}

async function collect(body: AsyncIterable<Buffer>): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return chunks;
}

/** Reads the archive into `pgliteDir` (left empty) and `filesDir`; returns the manifest and the dump. */
async function unpack(archive: string, filesDir: string): Promise<{ manifest: BackupManifest; dump: Blob; files: number }> {
  let manifest: BackupManifest | null = null;
  let dump: Blob | null = null;
  let files = 0;
  await mkdir(filesDir, { recursive: true });
  await readArchive(archive, async (entry, body) => {
    const key = entry.name.slice(FILES.length);
    if (entry.name === MANIFEST) {
      manifest = parseManifest(Buffer.concat(await collect(body)).toString('utf8'));
    } else if (!manifest) {
      throw new Error('This is not a FleetFuel backup: its first entry is not manifest.json');
    } else if (entry.name === DUMP) {
      dump = new Blob(await collect(body));
    } else if (entry.name.startsWith(FILES) && SAFE_KEY.test(key)) {
      const target = path.join(filesDir, key);
      await pipeline(body, createWriteStream(`${target}.partial`, { flags: 'wx' }));
      await rename(`${target}.partial`, target);
      files += 1;
    } else {
      throw new Error(`The archive holds ${entry.name}, which a FleetFuel backup does not`);
    }
  });
  if (!manifest || !dump) throw new Error('The archive is incomplete: it has no manifest or no database');
  return { manifest, dump, files };
}

export interface RestoredBackup {
  manifest: BackupManifest;
  files: number;
  facts: BackupFacts;
}

/**
 * Restores an archive into a data folder whose `pglite` and `files` folders are empty or absent,
 * then opens the database once to check it against the manifest. On failure, what it wrote is removed.
 */
export async function restoreBackup(archive: string, dataDir: string): Promise<RestoredBackup> {
  const pgliteDir = path.join(dataDir, 'pglite');
  const filesDir = path.join(dataDir, 'files');
  for (const dir of [pgliteDir, filesDir]) {
    if (!(await isEmpty(dir))) throw new Error(`${dir} is not empty: restore into an empty data folder (move this one aside first)`);
  }
  try {
    const { manifest, dump, files } = await unpack(archive, filesDir);
    const handle = await openDatabase({ engine: 'pglite', dataDir: pgliteDir, loadDataDir: dump });
    try {
      const facts = await readFacts(handle.db);
      const differing = (Object.keys(facts) as Array<keyof BackupFacts>).filter((key) => facts[key] !== manifest.database[key]);
      if (differing.length > 0) {
        const both = differing.map((key) => `${key} ${String(facts[key])} (manifest: ${String(manifest.database[key])})`);
        throw new Error(`The restored database differs from the manifest: ${both.join(', ')}`);
      }
      if (files !== manifest.storedFiles.count)
        throw new Error(`${files} stored files restored, the manifest lists ${manifest.storedFiles.count}`);
      return { manifest, files, facts };
    } finally {
      await handle.close();
    }
  } catch (error) {
    await rm(pgliteDir, { recursive: true, force: true });
    await rm(filesDir, { recursive: true, force: true });
    throw error;
  }
}
