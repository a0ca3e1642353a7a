/**
 * libpq's multi-host connection strings for node-postgres, which takes one host only:
 * `postgres://user@db1:5432,db2:5432/fleetfuel?target_session_attrs=read-write` names a primary and
 * its standbys (pg_auto_failover's form). The pool tries the hosts in order, from the one that last
 * answered, and with `target_session_attrs=read-write` keeps only a connection that can write, so
 * that after a failover new connections find the promoted standby without a restart
 * (docs/operations.md, "Failover").
 */
import pg from 'pg';

export interface PostgresHosts {
  /** One connection string per host, each otherwise the same as the one given. */
  urls: string[];
  /** `target_session_attrs=read-write`: a connection to a server that cannot write is dropped and the next host tried. */
  readWrite: boolean;
}

const MULTI_HOST = /^(postgres(?:ql)?:\/\/)([^@/?#]*@)?([^/?#]*)(.*)$/;

/** The hosts of a connection string (one, or several separated by commas) and whether only a writable one will do. */
export function parsePostgresHosts(url: string): PostgresHosts {
  const match = MULTI_HOST.exec(url);
  if (!match) return { urls: [url], readWrite: false };
  const [, scheme, user = '', authority = '', rest = ''] = match;
  const [pathPart = '', query = ''] = rest.split(/\?(.*)/s);
  const params = new URLSearchParams(query);
  const attrs = params.get('target_session_attrs');
  if (attrs !== null && attrs !== 'any' && attrs !== 'read-write') {
    throw new Error(`target_session_attrs=${attrs} is not supported: use read-write (a primary) or any`);
  }
  // node-postgres would pass it on to the server as a setting, which PostgreSQL refuses.
  params.delete('target_session_attrs');
  const tail = `${pathPart}${params.size > 0 ? `?${params.toString()}` : ''}`;
  const hosts = authority.split(',').filter((host) => host !== '');
  return {
    urls: (hosts.length > 0 ? hosts : ['']).map((host) => `${scheme}${user}${host}${tail}`),
    readWrite: attrs === 'read-write',
  };
}

/** Whether the server behind `client` accepts writes: neither a standby nor read-only by default. */
async function canWrite(client: pg.PoolClient): Promise<boolean> {
  const { rows } = await client.query<{ transaction_read_only: string }>('SHOW transaction_read_only');
  return rows[0]?.transaction_read_only === 'off';
}

/** pg.Pool's face as the database layer uses it: connect, end and the error and connect events. */
export interface HostPool {
  connect(): Promise<pg.PoolClient>;
  end(): Promise<void>;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'connect', listener: (client: pg.PoolClient) => void): unknown;
}

/**
 * One pool per host; `connect` takes a connection from the host that last answered, or the next
 * that does. A connection is checked for writing once, when it is made, not at every checkout.
 */
export function createHostPool(url: string, options: Omit<pg.PoolConfig, 'connectionString'>): HostPool {
  const { urls, readWrite } = parsePostgresHosts(url);
  const pools = urls.map((connectionString) => new pg.Pool({ ...options, connectionString }));
  if (pools.length === 1 && !readWrite) return pools[0] as pg.Pool;
  const checked = new WeakSet<pg.PoolClient>();
  let current = 0;

  async function fromHost(index: number): Promise<pg.PoolClient> {
    const client = await (pools[index] as pg.Pool).connect();
    if (!readWrite || checked.has(client)) return client;
    try {
      if (await canWrite(client)) {
        checked.add(client);
        return client;
      }
    } catch (error) {
      client.release(true);
      throw error;
    }
    // A standby (or a primary demoted since): this connection is closed, not pooled.
    client.release(true);
    throw new Error(`${hostOf(urls[index] ?? '')} does not accept writes (a standby)`);
  }

  return {
    async connect() {
      const failures: string[] = [];
      for (let step = 0; step < pools.length; step += 1) {
        const index = (current + step) % pools.length;
        try {
          const client = await fromHost(index);
          current = index;
          return client;
        } catch (error) {
          failures.push((error as Error).message);
        }
      }
      // 08001, as libpq reports it: the client could not establish a connection.
      throw Object.assign(new Error(`No PostgreSQL host could be used${readWrite ? ' for writing' : ''}: ${failures.join('; ')}`), {
        code: '08001',
      });
    },
    end: async () => {
      await Promise.all(pools.map((pool) => pool.end()));
    },
    on(event: 'error' | 'connect', listener: (arg: never) => void) {
      for (const pool of pools) pool.on(event as 'connect', listener as (client: pg.PoolClient) => void);
    },
  };
}

/** The host and port of a connection string, for messages (never its password). */
function hostOf(url: string): string {
  return MULTI_HOST.exec(url)?.[3] ?? 'a host';
}

/** SQLSTATEs of a server going away or not yet ready: shut down, crashed, starting or recovering. */
const SERVER_GONE = new Set(['57P01', '57P02', '57P03']);
/** The socket's own failures, before PostgreSQL could say anything. */
const SOCKET_GONE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);

/**
 * Whether `error` means the database could not be reached or was changing hands (a restart, a
 * failover, a standby that can no longer write) rather than that the call was wrong: the caller
 * may try again in a moment.
 */
export function isDatabaseUnavailable(error: { code?: unknown; message?: unknown }): boolean {
  const code = typeof error.code === 'string' ? error.code : '';
  if (code.startsWith('08') || SERVER_GONE.has(code) || SOCKET_GONE.has(code)) return true;
  // A standby just promoted away from, or a primary demoted: it refuses writes.
  if (code === '25006') return true;
  // node-postgres's own words for a connection that broke, or a client used after its connection did.
  return (
    typeof error.message === 'string' &&
    /^(Connection terminated( unexpectedly| due to connection timeout)?|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)$/.test(
      error.message,
    )
  );
}
