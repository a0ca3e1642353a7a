/**
 * Headers that keep signed-in data out of caches, and transport security that only an https
 * install asks for (a plain-http intranet install must keep working).
 */
import { describe, expect, it } from 'vitest';
import { png, sendForm } from '../test/multipart.js';
import { createTestApp, DEMO_PASSWORD } from '../test/harness.js';
import { useTestApp } from '../test/test-world.js';

const world = useTestApp();

describe('Cache-Control on signed-in replies', () => {
  it('the sign-in reply, which carries the token, is no-store', async () => {
    const res = await world.t.call('POST', '/api/auth/login', { body: { username: 'orgadmin@acme.test', password: DEMO_PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('JSON replies, errors and PDFs for a bearer token are no-store', async () => {
    const token = await world.t.login('orgadmin@acme.test');
    for (const url of ['/api/auth/me', '/api/vehicles', '/api/admin/users']) {
      const res = await world.t.call('GET', url, { token });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const refused = await world.t.call('GET', '/api/admin/organizations', { token });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['cache-control']).toBe('no-store');

    const pdf = await world.t.call('GET', '/api/reports/x/insurance-status', { token });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('no-store');
  });

  it('a file fetched with a bearer token is no-store', async () => {
    const admin = await world.t.login('admin@fleetfuel.test');
    const client = { name: 'Cache Logistics', type: 'other', image: png() };
    const created = await sendForm(world.t, 'POST', '/api/admin/organizations', client, admin);
    expect(created.statusCode).toBe(200);
    const file = await world.t.call('GET', created.json().imageUrl, { token: admin });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('no-store');
  });
});

describe('transport security', () => {
  it('a plain-http install sends neither HSTS nor upgrade-insecure-requests', async () => {
    const res = await world.t.call('GET', '/api/health');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['content-security-policy']).toBeDefined();
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('an https install sends both', async () => {
    const secure = await createTestApp({ appUrl: 'https://fleet.example.ng' });
    try {
      const res = await secure.call('GET', '/api/health');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
      expect(res.headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
    } finally {
      await secure.close();
    }
  });
});
