/**
 * The environment the API reads, as one zod schema: every variable with its type, default and
 * range; then the defaults that depend on the mode (production, development, tests) or on another
 * variable; then the settings production refuses. `config.ts` parses the environment with it once
 * and groups the result into the app's `Config`.
 *
 * A variable that is unset takes its default. So does one set to nothing (`VAR=`) where the
 * variable is a number, a flag, a choice or an optional address; free text (a name, a folder, a
 * log level) keeps what it is given, and LOG_FORMAT= is refused.
 */
import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_MONEY_LIMITS } from '@fleetfuel/contract';
import { DEFAULT_PREPARED_STATEMENTS } from './db/prepared-statements.js';

/** The demo secret: fine on a laptop, refused in production. */
export const DEMO_SECRET = 'fleetfuel-demo-secret-do-not-use-in-production';
const MIN_SECRET_LENGTH = 32;

const MODES = ['development', 'production', 'test'] as const;
type Mode = (typeof MODES)[number];
type PaymentProvider = 'sandbox' | 'paystack';

/** The variable an issue is about: issues are reported under the variable's name. */
function variable(issue: { path?: PropertyKey[] }): string {
  return String(issue.path?.[0]);
}

/** `VAR=` means the same as no VAR at all. */
function blankIsUnset<T extends z.ZodType>(schema: T) {
  return z.preprocess((raw) => (raw === '' ? undefined : raw), schema);
}

/** A whole number of at least `min`, written as JavaScript's `Number()` reads it. */
function wholeNumber(min: number) {
  return z
    .string()
    .refine((raw) => Number.isInteger(Number(raw)) && Number(raw) >= min, {
      abort: true,
      error: (issue) => `${variable(issue)} must be a whole number of at least ${min} (got "${String(issue.input)}")`,
    })
    .transform(Number);
}

const count = (min: number, fallback: number) => blankIsUnset(wholeNumber(min).default(fallback));

/** true/false, 1/0, yes/no or on/off, in any case. */
const flag = () =>
  z.stringbool({
    truthy: ['1', 'true', 'yes', 'on'],
    falsy: ['0', 'false', 'no', 'off'],
    case: 'insensitive',
    error: (issue) => `${variable(issue)} must be true or false (got "${String(issue.input)}")`,
  });

/** One of a few words, exactly as written. */
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (issue) => `${variable(issue)} must be ${values.join(' or ')} (got "${String(issue.input)}")` });

/** An address, a key or a name that may be absent: unset or blank is null. */
const optionalText = () =>
  z
    .string()
    .optional()
    .transform((value) => value || null);

const withoutTrailingSlash = (url: string) => url.replace(/\/$/, '');
const baseUrl = (fallback: string) => z.string().default(fallback).transform(withoutTrailingSlash);

