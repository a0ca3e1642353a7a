/**
 * Issue 47: an integrator generates a typed client from /api/docs/json. The document passes Redocly's
 * recommended rules; openapi-typescript turns it into types that the TypeScript compiler checks a
 * client against (a call the document does not allow must not compile); that client, compiled, then
 * calls three routes over HTTP with an API key.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lagosDate } from '../clock.js';
import { useTestApp } from '../../../test/test-world.js';

const world = useTestApp();

// Beside the project's node_modules, so that the compiled client finds openapi-fetch as an integrator's would
// (knip.json lists openapi-fetch as used: only this generated source imports it).
const cacheDir = fileURLToPath(new URL('../../../node_modules/.cache/generated-client/', import.meta.url));
let clientDir = '';
let documentText = '';

/** What an integrator writes against the generated `paths`: the lines marked @ts-expect-error must not compile. */
const CLIENT_SOURCE = `
import createClient from 'openapi-fetch';
import type { paths } from './api.js';

export async function callThree(baseUrl: string, apiKey: string, supplyDate: string) {
  const client = createClient<paths>({ baseUrl, headers: { Authorization: \`Bearer \${apiKey}\`, 'Content-Type': 'application/json' } });
  const vehicles = await client.GET('/api/vehicles', { params: { query: { search: 'Hilux' } } });
  const stations = await client.GET('/api/fuel-requests/fuel-stations');
  const vehicle = vehicles.data?.data[0];
  const station = stations.data?.stations[0];
  if (!vehicle || !station) return { vehicles: vehicles.response.status, stations: stations.response.status, created: null };
  const created = await client.POST('/api/fuel-requests', {
    body: { vehicleId: vehicle.id, stationId: station.id, supplyDate, volume: 20 },
  });
  return {
    vehicles: vehicles.response.status,
    plate: vehicle.plateNumber,
    stations: stations.response.status,
    created: created.response.status,
    message: created.data?.message ?? created.error,
  };
}

export function wrongCalls(client: ReturnType<typeof createClient<paths>>) {
  // @ts-expect-error: no such path in the document
  void client.GET('/api/no-such-route');
  // @ts-expect-error: a fuel request needs its station, date and volume
  void client.POST('/api/fuel-requests', { body: { vehicleId: 'x' } });
}
`;

beforeAll(async () => {
  mkdirSync(cacheDir, { recursive: true });
  clientDir = mkdtempSync(path.join(cacheDir, 'client-'));
  documentText = (await world.t.call('GET', '/api/docs/json')).body;
});
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

describe('the OpenAPI document', () => {
  it("passes Redocly's recommended rules, with stable and unique operation ids", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: documentText, absoluteRef: 'fleetfuel-openapi.json', config });
    const described = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.location[0]?.pointer ?? ''} ${p.message}`);
    expect(described.filter((p) => p.startsWith('error'))).toEqual([]);
    // What stays a warning, on purpose: the spec's paths `/fuel-requests/single/{id}` beside
    // `/fuel-requests/{id}/approve` (the router tells them apart by the literal segment), and the
    // sandbox card page's redirect, whose only success is a 303.
    const warnings = described.filter((p) => !p.startsWith('error'));
    expect(warnings.filter((p) => !/^warn no-ambiguous-paths:/.test(p) && !/sandbox~1checkout.*2XX/.test(p))).toEqual([]);

    const operations = Object.values(JSON.parse(documentText).paths as Record<string, Record<string, { operationId?: string }>>).flatMap(
      (item) => Object.values(item),
    );
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(['fuelRequestsApprove', 'vehiclesList', 'exportsVehicles']));
  });

  it('documents the replies that are not JSON with their media type', () => {
    const paths = JSON.parse(documentText).paths as Record<string, Record<string, { responses: Record<string, { content?: object }> }>>;
    expect(Object.keys(paths['/api/exports/vehicles.csv']?.get?.responses['200']?.content ?? {})).toEqual(['text/csv']);
    expect(Object.keys(paths['/api/fuel-requests/{id}/generate-coupon']?.get?.responses['200']?.content ?? {})).toEqual([
      'application/pdf',
    ]);
    expect(Object.keys(paths['/api/wallet/statement']?.get?.responses['200']?.content ?? {})).toEqual(['application/pdf', 'text/csv']);
    expect(Object.keys(paths['/api/fuel-requests/coupon']?.get?.responses ?? {})).toContain('422');
  });
});

describe('a client generated from it', () => {
  it('compiles only the calls the document allows, then calls three routes with an API key', async () => {
    writeFileSync(path.join(clientDir, 'api.d.ts'), astToString(await openapiTS(documentText)));
    writeFileSync(path.join(clientDir, 'client.mts'), CLIENT_SOURCE);
    const program = ts.createProgram([path.join(clientDir, 'client.mts')], {
      strict: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      skipLibCheck: true,
      outDir: clientDir,
      types: [],
    });
    const emitted = program.emit();
    const diagnostics = [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics].map((d) =>
      ts.flattenDiagnosticMessageText(d.messageText, '\n'),
    );
    expect(diagnostics).toEqual([]);

    const token = await world.t.login('orgadmin@acme.test');
    const key = await world.t.call('POST', '/api/api-keys', { token, body: { name: 'Generated client', scope: 'request' } });
    expect(key.statusCode, key.body).toBe(200);
    if (!world.t.app.server.listening) await world.t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = world.t.app.server.address() as AddressInfo;
    const client = (await import(pathToFileURL(path.join(clientDir, 'client.mjs')).href)) as {
      callThree(baseUrl: string, apiKey: string, supplyDate: string): Promise<Record<string, unknown>>;
    };
    // Today in Lagos (UTC+1), as the API judges a supply date: not the UTC day, which lags an hour behind.
    const result = await client.callThree(`http://127.0.0.1:${port}`, key.json<{ secret: string }>().secret, lagosDate(new Date()));
    expect(result).toMatchObject({ vehicles: 200, plate: expect.any(String), stations: 200, created: 200 });
  });
});
