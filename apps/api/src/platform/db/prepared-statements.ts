/**
 * Keeps the pool's parameterised statements prepared on each PostgreSQL connection, so that a
 * statement the API runs again and again is parsed once and, once PostgreSQL judges a generic plan
 * as good as a planned one, no longer planned on every call (issue 16: planning a read of the request
 * view cost ~1 ms against 0.1 ms to run it; bench/RESULTS.md, "Prepared statements").
 *
 * node-postgres prepares a statement when a query carries a name, and from then on sends only its
 * parameters. Kysely passes the SQL text alone, so each connection gets a cache that names its
 * statements by their text (the same text, the same name) and holds at most `capacity` of them,
 * least recently used first out: the texts the API can build are many (an `IN` list of each length is
 * a text of its own), the prepared statements a server connection holds are memory on the database
 * machine. One that falls out is deallocated when the connection is next taken from the pool, idle
 * and outside any transaction (in a failed one PostgreSQL would refuse the DEALLOCATE).
 *
 * A migration that changes a table under a prepared `SELECT *` (another instance's rollout) makes
 * PostgreSQL refuse that statement: the call fails (503, Retry-After) and the connection prepares
 * its statements afresh from the next one on.
 *
 * A pooler in transaction mode (PgBouncer before 1.21) hands a connection's prepared statements to
 * whichever client comes next: there, `DATABASE_PREPARED_STATEMENTS=0` turns this off.
 */
import { createHash } from 'node:crypto';
import type { PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/** The statements one connection keeps prepared unless configured otherwise. */
export const DEFAULT_PREPARED_STATEMENTS = 100;

/** node-postgres's record of the statements a connection has prepared (its Connection's own fields). */
interface PreparedRecord {
  parsedStatements: Record<string, string>;
  submittedNamedStatements?: Record<string, string>;
}

function preparedRecord(client: pg.PoolClient): PreparedRecord | null {
  const connection = (client as unknown as { connection?: Partial<PreparedRecord> }).connection;
  return typeof connection?.parsedStatements === 'object' && connection.parsedStatements !== null ? (connection as PreparedRecord) : null;
}

/** PostgreSQL's refusal of a prepared statement whose result a schema change has altered. */
export function isChangedResultType(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  return e?.code === '0A000' && typeof e.message === 'string' && e.message.includes('cached plan must not change result type');
}

export function statementName(text: string): string {
  return `ff_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
}

/** One connection's prepared statements, by text, least recently used first. */
class StatementCache {
  private readonly names = new Map<string, string>();
  /** Names fallen out of the cache while the connection was checked out, deallocated at its next checkout. */
  private readonly fallenOut = new Set<string>();

  constructor(
    private readonly client: pg.PoolClient,
    private readonly record: PreparedRecord,
    private readonly capacity: number,
  ) {}

  nameFor(text: string): string {
    let name = this.names.get(text);
    if (name !== undefined) {
      this.names.delete(text);
    } else {
      name = statementName(text);
      // Back before it was deallocated: it is still prepared, so it is kept.
      this.fallenOut.delete(name);
    }
    this.names.set(text, name);
    if (this.names.size > this.capacity) {
      const [oldestText, oldestName] = this.names.entries().next().value as [string, string];
      this.names.delete(oldestText);
      this.fallenOut.add(oldestName);
    }
    return name;
  }

  /** Drops every statement: at the connection's next checkout they are all deallocated. */
  forgetAll(): void {
    for (const name of this.names.values()) this.fallenOut.add(name);
    this.names.clear();
  }

  /** Deallocates what fell out, before the connection's next user sends anything. */
  async deallocateFallenOut(): Promise<void> {
    for (const name of this.fallenOut) {
      this.fallenOut.delete(name);
      // Forgotten first: the next query of that text is prepared again rather than assumed prepared.
      delete this.record.parsedStatements[name];
      delete this.record.submittedNamedStatements?.[name];
      // One that never parsed (a statement with an error) is not there to deallocate.
      await this.client.query(`DEALLOCATE ${name}`).catch(() => undefined);
    }
  }
}

const caches = new WeakMap<pg.PoolClient, StatementCache>();

/**
 * The client Kysely drives, for a connection just taken from the pool: parameterised statements go
 * out named (prepared), everything else (BEGIN, COMMIT, a cursor) as it came. `capacity` 0 returns
 * the client itself.
 */
export async function preparingClient(client: pg.PoolClient, capacity: number): Promise<PostgresPoolClient> {
  if (capacity <= 0) return client;
  let cache = caches.get(client);
  if (!cache) {
    const record = preparedRecord(client);
    // A driver without the record it keeps of prepared statements: plain statements, as before.
    if (!record) return client;
    cache = new StatementCache(client, record, capacity);
    caches.set(client, cache);
  }
  const statements = cache;
  // The connection is idle and outside any transaction now, unlike when it was released.
  await statements.deallocateFallenOut();
  return {
    query: ((textOrCursor: unknown, parameters?: readonly unknown[]) => {
      if (typeof textOrCursor === 'string' && parameters !== undefined && parameters.length > 0) {
        return client
          .query({ name: statements.nameFor(textOrCursor), text: textOrCursor, values: [...parameters] })
          .catch((error: unknown) => {
            // A migration changed a table under a prepared `SELECT *` (another instance's rollout):
            // PostgreSQL refuses it from then on, so this call fails and the next ones prepare afresh.
            if (isChangedResultType(error)) statements.forgetAll();
            throw error;
          });
      }
      return (client.query as (...args: unknown[]) => unknown).call(client, textOrCursor, parameters);
    }) as PostgresPoolClient['query'],
    release: () => client.release(),
  };
}
