/**
 * Configuration from the environment, read once at start-up: `config-schema.ts` parses the
 * variables (types, defaults, ranges, what production refuses) and this file groups them into the
 * `Config` the app reads. Every value has a safe default for the demo on a laptop; production mode
 * (NODE_ENV=production) refuses to start with the demo secret or the sandbox payments.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { environmentSchema, type Environment } from './config-schema.js';
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

export { DEMO_SECRET } from './config-schema.js';

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
  /** APP_SECRET's value before a rotation: secrets sealed under it are sealed again under appSecret at start. */
  appSecretPrevious: string | null;
  sessionTtlHours: number;
  /**
   * Days personal data is kept before the hourly purge deletes it: e-mails and texts sent or failed,
   * sessions after they ended or expired, and sign-in attempts (docs/privacy.md).
   */
  retention: { messageDays: number; sessionDays: number; signInAttemptDays: number };
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
  /**
   * The embedded database's nightly backup: taken from this hour of the Lagos day (0–23; null: no
   * nightly backup) into `dir`, which keeps the newest `keep` archives.
   */
  backup: { hour: number | null; keep: number; dir: string };
  /** Shown on the Support page. */
  support: { email: string; phone: string; hours: string };
  webDistDir: string | null;
  logLevel: string;
  /** `pretty`: one readable line per request for a terminal (development); `json`: pino's lines for a log shipper. */
  logFormat: 'pretty' | 'json';
  trustProxy: boolean;
  /** The most naira one call may move (`amount`) or set as a price per litre (`pricePerUnit`). */
  limits: { maxAmountNaira: number; maxPricePerUnitNaira: number };
  /**
   * USSD for drivers on feature phones: off answers 404. The gateway is checked by the shared
   * secret (X-USSD-Secret header or `secret` query parameter) and/or its address; with neither
   * (never in production) any caller is taken for the gateway.
   */
  ussd: {
    enabled: boolean;
    sharedSecret: string | null;
    allowedAddresses: string[];
    sessionTimeoutSeconds: number;
    maxCallbacksPerMinute: number;
  };
  /** Settings that are allowed but unsafe; logged loudly at start. */
  warnings: string[];
}

type Env = Record<string, string | undefined>;

/** Reads the environment (process.env unless given one); throws every problem found, one per line. */
export function loadConfig(env: Env = process.env): Config {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) throw new Error(parsed.error.issues.map((issue) => issue.message).join('\n'));
  return configOf(parsed.data);
}

