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
    const config = loadConfig({ NODE_ENV: 'production', APP_SECRET: 'a'.repeat(64) });
    expect(config.seedDemoData).toBe(false);
  });

  it('rejects malformed numbers and flags instead of guessing', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ SIGNUP_ENABLED: 'maybe' })).toThrow(/SIGNUP_ENABLED/);
  });
});
