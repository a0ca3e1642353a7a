/**
 * The contract's route tables as the browser needs them (issue 16). Each route of
 * `packages/contract/src/routes/*.routes.ts` carries zod schemas beside its method and path: the
 * server validates with them and the OpenAPI document describes them, but the web app only calls
 * routes (`callApi` reads a route's method and path; replies are not re-validated). Built as they
 * are, the tables bring zod and every schema they name to any screen that calls the API: on a
 * phone that was ~100 ms of main thread building schemas before the Dashboard's first figures.
 *
 * In the web build each routes module is replaced by its tables without the schemas, computed at
 * build time from the real module, so the paths and methods are the contract's own. TypeScript and
 * the tests still see the real modules. A page that imports a schema from a routes module fails
 * the build (the export is not there): it imports it from its schema module instead.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { withSsrModules } from './ssr-load.ts';

const CONTRACT_ROUTES_DIR = fileURLToPath(new URL('../../../packages/contract/src/routes', import.meta.url));

/** A zod (v4) schema, whichever copy of zod built it. */
const isSchema = (value: unknown): boolean => typeof value === 'object' && value !== null && '_zod' in value;

type PlainDefinition = Record<string, unknown> & { method: string; path: string };

function isRouteTable(value: unknown): value is Record<string, PlainDefinition> {
  if (typeof value !== 'object' || value === null || isSchema(value)) return false;
  const definitions = Object.values(value);
  return (
    definitions.length > 0 &&
    definitions.every(
      (definition: unknown) =>
        typeof definition === 'object' &&
        definition !== null &&
        typeof (definition as PlainDefinition).method === 'string' &&
        typeof (definition as PlainDefinition).path === 'string',
    )
  );
}

/** A route definition without its schemas (params, query, body, reply): the rest is plain data. */
export function withoutSchemas(definition: PlainDefinition): PlainDefinition {
  return Object.fromEntries(Object.entries(definition).filter(([, value]) => !isSchema(value))) as PlainDefinition;
}

/**
 * The source of a routes module for the browser: each exported table without its schemas; an
 * exported schema (an export's query, which the server validates with) is left out. Anything else
 * stops the build, so that nothing a page might import is silently dropped.
 */
export function clientRouteModule(moduleExports: Record<string, unknown>): string {
  const lines: string[] = [];
  for (const [name, value] of Object.entries(moduleExports)) {
    if (isSchema(value)) continue;
    if (!isRouteTable(value)) throw new Error(`client routes: the export ${name} is neither a route table nor a schema`);
    const table = Object.fromEntries(Object.entries(value).map(([key, definition]) => [key, withoutSchemas(definition)]));
    lines.push(`export const ${name} = ${JSON.stringify(table)};`);
  }
  return `${lines.join('\n')}\n`;
}

export function clientRouteTables(): Plugin {
  let root = '';
  let configFile: string | undefined;
  const replacements = new Map<string, string>();
  return {
    name: 'fleetfuel:client-route-tables',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
      configFile = config.configFile;
    },
    async buildStart() {
      // Loaded as the prerender loads the sign-in screen: through Vite's server-side transform.
      await withSsrModules({ root, configFile }, async (load) => {
        const files = (await readdir(CONTRACT_ROUTES_DIR)).filter((file) => file.endsWith('.routes.ts'));
        for (const file of files) {
          const modulePath = path.join(CONTRACT_ROUTES_DIR, file);
          replacements.set(modulePath, clientRouteModule(await load(`/@fs${modulePath}`)));
        }
      });
    },
    load(id) {
      return replacements.get(id.split('?')[0] ?? id);
    },
  };
}