/** The parsed variables grouped as the app reads them, with the folders resolved. */
function configOf(env: Environment): Config {
  const dataDir = path.resolve(REPO_ROOT, env.DATA_DIR);
  const smsOutboxDir = path.resolve(dataDir, env.SMS_OUTBOX_DIR);
  const webDist = env.WEB_DIST_DIR ?? path.join(REPO_ROOT, 'apps/web/dist');
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    appUrl: env.APP_URL,
    databaseUrl: env.DATABASE_URL,
    databaseReadUrl: env.DATABASE_READ_URL,
    database: {
      poolSize: env.DATABASE_POOL_SIZE,
      statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      acquireTimeoutMs: env.DATABASE_ACQUIRE_TIMEOUT_MS,
      preparedStatements: env.DATABASE_PREPARED_STATEMENTS,
    },
    reports: { statementTimeoutMs: env.REPORT_STATEMENT_TIMEOUT_MS },
    rateLimit: {
      perAddress: env.RATE_LIMIT_PER_ADDRESS,
      perSession: env.RATE_LIMIT_PER_SESSION,
      windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS,
      redisUrl: env.REDIS_URL,
      keyPrefix: env.RATE_LIMIT_KEY_PREFIX,
    },
    dataDir,
    appSecret: env.APP_SECRET,
    appSecretPrevious: env.APP_SECRET_PREVIOUS,
    sessionTtlHours: env.SESSION_TTL_HOURS,
    retention: {
      messageDays: env.MESSAGE_RETENTION_DAYS,
      sessionDays: env.SESSION_RETENTION_DAYS,
      signInAttemptDays: env.SIGN_IN_ATTEMPT_RETENTION_DAYS,
    },
    signIn: {
      maxFailuresPerAccount: env.SIGN_IN_MAX_FAILURES_PER_ACCOUNT,
      maxFailuresPerAddress: env.SIGN_IN_MAX_FAILURES_PER_ADDRESS,
      windowMinutes: env.SIGN_IN_WINDOW_MINUTES,
      maxDelaySeconds: env.SIGN_IN_MAX_DELAY_SECONDS,
    },
    passwordResetTtlMinutes: 60,
    passwordReset: {
      maxPerAccountPerHour: env.PASSWORD_RESET_MAX_PER_ACCOUNT,
      maxPerAddressPerHour: env.PASSWORD_RESET_MAX_PER_ADDRESS,
    },
    signupEnabled: env.SIGNUP_ENABLED,
    seedDemoData: env.SEED_DEMO_DATA,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: path.resolve(dataDir, env.MAIL_OUTBOX_DIR) },
    sms: smsSettings(env, smsOutboxDir),
    payments: {
      provider: env.PAYMENT_PROVIDER,
      paystackSecretKey: env.PAYSTACK_SECRET_KEY,
      paystackBaseUrl: env.PAYSTACK_BASE_URL,
      platformFeeBps: env.PLATFORM_FEE_BPS,
      transferRetries: env.TRANSFER_RETRIES,
    },
    storage: storage(env, dataDir),
    backup: { hour: env.BACKUP_HOUR, keep: env.BACKUP_KEEP, dir: path.resolve(dataDir, env.BACKUP_DIR) },
    support: { email: env.SUPPORT_EMAIL, phone: env.SUPPORT_PHONE, hours: env.SUPPORT_HOURS },
    webDistDir: existsSync(webDist) ? webDist : null,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT,
    trustProxy: env.TRUST_PROXY,
    limits: { maxAmountNaira: env.MAX_AMOUNT_NAIRA, maxPricePerUnitNaira: env.MAX_PRICE_PER_UNIT_NAIRA },
    ussd: {
      enabled: env.USSD_ENABLED,
      sharedSecret: env.USSD_SHARED_SECRET,
      allowedAddresses: env.USSD_ALLOWED_ADDRESSES,
      sessionTimeoutSeconds: env.USSD_SESSION_TIMEOUT_SECONDS,
      maxCallbacksPerMinute: env.USSD_MAX_CALLBACKS_PER_MINUTE,
    },
    warnings: warnings(env, smsOutboxDir),
  };
}

/** Text messages through Termii when SMS_PROVIDER=termii (the schema refuses it without a key), else the outbox. */
function smsSettings(env: Environment, outboxDir: string): SmsSettings {
  return env.SMS_PROVIDER === 'termii' && env.TERMII_API_KEY !== null
    ? { provider: 'termii', apiKey: env.TERMII_API_KEY, senderId: env.TERMII_SENDER_ID, baseUrl: env.TERMII_BASE_URL, outboxDir }
    : { provider: 'outbox', outboxDir };
}

/** Uploaded files in an S3-compatible bucket when S3_BUCKET is set, else in the data folder. */
function storage(env: Environment, dataDir: string): Config['storage'] {
  return env.S3_BUCKET !== null
    ? {
        kind: 's3',
        bucket: env.S3_BUCKET,
        endpoint: env.S3_ENDPOINT,
        region: env.S3_REGION,
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        forcePathStyle: env.S3_FORCE_PATH_STYLE,
      }
    : { kind: 'local', dir: path.join(dataDir, 'files') };
}

/** Production settings that are allowed but unsafe, logged loudly at start. */
function warnings(env: Environment, smsOutboxDir: string): string[] {
  if (env.NODE_ENV !== 'production') return [];
  return [
    ...(env.PAYMENT_PROVIDER === 'sandbox'
      ? ['SANDBOX PAYMENTS ARE ON IN PRODUCTION (ALLOW_SANDBOX_PAYMENTS=true): wallets can be funded without a real card payment.']
      : []),
    // An outbox in production sends nothing to phones.
    ...(env.SMS_PROVIDER === 'outbox'
      ? [`SMS go to the outbox folder ${smsOutboxDir}, not to phones: set SMS_PROVIDER=termii to send them.`]
      : []),
  ];
}
