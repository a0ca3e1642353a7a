/**
 * Opens the database: a PostgreSQL server when a URL is given, otherwise the embedded PGlite in a
 * data folder. Both are driven through the same Kysely instance type and the same queries.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect.js';
import type { DB } from './schema.js';
import { PG_TYPE_PARSERS } from './type-parsers.js';

export type Database = Kysely<DB>;
export type Engine = 'postgres' | 'pglite';

export interface DatabaseHandle {
  db: Database;
  engine: Engine;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { engine: 'postgres'; url: string; poolSize?: number }
  /** `dataDir` null keeps the database in memory; `loadDataDir` starts from a dump (tests). */
  | { engine: 'pglite'; dataDir: string | null; loadDataDir?: Blob | File };

export async function openPGlite(dataDir: string | null, loadDataDir?: Blob | File): Promise<PGlite> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  return PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: { pg_trgm },
  });
}

function postgresTypes(): pg.CustomTypesConfig {
  return {
    getTypeParser: ((oid: number) =>
      PG_TYPE_PARSERS[oid] ?? (pg.types.getTypeParser(oid, 'text') as (value: string) => unknown)) as pg.CustomTypesConfig['getTypeParser'],
  };
}

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.engine === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10, types: postgresTypes() });
    // A connection dropped by the server (restart, forced drop of a test database) must not crash the process.
    pool.on('error', () => undefined);
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, engine: 'postgres', close: () => db.destroy() };
  }
  const pglite = await openPGlite(target.dataDir, target.loadDataDir);
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  return { db, engine: 'pglite', close: () => db.destroy() };
}

/** PostgreSQL's unique-violation code, raised by both engines. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}
