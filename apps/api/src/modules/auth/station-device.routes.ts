import { stationDeviceRoutes } from '@fleetfuel/contract';
import type { RouteBinder } from '../../platform/http/routing.js';
import type { AttendantSwitch } from './attendant-switch.service.js';

export function bindStationDeviceRoutes(binder: RouteBinder, attendantSwitch: AttendantSwitch): void {
  binder.bind(stationDeviceRoutes.attendants, ({ actor }) => attendantSwitch.deviceAttendants(actor));
  binder.bind(stationDeviceRoutes.switchAttendant, ({ actor, body, client }) => attendantSwitch.switchAttendant(actor, body, client));
}
