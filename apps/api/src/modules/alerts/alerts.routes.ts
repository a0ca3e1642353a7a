import { alertRoutes } from '@fleetfuel/contract';
import type { RouteBinder } from '../../platform/http/routing.js';
import type { AlertsService } from './alerts.service.js';

export function bindAlertRoutes(binder: RouteBinder, alerts: AlertsService): void {
  binder.bind(alertRoutes.list, ({ actor }) => alerts.list(actor));
}
