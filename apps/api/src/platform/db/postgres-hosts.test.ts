import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, parsePostgresHosts } from './postgres-hosts.js';

describe("libpq's multi-host connection strings", () => {
  it('leave a one-host string as it is', () => {
    expect(parsePostgresHosts('postgres://app:secret@db.internal:5432/fleetfuel?sslmode=require')).toEqual({
      urls: ['postgres://app:secret@db.internal:5432/fleetfuel?sslmode=require'],
      readWrite: false,
    });
  });

  it('give one string per host, with the user, database and other settings of the whole', () => {
    expect(
      parsePostgresHosts(
        'postgresql://app:s%40cret@db1:5432,db2:5433,[fd00::3]:5432/fleetfuel?sslmode=require&target_session_attrs=read-write',
      ),
    ).toEqual({
      urls: [
        'postgresql://app:s%40cret@db1:5432/fleetfuel?sslmode=require',
        'postgresql://app:s%40cret@db2:5433/fleetfuel?sslmode=require',
        'postgresql://app:s%40cret@[fd00::3]:5432/fleetfuel?sslmode=require',
      ],
      readWrite: true,
    });
    expect(parsePostgresHosts('postgres://db1,db2/fleetfuel?target_session_attrs=any')).toEqual({
      urls: ['postgres://db1/fleetfuel', 'postgres://db2/fleetfuel'],
      readWrite: false,
    });
  });

  it('refuse a session attribute they cannot honour', () => {
    expect(() => parsePostgresHosts('postgres://db1,db2/fleetfuel?target_session_attrs=standby')).toThrow(
      'target_session_attrs=standby is not supported: use read-write (a primary) or any',
    );
  });
});

describe('a database that cannot be reached or is changing hands', () => {
  it.each([
    { code: '08001', message: 'No PostgreSQL host could be used for writing' },
    { code: '08006', message: 'connection failure' },
    { code: '57P01', message: 'terminating connection due to administrator command' },
    { code: '57P03', message: 'the database system is starting up' },
    { code: '25006', message: 'cannot execute INSERT in a read-only transaction' },
    { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' },
    { code: 'ECONNRESET', message: 'read ECONNRESET' },
    { message: 'Connection terminated unexpectedly' },
    { message: 'Client has encountered a connection error and is not queryable' },
  ])('is told apart: $message', (error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    { code: '23505', message: 'duplicate key value violates unique constraint' },
    { code: '57014', message: 'canceling statement due to statement timeout' },
    { code: '40P01', message: 'deadlock detected' },
    { message: 'Something else' },
    {},
  ])('from a query that failed on its own: $message', (error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
