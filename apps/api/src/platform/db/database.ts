/**
 * Opens the database: a PostgreSQL server when a URL is given, otherwise the embedded PGlite in a
 * data folder. Both are driven through the same Kysely instance type and the same queries.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql, type PostgresPool } from 'kysely';
import pg from 'pg';
import { AppError } from '../errors.js';
import { PGliteDialect } from './pglite-dialect.js';
import { createHostPool, type HostPool } from './postgres-hosts.js';
import { DEFAULT_PREPARED_STATEMENTS, preparingClient } from './prepared-statements.js';
import type { DB } from './schema.js';
import { PG_TYPE_PARSERS } from './type-parsers.js';

export type Database = Kysely<DB>;
type Engine = 'postgres' | 'pglite';

export interface DatabaseHandle {
  db: Database;
  engine: Engine;
  close(): Promise<void>;
  /**
   * The embedded database only (PostgreSQL refuses): runs `task` holding PGlite's one connection, so
   * no transaction is open and none starts until it returns; `dump` checkpoints and reads the whole
   * data folder as PGlite's tarball at that instant, a transactionally consistent snapshot.
   */
  whileIdle<T>(task: (db: Database, dump: () => Promise<Blob>) => Promise<T>): Promise<T>;
}

/** Limits on a PostgreSQL pool, in milliseconds (0 = no timeout); see `Config['database']`. */
export interface PoolLimits {
  poolSize: number;
  statementTimeoutMs: number;
  idleInTransactionTimeoutMs: number;
  acquireTimeoutMs: number;
  /** Statements each connection keeps prepared (prepared-statements.ts); 0 prepares none. */
  preparedStatements: number;
}

/** Retry-After when every pool connection stayed busy: the queue usually drains within seconds. */
export const POOL_BUSY_RETRY_AFTER_SECONDS = 2;

export type DatabaseTarget =
  /** Without `limits`, no timeouts: migrations and the db CLI may run longer than any request should. */
  | { engine: 'postgres'; url: string; poolSize?: number; limits?: PoolLimits }
  /** `dataDir` null keeps the database in memory; `loadDataDir` starts from a dump (tests). */
  | { engine: 'pglite'; dataDir: string | null; loadDataDir?: Blob | File };

const PGLITE_SHARED_BUFFERS = '32MB';

async function openPGlite(dataDir: string | null, loadDataDir?: Blob | File): Promise<PGlite> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  return PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: { pg_trgm },
    // PostgreSQL's default 128 MB of shared buffers lives inside PGlite's WebAssembly memory, which
    // never shrinks: the resident size of the whole process. One organization's data is read
    // through the operating system's file cache as well, so a quarter of that is plenty.
    postgresqlconf: [`shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
}

function postgresTypes(): pg.CustomTypesConfig {
  return {
    getTypeParser: ((oid: number) =>
      PG_TYPE_PARSERS[oid] ?? (pg.types.getTypeParser(oid, 'text') as (value: string) => unknown)) as pg.CustomTypesConfig['getTypeParser'],
  };
}

/**
 * A pool whose waits for a free connection end, after `acquireTimeoutMs`, in a 503 with Retry-After
 * rather than a request that hangs while earlier ones hold every connection, and whose connections
 * keep up to `preparedStatements` statements prepared.
 */
function poolAnsweringBusy(pool: HostPool, acquireTimeoutMs: number, preparedStatements: number): PostgresPool {
  return {
    connect: async () => {
      try {
        return await preparingClient(await pool.connect(), preparedStatements);
      } catch (error) {
        // pg-pool's only signal for a wait that ran out is this message (no error code).
        if (acquireTimeoutMs > 0 && error instanceof Error && /timeout exceeded when trying to connect/i.test(error.message)) {
          throw new AppError('SERVICE_UNAVAILABLE', 'The server is busy. Please try again in a moment.', {
            retryAfterSeconds: POOL_BUSY_RETRY_AFTER_SECONDS,
          });
        }
        throw error;
      }
    },
    end: () => pool.end(),
  };
}

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.engine === 'postgres') {
    const limits = target.limits;
    // One host, or libpq's several with target_session_attrs=read-write (a primary and its standbys).
    const pool = createHostPool(target.url, {
      max: limits?.poolSize ?? target.poolSize ?? 10,
      types: postgresTypes(),
      // Sent as start-up parameters, so every connection of the pool carries them; a statement
      // PostgreSQL cancels fails with 57014, which the error handler answers with a 503.
      ...(limits?.statementTimeoutMs ? { statement_timeout: limits.statementTimeoutMs } : {}),
      ...(limits?.idleInTransactionTimeoutMs ? { idle_in_transaction_session_timeout: limits.idleInTransactionTimeoutMs } : {}),
      ...(limits?.acquireTimeoutMs ? { connectionTimeoutMillis: limits.acquireTimeoutMs } : {}),
    });
    // A connection dropped by the server (restart, forced drop of a test database, an idle
    // transaction timed out) must not crash the process.
    pool.on('error', () => undefined);
    // The same for a connection that is checked out when the server closes it (an idle transaction
    // past its timeout): pg-pool listens only on idle ones, and an unheard 'error' ends the process.
    // The transaction's next query fails instead, and the pool drops the connection.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = new Kysely<DB>({
      dialect: new PostgresDialect({
        pool: poolAnsweringBusy(pool, limits?.acquireTimeoutMs ?? 0, limits?.preparedStatements ?? DEFAULT_PREPARED_STATEMENTS),
      }),
    });
    return {
      db,
      engine: 'postgres',
      close: () => db.destroy(),
      whileIdle: () => Promise.reject(new Error('Only the embedded database is snapshotted in-process; see docs/operations.md')),
    };
  }
  const pglite = await openPGlite(target.dataDir, target.loadDataDir);
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    engine: 'pglite',
    close: () => db.destroy(),
    // Kysely hands out the connection under the dialect's FIFO lock, which a transaction holds from
    // BEGIN to COMMIT: holding it here puts the snapshot between transactions.
    whileIdle: (task) =>
      db.connection().execute((connection) =>
        task(connection, async () => {
          // Written out to the data files, so a restore need not replay the write-ahead log.
          await sql`CHECKPOINT`.execute(connection);
          return pglite.dumpDataDir('none');
        }),
      ),
  };
}

/**
 * Raises the statement timeout for the rest of one transaction (a heavy report, an export): the
 * pool's default stays short for everything else. PGlite cannot cancel a statement and ignores it.
 * The transaction's statements are also planned for their own values each time, prepared or not: a
 * long read's planning is nothing beside its run, and a generic plan PostgreSQL settled on while
 * small organizations ran the statement may not suit the largest (prepared-statements.ts).
 */
export async function allowLongerStatements(trx: Database, timeoutMs: number): Promise<void> {
  if (!Number.isInteger(timeoutMs) || timeoutMs < 0) throw new Error(`statement timeout must be a whole number of ms (got ${timeoutMs})`);
  // SET LOCAL takes no bind parameters; set_config(…, true) is its parameterised form.
  await sql`SELECT set_config('statement_timeout', ${String(timeoutMs)}, true), set_config('plan_cache_mode', 'force_custom_plan', true)`.execute(
    trx,
  );
}

/** PostgreSQL's unique-violation code, raised by both engines. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}
