/**
 * What a load costs the machine, and what PostgreSQL's backends do under it, measured over a window
 * inside the load (its first and last seconds are warm-up and drain): the CPU of the API server's
 * process, of every PostgreSQL process and of the load's client, read from /proc at the window's
 * ends; the write-ahead log PostgreSQL wrote meanwhile (the whole server's, from `pg_stat_wal`);
 * and, sampled every few milliseconds in between, whether each backend of the database is running,
 * waiting on a lock, waiting for the app (idle inside its transaction) or on I/O; and, where the
 * `pg_walinspect` extension can be created, the window's WAL records by kind and by the relation
 * each writes, which name every row, index entry and lock a transaction costs the log.
 *
 * Issue 16's write-path ratio (redemptions ÷ TPC-B transactions a second) is decided by these two
 * things: how much CPU one transaction needs on a machine whose cores the server, PostgreSQL and the
 * client share, and how long rows every transaction updates stay locked. Printed beside the ratio,
 * they say which of the two a change moved. Linux only: elsewhere the window reports nothing.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';

/** Clock ticks a second of /proc's CPU times (USER_HZ: 100 on every Linux this runs on). */
const TICKS_PER_SECOND = 100;
/** How often the backends' states are sampled. */
export const SAMPLE_EVERY_MS = 20;

export interface CostWindow {
  /** The window's start and end (epoch ms). */
  from: number;
  to: number;
  /** CPU milliseconds spent in the window. */
  cpu: { server: number; postgres: number; client: number };
  /** Average number of the database's backends in each state over the samples. */
  backends: { running: number; lockWait: number; waitingOnApp: number; io: number; other: number };
  samples: number;
  /**
   * WAL written in the window: records, full-page images (a page's first change after a checkpoint
   * is logged whole) and bytes. A backend adds its share to `pg_stat_wal` as its transactions end,
   * at most once a second, so each end of the window may be up to a second behind: a figure of a
   * window of several seconds of short transactions. Null before PostgreSQL 14 (no `pg_stat_wal`).
   */
  wal: Wal | null;
  /**
   * Where the log was being written as the window opened and closed: `walRecordsOf` reads what was
   * written between, once the load is over (reading it back takes CPU the load would miss).
   */
  walSpan: { from: string; to: string } | null;
}

export interface WalRecords {
  /** Resource manager and record type, as `pg_waldump` names them: `Btree/INSERT_LEAF`, `Heap/LOCK`. */
  kind: string;
  /**
   * The relation of the record's first block; null for a record without one (a commit, a multixact)
   * and for one of another database (the log is the whole server's).
   */
  relation: string | null;
  records: number;
}

/** The kinds and relations kept of a window's records, most first. */
const WAL_RECORD_KINDS_KEPT = 80;

export interface Wal {
  records: number;
  fullPageImages: number;
  bytes: number;
}

async function walSoFar(client: pg.Client): Promise<Wal | null> {
  try {
    const { rows } = await client.query<{ records: string; fpi: string; bytes: string }>(
      `SELECT wal_records AS records, wal_fpi AS fpi, wal_bytes AS bytes FROM pg_stat_wal`,
    );
    const row = rows[0];
    return row ? { records: Number(row.records), fullPageImages: Number(row.fpi), bytes: Number(row.bytes) } : null;
  } catch {
    return null;
  }
}

/** Where the log is being written now. */
async function walInsertLsn(client: pg.Client): Promise<string | null> {
  try {
    const { rows } = await client.query<{ lsn: string }>(`SELECT pg_current_wal_insert_lsn()::text AS lsn`);
    return rows[0]?.lsn ?? null;
  } catch {
    return null;
  }
}

/**
 * The records written in a window's span of the log, read back through `pg_walinspect` (created
 * in the database if missing: a superuser's connection, as the bench's is), grouped by kind and by
 * the relation of their first block (a record of another database names none). Null when the
 * extension is not there (PostgreSQL before 15, or no contrib package) or the log has moved on.
 */
export async function walRecordsOf(databaseUrl: string, span: { from: string; to: string } | null): Promise<WalRecords[] | null> {
  if (!span) return null;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`CREATE EXTENSION IF NOT EXISTS pg_walinspect`);
    const { rows } = await client.query<{ kind: string; relation: string | null; records: string }>(
      `SELECT w.resource_manager || '/' || w.record_type AS kind, c.relname AS relation, count(*) AS records
       FROM pg_get_wal_records_info($1::pg_lsn, LEAST($2::pg_lsn, pg_current_wal_flush_lsn())) w
       CROSS JOIN LATERAL (SELECT regexp_match(w.block_ref, 'rel \\d+/(\\d+)/(\\d+)') AS ref) b
       LEFT JOIN pg_class c ON c.relfilenode <> 0 AND c.relfilenode = (b.ref)[2]::oid
         AND (b.ref)[1]::oid = (SELECT oid FROM pg_database WHERE datname = current_database())
       GROUP BY 1, 2 ORDER BY 3 DESC, 1, 2 LIMIT $3`,
      [span.from, span.to, WAL_RECORD_KINDS_KEPT],
    );
    return rows.map((row) => ({ kind: row.kind, relation: row.relation, records: Number(row.records) }));
  } catch {
    return null;
  } finally {
    await client.end();
  }
}

