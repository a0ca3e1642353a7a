/**
 * Attendant accountability (issue 42): who redeemed what at the pump in a period, with the patterns
 * collusion leaves raised as flags. A station representative sees its station's attendants; the
 * platform admin one station's; an organization's admins the attendants who filled its fleet, at
 * every station or one, counted over its own fills only.
 */
import {
  ATTENDANT_REPORT_MAX_DAYS,
  koboToNaira,
  type AttendantFigures,
  type AttendantsReply,
  type RouteQuery,
  type redemptionRoutes,
} from '@fleetfuel/contract';
import { addDays, hourMinute, lagosDate, lagosDayStart, type Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import { AppError, forbidden, invalidField } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/actor.js';
import { attendantPatternFlags } from './rules/attendant-patterns.js';
import * as repository from './attendant-figures.repository.js';

/** The period a report reads when none is given. */
const DEFAULT_DAYS = 30;
const DAY_MS = 86_400_000;

export function createAttendantFigures(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  function scopeOf(actor: Actor, stationId: string | undefined): Pick<repository.FigureScope, 'stationId' | 'organizationId'> {
    switch (actor.role) {
      case 'STATION_REP':
        if (!actor.fuelStationId) throw forbidden();
        return { stationId: actor.fuelStationId, organizationId: null };
      case 'ADMIN':
        if (!stationId) throw invalidField('stationId', 'Choose a station');
        return { stationId, organizationId: null };
      case 'ADMINISTRATOR':
      case 'ASST_ADMINISTRATOR':
        if (!actor.organizationId) throw forbidden();
        return { stationId: stationId ?? null, organizationId: actor.organizationId };
      default:
        throw forbidden();
    }
  }

  return {
    async list(actor: Actor, query: RouteQuery<typeof redemptionRoutes.attendants>): Promise<AttendantsReply> {
      const today = lagosDate(clock.now());
      const to = query.to ?? (query.from ? addDays(query.from, DEFAULT_DAYS - 1) : today);
      const from = query.from ?? addDays(to, -(DEFAULT_DAYS - 1));
      const start = lagosDayStart(from);
      const end = lagosDayStart(addDays(to, 1));
      if ((end.getTime() - start.getTime()) / DAY_MS > ATTENDANT_REPORT_MAX_DAYS) {
        throw new AppError('VALIDATION_FAILED', `A report covers at most ${ATTENDANT_REPORT_MAX_DAYS} days; choose a shorter period`, {
          field: 'to',
        });
      }
      const scope = { ...scopeOf(actor, query.stationId), start, end };
      const [tallies, pairs] = await Promise.all([repository.attendantTallies(db, scope), repository.driverPairs(db, scope)]);

      const stationTotals = new Map<string, number>();
      for (const row of tallies) stationTotals.set(row.station_id, (stationTotals.get(row.station_id) ?? 0) + Number(row.redemptions));
      const attendants = tallies.map((row): AttendantFigures => {
        const tally = {
          redemptions: Number(row.redemptions),
          nearMaximum: Number(row.near_maximum),
          roundVolumes: Number(row.round_volumes),
          repeatVehicle: Number(row.repeat_vehicle),
          outsideHours: Number(row.outside_hours),
        };
        const opens = hourMinute(row.opens_at);
        const closes = hourMinute(row.closes_at);
        const flags = attendantPatternFlags(tally, {
          stationRedemptions: stationTotals.get(row.station_id) ?? tally.redemptions,
          pairs: pairs
            .filter((pair) => pair.station_id === row.station_id && pair.attendant_id === row.attendant_id)
            .map((pair) => ({ driverName: pair.driver_name, pairFills: Number(pair.pair_fills), driverFills: Number(pair.driver_fills) })),
          hours: opens && closes ? { opens, closes } : null,
        });
        return {
          id: row.attendant_id,
          name: row.attendant_name,
          station: { id: row.station_id, name: row.station_name },
          ...tally,
          litres: Math.round(Number(row.litres) * 100) / 100,
          amount: koboToNaira(row.amount_kobo),
          flagged: Number(row.flagged),
          flags,
        };
      });
      return { attendants, from, to };
    },
  };
}

export type AttendantFiguresService = ReturnType<typeof createAttendantFigures>;
