import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { allRoutes, API_BASE, PERMISSIONS } from '@fleetfuel/contract';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness.js';
import { useTestApp } from '../test/test-world.js';

const world = useTestApp();

describe('the route table', () => {
  it('every route declares a known permission and is registered by the app', () => {
    expect(allRoutes.length).toBeGreaterThan(0);
    for (const route of allRoutes) {
      expect(Object.keys(PERMISSIONS), route.path).toContain(route.permission);
      expect(world.t.app.hasRoute({ method: route.method, url: `${API_BASE}${route.path}` }), `${route.method} ${route.path}`).toBe(true);
    }
  });

  it('every route but the public ones refuses a call without a token', async () => {
    for (const route of allRoutes.filter((r) => r.permission !== 'public')) {
      const url = `${API_BASE}${route.path.replace(/:id/g, '00000000-0000-4000-8000-000000000000')}`;
      const res = await world.t.call(route.method, url, { body: route.method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${route.method} ${route.path}`).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
  });

  it('publishes OpenAPI at /api/docs/json with every route', async () => {
    const res = await world.t.call('GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const route of allRoutes) {
      expect(paths).toContain(`${API_BASE}${route.path.replace(/:([A-Za-z]+)/g, '{$1}')}`);
    }
  });

  it('documents multipart bodies with their files, and every error reply in the error shape', async () => {
    const document = (await world.t.call('GET', '/api/docs/json')).json<{
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: { content: Record<string, { schema: { properties?: Record<string, { format?: string }> } }> };
            responses: Record<string, { content?: Record<string, { schema: { required?: string[] } }> }>;
          }
        >
      >;
    }>();
    const vehicleCreate = document.paths['/api/vehicles']?.post;
    const multipartBody = vehicleCreate?.requestBody?.content['multipart/form-data']?.schema;
    expect(multipartBody?.properties?.image).toMatchObject({ format: 'binary' });
    expect(multipartBody?.properties?.model).toBeDefined();
    expect(vehicleCreate?.requestBody?.content['application/json']).toBeDefined();
    for (const route of allRoutes) {
      const operation = document.paths[`${API_BASE}${route.path.replace(/:([A-Za-z]+)/g, '{$1}')}`]?.[route.method.toLowerCase()];
      const statuses = Object.keys(operation?.responses ?? {});
      expect(statuses, `${route.method} ${route.path}`).toEqual(expect.arrayContaining(['400', '500']));
      if (route.permission !== 'public')
        expect(statuses, `${route.method} ${route.path}`).toEqual(expect.arrayContaining(['401', '403', '404']));
      for (const status of statuses.filter((s) => Number(s) >= 400)) {
        const schema = operation?.responses[status]?.content?.['application/json']?.schema;
        expect(schema?.required, `${route.method} ${route.path} ${status}`).toEqual(expect.arrayContaining(['error', 'message', 'code']));
      }
      if (route.bodyType === 'multipart') {
        expect(Object.keys(operation?.requestBody?.content ?? {}), `${route.method} ${route.path}`).toContain('multipart/form-data');
      }
    }
  });

  it('answers unknown endpoints with the error shape and a request id', async () => {
    const res = await world.t.call('GET', '/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', error: 'No such endpoint: GET /api/nope' });
    expect(res.headers['x-request-id']).toBeTruthy();
  });
});

describe('serving the web app', () => {
  it('answers its page addresses with index.html and keeps 404s for the API and missing files', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'fleetfuel-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>FleetFuel</title>');
    const local = await createTestApp({ webDistDir: dist });
    try {
      for (const page of ['/', '/clients/details', '/reset-password?token=abc']) {
        const res = await local.call('GET', page);
        expect(res.statusCode, page).toBe(200);
        expect(res.body).toContain('<title>FleetFuel</title>');
      }
      expect((await local.call('GET', '/api/unknown')).json().code).toBe('NOT_FOUND');
      expect((await local.call('GET', '/assets/missing.js')).statusCode).toBe(404);
      expect((await local.call('GET', '/api/health')).json()).toEqual({ status: 'ok', database: 'ok' });
      // Same-origin scripts only, allowed to compile the QR reader's WebAssembly.
      expect((await local.call('GET', '/')).headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
    } finally {
      await local.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('organization and station lists (for the user form)', () => {
  it('ADMIN lists organizations and stations, searchable, with meta; others get 403', async () => {
    const admin = await world.t.login('admin@fleetfuel.test');
    const orgs = await world.t.call('GET', '/api/admin/organizations', { token: admin, query: { search: 'acme' } });
    expect(orgs.statusCode).toBe(200);
    expect(orgs.json().meta).toEqual({ page: 1, pageSize: 20, total: 1 });
    expect(orgs.json().data[0]).toMatchObject({
      name: 'Acme Logistics',
      type: 'transport_logistics_company',
      status: 'ACTIVE',
      subscription: { name: 'Business' },
      driversCount: 2,
    });

    const stations = await world.t.call('GET', '/api/admin/fuel-stations', { token: admin });
    expect(stations.json().meta.total).toBe(2);
    const unity = stations.json().data.find((s: { name: string }) => s.name === 'Unity Fuels Ikeja');
    expect(unity).toMatchObject({ availableFuels: ['PETROL', 'DIESEL'], latitude: 6.601838, longitude: 3.351486 });

    const orgAdmin = await world.t.login('orgadmin@acme.test');
    expect((await world.t.call('GET', '/api/admin/organizations', { token: orgAdmin })).statusCode).toBe(403);
    expect((await world.t.call('GET', '/api/admin/fuel-stations', { token: orgAdmin })).statusCode).toBe(403);
  });
});
