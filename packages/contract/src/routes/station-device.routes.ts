import { route } from './route.js';
import { authReplySchema } from '../identity.schemas.js';
import { deviceAttendantsReplySchema, switchAttendantBodySchema } from '../station-device.schemas.js';

/** A shared station device (issue 42): who may take it over, and the switch itself. */
export const stationDeviceRoutes = {
  attendants: route({
    method: 'GET',
    path: '/station/device-attendants',
    permission: 'station.device',
    summary: "The caller's station's active attendants and representatives, and whether each has a station PIN",
    tag: 'station',
    reply: deviceAttendantsReplySchema,
  }),
  switchAttendant: route({
    method: 'POST',
    path: '/station/switch-attendant',
    permission: 'station.device',
    summary:
      "Hand this device to another attendant of the station with their station PIN: the device's session ends and theirs begins (5 wrong PINs lock that attendant for 15 minutes)",
    tag: 'station',
    body: switchAttendantBodySchema,
    reply: authReplySchema,
    rateLimited: true,
  }),
};