/** A process's user + system CPU so far, in ms; 0 once it is gone. */
function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** Every PostgreSQL process's CPU so far, by pid (backends, the WAL writer, the checkpointer…). */
function postgresCpuMs(): Map<number, number> {
  const cpu = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue; // exited meanwhile
    }
    cpu.set(Number(entry), processCpuMs(Number(entry)));
  }
  return cpu;
}

/**
 * PostgreSQL's CPU between two readings: processes present at both ends, as a backend that exits in
 * the window takes its CPU with it (the loads keep their connections open throughout).
 */
function postgresDelta(before: Map<number, number>, after: Map<number, number>, exclude: number): number {
  let total = 0;
  for (const [pid, ms] of after) if (pid !== exclude && before.has(pid)) total += ms - (before.get(pid) ?? 0);
  return total;
}

export const costWindowsSupported = existsSync('/proc/self/stat');

/**
 * Measures from `delayMs` after the call for `lengthMs`; call it as the load starts. `serverPid`: the
 * API server's process (none for pgbench); `clientPid`: the load's client process, read when the
 * window opens (pgbench's, once spawned), or the bench's own process when the load runs in it.
 */
export async function measureCostWindow(
  databaseUrl: string,
  options: { delayMs: number; lengthMs: number; serverPid?: number | undefined; clientPid: () => number | undefined },
): Promise<CostWindow | null> {
  if (!costWindowsSupported) return null;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const samplerPid = (await client.query<{ pid: number }>(`SELECT pg_backend_pid() AS pid`)).rows[0]?.pid ?? 0;
    await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    const clientPid = options.clientPid();
    const reading = () => ({
      at: Date.now(),
      server: options.serverPid ? processCpuMs(options.serverPid) : 0,
      client: clientPid ? processCpuMs(clientPid) : 0,
      postgres: postgresCpuMs(),
    });
    const start = reading();
    const walAtStart = await walSoFar(client);
    const lsnAtStart = await walInsertLsn(client);
    const backends = { running: 0, lockWait: 0, waitingOnApp: 0, io: 0, other: 0 };
    let samples = 0;
    while (Date.now() - start.at < options.lengthMs) {
      const { rows } = await client.query<{ state: string; wait: string | null }>(
        `SELECT state, wait_event_type AS wait FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend' AND state <> 'idle'`,
      );
      samples += 1;
      for (const row of rows) {
        if (row.state === 'active' && row.wait === null) backends.running += 1;
        else if (row.state === 'active' && (row.wait === 'Lock' || row.wait === 'LWLock')) backends.lockWait += 1;
        else if (row.state === 'active' && row.wait === 'IO') backends.io += 1;
        else if (row.state.startsWith('idle in transaction')) backends.waitingOnApp += 1;
        else backends.other += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
    }
    const end = reading();
    const walAtEnd = await walSoFar(client);
    const lsnAtEnd = await walInsertLsn(client);
    const average = (n: number) => (samples ? n / samples : 0);
    return {
      from: start.at,
      to: end.at,
      cpu: {
        server: end.server - start.server,
        postgres: postgresDelta(start.postgres, end.postgres, samplerPid),
        client: end.client - start.client,
      },
      backends: {
        running: average(backends.running),
        lockWait: average(backends.lockWait),
        waitingOnApp: average(backends.waitingOnApp),
        io: average(backends.io),
        other: average(backends.other),
      },
      samples,
      wal:
        walAtStart && walAtEnd
          ? {
              records: walAtEnd.records - walAtStart.records,
              fullPageImages: walAtEnd.fullPageImages - walAtStart.fullPageImages,
              bytes: walAtEnd.bytes - walAtStart.bytes,
            }
          : null,
      walSpan: lsnAtStart && lsnAtEnd ? { from: lsnAtStart, to: lsnAtEnd } : null,
    };
  } finally {
    await client.end();
  }
}

/**
 * The window inside a load of `durationS` seconds: its first 2 s and last second left out, or its
 * first and last quarters in a load shorter than 5 s. Never from the start: the load's connections
 * (pgbench's, the server pool's) open as it starts, and a backend that was not there when the window
 * opened is not counted.
 */
export function windowOf(durationS: number): { delayMs: number; lengthMs: number } {
  return durationS >= 5 ? { delayMs: 2_000, lengthMs: (durationS - 3) * 1_000 } : { delayMs: durationS * 250, lengthMs: durationS * 500 };
}
