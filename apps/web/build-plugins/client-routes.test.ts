/**
 * The web build's route tables (client-routes.ts): every routes module of the contract, without its
 * schemas and otherwise the same, so that what the browser calls is the contract's own paths.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { clientRouteModule, withoutSchemas } from './client-routes';

const ROUTES_DIR = fileURLToPath(new URL('../../../packages/contract/src/routes', import.meta.url));
const ROUTE_FILES = readdirSync(ROUTES_DIR).filter((file) => file.endsWith('.routes.ts'));

/** The generated module's exports, as the browser would see them. */
async function evaluate(source: string): Promise<Record<string, unknown>> {
  return (await import(/* @vite-ignore */ `data:text/javascript,${encodeURIComponent(source)}`)) as Record<string, unknown>;
}

const isSchema = (value: unknown) => value instanceof z.ZodType;

describe('the route tables of the web build', () => {
  it('has every route of every routes module, with its method, path and plain facts, and no schema', async () => {
    expect(ROUTE_FILES.length).toBeGreaterThan(20);
    let routeCount = 0;
    for (const file of ROUTE_FILES) {
      const real = (await import(/* @vite-ignore */ path.join(ROUTES_DIR, file))) as Record<string, unknown>;
      const source = clientRouteModule(real);
      // Nothing of zod: no import, and no schema's internals written out.
      expect(source, file).not.toMatch(/^import |_zod|"def":/m);
      const client = await evaluate(source);

      const tables = Object.entries(real).filter(([, value]) => !isSchema(value));
      expect(Object.keys(client).sort(), file).toEqual(tables.map(([name]) => name).sort());
      for (const [name, table] of tables) {
        for (const [key, definition] of Object.entries(table as Record<string, Record<string, unknown>>)) {
          routeCount += 1;
          const expected = Object.fromEntries(Object.entries(definition).filter(([, value]) => !isSchema(value)));
          expect((client[name] as Record<string, unknown>)[key], `${file} ${name}.${key}`).toEqual(expected);
          expect(expected, `${file} ${name}.${key}`).toMatchObject({ method: expect.any(String), path: expect.any(String) });
        }
      }
    }
    expect(routeCount).toBeGreaterThan(100);
  });

  it('leaves the schemas out of a definition and keeps the rest', () => {
    const definition = {
      method: 'POST',
      path: '/x',
      permission: 'signedIn',
      body: z.object({ a: z.string() }),
      reply: z.unknown(),
      idempotent: true,
    };
    expect(withoutSchemas(definition)).toEqual({ method: 'POST', path: '/x', permission: 'signedIn', idempotent: true });
  });

  it('stops the build on an export it cannot mirror, rather than dropping it', () => {
    expect(() => clientRouteModule({ helper: () => 1 })).toThrow(/helper/);
    expect(() => clientRouteModule({ LIMIT: 5 })).toThrow(/LIMIT/);
    expect(() => clientRouteModule({ table: { list: { method: 'GET' } } })).toThrow(/table/);
  });
});
