/** The anomaly flags of a fuel request: the rules of rules/anomaly-flags.ts on the history they need. */
import type { RequestFlag, SoldFuelType } from '@fleetfuel/contract';
import type { Database } from '../../../platform/db/database.js';
import type { PricesService } from '../../prices/index.js';
import * as repository from '../fuel-requests.repository.js';
import { anomalyFlags } from '../rules/anomaly-flags.js';

/** The period of a station's prices a request's price is compared with. */
const PRICE_MEDIAN_DAYS = 90;

/** What the anomaly rules judge of a request, as the service (and the demo data) knows it. */
export interface FlaggedRequest {
  /** Null while the request is being made. */
  id: string | null;
  vehicle: { id: string; tank_size: string | null; last_odometer: string | null };
  stationId: string;
  fuelType: SoldFuelType;
  volume: number;
  tankLevel: number | null;
  odometer: number | null;
  requestedAt: Date;
  priceKobo: bigint | null;
  dispensedVolume: number | null;
}

/**
 * The anomaly flags of a request, from the vehicle's recent fills and requests and the station's
 * prices, each read on an index with a bound; inside the caller's transaction.
 */
export async function fuelRequestFlags(
  trx: Database,
  prices: Pick<PricesService, 'medianPriceSince'>,
  request: FlaggedRequest,
  now: Date,
): Promise<RequestFlag[]> {
  const since = new Date(now.getTime() - PRICE_MEDIAN_DAYS * 86_400_000);
  const history = await repository.flagHistory(
    trx,
    request.vehicle.id,
    request.id === null ? null : { id: request.id, createdAt: request.requestedAt },
    prices.medianPriceSince(request.stationId, request.fuelType, since),
  );
  return anomalyFlags({
    fuelType: request.fuelType,
    volume: request.volume,
    tankLevel: request.tankLevel,
    odometer: request.odometer,
    at: now,
    requestedAt: request.requestedAt,
    priceKobo: request.priceKobo,
    dispensedVolume: request.dispensedVolume,
    vehicle: {
      tankSize: request.vehicle.tank_size === null ? null : Number(request.vehicle.tank_size),
      lastOdometer: request.vehicle.last_odometer === null ? null : Number(request.vehicle.last_odometer),
    },
    previousFills: history.fills.map((fill) => ({
      odometer: fill.odometer === null ? null : Number(fill.odometer),
      approvedVolume: Number(fill.volume),
      dispensedVolume: Number(fill.dispensed_volume ?? 0),
      redeemedAt: new Date(fill.redeemed_at),
    })),
    stationMedianPriceKobo: history.station_median_price_kobo === null ? null : BigInt(history.station_median_price_kobo),
    previousRequestAt: history.previous_request_at,
  });
}
