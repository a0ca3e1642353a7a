import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_SECRET, loadConfig, REPO_ROOT } from './config.js';

describe('configuration', () => {
  it('has safe demo defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeNull();
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.appSecret).toBe(DEMO_SECRET);
    expect(config.signupEnabled).toBe(false);
    expect(config.seedDemoData).toBe(true);
  });

  it('texts through Termii only with its API key; an SMS outbox in production is warned about', () => {
    expect(loadConfig({}).sms).toEqual({ provider: 'outbox', outboxDir: expect.stringMatching(/\/data\/outbox\/sms$/) });
    expect(() => loadConfig({ SMS_PROVIDER: 'termii' })).toThrow('TERMII_API_KEY must be set when SMS_PROVIDER=termii.');
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio' })).toThrow('SMS_PROVIDER must be outbox or termii (got "twilio")');
    expect(loadConfig({ SMS_PROVIDER: 'termii', TERMII_API_KEY: 'TL-key' }).sms).toMatchObject({
      provider: 'termii',
      apiKey: 'TL-key',
      senderId: 'FleetFuel',
      baseUrl: 'https://api.ng.termii.com',
    });
    const production = {
      NODE_ENV: 'production',
      APP_SECRET: 'a'.repeat(64),
      PAYMENT_PROVIDER: 'paystack',
      PAYSTACK_SECRET_KEY: 'sk_live_x',
    };
    expect(loadConfig(production).warnings.join('\n')).toMatch(/SMS go to the outbox folder/);
    expect(loadConfig({ ...production, SMS_PROVIDER: 'termii', TERMII_API_KEY: 'TL-key' }).warnings.join('\n')).not.toMatch(/SMS/);
  });

  it('never answers unauthenticated USSD in production: off unless the gateway is checked, and refused when turned on without a check', () => {
    const production = {
      NODE_ENV: 'production',
      APP_SECRET: 'a'.repeat(64),
      PAYMENT_PROVIDER: 'paystack',
      PAYSTACK_SECRET_KEY: 'sk_live_x',
    };
    expect(loadConfig({}).ussd).toEqual({
      enabled: true,
      sharedSecret: null,
      allowedAddresses: [],
      sessionTimeoutSeconds: 180,
      maxCallbacksPerMinute: 30,
    });
    expect(loadConfig(production).ussd.enabled).toBe(false);
    expect(() => loadConfig({ ...production, USSD_ENABLED: 'true' })).toThrow(
      'USSD_ENABLED=true in production needs USSD_SHARED_SECRET or USSD_ALLOWED_ADDRESSES',
    );
    const secret = 's'.repeat(32);
    expect(loadConfig({ ...production, USSD_SHARED_SECRET: secret }).ussd).toMatchObject({ enabled: true, sharedSecret: secret });
    expect(loadConfig({ ...production, USSD_ALLOWED_ADDRESSES: '196.201.214.0/24, 10.0.0.7' }).ussd).toMatchObject({
      enabled: true,
      allowedAddresses: ['196.201.214.0/24', '10.0.0.7'],
    });
    expect(loadConfig({ ...production, USSD_SHARED_SECRET: secret, USSD_ENABLED: 'false' }).ussd.enabled).toBe(false);
    expect(() => loadConfig({ USSD_ALLOWED_ADDRESSES: '10.0.0.0/33' })).toThrow(
      'USSD_ALLOWED_ADDRESSES must be IP addresses or CIDR ranges',
    );
    expect(() => loadConfig({ USSD_ALLOWED_ADDRESSES: 'gateway.example' })).toThrow('USSD_ALLOWED_ADDRESSES must be');
    expect(() => loadConfig({ USSD_SHARED_SECRET: 'short' })).toThrow('USSD_SHARED_SECRET must be at least 16 characters');
    expect(loadConfig({ USSD_SESSION_TIMEOUT_SECONDS: '60' }).ussd.sessionTimeoutSeconds).toBe(60);
  });

  it('logs readable lines in development and JSON in production and tests, unless LOG_FORMAT says', () => {
    const production = {
      NODE_ENV: 'production',
      APP_SECRET: 'a'.repeat(64),
      PAYMENT_PROVIDER: 'paystack',
      PAYSTACK_SECRET_KEY: 'sk_live_x',
    };
    expect(loadConfig({}).logFormat).toBe('pretty');
    expect(loadConfig(production).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'test' }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadConfig({ ...production, LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'colour' })).toThrow('LOG_FORMAT must be pretty or json, not "colour"');
  });

  it('refuses to start in production without a real secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', APP_SECRET: 'short' })).toThrow(/APP_SECRET/);
    const config = loadConfig({
      NODE_ENV: 'production',
      APP_SECRET: 'a'.repeat(64),
      PAYMENT_PROVIDER: 'paystack',
      PAYSTACK_SECRET_KEY: 'sk_live_x',
    });
    expect(config.seedDemoData).toBe(false);
  });

  it('takes the previous APP_SECRET while rotating it, never the same value', () => {
    const secret = 'b'.repeat(40);
    expect(loadConfig({ APP_SECRET: secret, APP_SECRET_PREVIOUS: 'c'.repeat(40) }).appSecretPrevious).toBe('c'.repeat(40));
    expect(loadConfig({ APP_SECRET: secret }).appSecretPrevious).toBeNull();
    expect(() => loadConfig({ APP_SECRET: secret, APP_SECRET_PREVIOUS: secret })).toThrow(
      'APP_SECRET_PREVIOUS is the value APP_SECRET had before the rotation: it cannot be the same as APP_SECRET.',
    );
  });

  it('refuses to start in production until a payment provider is chosen; the sandbox needs an explicit opt-in', () => {
    const production = { NODE_ENV: 'production', APP_SECRET: 'a'.repeat(64) };
    expect(() => loadConfig(production)).toThrow(/PAYMENT_PROVIDER must be set/);
    expect(() => loadConfig({ ...production, PAYMENT_PROVIDER: 'sandbox' })).toThrow(/ALLOW_SANDBOX_PAYMENTS=true/);
    expect(() => loadConfig({ ...production, PAYMENT_PROVIDER: 'sandbox', ALLOW_SANDBOX_PAYMENTS: 'false' })).toThrow(
      /ALLOW_SANDBOX_PAYMENTS/,
    );
    expect(() => loadConfig({ ...production, PAYMENT_PROVIDER: 'paystack' })).toThrow(/PAYSTACK_SECRET_KEY/);
    const optedIn = loadConfig({ ...production, PAYMENT_PROVIDER: 'sandbox', ALLOW_SANDBOX_PAYMENTS: 'true' });
    expect(optedIn.payments.provider).toBe('sandbox');
    expect(optedIn.warnings.join(' ')).toMatch(/sandbox/i);
    expect(loadConfig({ ...production, PAYMENT_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: 'sk_live_x' }).payments.provider).toBe(
      'paystack',
    );
    // Outside production the sandbox stays the embedded default, with no warning.
    expect(loadConfig({}).payments.provider).toBe('sandbox');
    expect(loadConfig({}).warnings).toEqual([]);
  });

  it('limits the PostgreSQL pool: size, statement and idle-transaction timeouts, and the wait for a connection', () => {
    expect(loadConfig({}).database).toEqual({
      poolSize: 10,
      statementTimeoutMs: 15_000,
      idleInTransactionTimeoutMs: 60_000,
      acquireTimeoutMs: 5_000,
      preparedStatements: 100,
    });
    const tuned = loadConfig({
      DATABASE_POOL_SIZE: '25',
      DATABASE_STATEMENT_TIMEOUT_MS: '0',
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '1000',
      DATABASE_ACQUIRE_TIMEOUT_MS: '250',
      DATABASE_PREPARED_STATEMENTS: '0',
    });
    expect(tuned.database).toEqual({
      poolSize: 25,
      statementTimeoutMs: 0,
      idleInTransactionTimeoutMs: 1000,
      acquireTimeoutMs: 250,
      preparedStatements: 0,
    });
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '-1' })).toThrow(/DATABASE_STATEMENT_TIMEOUT_MS/);
    expect(() => loadConfig({ DATABASE_PREPARED_STATEMENTS: 'many' })).toThrow(/DATABASE_PREPARED_STATEMENTS/);
  });

  it('reads reports and analytics from DATABASE_READ_URL, a replica of DATABASE_URL, and refuses it with the embedded database', () => {
    expect(loadConfig({}).databaseReadUrl).toBeNull();
    expect(loadConfig({ DATABASE_URL: 'postgres://primary/ff' }).databaseReadUrl).toBeNull();
    expect(loadConfig({ DATABASE_URL: 'postgres://primary/ff', DATABASE_READ_URL: 'postgres://replica/ff' })).toMatchObject({
      databaseUrl: 'postgres://primary/ff',
      databaseReadUrl: 'postgres://replica/ff',
    });
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://replica/ff' })).toThrow(
      'DATABASE_READ_URL names a read replica of the PostgreSQL server in DATABASE_URL, which is not set',
    );
    expect(() => loadConfig({ DATABASE_URL: '', DATABASE_READ_URL: 'postgres://replica/ff' })).toThrow(/DATABASE_READ_URL/);
  });

  it('gives the PDF reports a statement timeout of their own, longer than the pool default', () => {
    expect(loadConfig({}).reports).toEqual({ statementTimeoutMs: 120_000 });
    expect(loadConfig({ REPORT_STATEMENT_TIMEOUT_MS: '300000', DATABASE_STATEMENT_TIMEOUT_MS: '5000' })).toMatchObject({
      reports: { statementTimeoutMs: 300_000 },
      database: { statementTimeoutMs: 5_000 },
    });
    expect(loadConfig({ REPORT_STATEMENT_TIMEOUT_MS: '0' }).reports.statementTimeoutMs).toBe(0);
    expect(() => loadConfig({ REPORT_STATEMENT_TIMEOUT_MS: '2.5' })).toThrow(/REPORT_STATEMENT_TIMEOUT_MS/);
  });

  it('limits API calls per address and per sign-in in production, in Redis when REDIS_URL is set', () => {
    const production = {
      NODE_ENV: 'production',
      APP_SECRET: 'a'.repeat(64),
      PAYMENT_PROVIDER: 'paystack',
      PAYSTACK_SECRET_KEY: 'sk_live_x',
    };
    expect(loadConfig(production).rateLimit).toEqual({
      perAddress: 1200,
      perSession: 600,
      windowSeconds: 60,
      redisUrl: null,
      keyPrefix: 'fleetfuel:rate:',
    });
    for (const mode of ['development', 'test']) {
      const off = loadConfig({ NODE_ENV: mode }).rateLimit;
      expect([off.perAddress, off.perSession]).toEqual([0, 0]);
    }
    const shared = loadConfig({
      REDIS_URL: 'redis://127.0.0.1:6379',
      RATE_LIMIT_PER_ADDRESS: '50',
      RATE_LIMIT_PER_SESSION: '20',
      RATE_LIMIT_WINDOW_SECONDS: '10',
    }).rateLimit;
    expect(shared).toMatchObject({ perAddress: 50, perSession: 20, windowSeconds: 10, redisUrl: 'redis://127.0.0.1:6379' });
    expect(() => loadConfig({ RATE_LIMIT_WINDOW_SECONDS: '0' })).toThrow(/RATE_LIMIT_WINDOW_SECONDS/);
  });

  it('rejects malformed numbers and flags instead of guessing', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ SIGNUP_ENABLED: 'maybe' })).toThrow(/SIGNUP_ENABLED/);
  });

  it('names the variable and what it must be: an unknown choice, a number out of range, a flag that is not one', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow('PAYMENT_PROVIDER must be sandbox or paystack (got "stripe")');
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow('DATABASE_POOL_SIZE must be a whole number of at least 1 (got "0")');
    expect(() => loadConfig({ TRANSFER_RETRIES: '-1' })).toThrow('TRANSFER_RETRIES must be a whole number of at least 0 (got "-1")');
    expect(() => loadConfig({ SIGNUP_ENABLED: 'y' })).toThrow('SIGNUP_ENABLED must be true or false (got "y")');
    // A flag is true/false, 1/0, yes/no or on/off, in any case.
    expect(loadConfig({ SIGNUP_ENABLED: 'yes' }).signupEnabled).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'YES', SEED_DEMO_DATA: 'no' })).toMatchObject({ trustProxy: true, seedDemoData: false });
    expect(loadConfig({ SIGNUP_ENABLED: 'On', TRUST_PROXY: '0' })).toMatchObject({ signupEnabled: true, trustProxy: false });
    // Set to nothing is unset, for numbers, flags and choices.
    expect(loadConfig({ PORT: '', SIGNUP_ENABLED: '', PAYMENT_PROVIDER: '', SMS_PROVIDER: '' })).toMatchObject({
      port: 3000,
      signupEnabled: false,
      payments: { provider: 'sandbox' },
      sms: { provider: 'outbox' },
    });
  });

  it('reports every problem of one start together, one per line', () => {
    expect(() => loadConfig({ PORT: 'eighty', SIGNUP_ENABLED: 'maybe' })).toThrow(
      'PORT must be a whole number of at least 0 (got "eighty")\nSIGNUP_ENABLED must be true or false (got "maybe")',
    );
    const refused = (() => {
      try {
        loadConfig({ NODE_ENV: 'production', DATABASE_READ_URL: 'postgres://replica/ff' });
      } catch (error) {
        return (error as Error).message.split('\n');
      }
      return [];
    })();
    expect(refused).toEqual([
      expect.stringMatching(/^APP_SECRET must be set/),
      expect.stringMatching(/^PAYMENT_PROVIDER must be set in production/),
      expect.stringMatching(/^DATABASE_READ_URL names a read replica/),
    ]);
  });

  it('defaults by mode: the tests log nothing, production seeds no demo data', () => {
    expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({ env: 'test', logLevel: 'silent', logFormat: 'json', seedDemoData: true });
    expect(loadConfig({ NODE_ENV: 'staging' })).toMatchObject({ env: 'development', logLevel: 'info', logFormat: 'pretty' });
    expect(
      loadConfig({ NODE_ENV: 'production', APP_SECRET: 'a'.repeat(32), PAYMENT_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: 'k' }),
    ).toMatchObject({ env: 'production', logLevel: 'info', seedDemoData: false, rateLimit: { perAddress: 1200, perSession: 600 } });
    expect(loadConfig({ PORT: '8080' }).appUrl).toBe('http://localhost:8080');
    expect(loadConfig({ APP_URL: 'https://fuel.example/' }).appUrl).toBe('https://fuel.example');
    expect(loadConfig({ S3_BUCKET: 'uploads', S3_ENDPOINT: 'http://minio:9000' }).storage).toMatchObject({
      kind: 's3',
      forcePathStyle: true,
    });
    expect(loadConfig({ S3_BUCKET: 'uploads' }).storage).toMatchObject({ kind: 's3', endpoint: null, forcePathStyle: false });
  });

  it('reads the default development environment as the hand-written parser before the zod schema did', () => {
    // loadConfig({}) as it was before the environment was parsed by one zod schema (2026-11-29),
    // with the checkout's folders in place of /work/main.
    const dataDir = path.join(REPO_ROOT, 'data');
    const webDist = path.join(REPO_ROOT, 'apps/web/dist');
    expect(loadConfig({})).toStrictEqual({
      env: 'development',
      host: '0.0.0.0',
      port: 3000,
      appUrl: 'http://localhost:3000',
      databaseUrl: null,
      databaseReadUrl: null,
      database: {
        poolSize: 10,
        statementTimeoutMs: 15_000,
        idleInTransactionTimeoutMs: 60_000,
        acquireTimeoutMs: 5_000,
        preparedStatements: 100,
      },
      reports: { statementTimeoutMs: 120_000 },
      rateLimit: { perAddress: 0, perSession: 0, windowSeconds: 60, redisUrl: null, keyPrefix: 'fleetfuel:rate:' },
      dataDir,
      appSecret: 'fleetfuel-demo-secret-do-not-use-in-production',
      appSecretPrevious: null,
      sessionTtlHours: 168,
      retention: { messageDays: 30, sessionDays: 90, signInAttemptDays: 30 },
      signIn: { maxFailuresPerAccount: 5, maxFailuresPerAddress: 30, windowMinutes: 15, maxDelaySeconds: 300 },
      passwordResetTtlMinutes: 60,
      passwordReset: { maxPerAccountPerHour: 3, maxPerAddressPerHour: 20 },
      signupEnabled: false,
      seedDemoData: true,
      mail: { smtpUrl: null, from: 'FleetFuel <no-reply@fleetfuel.local>', outboxDir: path.join(dataDir, 'outbox') },
      sms: { provider: 'outbox', outboxDir: path.join(dataDir, 'outbox/sms') },
      payments: {
        provider: 'sandbox',
        paystackSecretKey: null,
        paystackBaseUrl: 'https://api.paystack.co',
        platformFeeBps: 0,
        transferRetries: 2,
      },
      storage: { kind: 'local', dir: path.join(dataDir, 'files') },
      backup: { hour: 2, keep: 7, dir: path.join(dataDir, 'backups') },
      support: {
        email: 'support@fleetfuel.ng',
        phone: '+234 700 353 3835',
        hours: 'Monday to Friday, 8:00 to 18:00 (Lagos time)',
      },
      // The built web app when there is one (null before `npm run build`).
      webDistDir: existsSync(webDist) ? webDist : null,
      logLevel: 'info',
      logFormat: 'pretty',
      trustProxy: false,
      limits: { maxAmountNaira: 1_000_000_000, maxPricePerUnitNaira: 100_000 },
      ussd: { enabled: true, sharedSecret: null, allowedAddresses: [], sessionTimeoutSeconds: 180, maxCallbacksPerMinute: 30 },
      warnings: [],
    });
  });
});
