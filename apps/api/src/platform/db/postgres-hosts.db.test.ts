/**
 * A pool over several PostgreSQL hosts (libpq's form, as pg_auto_failover gives it): a host that
 * does not answer is passed over, and with target_session_attrs=read-write so is one that cannot
 * write. The failover itself is proven by `npm run drill:failover` (docs/operations.md).
 */
import { connect, createServer, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createTestApp } from '../../../test/harness.js';
import { openDatabase } from './database.js';
import { createHostPool } from './postgres-hosts.js';

/** A port nothing listens on: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.runIf(inject('dbEngine') === 'postgres')('a pool over several PostgreSQL hosts', () => {
  // Read in beforeAll: the describe's body is collected on PGlite too, where no server URL is provided.
  let server: URL;
  const database = `ff_hosts_${process.pid}`;
  let admin: pg.Client;
  let hosts: string;

  beforeAll(async () => {
    server = new URL(inject('postgresUrl'));
    admin = new pg.Client({ connectionString: inject('postgresUrl') });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database}`);
    await admin.query(`CREATE DATABASE ${database}`);
    const user = server.username ? `${server.username}${server.password ? `:${server.password}` : ''}@` : '';
    hosts = `postgres://${user}127.0.0.1:${await closedPort()},${server.hostname}:${server.port || 5432}/${database}`;
  });
  afterAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  });

  it('passes over a host that does not answer, and keeps to the one that did', async () => {
    const pool = createHostPool(`${hosts}?target_session_attrs=read-write`, { max: 2 });
    try {
      for (let round = 0; round < 3; round += 1) {
        const client = await pool.connect();
        expect((await client.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
        client.release();
      }
    } finally {
      await pool.end();
    }
  });

  it('with read-write, refuses every host that cannot write, naming them, and takes a host once it can', async () => {
    await admin.query(`ALTER DATABASE ${database} SET default_transaction_read_only = on`);
    const pool = createHostPool(`${hosts}?target_session_attrs=read-write`, { max: 2 });
    try {
      await expect(pool.connect()).rejects.toThrow(
        /^No PostgreSQL host could be used for writing: .*; .* does not accept writes \(a standby\)$/,
      );
      // Without read-write, a read-only server is as good as any.
      const anyHost = createHostPool(hosts, { max: 1 });
      const reader = await anyHost.connect();
      expect((await reader.query<{ transaction_read_only: string }>('SHOW transaction_read_only')).rows[0]?.transaction_read_only).toBe(
        'on',
      );
      reader.release();
      await anyHost.end();

      // Promoted (here: made writable), the host is taken by the next connection.
      await admin.query(`ALTER DATABASE ${database} RESET default_transaction_read_only`);
      const writer = await pool.connect();
      await writer.query('CREATE TABLE written (id int)');
      writer.release();
    } finally {
      await pool.end();
    }
  });

  it('answers 503 with Retry-After once its host is gone, as during a failover', async () => {
    const t = await createTestApp();
    const current = await t.db.selectNoFrom((eb) => eb.fn<string>('current_database', []).as('name')).executeTakeFirstOrThrow();
    // The database's host, behind a TCP relay the test can take away (the primary's machine lost).
    const sockets = new Set<Socket>();
    const relay = createServer((inbound) => {
      const outbound = connect(Number(server.port || 5432), server.hostname);
      for (const socket of [inbound, outbound]) {
        sockets.add(socket);
        socket.on('error', () => socket.destroy());
        socket.on('close', () => sockets.delete(socket));
      }
      inbound.pipe(outbound).pipe(inbound);
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const relayPort = (relay.address() as { port: number }).port;
    const user = server.username ? `${server.username}@` : '';
    const handle = await openDatabase({
      engine: 'postgres',
      url: `postgres://${user}127.0.0.1:${relayPort},127.0.0.1:${await closedPort()}/${current.name}?target_session_attrs=read-write`,
    });
    const app = await buildApp({ config: t.config, db: handle.db });
    const token = await t.login('orgadmin@acme.test');
    const me = () =>
      app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } });
    try {
      expect((await me()).statusCode).toBe(200);
      await new Promise((resolve) => relay.close(resolve));
      for (const socket of sockets) socket.destroy();
      const reply = await me();
      expect(reply.statusCode, reply.body).toBe(503);
      expect(reply.headers['retry-after']).toBe('5');
      expect(reply.json()).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        message: 'The database could not be reached just now (a restart or failover). Please try again in a moment.',
      });
    } finally {
      await app.close();
      await handle.close();
      await t.close();
    }
  });
});
