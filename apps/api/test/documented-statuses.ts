/**
 * Holds the OpenAPI document to what the API does: every error status a test app answers on a
 * contract route must be one the document lists for that operation. A test file whose calls meet
 * an undocumented one fails when its app closes, naming the route and the status.
 */
import type { RouteDefinition } from '@fleetfuel/contract';
import type { FastifyInstance } from 'fastify';
import { errorStatusesOf } from '../src/platform/http/openapi.js';

export function watchDocumentedStatuses(app: FastifyInstance): { assertAllDocumented(): void } {
  const undocumented = new Set<string>();
  app.addHook('onResponse', async (request, reply) => {
    const route = (request.routeOptions.config as { contractRoute?: RouteDefinition }).contractRoute;
    if (route && reply.statusCode >= 400 && !errorStatusesOf(route).includes(reply.statusCode)) {
      undocumented.add(`${route.method} ${route.path} answered ${reply.statusCode}`);
    }
  });
  return {
    assertAllDocumented() {
      if (undocumented.size > 0) throw new Error(`Not in the OpenAPI document: ${[...undocumented].join('; ')}`);
    },
  };
}
