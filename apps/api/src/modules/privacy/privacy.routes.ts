import { privacyRoutes } from '@fleetfuel/contract';
import type { RouteBinder } from '../../platform/http/routing.js';
import type { PrivacyService } from './privacy.service.js';

/** Requests for access and erasure (NDPA 2023): the caller's own, a driver's, or any account's for the platform. */
export function bindPrivacyRoutes(binder: RouteBinder, privacy: PrivacyService): void {
  binder.bind(privacyRoutes.exportOwn, ({ actor }) => privacy.exportOwn(actor));
  binder.bind(privacyRoutes.exportDriver, ({ actor, params }) => privacy.exportDriver(actor, params.id));
  binder.bind(privacyRoutes.eraseDriver, ({ actor, params }) => privacy.eraseDriver(actor, params.id));
  binder.bind(privacyRoutes.exportAccount, ({ params }) => privacy.exportAccount(params.id));
  binder.bind(privacyRoutes.eraseAccount, ({ actor, params }) => privacy.eraseAccount(actor, params.id));
}
