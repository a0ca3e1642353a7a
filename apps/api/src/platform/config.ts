/**
 * Configuration from the environment, read once at start-up. Every value has a safe default for
 * the demo on a laptop; production mode (NODE_ENV=production) refuses to start with the demo secret.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_MONEY_LIMITS } from '@fleetfuel/contract';
import { DEFAULT_PREPARED_STATEMENTS } from './db/prepared-statements.js';
import type { S3Settings } from './files/storage.js';
import type { SmsSettings } from './sms/sms.js';

/**
 * The checkout (or image) root that holds `apps/api`: found by walking up, because this module runs
 * from `apps/api/src/platform` under tsx and from the bundle in `apps/api/dist` under node.
 */
export const REPO_ROOT = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));

function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'apps/api/package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`FleetFuel's root (holding apps/api) is not above ${from}`);
  }
}

/** The demo secret: fine on a laptop, refused in production. */
export const DEMO_SECRET = 'fleetfuel-demo-secret-do-not-use-in-production';
const MIN_SECRET_LENGTH = 32;

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Public address of the app, used in e-mailed links. */
  appUrl: string;
  /** PostgreSQL server; when absent the embedded PGlite database in `dataDir` is used. */
  databaseUrl: string | null;
  /**
   * A streaming replica of `databaseUrl` that the reports and analytics read from, through a pool
   * of their own under the same `database` limits; null: they read the primary.
   */
  databaseReadUrl: string | null;
  /**
   * Limits on the PostgreSQL pool (the embedded PGlite is one connection and cannot cancel a query).
   * Each is in milliseconds; 0 turns a timeout off.
   */
  database: {
    poolSize: number;
    /** The longest one statement may run before PostgreSQL cancels it (the caller gets a 503). */
    statementTimeoutMs: number;
    /** A connection left inside an open transaction this long is closed by PostgreSQL. */
    idleInTransactionTimeoutMs: number;
    /** How long a request waits for a free pool connection before it is answered 503. */
    acquireTimeoutMs: number;
    /** Statements each connection keeps prepared (0: none, behind a pooler in transaction mode). */
    preparedStatements: number;
  };
  /**
   * The PDF reports read a whole organization (20,000 vehicles) on purpose: their reads run under a
   * statement timeout of their own, in milliseconds (0 turns it off), instead of the pool's.
   */
  reports: { statementTimeoutMs: number };
  /**
   * API requests allowed per client address, and per signed-in session, in each window (0 = no
   * limit); counted in Redis when `redisUrl` is set, so every instance shares them.
   */
  rateLimit: { perAddress: number; perSession: number; windowSeconds: number; redisUrl: string | null; keyPrefix: string };
  dataDir: string;
  /** Signs coupons' QR payloads and the sandbox provider's webhooks. */
  appSecret: string;
  sessionTtlHours: number;
  /**
   * Sign-in throttle: after `maxFailuresPer…` failures in a row (failures more than `windowMinutes`
   * apart start a new run), each further attempt waits 1 s, then 2 s, 4 s… up to `maxDelaySeconds`.
   */
  signIn: { maxFailuresPerAccount: number; maxFailuresPerAddress: number; windowMinutes: number; maxDelaySeconds: number };
  passwordResetTtlMinutes: number;
  /** Reset e-mails per account, and reset requests per client address, per hour (from the first one). */
  passwordReset: { maxPerAccountPerHour: number; maxPerAddressPerHour: number };
  signupEnabled: boolean;
  seedDemoData: boolean;
  mail: { smtpUrl: string | null; from: string; outboxDir: string };
  sms: SmsSettings;
  payments: {
    provider: 'sandbox' | 'paystack';
    paystackSecretKey: string | null;
    paystackBaseUrl: string;
    /** The platform's fee on station redemptions, in basis points (100 = 1%). */
    platformFeeBps: number;
    /** How often a transfer that timed out is retried with the same reference. */
    transferRetries: number;
  };
  /** Uploaded files: a folder under the data folder, or an S3-compatible bucket. */
  storage: { kind: 'local'; dir: string } | ({ kind: 's3' } & S3Settings);
  /** Shown on the Support page. */
  support: { email: string; phone: string; hours: string };
  webDistDir: string | null;
  logLevel: string;
  /** `pretty`: one readable line per request for a terminal (development); `json`: pino's lines for a log shipper. */
  logFormat: 'pretty' | 'json';
  trustProxy: boolean;
  /** The most naira one call may move (`amount`) or set as a price per litre (`pricePerUnit`). */
  limits: { maxAmountNaira: number; maxPricePerUnitNaira: number };
  /** Settings that are allowed but unsafe; logged loudly at start. */
  warnings: string[];
}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`${name} must be a whole number of at least ${min} (got "${raw}")`);
  }
  return value;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new Error(`${name} must be true or false (got "${raw}")`);
}

/**
 * The card payment provider. The sandbox credits a wallet for anyone holding a funding reference,
 * so production never falls back to it: there the provider must be named, and the sandbox also
 * needs ALLOW_SANDBOX_PAYMENTS=true (a staging install, say), which start-up then warns about.
 */
/** JSON in production, readable lines elsewhere, unless LOG_FORMAT says otherwise. */
function logFormat(env: Env, mode: Config['env']): Config['logFormat'] {
  const chosen = env.LOG_FORMAT ?? (mode === 'development' ? 'pretty' : 'json');
  if (chosen !== 'pretty' && chosen !== 'json') throw new Error(`LOG_FORMAT must be pretty or json, not "${chosen}"`);
  return chosen;
}

function paymentProvider(env: Env, mode: Config['env'], warnings: string[]): 'sandbox' | 'paystack' {
  const raw = env.PAYMENT_PROVIDER ?? '';
  if (raw !== '' && raw !== 'sandbox' && raw !== 'paystack') {
    throw new Error(`PAYMENT_PROVIDER must be sandbox or paystack (got "${raw}")`);
  }
  if (mode !== 'production') return raw === 'paystack' ? 'paystack' : 'sandbox';
  if (raw === '') {
    throw new Error(
      'PAYMENT_PROVIDER must be set in production: paystack (with PAYSTACK_SECRET_KEY), or sandbox with ' +
        'ALLOW_SANDBOX_PAYMENTS=true for an install where no real money moves.',
    );
  }
  if (raw === 'paystack') {
    if (!env.PAYSTACK_SECRET_KEY) throw new Error('PAYSTACK_SECRET_KEY must be set when PAYMENT_PROVIDER=paystack in production.');
    return 'paystack';
  }
  if (!flag(env, 'ALLOW_SANDBOX_PAYMENTS', false)) {
    throw new Error(
      'PAYMENT_PROVIDER=sandbox lets anyone with a funding reference credit a wallet without paying. ' +
        'Production refuses it unless ALLOW_SANDBOX_PAYMENTS=true is also set.',
    );
  }
  warnings.push('SANDBOX PAYMENTS ARE ON IN PRODUCTION (ALLOW_SANDBOX_PAYMENTS=true): wallets can be funded without a real card payment.');
  return 'sandbox';
}

/**
 * Text messages: Termii when SMS_PROVIDER=termii (with its API key), else the outbox folder. An
 * outbox in production sends nothing to phones, so start-up warns about it.
 */
function smsSettings(env: Env, mode: Config['env'], warnings: string[], outboxDir: string): SmsSettings {
  const raw = env.SMS_PROVIDER ?? '';
  if (raw !== '' && raw !== 'outbox' && raw !== 'termii') throw new Error(`SMS_PROVIDER must be outbox or termii (got "${raw}")`);
  if (raw === 'termii') {
    if (!env.TERMII_API_KEY) throw new Error('TERMII_API_KEY must be set when SMS_PROVIDER=termii.');
    return {
      provider: 'termii',
      apiKey: env.TERMII_API_KEY,
      senderId: env.TERMII_SENDER_ID ?? 'FleetFuel',
      baseUrl: (env.TERMII_BASE_URL ?? 'https://api.ng.termii.com').replace(/\/$/, ''),
      outboxDir,
    };
  }
  if (mode === 'production')
    warnings.push(`SMS go to the outbox folder ${outboxDir}, not to phones: set SMS_PROVIDER=termii to send them.`);
  return { provider: 'outbox', outboxDir };
}

/**
 * The read replica's URL. Only a PostgreSQL primary has replicas: with the embedded database a
 * replica URL would be a mistake (a URL meant for a server that is not used), so start-up refuses it.
 */
function databaseReadUrl(env: Env): string | null {
  const url = env.DATABASE_READ_URL || null;
  if (url && !env.DATABASE_URL) {
    throw new Error(
      'DATABASE_READ_URL names a read replica of the PostgreSQL server in DATABASE_URL, which is not set: ' +
        'set DATABASE_URL to the primary, or unset DATABASE_READ_URL to use the embedded database.',
    );
  }
  return url;
}

export function loadConfig(env: Env = process.env): Config {
  const mode = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const port = integer(env, 'PORT', 3000, 0);
  const dataDir = path.resolve(REPO_ROOT, env.DATA_DIR ?? 'data');
  const appSecret = env.APP_SECRET ?? DEMO_SECRET;
  if (mode === 'production' && (appSecret === DEMO_SECRET || appSecret.length < MIN_SECRET_LENGTH)) {
    throw new Error(
      `APP_SECRET must be set to a random value of at least ${MIN_SECRET_LENGTH} characters in production ` +
        '(for example: openssl rand -hex 32).',
    );
  }
  const warnings: string[] = [];
  const provider = paymentProvider(env, mode, warnings);
  const mailOutboxDir = path.resolve(dataDir, env.MAIL_OUTBOX_DIR ?? 'outbox');
  const webDist = env.WEB_DIST_DIR ?? path.join(REPO_ROOT, 'apps/web/dist');
  return {
    env: mode,
    host: env.HOST ?? '0.0.0.0',
    port,
    appUrl: (env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    databaseUrl: env.DATABASE_URL || null,
    databaseReadUrl: databaseReadUrl(env),
    database: {
      poolSize: integer(env, 'DATABASE_POOL_SIZE', 10, 1),
      statementTimeoutMs: integer(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 15_000, 0),
      idleInTransactionTimeoutMs: integer(env, 'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS', 60_000, 0),
      acquireTimeoutMs: integer(env, 'DATABASE_ACQUIRE_TIMEOUT_MS', 5_000, 0),
      preparedStatements: integer(env, 'DATABASE_PREPARED_STATEMENTS', DEFAULT_PREPARED_STATEMENTS, 0),
    },
    reports: { statementTimeoutMs: integer(env, 'REPORT_STATEMENT_TIMEOUT_MS', 120_000, 0) },
    rateLimit: {
      // On by default in production only: the demo on a laptop has one user, and the tests, the
      // browser journeys and the crash test fire thousands of calls a minute from one address.
      perAddress: integer(env, 'RATE_LIMIT_PER_ADDRESS', mode === 'production' ? 1200 : 0, 0),
      perSession: integer(env, 'RATE_LIMIT_PER_SESSION', mode === 'production' ? 600 : 0, 0),
      windowSeconds: integer(env, 'RATE_LIMIT_WINDOW_SECONDS', 60, 1),
      redisUrl: env.REDIS_URL || null,
      keyPrefix: env.RATE_LIMIT_KEY_PREFIX ?? 'fleetfuel:rate:',
    },
    dataDir,
    appSecret,
    sessionTtlHours: integer(env, 'SESSION_TTL_HOURS', 24 * 7, 1),
    signIn: {
      maxFailuresPerAccount: integer(env, 'SIGN_IN_MAX_FAILURES_PER_ACCOUNT', 5, 1),
      maxFailuresPerAddress: integer(env, 'SIGN_IN_MAX_FAILURES_PER_ADDRESS', 30, 1),
      windowMinutes: integer(env, 'SIGN_IN_WINDOW_MINUTES', 15, 1),
      maxDelaySeconds: integer(env, 'SIGN_IN_MAX_DELAY_SECONDS', 300, 1),
    },
    passwordResetTtlMinutes: 60,
    passwordReset: {
      maxPerAccountPerHour: integer(env, 'PASSWORD_RESET_MAX_PER_ACCOUNT', 3, 1),
      maxPerAddressPerHour: integer(env, 'PASSWORD_RESET_MAX_PER_ADDRESS', 20, 1),
    },
    signupEnabled: flag(env, 'SIGNUP_ENABLED', false),
    seedDemoData: flag(env, 'SEED_DEMO_DATA', mode !== 'production'),
    mail: {
      smtpUrl: env.SMTP_URL || null,
      from: env.MAIL_FROM ?? 'FleetFuel <no-reply@fleetfuel.local>',
      outboxDir: mailOutboxDir,
    },
    sms: smsSettings(env, mode, warnings, path.resolve(dataDir, env.SMS_OUTBOX_DIR ?? 'outbox/sms')),
    payments: {
      provider,
      paystackSecretKey: env.PAYSTACK_SECRET_KEY || null,
      paystackBaseUrl: (env.PAYSTACK_BASE_URL ?? 'https://api.paystack.co').replace(/\/$/, ''),
      platformFeeBps: integer(env, 'PLATFORM_FEE_BPS', 0, 0),
      transferRetries: integer(env, 'TRANSFER_RETRIES', 2, 0),
    },
    storage: env.S3_BUCKET
      ? {
          kind: 's3',
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT || null,
          region: env.S3_REGION ?? 'us-east-1',
          accessKeyId: env.S3_ACCESS_KEY_ID || null,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY || null,
          forcePathStyle: flag(env, 'S3_FORCE_PATH_STYLE', Boolean(env.S3_ENDPOINT)),
        }
      : { kind: 'local', dir: path.join(dataDir, 'files') },
    support: {
      email: env.SUPPORT_EMAIL ?? 'support@fleetfuel.ng',
      phone: env.SUPPORT_PHONE ?? '+234 700 353 3835',
      hours: env.SUPPORT_HOURS ?? 'Monday to Friday, 8:00 to 18:00 (Lagos time)',
    },
    webDistDir: existsSync(webDist) ? webDist : null,
    logLevel: env.LOG_LEVEL ?? (mode === 'test' ? 'silent' : 'info'),
    logFormat: logFormat(env, mode),
    trustProxy: flag(env, 'TRUST_PROXY', false),
    limits: {
      maxAmountNaira: integer(env, 'MAX_AMOUNT_NAIRA', DEFAULT_MONEY_LIMITS.amount, 1),
      maxPricePerUnitNaira: integer(env, 'MAX_PRICE_PER_UNIT_NAIRA', DEFAULT_MONEY_LIMITS.pricePerUnit, 1),
    },
    warnings,
  };
}
