/**
 * Counts the SQL statements one request runs, to prove that a list does not run a query per row
 * (N+1). A second app is built over the test app's database through a Kysely plugin that sees
 * every statement the app sends (transactions and raw `sql` included).
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp, type AppDeps } from '../src/app.js';
import { seedDemoActivity } from '../src/db/seed-activity.js';
import { createTestApp, type TestApp } from './harness.js';

export interface StatementCounter {
  /** GETs `url` (with its query string) as the token's holder; the statements it ran and the reply's body. */
  get(url: string, token: string): Promise<{ statements: number; body: Record<string, unknown> }>;
  /** Sends a request with a body as the token's holder; the statements it ran and the reply. */
  send(
    request: { method: 'POST' | 'PUT' | 'PATCH'; url: string; payload: Buffer | string; headers: Record<string, string> },
    token: string,
  ): Promise<{ statements: number; reply: LightMyRequestResponse }>;
  /** The same for a reply that is not JSON (a CSV export): the statements and the reply's text. */
  getText(url: string, token: string): Promise<{ statements: number; text: string }>;
  /**
   * Waits for the work the last request left to run after its reply (e-mails, texts) and returns
   * the statements of the request and that work together.
   */
  settled(): Promise<number>;
  /** The same for a binary reply (a PDF report): the statements and the reply's bytes. */
  getBytes(url: string, token: string): Promise<{ statements: number; bytes: Buffer }>;
  close(): Promise<void>;
}

export async function countStatements(
  t: TestApp,
  deps: Pick<AppDeps, 'exportBatchRows' | 'reportBatchRows'> = {},
): Promise<StatementCounter> {
  let statements = 0;
  const counting: KyselyPlugin = {
    transformQuery: (args) => {
      statements += 1;
      return args.node;
    },
    transformResult: (args) => Promise.resolve(args.result),
  };
  const app: FastifyInstance = await buildApp({ ...deps, config: t.config, db: t.db.withPlugin(counting) });
  await app.ready();
  async function getBytes(url: string, token: string) {
    statements = 0;
    const reply = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    if (reply.statusCode !== 200) throw new Error(`GET ${url}: ${reply.statusCode} ${reply.body}`);
    return { statements, bytes: reply.rawPayload };
  }
  async function getText(url: string, token: string) {
    const { statements: count, bytes } = await getBytes(url, token);
    return { statements: count, text: bytes.toString('utf8') };
  }
  return {
    async get(url, token) {
      const { statements: count, text } = await getText(url, token);
      return { statements: count, body: JSON.parse(text) as Record<string, unknown> };
    },
    getText,
    getBytes,
    async send(request, token) {
      statements = 0;
      const reply = await app.inject({ ...request, headers: { ...request.headers, authorization: `Bearer ${token}` } });
      return { statements, reply };
    },
    async settled() {
      await app.background.idle();
      return statements;
    },
    close: () => app.close(),
  };
}

/**
 * Asserts that a list runs as many statements for a page of 5 rows as for a page of up to 50:
 * `rowsKey` names the reply's array, which must hold 5 rows at pageSize 5 and more at pageSize 50,
 * or the comparison would prove nothing.
 */
export async function expectStatementsIndependentOfPageSize(
  counter: StatementCounter,
  token: string,
  path: string,
  rowsKey: string,
): Promise<void> {
  const separator = path.includes('?') ? '&' : '?';
  const small = await counter.get(`${path}${separator}pageSize=5`, token);
  const large = await counter.get(`${path}${separator}pageSize=50`, token);
  const rowsOf = (body: Record<string, unknown>) => (body[rowsKey] as unknown[] | undefined)?.length ?? 0;
  expect(rowsOf(small.body), `${path}: rows at pageSize 5`).toBe(5);
  expect(rowsOf(large.body), `${path}: rows at pageSize 50`).toBeGreaterThan(5);
  expect(large.statements, `${path}: statements at pageSize 50 vs 5`).toBe(small.statements);
}

/**
 * For a test file: an app over the demo data with its activity (requests, wallet movements), so
 * that lists have more than one page, and a statement counter over it; made before the file's
 * tests, closed after them.
 */
export function countedDemoApp(): { t: TestApp; counter: StatementCounter } {
  const fixture = {} as { t: TestApp; counter: StatementCounter };
  beforeAll(async () => {
    fixture.t = await createTestApp();
    await fixture.t.db.transaction().execute((trx) => seedDemoActivity(trx));
    fixture.counter = await countStatements(fixture.t);
  });
  afterAll(async () => {
    await fixture.counter.close();
    await fixture.t.close();
  });
  return fixture;
}
