/**
 * What the menu's lists show, read through the fuel requests service as the driver: the states
 * with an active station, a state's stations, the driver's approved coupons and latest requests.
 */
import { lagosTimeOfDay, requestListQuerySchema, type Language } from '@fleetfuel/contract';
import { lagosDate } from '../../platform/clock.js';
import type { Actor } from '../../platform/http/actor.js';
import type { FuelRequestsService } from '../requests/index.js';
import { cut, USSD_REPLY_MAX } from './ussd-screens.js';
import { say, statusName } from './ussd-texts.js';

/** The coupons a list offers at most, newest first; the latest requests the status screen shows. */
const MAX_COUPONS = 20;
const LATEST_REQUESTS = 3;

/** "03/12 14:05": a day and time in Lagos, short enough for a list line. */
function shortDateTime(instant: Date): string {
  const [, month, day] = lagosDate(instant).split('-');
  return `${day}/${month} ${lagosTimeOfDay(instant)}`;
}

/** "03/12": a calendar day (YYYY-MM-DD), short. */
function shortDay(day: string): string {
  const [, month, date] = day.split('-');
  return `${date}/${month}`;
}

interface Context {
  services: { fuelRequests: FuelRequestsService };
  actor: Actor;
  language: Language;
}

/** The states that have an active station, in alphabetical order; stations without a state last, as one entry. */
export async function statesOf(context: Context): Promise<{ state: string | null }[]> {
  const stations = await context.services.fuelRequests.stationsWithState();
  const states = [...new Set(stations.flatMap((station) => (station.state ? [station.state] : [])))].sort();
  return [...states.map((state) => ({ state })), ...(stations.some((station) => !station.state) ? [{ state: null }] : [])];
}

export async function stationsOfState(context: Context, state: string | null): Promise<{ id: string; name: string }[]> {
  const stations = await context.services.fuelRequests.stationsWithState();
  return stations.filter((station) => (station.state ?? null) === state);
}

/** The driver's approved coupons: their ids, codes and list labels (code and expiry). */
export async function couponLabels(context: Context): Promise<{ id: string; code: string; label: string }[]> {
  const query = requestListQuerySchema.parse({ status: 'APPROVED', pageSize: MAX_COUPONS, sort: 'createdAt', order: 'desc' });
  const { requests } = await context.services.fuelRequests.list(context.actor, query);
  return requests.flatMap((request) =>
    request.couponCode && request.couponExpiresAt
      ? [
          {
            id: request.id,
            code: request.couponCode,
            label: say(context.language, 'couponLine', {
              code: request.couponCode,
              expires: shortDateTime(new Date(request.couponExpiresAt)),
            }),
          },
        ]
      : [],
  );
}

/** The driver's latest requests: day, litres, station and status, one line each. */
export async function statusScreen(context: Context): Promise<string> {
  const query = requestListQuerySchema.parse({ pageSize: LATEST_REQUESTS, sort: 'createdAt', order: 'desc' });
  const { requests } = await context.services.fuelRequests.list(context.actor, query);
  if (requests.length === 0) return say(context.language, 'noRequests');
  const title = say(context.language, 'statusTitle');
  // Each line gets an equal share of what the title leaves; the station's name takes what the rest leaves.
  const lineRoom = Math.floor((USSD_REPLY_MAX - 'END '.length - title.length) / LATEST_REQUESTS) - 1;
  const lines = requests.map((request) => {
    const head = `${shortDay(request.supplyDate)} ${request.volume}L ${statusName(context.language, request.status)}`;
    return cut(`${head} ${request.station.name}`, lineRoom);
  });
  return [title, ...lines].join('\n');
}
