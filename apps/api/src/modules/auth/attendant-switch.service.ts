/**
 * Handing a shared station device to another attendant (issue 42): with the attendant's station
 * PIN (checked and counted by users), the device's session ends and a new one of the attendant's
 * begins, as a sign-in would open it, so every redemption after is recorded under them.
 */
import type { RouteBody, stationDeviceRoutes } from '@fleetfuel/contract';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import type { Actor } from '../../platform/http/actor.js';
import { auditTrail } from '../audit/index.js';
import type { SessionsService } from '../sessions/index.js';
import type { UsersService } from '../users/index.js';
import { toSessionUser } from './auth.service.js';

type Client = { ip: string; userAgent: string | null };

export function createAttendantSwitch(deps: { db: Database; users: UsersService; sessions: SessionsService; clock: Clock }) {
  const { db, users, sessions, clock } = deps;
  return {
    deviceAttendants: (actor: Actor) => users.deviceAttendants(actor),

    async switchAttendant(actor: Actor, body: RouteBody<typeof stationDeviceRoutes.switchAttendant>, client: Client) {
      const attendant = await users.checkStationPin(actor, body.attendantId, body.pin, clock.now());
      const { token } = await db.transaction().execute(async (trx) => {
        const opened = await sessions.open(attendant.id, client, trx);
        // The device's previous holder has left it: their session there ends as a sign-out would.
        await sessions.end(actor.sessionId, 'LOGOUT', trx);
        await auditTrail.record(trx, {
          actor,
          action: 'fuel_station.attendant_switched',
          entityId: attendant.stationId,
          stationId: attendant.stationId,
          before: { attendantId: actor.userId },
          after: { attendantId: attendant.id },
          note: `Shared device handed to ${attendant.name} with their station PIN`,
        });
        return opened;
      });
      return { token, user: toSessionUser(await users.getSelf(attendant.id)) };
    },
  };
}

export type AttendantSwitch = ReturnType<typeof createAttendantSwitch>;
