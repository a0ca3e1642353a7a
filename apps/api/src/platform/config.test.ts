import { describe, expect, it } from 'vitest';
import { DEMO_SECRET, loadConfig } from './config.js';

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

  it('rejects malformed numbers and flags instead of guessing', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ SIGNUP_ENABLED: 'maybe' })).toThrow(/SIGNUP_ENABLED/);
  });
});
