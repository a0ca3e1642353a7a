/**
 * Builds a real app over a private copy of the seeded template database, for API tests through
 * HTTP (`inject`). Each test file calls `createTestApp()` once and `close()` at the end.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppDeps } from '../src/app.js';
import { loadConfig, type Config } from '../src/platform/config.js';
import type { Clock } from '../src/platform/clock.js';
import { openDatabase, type Database } from '../src/platform/db/database.js';
import { DEMO_PASSWORD } from '../src/db/seed.js';
import { databaseUrl } from './database-url.js';
import { watchDocumentedStatuses } from './documented-statuses.js';
import './provided.js';

export { DEMO_PASSWORD };

interface CallOptions {
  token?: string | null;
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface TestApp {
  /** Text messages the embedded SMS outbox holds, oldest first. */
  smsOutbox(): { to: string; text: string }[];
  app: FastifyInstance;
  db: Database;
  config: Config;
  engine: 'pglite' | 'postgres';
  call(method: string, url: string, options?: CallOptions): Promise<LightMyRequestResponse>;
  /** Signs in a demo (or any) account and returns its token. */
  login(username: string, password?: string): Promise<string>;
  /** Mail written to the outbox so far, oldest first. */
  outbox(): OutboxMail[];
  close(): Promise<void>;
}

/** Overrides of the test configuration; `signIn` and `mail` merge into the defaults. */
type ConfigOverrides = Partial<Omit<Config, 'signIn' | 'mail'>> & { signIn?: Partial<Config['signIn']>; mail?: Partial<Config['mail']> };

/**
 * A private copy of the seeded template, opened `instances` times: on PostgreSQL each handle is a
 * pool of its own, as separate server processes would have; PGlite is one connection, so its
 * instances share the one handle.
 */
async function copyDatabase(instances = 1): Promise<{ dbs: Database[]; drop: () => Promise<void> }> {
  if (inject('dbEngine') === 'pglite') {
    const template = new Blob([readFileSync(inject('pgliteTemplateFile'))]);
    const handle = await openDatabase({ engine: 'pglite', dataDir: null, loadDataDir: template });
    return { dbs: Array.from({ length: instances }, () => handle.db), drop: () => handle.close() };
  }
  const serverUrl = inject('postgresUrl');
  const name = `ff_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  const handles: Array<Awaited<ReturnType<typeof openDatabase>>> = [];
  for (let i = 0; i < instances; i += 1)
    handles.push(await openDatabase({ engine: 'postgres', url: databaseUrl(serverUrl, name), poolSize: 5 }));
  return {
    dbs: handles.map((handle) => handle.db),
    drop: async () => {
      for (const handle of handles) await handle.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** What a test may put in place of an instance's clock, payment provider, mailer, SMS provider or backups. */
type InstanceDeps = Pick<AppDeps, 'clock' | 'paymentProvider' | 'mailer' | 'sms' | 'backups'>;

/** A clock the test can move: `clock.set(date)` makes the app think it is that instant. */
export function movableClock(start = new Date()): Clock & { set(instant: Date | string): void } {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (instant) => {
      current = new Date(instant);
    },
  };
}

export async function createTestApp(overrides: ConfigOverrides = {}, deps: InstanceDeps = {}): Promise<TestApp> {
  const [app] = await createTestApps(1, overrides, deps);
  return app as TestApp;
}

/**
 * `count` app instances over one database, like several servers behind a load balancer: for the
 * work that must happen once however many instances run. Close each; the last close drops it.
 */
export async function createTestApps(count: number, overrides: ConfigOverrides = {}, deps: InstanceDeps = {}): Promise<TestApp[]> {
  const { dbs, drop } = await copyDatabase(count);
  let open = count;
  const apps: TestApp[] = [];
  for (const db of dbs) {
    apps.push(
      await instanceOver(db, overrides, deps, async () => {
        open -= 1;
        if (open === 0) await drop();
      }),
    );
  }
  return apps;
}

async function instanceOver(db: Database, overrides: ConfigOverrides, deps: InstanceDeps, release: () => Promise<void>): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fleetfuel-test-'));
  const base = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, APP_URL: 'http://app.test' });
  const config: Config = {
    ...base,
    ...overrides,
    signIn: { ...base.signIn, ...overrides.signIn },
    mail: { ...base.mail, ...overrides.mail },
    webDistDir: overrides.webDistDir ?? null,
  };
  const app = await buildApp({ config, db, ...deps });
  const statuses = watchDocumentedStatuses(app);
  await app.ready();

  const call: TestApp['call'] = (method, url, options = {}) => {
    const query = Object.fromEntries(
      Object.entries(options.query ?? {})
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, String(v)]),
    );
    return app.inject({
      method: method as 'GET',
      url,
      query,
      headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
      ...(options.body !== undefined ? { payload: options.body as object } : {}),
    });
  };

  return {
    app,
    db,
    config,
    engine: inject('dbEngine'),
    call,
    async login(username, password = DEMO_PASSWORD) {
      const res = await call('POST', '/api/auth/login', { body: { username, password } });
      if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
      return res.json<{ token: string }>().token;
    },
    outbox: () => readOutbox<OutboxMail>(config.mail.outboxDir),
    smsOutbox: () => readOutbox<{ to: string; text: string }>(config.sms.outboxDir),
    async close() {
      await app.close();
      await release();
      rmSync(dataDir, { recursive: true, force: true });
      statuses.assertAllDocumented();
    },
  };
}

/** What an embedded outbox (one JSON file a message) holds, oldest first; nothing before its folder exists. */
function readOutbox<Message>(dir: string): Message[] {
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort();
  } catch {
    return [];
  }
  return files.map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Message);
}

/** Waits until `check` returns a value, for work that finishes after the reply (e-mail). */
export async function eventually<T>(check: () => T | undefined, timeoutMs = 3000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