/** Every variable the API reads. `// by mode` marks those whose default is in MODE_DEFAULTS. */
const VARIABLES = {
  // NODE_ENV: production or test; anything else (or nothing) is development.
  NODE_ENV: z.enum(MODES).catch('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: count(0, 3000),
  APP_URL: z.string().transform(withoutTrailingSlash).optional(), // unset: http://localhost:PORT
  DATA_DIR: z.string().default('data'), // under the checkout's root unless absolute
  APP_SECRET: z.string().default(DEMO_SECRET),
  APP_SECRET_PREVIOUS: optionalText(), // while rotating APP_SECRET: what was sealed under it is sealed again under the new one
  WEB_DIST_DIR: z.string().optional(), // unset: apps/web/dist of the checkout, when built

  DATABASE_URL: optionalText(), // unset: the embedded PGlite in DATA_DIR/pglite
  DATABASE_READ_URL: optionalText(),
  DATABASE_POOL_SIZE: count(1, 10),
  DATABASE_STATEMENT_TIMEOUT_MS: count(0, 15_000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: count(0, 60_000),
  DATABASE_ACQUIRE_TIMEOUT_MS: count(0, 5_000),
  DATABASE_PREPARED_STATEMENTS: count(0, DEFAULT_PREPARED_STATEMENTS),
  REPORT_STATEMENT_TIMEOUT_MS: count(0, 120_000),

  RATE_LIMIT_PER_ADDRESS: blankIsUnset(wholeNumber(0).optional()), // by mode
  RATE_LIMIT_PER_SESSION: blankIsUnset(wholeNumber(0).optional()), // by mode
  RATE_LIMIT_WINDOW_SECONDS: count(1, 60),
  REDIS_URL: optionalText(),
  RATE_LIMIT_KEY_PREFIX: z.string().default('fleetfuel:rate:'),

  SESSION_TTL_HOURS: count(1, 24 * 7),
  // Personal data kept for so many days, then purged (docs/privacy.md).
  MESSAGE_RETENTION_DAYS: count(1, 30),
  SESSION_RETENTION_DAYS: count(1, 90),
  SIGN_IN_ATTEMPT_RETENTION_DAYS: count(1, 30),
  SIGN_IN_MAX_FAILURES_PER_ACCOUNT: count(1, 5),
  SIGN_IN_MAX_FAILURES_PER_ADDRESS: count(1, 30),
  SIGN_IN_WINDOW_MINUTES: count(1, 15),
  SIGN_IN_MAX_DELAY_SECONDS: count(1, 300),
  PASSWORD_RESET_MAX_PER_ACCOUNT: count(1, 3),
  PASSWORD_RESET_MAX_PER_ADDRESS: count(1, 20),
  SIGNUP_ENABLED: blankIsUnset(flag().default(false)),
  SEED_DEMO_DATA: blankIsUnset(flag().optional()), // by mode

  SMTP_URL: optionalText(), // unset: e-mails are files in MAIL_OUTBOX_DIR
  MAIL_FROM: z.string().default('FleetFuel <no-reply@fleetfuel.local>'),
  MAIL_OUTBOX_DIR: z.string().default('outbox'), // under DATA_DIR unless absolute
  SMS_PROVIDER: blankIsUnset(oneOf(['outbox', 'termii']).default('outbox')),
  SMS_OUTBOX_DIR: z.string().default('outbox/sms'), // under DATA_DIR unless absolute
  TERMII_API_KEY: optionalText(),
  TERMII_SENDER_ID: z.string().default('FleetFuel'),
  TERMII_BASE_URL: baseUrl('https://api.ng.termii.com'),

  PAYMENT_PROVIDER: blankIsUnset(oneOf(['sandbox', 'paystack']).optional()), // by mode
  ALLOW_SANDBOX_PAYMENTS: blankIsUnset(flag().default(false)),
  PAYSTACK_SECRET_KEY: optionalText(),
  PAYSTACK_BASE_URL: baseUrl('https://api.paystack.co'),
  PLATFORM_FEE_BPS: count(0, 0),
  TRANSFER_RETRIES: count(0, 2),

  S3_BUCKET: optionalText(), // unset: uploads are files in DATA_DIR/files
  S3_ENDPOINT: optionalText(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText(),
  S3_SECRET_ACCESS_KEY: optionalText(),
  S3_FORCE_PATH_STYLE: blankIsUnset(flag().optional()), // unset: on when S3_ENDPOINT is set

  // The embedded database's nightly backup (docs/operations.md); unlike the other numbers, BACKUP_HOUR=
  // (or off) turns it off rather than taking the default.
  BACKUP_HOUR: z
    .string()
    .default('2')
    .refine((raw) => /^(off|)$/i.test(raw) || (/^\d{1,2}$/.test(raw) && Number(raw) <= 23), {
      abort: true,
      error: (issue) => `BACKUP_HOUR must be an hour from 0 to 23 (Lagos time), or off (got "${String(issue.input)}")`,
    })
    .transform((raw) => (/^(off|)$/i.test(raw) ? null : Number(raw))),
  BACKUP_KEEP: count(1, 7),
  BACKUP_DIR: z.string().default('backups'), // under DATA_DIR unless absolute

  SUPPORT_EMAIL: z.string().default('support@fleetfuel.ng'),
  SUPPORT_PHONE: z.string().default('+234 700 353 3835'),
  SUPPORT_HOURS: z.string().default('Monday to Friday, 8:00 to 18:00 (Lagos time)'),

  LOG_LEVEL: z.string().optional(), // by mode
  LOG_FORMAT: z
    .enum(['pretty', 'json'], { error: (issue) => `LOG_FORMAT must be pretty or json, not "${String(issue.input)}"` })
    .optional(), // by mode
  TRUST_PROXY: blankIsUnset(flag().default(false)),

  // USSD for drivers on feature phones (docs/integrations.md): the gateway proves itself by the
  // secret, its address, or both; unset USSD_ENABLED means on outside production, and in
  // production on exactly when one of them is set.
  USSD_ENABLED: blankIsUnset(flag().optional()),
  USSD_SHARED_SECRET: optionalText(),
  USSD_ALLOWED_ADDRESSES: z
    .string()
    .default('')
    .transform((raw) =>
      raw
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .refine((entries) => entries.every(isAddressOrRange), {
      error: (issue) => `USSD_ALLOWED_ADDRESSES must be IP addresses or CIDR ranges separated by commas (got "${String(issue.input)}")`,
    }),
  USSD_SESSION_TIMEOUT_SECONDS: count(30, 180),
  USSD_MAX_CALLBACKS_PER_MINUTE: count(1, 30),
  MAX_AMOUNT_NAIRA: count(1, DEFAULT_MONEY_LIMITS.amount),
  MAX_PRICE_PER_UNIT_NAIRA: count(1, DEFAULT_MONEY_LIMITS.pricePerUnit),
};

interface ModeDefaults {
  /** None in production: the sandbox credits a wallet without a payment, so it must be chosen. */
  PAYMENT_PROVIDER: PaymentProvider | undefined;
  SEED_DEMO_DATA: boolean;
  RATE_LIMIT_PER_ADDRESS: number;
  RATE_LIMIT_PER_SESSION: number;
  LOG_LEVEL: string;
  /** `pretty`: one readable line per request for a terminal; `json`: pino's lines for a log shipper. */
  LOG_FORMAT: 'pretty' | 'json';
}

/**
 * Where production, development and the tests part ways when a variable is unset. The rate limits
 * are on in production only: the demo on a laptop has one user, and the tests, the browser
 * journeys and the crash test fire thousands of calls a minute from one address.
 */
const MODE_DEFAULTS: Record<Mode, ModeDefaults> = {
  development: {
    PAYMENT_PROVIDER: 'sandbox',
    SEED_DEMO_DATA: true,
    RATE_LIMIT_PER_ADDRESS: 0,
    RATE_LIMIT_PER_SESSION: 0,
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'pretty',
  },
  test: {
    PAYMENT_PROVIDER: 'sandbox',
    SEED_DEMO_DATA: true,
    RATE_LIMIT_PER_ADDRESS: 0,
    RATE_LIMIT_PER_SESSION: 0,
    LOG_LEVEL: 'silent',
    LOG_FORMAT: 'json',
  },
  production: {
    PAYMENT_PROVIDER: undefined,
    SEED_DEMO_DATA: false,
    RATE_LIMIT_PER_ADDRESS: 1200,
    RATE_LIMIT_PER_SESSION: 600,
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
  },
};

/** The parsed variables with the defaults of their mode, and those that follow another variable. */
function withDefaults(env: z.output<z.ZodObject<typeof VARIABLES>>) {
  const byMode = MODE_DEFAULTS[env.NODE_ENV];
  return {
    ...env,
    PAYMENT_PROVIDER: env.PAYMENT_PROVIDER ?? byMode.PAYMENT_PROVIDER,
    SEED_DEMO_DATA: env.SEED_DEMO_DATA ?? byMode.SEED_DEMO_DATA,
    RATE_LIMIT_PER_ADDRESS: env.RATE_LIMIT_PER_ADDRESS ?? byMode.RATE_LIMIT_PER_ADDRESS,
    RATE_LIMIT_PER_SESSION: env.RATE_LIMIT_PER_SESSION ?? byMode.RATE_LIMIT_PER_SESSION,
    LOG_LEVEL: env.LOG_LEVEL ?? byMode.LOG_LEVEL,
    LOG_FORMAT: env.LOG_FORMAT ?? byMode.LOG_FORMAT,
    APP_URL: env.APP_URL ?? `http://localhost:${env.PORT}`,
    S3_FORCE_PATH_STYLE: env.S3_FORCE_PATH_STYLE ?? env.S3_ENDPOINT !== null,
    USSD_ENABLED: env.USSD_ENABLED ?? (env.NODE_ENV !== 'production' || ussdGatewayChecked(env)),
  };
}

/** Whether a USSD gateway must prove itself: by the shared secret or by its address. */
function ussdGatewayChecked(env: { USSD_SHARED_SECRET: string | null; USSD_ALLOWED_ADDRESSES: string[] }): boolean {
  return env.USSD_SHARED_SECRET !== null || env.USSD_ALLOWED_ADDRESSES.length > 0;
}

/** `10.1.2.3`, `::1`, `196.201.214.0/24`: one address or a CIDR range. */
function isAddressOrRange(entry: string): boolean {
  const [address = '', bits, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

type Defaulted = ReturnType<typeof withDefaults>;
const inProduction = (env: Defaulted) => env.NODE_ENV === 'production';

/**
 * The environment, parsed. Once every variable is well formed, the settings that cannot work
 * together, and those production refuses, are reported together, one issue each:
 * - production needs a long random APP_SECRET, never the demo one;
 * - production never falls back to the sandbox payment provider (it credits a wallet for anyone
 *   holding a funding reference): the provider must be named, paystack with its secret key, the
 *   sandbox only with ALLOW_SANDBOX_PAYMENTS=true (a staging install, say; start-up warns);
 * - a read replica needs the PostgreSQL primary it replicates (the embedded database has none);
 * - Termii needs its API key;
 * - production never answers USSD from a gateway that has not proven itself (secret or address).
 */
export const environmentSchema = z
  .object(VARIABLES)
  .transform(withDefaults)
  .refine((env) => !inProduction(env) || (env.APP_SECRET !== DEMO_SECRET && env.APP_SECRET.length >= MIN_SECRET_LENGTH), {
    path: ['APP_SECRET'],
    message:
      `APP_SECRET must be set to a random value of at least ${MIN_SECRET_LENGTH} characters in production ` +
      '(for example: openssl rand -hex 32).',
  })
  .refine((env) => env.APP_SECRET_PREVIOUS === null || env.APP_SECRET_PREVIOUS !== env.APP_SECRET, {
    path: ['APP_SECRET_PREVIOUS'],
    message: 'APP_SECRET_PREVIOUS is the value APP_SECRET had before the rotation: it cannot be the same as APP_SECRET.',
  })
  .refine((env): env is Defaulted & { PAYMENT_PROVIDER: PaymentProvider } => env.PAYMENT_PROVIDER !== undefined, {
    path: ['PAYMENT_PROVIDER'],
    message:
      'PAYMENT_PROVIDER must be set in production: paystack (with PAYSTACK_SECRET_KEY), or sandbox with ' +
      'ALLOW_SANDBOX_PAYMENTS=true for an install where no real money moves.',
  })
  .refine((env) => !(inProduction(env) && env.PAYMENT_PROVIDER === 'paystack' && env.PAYSTACK_SECRET_KEY === null), {
    path: ['PAYSTACK_SECRET_KEY'],
    message: 'PAYSTACK_SECRET_KEY must be set when PAYMENT_PROVIDER=paystack in production.',
  })
  .refine((env) => !(inProduction(env) && env.PAYMENT_PROVIDER === 'sandbox' && !env.ALLOW_SANDBOX_PAYMENTS), {
    path: ['ALLOW_SANDBOX_PAYMENTS'],
    message:
      'PAYMENT_PROVIDER=sandbox lets anyone with a funding reference credit a wallet without paying. ' +
      'Production refuses it unless ALLOW_SANDBOX_PAYMENTS=true is also set.',
  })
  .refine((env) => env.DATABASE_READ_URL === null || env.DATABASE_URL !== null, {
    path: ['DATABASE_READ_URL'],
    message:
      'DATABASE_READ_URL names a read replica of the PostgreSQL server in DATABASE_URL, which is not set: ' +
      'set DATABASE_URL to the primary, or unset DATABASE_READ_URL to use the embedded database.',
  })
  .refine((env) => env.SMS_PROVIDER !== 'termii' || env.TERMII_API_KEY !== null, {
    path: ['TERMII_API_KEY'],
    message: 'TERMII_API_KEY must be set when SMS_PROVIDER=termii.',
  })
  .refine((env) => !(inProduction(env) && env.USSD_ENABLED && !ussdGatewayChecked(env)), {
    path: ['USSD_ENABLED'],
    message:
      'USSD_ENABLED=true in production needs USSD_SHARED_SECRET or USSD_ALLOWED_ADDRESSES: ' +
      'anyone could otherwise call the USSD route as the gateway, with any phone number.',
  })
  .refine((env) => env.USSD_SHARED_SECRET === null || env.USSD_SHARED_SECRET.length >= 16, {
    path: ['USSD_SHARED_SECRET'],
    message: 'USSD_SHARED_SECRET must be at least 16 characters (for example: openssl rand -hex 16).',
  });

/** The environment as `loadConfig` reads it: every variable typed and defaulted. */
export type Environment = z.output<typeof environmentSchema>;
