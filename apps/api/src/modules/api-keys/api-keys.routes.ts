import { apiKeyRoutes } from '@fleetfuel/contract';
import type { RouteBinder } from '../../platform/http/routing.js';
import type { ApiKeysService } from './api-keys.service.js';

export function bindApiKeyRoutes(binder: RouteBinder, apiKeys: ApiKeysService): void {
  binder.bind(apiKeyRoutes.list, ({ actor }) => apiKeys.list(actor));
  binder.bind(apiKeyRoutes.create, ({ actor, body }) => apiKeys.create(actor, body));
  binder.bind(apiKeyRoutes.revoke, ({ actor, params }) => apiKeys.revoke(actor, params.id));
}
